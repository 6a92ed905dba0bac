// kube's CheckRequest (k8s.io/apiserver/pkg/admission/plugin/resourcequota): what one write
// charges to the namespace's quotas. Every quota whose status.hard limits something the
// evaluator counts and whose scopes match the object is charged the object's usage (on update,
// what it adds to the stored object's, where that fell in the quota too); a quota without usage
// for what it limits, an object without the requests or limits a quota needs, or a charge past a
// hard limit is refused with kube's 403. Answers each charged quota's new status.used.

import { newInternalError } from '@capstan/common';
import {
  addResourceLists,
  lessThanOrEqual,
  maskResourceList,
  negativeResources,
  prettyPrintResourceList,
  prettyPrintResourceNames,
  quotaMatches,
  removeZeros,
  resourceListOf,
  scopeRequirementsOf,
  subtractWithNonNegativeResult,
  type QuotaEvaluator,
  type ResourceList,
} from '@capstan/common/quota';
import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { admissionForbidden } from '../admission-forbidden.ts';

/** A quota as admission reads it. */
export interface QuotaState {
  readonly object: JsonObject;
  readonly name: string;
  readonly hard: ResourceList;
  readonly used: ResourceList;
}

export const quotaStateOf = (object: JsonObject): QuotaState => {
  const status = objectOf(object.status);
  return { object, name: stringOf(objectOf(object.metadata).name), hard: resourceListOf(status.hard), used: resourceListOf(status.used) };
};

/** kube's hasUsageStats: the quota has usage for every resource it limits that the write touches. */
const hasUsageStats = (quota: QuotaState, restricted: readonly string[]): boolean => restricted.every((name) => !(name in quota.hard) || name in quota.used);

function matches(evaluator: QuotaEvaluator, quota: QuotaState, object: JsonObject): boolean {
  try {
    return quotaMatches(evaluator, Object.keys(quota.hard), scopeRequirementsOf(quota.object), object);
  } catch (error) {
    throw newInternalError(`error matching scopes of quota ${quota.name}, err: ${(error as Error).message}`);
  }
}

/** The new status.used of each quota the write is charged to, by its index in `quotas`. */
export function checkRequest(quotas: readonly QuotaState[], attributes: AdmissionAttributes, evaluator: QuotaEvaluator, now: Date): Map<number, ResourceList> {
  const object = attributes.object as JsonObject;
  const interesting: number[] = [];
  for (const [index, quota] of quotas.entries()) {
    if (!matches(evaluator, quota, object)) continue;
    const restricted = evaluator.matchingResources(Object.keys(quota.hard));
    const missing = evaluator.constraints(restricted, object);
    if (missing !== undefined) throw admissionForbidden(attributes, `failed quota: ${quota.name}: ${missing}`);
    if (!hasUsageStats(quota, restricted)) {
      throw admissionForbidden(attributes, `status unknown for quota: ${quota.name}, resources: ${prettyPrintResourceNames(restricted)}`);
    }
    interesting.push(index);
  }
  const changed = new Map<number, ResourceList>();
  if (interesting.length === 0) return changed;

  const usage = evaluator.usage(object, now);
  const negative = negativeResources(usage);
  if (negative.length > 0) throw admissionForbidden(attributes, `quota usage is negative for resource(s): ${prettyPrintResourceNames(negative)}`);
  const deltas = new Map<number, ResourceList>(interesting.map((index) => [index, usage]));
  if (attributes.operation === 'UPDATE') {
    const old = attributes.oldObject;
    if (old === undefined) throw admissionForbidden(attributes, 'unable to get previous usage since prior version of object was not found');
    // Where the stored object already counted in a quota, only what the write adds is charged.
    const added = subtractWithNonNegativeResult(usage, evaluator.usage(old, now));
    for (const index of interesting) if (matches(evaluator, quotas[index] as QuotaState, old)) deltas.set(index, added);
  }

  for (const index of interesting) {
    const delta = removeZeros(deltas.get(index) as ResourceList);
    if (Object.keys(delta).length === 0) continue;
    const quota = quotas[index] as QuotaState;
    const requested = maskResourceList(delta, Object.keys(quota.hard));
    const used = addResourceLists(quota.used, requested);
    // A status write (a claim's allocation) is charged even past the limit: the storage is there already.
    if (attributes.subresource !== 'status') {
      const { allowed, exceeded } = lessThanOrEqual(maskResourceList(used, Object.keys(requested)), quota.hard);
      if (!allowed) {
        throw admissionForbidden(
          attributes,
          `exceeded quota: ${quota.name}, requested: ${prettyPrintResourceList(maskResourceList(requested, exceeded))}, ` +
            `used: ${prettyPrintResourceList(maskResourceList(quota.used, exceeded))}, limited: ${prettyPrintResourceList(maskResourceList(quota.hard, exceeded))}`,
        );
      }
    }
    changed.set(index, used);
  }
  return changed;
}
