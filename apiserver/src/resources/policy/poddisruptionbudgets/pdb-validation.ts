// ValidatePodDisruptionBudgetSpec: minAvailable and maxUnavailable (one of them, each a
// non-negative count or a percentage up to 100%), the selector and the eviction policy.

import { fieldInvalid, fieldNotSupported, type FieldError, goStruct, type FieldBadValue } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf } from '../../../registry/defaulting/json-fields.ts';
import { regexError } from '../../../registry/name-validation.ts';
import { labelSelectorErrors } from '../../../registry/validation/label-selector-validation.ts';
import { labelSelectorJson } from '../../../registry/validation/value-formats.ts';

const percentFormat = '[0-9]+%';
const percent = new RegExp(`^${percentFormat}$`);
const percentMessage = regexError("a valid percent string must be a numeric string followed by an ending '%'", percentFormat, '1%', '93%');
const evictionPolicies = ['AlwaysAllow', 'IfHealthyBudget'] as const;

export function podDisruptionBudgetErrors(budget: JsonObject): FieldError[] {
  const spec = objectOf(budget.spec);
  const errors: FieldError[] = [];
  const minAvailable = spec.minAvailable ?? undefined;
  const maxUnavailable = spec.maxUnavailable ?? undefined;
  if (minAvailable !== undefined && maxUnavailable !== undefined) {
    errors.push(fieldInvalid('spec', pdbSpecValue(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  if (minAvailable !== undefined) errors.push(...intOrPercentErrors(minAvailable, 'spec.minAvailable'));
  if (maxUnavailable !== undefined) errors.push(...intOrPercentErrors(maxUnavailable, 'spec.maxUnavailable'));
  errors.push(...labelSelectorErrors(spec.selector, 'spec.selector'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (typeof policy === 'string' && !(evictionPolicies as readonly string[]).includes(policy)) {
    errors.push(fieldNotSupported('spec.unhealthyPodEvictionPolicy', policy, evictionPolicies));
  }
  return errors;
}

/** ValidatePositiveIntOrPercent, then IsNotMoreThan100Percent. */
function intOrPercentErrors(value: unknown, path: string): FieldError[] {
  if (typeof value === 'number') return value < 0 ? [fieldInvalid(path, value, 'must be greater than or equal to 0')] : [];
  const text = String(value);
  if (!percent.test(text)) return [fieldInvalid(path, intOrStringValue(text), percentMessage)];
  return Number(text.slice(0, -1)) > 100 ? [fieldInvalid(path, intOrStringValue(text), 'must not be greater than 100%')] : [];
}

/** The internal policy.PodDisruptionBudgetSpec as a field error prints it: its JSON, Go's field names (the selector a v1.LabelSelector with its tags). */
function pdbSpecValue(spec: JsonObject): FieldBadValue {
  return {
    json: goStruct({
      MinAvailable: spec.minAvailable ?? null,
      Selector: isObject(spec.selector) ? labelSelectorJson(spec.selector) : null,
      MaxUnavailable: spec.maxUnavailable ?? null,
      UnhealthyPodEvictionPolicy: typeof spec.unhealthyPodEvictionPolicy === 'string' ? spec.unhealthyPodEvictionPolicy : null,
    }),
  };
}

/** A string-typed intstr.IntOrString as a field error prints it: its JSON, a quoted string. */
const intOrStringValue = (text: string): FieldBadValue => ({ json: text });
