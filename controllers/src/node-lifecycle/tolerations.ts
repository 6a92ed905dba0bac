// Which of a pod's tolerations let it stay on a Node with NoExecute taints, and for how long (the
// taint eviction controller's reading; whether one toleration tolerates one taint is
// common's toleratesTaint).

import { toleratesTaint } from '@capstan/common';
import type { Taint, Toleration } from './api-types.ts';

/** For each taint the first toleration that tolerates it; undefined if some taint is not tolerated. */
export function matchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[]): Toleration[] | undefined {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const toleration = tolerations.find((t) => toleratesTaint(t, taint));
    if (toleration === undefined) return undefined;
    used.push(toleration);
  }
  return used;
}

/** The shortest tolerationSeconds in ms (0 for none or a non-positive one), or Infinity when all tolerate forever. */
export function minTolerationTimeMs(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const toleration of tolerations) {
    const seconds = toleration.tolerationSeconds;
    if (seconds === undefined || seconds === null) continue;
    if (seconds <= 0) return 0;
    min = Math.min(min, seconds * 1000);
  }
  return min;
}
