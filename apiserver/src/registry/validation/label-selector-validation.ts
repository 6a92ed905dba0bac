// apimachinery's ValidateLabelSelector for a metav1.LabelSelector in a spec (PVC, PDB): label
// keys and values of matchLabels, then each expression's operator, values and key.

import { fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { isObject } from '../defaulting/json-fields.ts';
import { labelErrors } from './object-meta-validation.ts';
import { isQualifiedName, isValidLabelValue } from './value-formats.ts';

/** Nothing to check when the selector is absent; kube leaves that to the kind. */
export function labelSelectorErrors(selector: unknown, path: string): FieldError[] {
  if (!isObject(selector)) return [];
  const errors = labelErrors(selector.matchLabels, `${path}.matchLabels`);
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  expressions.forEach((expression: unknown, index) => {
    errors.push(...requirementErrors(isObject(expression) ? expression : {}, `${path}.matchExpressions[${index}]`));
  });
  return errors;
}

function requirementErrors(requirement: Record<string, unknown>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const values = Array.isArray(requirement.values) ? requirement.values.map(String) : [];
  const operator = typeof requirement.operator === 'string' ? requirement.operator : '';
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errors.push(fieldRequired(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errors.push(fieldForbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else {
    errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  const key = typeof requirement.key === 'string' ? requirement.key : '';
  for (const message of isQualifiedName(key)) errors.push(fieldInvalid(`${path}.key`, key, message));
  values.forEach((value, index) => {
    for (const message of isValidLabelValue(value)) errors.push(fieldInvalid(`${path}.values[${index}]`, value, message));
  });
  return errors;
}
