// When a workload should look at its pods again so that a pod ready for less than minReadySeconds
// is counted available as soon as it is (kube's FindMinNextPodAvailabilityCheck): no other event
// would come to say so.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { podReadyTime } from './pod-state.ts';

/**
 * The delay (ms) until the first of `pods` that is ready but not yet available becomes available,
 * as seen at `evaluatedAt` (when the status was computed) and measured from `now`: 0 when that
 * moment has passed meanwhile; undefined when no pod is waiting (or minReadySeconds is 0).
 */
export function nextPodAvailabilityCheckMs(pods: readonly Pod[], minReadySeconds: number, evaluatedAt: number, now: number = Date.now()): number | undefined {
  if (minReadySeconds <= 0) return undefined;
  let earliest: number | undefined;
  for (const pod of pods) {
    const readyAt = podReadyTime(pod);
    if (readyAt === undefined) continue;
    const availableAt = readyAt + minReadySeconds * 1000;
    if (availableAt > evaluatedAt && (earliest === undefined || availableAt < earliest)) earliest = availableAt;
  }
  return earliest === undefined ? undefined : Math.max(0, earliest - now);
}
