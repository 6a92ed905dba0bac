// The delay before a Job replaces failed pods: 10 s after the last failure, doubling with each
// failure since the last success, at most 10 minutes (kube's DefaultJobPodFailureBackOff and
// MaxJobPodFailureBackOff). The record of failures is kept per Job in memory, as kube keeps it.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { podFinishedTime } from './job-pods.ts';

export const defaultPodFailureBackoffMs = 10_000;
export const maxPodFailureBackoffMs = 600_000;

export interface BackoffRecord {
  readonly failuresAfterLastSuccess: number;
  readonly lastFailureTime?: number;
}

const none: BackoffRecord = { failuresAfterLastSuccess: 0 };

/** How long to wait at `now` after `failures` failures, the last at `lastFailureTime`. */
export function remainingBackoffMs(failures: number, lastFailureTime: number | undefined, now: number): number {
  if (failures === 0 || lastFailureTime === undefined) return 0;
  const delay = Math.min(defaultPodFailureBackoffMs * 2 ** (failures - 1), maxPodFailureBackoffMs);
  return Math.max(0, delay - (now - lastFailureTime));
}

export class BackoffStore {
  readonly #records = new Map<string, BackoffRecord>();

  /** The record after these newly finished pods (not yet saved). */
  next(key: string, succeeded: readonly Pod[], failed: readonly Pod[]): BackoffRecord {
    const old = this.#records.get(key) ?? none;
    const failedTimes = failed.map(podFinishedTime).sort((a, b) => a - b);
    if (succeeded.length === 0) {
      if (failedTimes.length === 0) return old;
      return { failuresAfterLastSuccess: old.failuresAfterLastSuccess + failedTimes.length, lastFailureTime: failedTimes.at(-1) };
    }
    const lastSuccess = Math.max(...succeeded.map(podFinishedTime));
    const after = failedTimes.filter((time) => time > lastSuccess);
    return after.length === 0 ? none : { failuresAfterLastSuccess: after.length, lastFailureTime: after.at(-1) };
  }

  save(key: string, record: BackoffRecord): void {
    this.#records.set(key, record);
  }

  remove(key: string): void {
    this.#records.delete(key);
  }
}
