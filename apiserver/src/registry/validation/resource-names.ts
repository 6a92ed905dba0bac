// kube's resource names and quantities (core/helper and the resource-name validators): which names
// are standard for any object, for containers and for quotas, which count in whole units, and the
// errors of a name or a quantity at a field, with kube's messages.

import { compareQuantities, decodeQuantity, fieldForbidden, fieldInvalid, fieldRequired, quantityMilliValue, quantitySign, quantityString, type FieldError } from '@capstan/common';
import { objectOf } from '../defaulting/json-fields.ts';
import { quantityBadValue } from './quantity-values.ts';
import { invalidEach, isQualifiedName } from './value-formats.ts';

const objectCounts = [
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
];
const computeQuotas = [
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
];

const standardResources = new Set([...computeQuotas, ...objectCounts, 'storage', 'requests.storage']);
const standardQuotaResources = new Set([...computeQuotas, ...objectCounts, 'requests.storage']);
const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const integerResources = new Set(objectCounts);

const isHugePages = (name: string): boolean => name.startsWith('hugepages-');
const isQuotaHugePages = (name: string): boolean => isHugePages(name) || name.startsWith('requests.hugepages-');
const isQualified = (name: string): boolean => name.includes('/');

/** Unprefixed names and those under kubernetes.io/ are kube's own. */
export const isNativeResource = (name: string): boolean => !isQualified(name) || name.includes('kubernetes.io/');

/** A name outside kubernetes.io/ that, prefixed with "requests.", is still a qualified name. */
export const isExtendedResource = (name: string): boolean => !isNativeResource(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;

/** Only native resources other than huge pages may be requested below their limit. */
export const isOvercommitAllowed = (name: string): boolean => isNativeResource(name) && !isHugePages(name);

export const isStandardQuotaResource = (name: string): boolean => standardQuotaResources.has(name) || isQuotaHugePages(name);

/** validateResourceName: a qualified name, and a standard one unless it has a prefix. */
export function resourceNameErrors(name: string, path: string): FieldError[] {
  const errors = invalidEach(path, name, isQualifiedName(name));
  if (errors.length > 0) return errors;
  if (!isQualified(name) && !standardResources.has(name) && !isQuotaHugePages(name)) {
    return [fieldInvalid(path, name, 'must be a standard resource type or fully qualified')];
  }
  return [];
}

/** validateContainerResourceName: what a container (or a Pod or Container limit) may name. */
export function containerResourceNameErrors(name: string, path: string): FieldError[] {
  const errors = resourceNameErrors(name, path);
  if (!isQualified(name)) {
    if (!standardContainerResources.has(name) && !isHugePages(name)) errors.push(fieldInvalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResource(name)) {
    errors.push(fieldInvalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errors;
}

/** ValidateResourceQuotaResourceName. */
export function quotaResourceNameErrors(name: string, path: string): FieldError[] {
  const errors = resourceNameErrors(name, path);
  if (!isQualified(name) && !isStandardQuotaResource(name)) errors.push(fieldInvalid(path, name, 'must be a standard resource for quota'));
  return errors;
}

/** ValidateResourceQuantityValue: not negative, and whole for the resources counted in units. */
export function resourceQuantityErrors(name: string, quantity: unknown, path: string): FieldError[] {
  const value = decodeQuantity(quantity);
  if (value === undefined) return [];
  const errors: FieldError[] = [];
  if (quantitySign(value) < 0) errors.push(fieldInvalid(path, quantityString(value), 'must be greater than or equal to 0'));
  const integer = integerResources.has(name) || isExtendedResource(name);
  // MilliValue rounds up to the next thousandth before kube looks for a fraction.
  if (integer && quantityMilliValue(value) % 1000n !== 0n) errors.push(fieldInvalid(path, quantityBadValue(quantity), 'must be an integer'));
  return errors;
}

/**
 * ValidateContainerResourceRequirements: every limit's and request's name and quantity; a request
 * of a resource that cannot be overcommitted (hugepages, extended resources) needs a limit equal
 * to it, any other no more than its limit; hugepages only beside cpu or memory. Resources in
 * name order (kube's follow Go's map order, which varies).
 */
export function containerResourceErrors(resources: unknown, path: string): FieldError[] {
  const requirements = objectOf(resources);
  const limits = objectOf(requirements.limits);
  const requests = objectOf(requirements.requests);
  const errors: FieldError[] = [];
  let cpuOrMemory = false;
  let hugePages = false;
  const check = (name: string, quantity: unknown, field: string): void => {
    errors.push(...containerResourceNameErrors(name, field), ...resourceQuantityErrors(name, quantity, field));
    if (isHugePages(name)) hugePages = true;
    if (name === 'cpu' || name === 'memory') cpuOrMemory = true;
  };
  for (const name of Object.keys(limits).sort()) check(name, limits[name], `${path}.limits[${name}]`);
  for (const name of Object.keys(requests).sort()) {
    check(name, requests[name], `${path}.requests[${name}]`);
    const request = decodeQuantity(requests[name]);
    if (request === undefined) continue;
    if (!(name in limits)) {
      if (!isOvercommitAllowed(name)) errors.push(fieldRequired(`${path}.limits`, 'Limit must be set for non overcommitable resources'));
      continue;
    }
    const limit = decodeQuantity(limits[name]);
    if (limit === undefined) continue;
    const order = compareQuantities(request, limit);
    if (order !== 0 && !isOvercommitAllowed(name)) {
      errors.push(fieldInvalid(`${path}.requests`, quantityString(request), `must be equal to ${name} limit of ${quantityString(limit)}`));
    } else if (order > 0) {
      errors.push(fieldInvalid(`${path}.requests`, quantityString(request), `must be less than or equal to ${name} limit of ${quantityString(limit)}`));
    }
  }
  if (hugePages && !cpuOrMemory) errors.push(fieldForbidden(path, 'HugePages require cpu or memory'));
  return errors;
}
