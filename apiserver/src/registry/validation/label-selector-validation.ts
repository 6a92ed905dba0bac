// apimachinery's ValidateLabelSelector for a metav1.LabelSelector in a spec (PVC, PDB): label
// keys and values of matchLabels, then each expression's operator, values and key; the expression
// check also serves node selectors' label expressions.

import { fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectOf, stringOf, stringsOf } from '../defaulting/json-fields.ts';
import { labelErrors } from './object-meta-validation.ts';
import { invalidEach, isQualifiedName, isValidLabelValue } from './value-formats.ts';

/** Nothing to check when the selector is absent; kube leaves that to the kind. */
export function labelSelectorErrors(selector: unknown, path: string): FieldError[] {
  if (!isObject(selector)) return [];
  const errors = labelErrors(selector.matchLabels, `${path}.matchLabels`);
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  expressions.forEach((expression: unknown, index) => {
    errors.push(...labelRequirementErrors(objectOf(expression), `${path}.matchExpressions[${index}]`));
  });
  return errors;
}

/**
 * ValidateLabelSelectorRequirement: values as the operator wants them, a qualified key and label
 * values. A node selector's label requirement (ValidateNodeSelectorRequirement) is the same with
 * the numeric operators Gt and Lt, which take exactly one value.
 */
export function labelRequirementErrors(requirement: JsonObject, path: string, numericOperators = false): FieldError[] {
  const errors: FieldError[] = [];
  const values = stringsOf(requirement.values);
  const operator = stringOf(requirement.operator);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errors.push(fieldRequired(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errors.push(fieldForbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (numericOperators && (operator === 'Gt' || operator === 'Lt')) {
    if (values.length !== 1) errors.push(fieldRequired(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else {
    errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  const key = stringOf(requirement.key);
  errors.push(...invalidEach(`${path}.key`, key, isQualifiedName(key)));
  values.forEach((value, index) => errors.push(...invalidEach(`${path}.values[${index}]`, value, isValidLabelValue(value))));
  return errors;
}
