// MatchResources of a ValidatingAdmissionPolicy (matchConstraints) and of its binding
// (matchResources): the match policy, both selectors, and the rules, which may name resources.

import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import { isObject, objectsAt, stringsOf } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';
import { pathSegmentErrors } from '../name-validation.ts';
import { labelSelectorErrors } from './label-selector-validation.ts';
import { ruleErrors } from '../../resources/admissionregistration/webhook-validation.ts';

const matchPolicies = ['Equivalent', 'Exact'];

/** validateNamedRuleWithOperations: resourceNames are path segments, each once, then the rule itself. */
function namedRuleErrors(rule: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const names = stringsOf(rule.resourceNames);
  names.forEach((name, i) => {
    for (const message of pathSegmentErrors(name, false)) errors.push(fieldInvalid(`${path}.resourceNames[${i}]`, name, message));
    if (seen.has(name)) errors.push(fieldDuplicate(`${path}.resourceNames[${i}]`, name));
    seen.add(name);
  });
  return [...errors, ...ruleErrors(rule, path)];
}

/** Nothing to check when absent: the policy requires it, the binding does not. */
export function matchResourcesErrors(match: unknown, path: string): FieldError[] {
  if (!isObject(match)) return [];
  const errors: FieldError[] = [];
  if (typeof match.matchPolicy !== 'string') errors.push(fieldRequired(`${path}.matchPolicy`));
  else if (!matchPolicies.includes(match.matchPolicy)) errors.push(fieldNotSupported(`${path}.matchPolicy`, match.matchPolicy, matchPolicies));
  for (const selector of ['namespaceSelector', 'objectSelector']) {
    if (!isObject(match[selector])) errors.push(fieldRequired(`${path}.${selector}`));
    else errors.push(...labelSelectorErrors(match[selector], `${path}.${selector}`));
  }
  for (const rules of ['resourceRules', 'excludeResourceRules']) {
    objectsAt(match, rules).forEach((rule, i) => errors.push(...namedRuleErrors(rule, `${path}.${rules}[${i}]`)));
  }
  return errors;
}
