// LimitRanger's checks of one resource against a LimitRange item (kube's minConstraint,
// maxConstraint, maxRequestConstraint and limitRequestRatioConstraint), with kube's messages.
// Quantities compare in thousandths when all fit (so 100m < 0.5), else in whole units.

import { quantityMilliValue, quantityString, quantityValue, type Quantity } from '@capstan/common';
import type { ResourceList } from '@capstan/common/quota';

/** resource.MaxMilliValue: the largest int64 a thousandth-count can reach. */
const maxMilliValue = 9_223_372_036_854_775n;

/** The request and limit of one resource, with the request, limit and enforced values to compare (0 for one unset). */
interface Observed {
  readonly request: Quantity | undefined;
  readonly limit: Quantity | undefined;
  readonly requestValue: bigint;
  readonly limitValue: bigint;
  readonly enforcedValue: bigint;
}

function observed(resource: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): Observed {
  const request = requests[resource];
  const limit = limits[resource];
  const quantities = [request, limit, enforced];
  const units = quantities.map((quantity) => (quantity === undefined ? 0n : quantityValue(quantity)));
  const inMillis = units.every((value) => value <= maxMilliValue);
  const [requestValue, limitValue, enforcedValue] = (inMillis ? quantities.map((quantity) => (quantity === undefined ? 0n : quantityMilliValue(quantity))) : units) as [
    bigint,
    bigint,
    bigint,
  ];
  return { request, limit, requestValue, limitValue, enforcedValue };
}

/** min: a request must be set and at least the minimum, and a limit too where set. */
export function minConstraint(limitType: string, resource: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const { request, limit, requestValue, limitValue, enforcedValue } = observed(resource, enforced, requests, limits);
  const minimum = `minimum ${resource} usage per ${limitType} is ${quantityString(enforced)}`;
  if (request === undefined) return `${minimum}.  No request is specified`;
  if (requestValue < enforcedValue) return `${minimum}, but request is ${quantityString(request)}`;
  if (limit !== undefined && limitValue < enforcedValue) return `${minimum}, but limit is ${quantityString(limit)}`;
  return undefined;
}

/** max: a limit must be set and at most the maximum, and a request too where set. */
export function maxConstraint(limitType: string, resource: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const { request, limit, requestValue, limitValue, enforcedValue } = observed(resource, enforced, requests, limits);
  const maximum = `maximum ${resource} usage per ${limitType} is ${quantityString(enforced)}`;
  if (limit === undefined) return `${maximum}.  No limit is specified`;
  if (limitValue > enforcedValue) return `${maximum}, but limit is ${quantityString(limit)}`;
  if (request !== undefined && requestValue > enforcedValue) return `${maximum}, but request is ${quantityString(request)}`;
  return undefined;
}

/** max of a claim's storage: the request must be set and at most the maximum. */
export function maxRequestConstraint(limitType: string, resource: string, enforced: Quantity, requests: ResourceList): string | undefined {
  const { request, requestValue, enforcedValue } = observed(resource, enforced, requests, {});
  const maximum = `maximum ${resource} usage per ${limitType} is ${quantityString(enforced)}`;
  if (request === undefined) return `${maximum}.  No request is specified`;
  if (requestValue > enforcedValue) return `${maximum}, but request is ${quantityString(request)}`;
  return undefined;
}

/** maxLimitRequestRatio: both set and non-zero, the limit at most that many times the request. */
export function limitRequestRatioConstraint(limitType: string, resource: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const { request, limit, requestValue, limitValue } = observed(resource, enforced, requests, limits);
  const ratio = `${resource} max limit to request ratio per ${limitType} is ${quantityString(enforced)}`;
  if (request === undefined || requestValue === 0n) return `${ratio}, but no request is specified or request is 0`;
  if (limit === undefined || limitValue === 0n) return `${ratio}, but no limit is specified or limit is 0`;
  const provided = Number(limitValue) / Number(requestValue);
  const enforcedUnits = quantityValue(enforced);
  const small = enforcedUnits <= maxMilliValue;
  const allowed = small ? Number(quantityMilliValue(enforced)) : Number(enforcedUnits);
  if ((small ? provided * 1000 : provided) > allowed) return `${ratio}, but provided ratio is ${provided.toFixed(6)}`;
  return undefined;
}
