// ValidateNodeSelector (a required node affinity, as a PersistentVolume's nodeAffinity.required):
// at least one term; each term's label expressions and metadata.name field expressions.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectsAt, stringOf, stringsOf } from '../defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../name-validation.ts';
import { labelRequirementErrors } from './label-selector-validation.ts';
import { invalidEach } from './value-formats.ts';

export function nodeSelectorErrors(selector: JsonObject, path: string): FieldError[] {
  const terms = objectsAt(selector, 'nodeSelectorTerms');
  if (terms.length === 0) return [fieldRequired(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => {
    const termPath = `${path}.nodeSelectorTerms[${i}]`;
    return [
      ...objectsAt(term, 'matchExpressions').flatMap((requirement, j) => labelRequirementErrors(requirement, `${termPath}.matchExpressions[${j}]`, true)),
      ...objectsAt(term, 'matchFields').flatMap((requirement, j) => fieldRequirementErrors(requirement, `${termPath}.matchFields[${j}]`)),
    ];
  });
}

/** Only metadata.name may be matched, by exactly one node name. */
function fieldRequirementErrors(requirement: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const operator = stringOf(requirement.operator);
  const values = stringsOf(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1) errors.push(fieldRequired(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else {
    errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  const key = stringOf(requirement.key);
  if (key !== 'metadata.name') errors.push(fieldInvalid(`${path}.key`, key, 'not a valid field selector key'));
  else values.forEach((value, i) => errors.push(...invalidEach(`${path}.values[${i}]`, value, isDNS1123Subdomain(value))));
  return errors;
}
