// LimitRanger's validating half (kube's PodValidateLimitFunc and
// PersistentVolumeClaimValidateLimitFunc): every container and init container against the
// Container items, the pod's totals against the Pod items, a claim's storage request against the
// PersistentVolumeClaim items. Each item's resources are checked in name order (kube walks a map).

import type { Quantity } from '@capstan/common';
import { containerResources, containersOf, podResources, resourceListOf, type ResourceList } from '@capstan/common/quota';
import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { limitRequestRatioConstraint, maxConstraint, maxRequestConstraint, minConstraint } from './limit-constraints.ts';

const itemsOf = (limitRange: JsonObject): JsonObject[] => (isObject(limitRange.spec) && Array.isArray(limitRange.spec.limits) ? limitRange.spec.limits.filter(isObject) : []);

const sortedEntries = (json: unknown): [string, Quantity][] => Object.entries(resourceListOf(json)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The item's min, max and ratio checks of one set of requests and limits. */
function checkItem(item: JsonObject, limitType: string, requests: ResourceList, limits: ResourceList): string[] {
  const errors: (string | undefined)[] = [];
  for (const [resource, value] of sortedEntries(item.min)) errors.push(minConstraint(limitType, resource, value, requests, limits));
  for (const [resource, value] of sortedEntries(item.max)) errors.push(maxConstraint(limitType, resource, value, requests, limits));
  for (const [resource, value] of sortedEntries(item.maxLimitRequestRatio)) errors.push(limitRequestRatioConstraint(limitType, resource, value, requests, limits));
  return errors.filter((error): error is string => error !== undefined);
}

/** The pod's violations of one LimitRange. */
export function podLimitViolations(limitRange: JsonObject, pod: JsonObject): string[] {
  const spec = isObject(pod.spec) ? pod.spec : {};
  const { containers, initContainers } = containersOf(spec);
  return itemsOf(limitRange).flatMap((item) => {
    if (item.type === 'Container') {
      return [...containers, ...initContainers].flatMap((container) =>
        checkItem(item, 'Container', containerResources(container, 'requests'), containerResources(container, 'limits')),
      );
    }
    if (item.type === 'Pod') return checkItem(item, 'Pod', podResources(spec, 'requests'), podResources(spec, 'limits'));
    return [];
  });
}

/** The claim's violations of one LimitRange. */
export function claimLimitViolations(limitRange: JsonObject, claim: JsonObject): string[] {
  const spec = isObject(claim.spec) ? claim.spec : {};
  const requests = resourceListOf(isObject(spec.resources) ? spec.resources.requests : undefined);
  return itemsOf(limitRange).flatMap((item) => {
    if (item.type !== 'PersistentVolumeClaim') return [];
    const errors: (string | undefined)[] = [];
    for (const [resource, value] of sortedEntries(item.min)) errors.push(minConstraint('PersistentVolumeClaim', resource, value, requests, {}));
    for (const [resource, value] of sortedEntries(item.max)) errors.push(maxRequestConstraint('PersistentVolumeClaim', resource, value, requests));
    return errors.filter((error): error is string => error !== undefined);
  });
}
