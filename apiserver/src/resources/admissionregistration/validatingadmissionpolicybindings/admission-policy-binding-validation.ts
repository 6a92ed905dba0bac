// ValidatingAdmissionPolicyBinding (admissionregistration.k8s.io/v1): the policy it binds, where its
// parameters come from, what it matches and what a failed validation does.

import { fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, goJson, type FieldError } from '@capstan/common';
import { isObject, objectOf, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isDNS1123Subdomain, pathSegmentErrors } from '../../../registry/name-validation.ts';
import { labelSelectorErrors } from '../../../registry/validation/label-selector-validation.ts';
import { matchResourcesErrors } from '../../../registry/validation/match-resources-validation.ts';

const validationActions = ['Audit', 'Deny', 'Warn'];
// kube lists these two unsorted.
const parameterNotFoundActions = ['Deny', 'Allow'];
const exclusive = 'name and selector are mutually exclusive';

/** validateParamRef: a named parameter object or a selector of them, and what to do when none is found. */
function paramRefErrors(paramRef: unknown, path: string): FieldError[] {
  if (!isObject(paramRef)) return [];
  const errors: FieldError[] = [];
  const name = stringOf(paramRef.name);
  const selector = isObject(paramRef.selector) ? paramRef.selector : undefined;
  if (name !== '') {
    for (const message of pathSegmentErrors(name, false)) errors.push(fieldInvalid(`${path}.name`, name, message));
    if (selector !== undefined) errors.push(fieldForbidden(`${path}.name`, exclusive));
  }
  if (selector !== undefined) {
    errors.push(...labelSelectorErrors(selector, `${path}.selector`));
    if (name !== '') errors.push(fieldForbidden(`${path}.selector`, exclusive));
  }
  if (name === '' && selector === undefined) errors.push(fieldRequired(path, 'one of name or selector must be specified'));
  const action = paramRef.parameterNotFoundAction;
  if (typeof action !== 'string' || action === '') errors.push(fieldRequired(`${path}.parameterNotFoundAction`));
  else if (!parameterNotFoundActions.includes(action)) errors.push(fieldNotSupported(`${path}.parameterNotFoundAction`, action, parameterNotFoundActions));
  return errors;
}

function validationActionsErrors(value: unknown, path: string): FieldError[] {
  const actions = stringsOf(value);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((action, i) => {
    if (!validationActions.includes(action)) errors.push(fieldNotSupported(`${path}[${i}]`, action, validationActions));
    if (seen.has(action)) errors.push(fieldDuplicate(`${path}[${i}]`, action));
    seen.add(action);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errors.push(
      fieldInvalid(
        path,
        { goSyntax: goJson(actions) },
        'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      ),
    );
  }
  if (seen.size === 0) errors.push(fieldRequired(path, 'at least one validation action is required'));
  return errors;
}

/** The checks of the spec fields both admission policy bindings have: policyName, paramRef and matchResources. */
export function admissionPolicyBindingSpecErrors(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const policyName = stringOf(spec.policyName);
  if (policyName === '') errors.push(fieldRequired('spec.policyName'));
  else for (const message of isDNS1123Subdomain(policyName)) errors.push(fieldInvalid('spec.policyName', policyName, message));
  errors.push(...paramRefErrors(spec.paramRef, 'spec.paramRef'));
  errors.push(...matchResourcesErrors(spec.matchResources, 'spec.matchResources'));
  return errors;
}

export function validatingAdmissionPolicyBindingErrors(binding: JsonObject): FieldError[] {
  const spec = objectOf(binding.spec);
  return [...admissionPolicyBindingSpecErrors(spec), ...validationActionsErrors(spec.validationActions, 'spec.validationActions')];
}
