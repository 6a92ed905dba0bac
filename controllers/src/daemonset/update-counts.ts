// How far a DaemonSet's RollingUpdate may go (kube's daemon/util): maxSurge and maxUnavailable of
// the nodes that should run its pod, percentages rounded up; OnDelete allows neither.

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import { scaledValue } from './scaled-value.ts';

function rollingUpdate(ds: DaemonSet) {
  return (ds.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate' ? ds.spec?.updateStrategy?.rollingUpdate : undefined;
}

export function surgeCount(ds: DaemonSet, numberToSchedule: number): number {
  return scaledValue(rollingUpdate(ds)?.maxSurge, numberToSchedule, true);
}

/** AllowsSurge: a valid, positive maxSurge. */
export function allowsSurge(ds: DaemonSet): boolean {
  try {
    return surgeCount(ds, 1) > 0;
  } catch {
    return false;
  }
}

export function unavailableCount(ds: DaemonSet, numberToSchedule: number): number {
  const update = rollingUpdate(ds);
  return update === undefined ? 0 : scaledValue(update.maxUnavailable, numberToSchedule, true);
}
