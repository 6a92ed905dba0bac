// ValidateResourceQuota(Spec): the hard limits' resource names and quantities, the scopes (known,
// fit for the limited resources, not conflicting) and the scope selector's expressions; on update
// the scopes are fixed. kube walks spec.hard in map order; we take it in name order.

import { fieldInvalid, fieldRequired, type FieldError, goStruct, type FieldBadValue } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isStandardQuotaResource, quotaResourceNameErrors, resourceQuantityErrors } from '../../../registry/validation/resource-names.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';
import { stringsOrNull } from '../../../registry/validation/internal-type-values.ts';

const scopes = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity', 'VolumeAttributesClass'];
const existsOnlyScopes = ['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity'];
const conflictingScopes = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
] as const;
const podCount = ['pods'];
const podCompute = ['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory'];

/** IsResourceQuotaScopeValidForResource. */
function scopeFits(scope: string, resource: string): boolean {
  if (['Terminating', 'NotTerminating', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'].includes(scope))
    return podCount.includes(resource) || podCompute.includes(resource);
  if (scope === 'BestEffort') return podCount.includes(resource);
  if (scope === 'VolumeAttributesClass') return resource === 'persistentvolumeclaims' || resource === 'requests.storage';
  return true;
}

/** spec.scopes as a field error prints the []core.ResourceQuotaScope: its JSON, null when absent. */
const scopesValue = (spec: JsonObject): FieldBadValue => ({ json: stringsOrNull(spec.scopes) });

/** A core.ScopeSelector as a field error prints it: its JSON with Go's field names. */
function scopeSelectorValue(selector: JsonObject): FieldBadValue {
  const expressions = Array.isArray(selector.matchExpressions) ? objectsAt(selector, 'matchExpressions') : undefined;
  const requirement = (expression: JsonObject) =>
    goStruct({ ScopeName: String(expression.scopeName ?? ''), Operator: String(expression.operator ?? ''), Values: stringsOrNull(expression.values) });
  return { json: goStruct({ MatchExpressions: expressions === undefined ? null : expressions.map(requirement) }) };
}

function scopeErrors(spec: JsonObject, hard: readonly string[]): FieldError[] {
  const listed = stringsOf(spec.scopes);
  if (listed.length === 0) return [];
  const errors: FieldError[] = [];
  for (const scope of listed) {
    if (!scopes.includes(scope)) errors.push(fieldInvalid('spec.scopes', scopesValue(spec), 'unsupported scope'));
    for (const resource of hard) {
      if (isStandardQuotaResource(resource) && !scopeFits(scope, resource)) errors.push(fieldInvalid('spec.scopes', scopesValue(spec), 'unsupported scope applied to resource'));
    }
  }
  for (const pair of conflictingScopes) if (pair.every((scope) => listed.includes(scope))) errors.push(fieldInvalid('spec.scopes', scopesValue(spec), 'conflicting scopes'));
  return errors;
}

/** kube reports every expression's errors at the unindexed matchExpressions path. */
function scopeSelectorErrors(spec: JsonObject, hard: readonly string[]): FieldError[] {
  if (!isObject(spec.scopeSelector)) return [];
  const selector = spec.scopeSelector;
  const path = 'spec.scopeSelector.matchExpressions';
  const errors: FieldError[] = [];
  const named = new Set<string>();
  for (const expression of objectsAt(selector, 'matchExpressions')) {
    const scope = stringOf(expression.scopeName);
    const operator = stringOf(expression.operator);
    const values = stringsOf(expression.values);
    if (!scopes.includes(scope)) errors.push(fieldInvalid(`${path}.scopeName`, scope, 'unsupported scope'));
    for (const resource of hard) {
      if (isStandardQuotaResource(resource) && !scopeFits(scope, resource)) errors.push(fieldInvalid(path, scopeSelectorValue(selector), 'unsupported scope applied to resource'));
    }
    if (existsOnlyScopes.includes(scope) && operator !== 'Exists') {
      errors.push(
        fieldInvalid(
          `${path}.operator`,
          operator,
          "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
        ),
      );
    }
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) errors.push(fieldRequired(`${path}.values`, "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) errors.push(fieldInvalid(`${path}.values`, values, "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
    } else {
      errors.push(fieldInvalid(`${path}.operator`, operator, 'not a valid selector operator'));
    }
    named.add(scope);
  }
  // kube quotes spec.scopes here, not the selector.
  for (const pair of conflictingScopes) if (pair.every((scope) => named.has(scope))) errors.push(fieldInvalid(path, scopesValue(spec), 'conflicting scopes'));
  return errors;
}

function resourceQuotaErrors(quota: JsonObject): FieldError[] {
  const spec = objectOf(quota.spec);
  const hard = objectOf(spec.hard);
  const names = Object.keys(hard).sort();
  return [
    ...names.flatMap((name) => [...quotaResourceNameErrors(name, `spec.hard[${name}]`), ...resourceQuantityErrors(name, hard[name], `spec.hard[${name}]`)]),
    ...scopeErrors(spec, names),
    ...scopeSelectorErrors(spec, names),
  ];
}

function scopeChangeErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const newScopes = new Set(stringsOf(objectOf(next.spec).scopes));
  const oldScopes = new Set(stringsOf(objectOf(old.spec).scopes));
  const same = newScopes.size === oldScopes.size && [...newScopes].every((scope) => oldScopes.has(scope));
  return same ? [] : [fieldInvalid('spec.scopes', scopesValue(objectOf(next.spec)), 'field is immutable')];
}

export const resourceQuotaValidation: KindValidation = {
  validate: resourceQuotaErrors,
  validateUpdate: (next, old, objectErrors) => [...objectErrors, ...scopeChangeErrors(next, old)],
};
