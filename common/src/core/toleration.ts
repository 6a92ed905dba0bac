// Whether a pod's toleration tolerates a node's taint (core/v1 Toleration.ToleratesTaint): the one
// matcher of the scheduler's TaintToleration filter and of taint eviction.

import type { Taint, Toleration } from '../api-types/core-v1.ts';

export type { Taint, Toleration } from '../api-types/core-v1.ts';

/** An empty key with Exists matches every key, an empty effect every effect. */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      // Gt and Lt are alpha in 1.35 (TaintTolerationComparisonOperators), off by default.
      return false;
  }
}

/** Whether any of the tolerations tolerates the taint. */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[], taint: Taint): boolean {
  for (const toleration of tolerations) if (toleratesTaint(toleration, taint)) return true;
  return false;
}
