// ValidateLimitRange: each item's type (standard or qualified, not repeated), the resource names of
// its maps, and per resource min <= defaultRequest <= default <= max and the ratio rules, with
// kube's messages. kube walks Go maps (unordered); we take resources in name order.

import {
  compareQuantities,
  decodeQuantity,
  fieldDuplicate,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  newQuantity,
  quantityMilliValue,
  quantityText,
  quantityValue,
  type FieldError,
  type Quantity,
} from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { quantityBadValue } from '../../../registry/validation/quantity-values.ts';
import { containerResourceNameErrors, isOvercommitAllowed, resourceNameErrors } from '../../../registry/validation/resource-names.ts';
import { invalidEach, isQualifiedName } from '../../../registry/validation/value-formats.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';

const standardTypes = ['Pod', 'Container', 'PersistentVolumeClaim'];

const text = quantityText;
const zero = newQuantity(0n, 'DecimalSI');
const one = newQuantity(1n, 'DecimalSI');
/** resource.MaxMilliValue: below it, kube takes the ratio of milli-values. */
const maxMilliValue = (2n ** 63n - 1n) / 1000n;
/** A quantity as its field errors quote it: its canonical text. */
const quoted = (quantity: unknown) => quantityBadValue(quantity);

function typeErrors(type: string, path: string): FieldError[] {
  const errors = invalidEach(path, type, isQualifiedName(type));
  if (errors.length > 0) return errors;
  return !type.includes('/') && !standardTypes.includes(type) ? [fieldInvalid(path, type, 'must be a standard limit type or fully qualified')] : [];
}

/** Go's %f: six decimals. */
const goFloat = (value: number): string => (Number.isFinite(value) ? value.toFixed(6) : value > 0 ? '+Inf' : 'NaN');

/** The ratio and max/min as kube computes them: in milli-units when all three allow it, in floats. */
function maxLimitRequestRatio(ratio: Quantity, min: Quantity, max: Quantity): { ratioValue: number; bound: number } {
  const [ratioUnits, minUnits, maxUnits] = [ratio, min, max].map(quantityValue) as [bigint, bigint, bigint];
  if (ratioUnits < maxMilliValue && minUnits < maxMilliValue && maxUnits < maxMilliValue) {
    return { ratioValue: Number(quantityMilliValue(ratio)) / 1000, bound: Number(quantityMilliValue(max)) / Number(quantityMilliValue(min)) };
  }
  return { ratioValue: Number(ratioUnits), bound: Number(maxUnits) / Number(minUnits) };
}

function comparisonErrors(resource: string, item: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const quantityIn = (list: string): unknown => objectOf(item[list])[resource];
  const [min, max, limit, request, ratio] = ['min', 'max', 'default', 'defaultRequest', 'maxLimitRequestRatio'].map(quantityIn);
  const value = (json: unknown): Quantity => decodeQuantity(json) ?? zero;
  /** a > b, as Cmp. */
  const exceeds = (a: unknown, b: unknown): boolean => compareQuantities(value(a), value(b)) > 0;
  const at = (list: string): string => `${path}.${list}[${resource}]`;
  if (min !== undefined && max !== undefined && exceeds(min, max)) {
    errors.push(fieldInvalid(at('min'), quoted(min), `min value ${text(min)} is greater than max value ${text(max)}`));
  }
  if (request !== undefined && min !== undefined && exceeds(min, request)) {
    errors.push(fieldInvalid(at('defaultRequest'), quoted(request), `min value ${text(min)} is greater than default request value ${text(request)}`));
  }
  if (request !== undefined && max !== undefined && exceeds(request, max)) {
    errors.push(fieldInvalid(at('defaultRequest'), quoted(request), `default request value ${text(request)} is greater than max value ${text(max)}`));
  }
  if (request !== undefined && limit !== undefined && exceeds(request, limit)) {
    errors.push(fieldInvalid(at('defaultRequest'), quoted(request), `default request value ${text(request)} is greater than default limit value ${text(limit)}`));
  }
  if (limit !== undefined && min !== undefined && exceeds(min, limit)) {
    errors.push(fieldInvalid(at('default'), quoted(min), `min value ${text(min)} is greater than default value ${text(limit)}`));
  }
  // kube quotes the max here, not the default.
  if (limit !== undefined && max !== undefined && exceeds(limit, max)) {
    errors.push(fieldInvalid(at('default'), quoted(max), `default value ${text(limit)} is greater than max value ${text(max)}`));
  }
  if (ratio !== undefined && compareQuantities(value(ratio), one) < 0) errors.push(fieldInvalid(at('maxLimitRequestRatio'), quoted(ratio), `ratio ${text(ratio)} is less than 1`));
  if (ratio !== undefined && min !== undefined && max !== undefined) {
    const { ratioValue, bound } = maxLimitRequestRatio(value(ratio), value(min), value(max));
    if (ratioValue > bound) errors.push(fieldInvalid(at('maxLimitRequestRatio'), quoted(ratio), `ratio ${text(ratio)} is greater than max/min = ${goFloat(bound)}`));
  }
  if (!isOvercommitAllowed(resource) && limit !== undefined && request !== undefined && compareQuantities(value(limit), value(request)) !== 0) {
    errors.push(fieldInvalid(at('defaultRequest'), quoted(request), `default value ${text(limit)} must equal to defaultRequest value ${text(request)} in ${resource}`));
  }
  return errors;
}

function itemErrors(item: JsonObject, path: string, types: Set<string>): FieldError[] {
  const type = stringOf(item.type);
  const errors = typeErrors(type, `${path}.type`);
  if (types.has(type)) errors.push(fieldDuplicate(`${path}.type`, type));
  types.add(type);
  const nameErrors = type === 'Pod' || type === 'Container' ? containerResourceNameErrors : resourceNameErrors;
  const names = (list: string): FieldError[] =>
    Object.keys(objectOf(item[list]))
      .sort()
      .flatMap((name) => nameErrors(name, `${path}.${list}[${name}]`));
  errors.push(...names('max'), ...names('min'));
  if (type === 'Pod') {
    for (const list of ['default', 'defaultRequest']) {
      if (Object.keys(objectOf(item[list])).length > 0) errors.push(fieldForbidden(`${path}.${list}`, "may not be specified when `type` is 'Pod'"));
    }
  } else {
    errors.push(...names('default'), ...names('defaultRequest'));
  }
  if (type === 'PersistentVolumeClaim' && !('storage' in objectOf(item.min)) && !('storage' in objectOf(item.max))) {
    errors.push(fieldRequired(`${path}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  }
  errors.push(...names('maxLimitRequestRatio'));
  const lists = type === 'Pod' ? ['max', 'min', 'maxLimitRequestRatio'] : ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'];
  const resources = [...new Set(lists.flatMap((list) => Object.keys(objectOf(item[list]))))].sort();
  return [...errors, ...resources.flatMap((resource) => comparisonErrors(resource, type === 'Pod' ? { ...item, default: undefined, defaultRequest: undefined } : item, path))];
}

function limitRangeErrors(limitRange: JsonObject): FieldError[] {
  const spec = objectOf(limitRange.spec);
  const types = new Set<string>();
  return objectsAt(spec, 'limits').flatMap((item, i) => itemErrors(item, `spec.limits[${i}]`, types));
}

export const limitRangeValidation: KindValidation = { validate: limitRangeErrors };
