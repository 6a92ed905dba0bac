// ValidateNodeSelector (a required node affinity, as a PersistentVolume's nodeAffinity.required):
// at least one term; each term's label expressions and metadata.name field expressions.

import { fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectsAt } from '../defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../name-validation.ts';
import { isQualifiedName, isValidLabelValue } from './value-formats.ts';

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export function nodeSelectorErrors(selector: JsonObject, path: string): FieldError[] {
  const terms = objectsAt(selector, 'nodeSelectorTerms');
  if (terms.length === 0) return [fieldRequired(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => {
    const termPath = `${path}.nodeSelectorTerms[${i}]`;
    return [
      ...objectsAt(term, 'matchExpressions').flatMap((requirement, j) => labelRequirementErrors(requirement, `${termPath}.matchExpressions[${j}]`)),
      ...objectsAt(term, 'matchFields').flatMap((requirement, j) => fieldRequirementErrors(requirement, `${termPath}.matchFields[${j}]`)),
    ];
  });
}

function labelRequirementErrors(requirement: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const operator = typeof requirement.operator === 'string' ? requirement.operator : '';
  const values = stringsOf(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errors.push(fieldRequired(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errors.push(fieldForbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (operator === 'Gt' || operator === 'Lt') {
    if (values.length !== 1) errors.push(fieldRequired(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else {
    errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  const key = typeof requirement.key === 'string' ? requirement.key : '';
  errors.push(...isQualifiedName(key).map((message) => fieldInvalid(`${path}.key`, key, message)));
  values.forEach((value, i) => errors.push(...isValidLabelValue(value).map((message) => fieldInvalid(`${path}.values[${i}]`, value, message))));
  return errors;
}

/** Only metadata.name may be matched, by exactly one node name. */
function fieldRequirementErrors(requirement: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const operator = typeof requirement.operator === 'string' ? requirement.operator : '';
  const values = stringsOf(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1) errors.push(fieldRequired(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else {
    errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  const key = typeof requirement.key === 'string' ? requirement.key : '';
  if (key !== 'metadata.name') errors.push(fieldInvalid(`${path}.key`, key, 'not a valid field selector key'));
  else values.forEach((value, i) => errors.push(...isDNS1123Subdomain(value).map((message) => fieldInvalid(`${path}.values[${i}]`, value, message))));
  return errors;
}
