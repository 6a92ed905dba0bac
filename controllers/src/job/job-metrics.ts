// The job-controller's STABLE metrics (pkg/controller/job/metrics): its syncs by what they did and
// how they ended, the Jobs that finished and the pods it finished counting. kube-controller-manager
// registers them when the controller starts; so does Capstan's, on the controllers' /metrics.

import { legacyRegistry } from '@capstan/common/metrics';
import type { Job } from '@capstan/common/api-types/batch-v1';

/** What a sync did: kube's JobSyncAction values. */
export type JobSyncAction = 'reconciling' | 'tracking' | 'pods_created' | 'pods_deleted';
export type JobCompletionMode = 'Indexed' | 'NonIndexed';

function defineMetrics() {
  const syncLabels = ['completion_mode', 'result', 'action'] as const;
  return {
    syncDuration: legacyRegistry.histogram({
      name: 'job_controller_job_sync_duration_seconds',
      help: 'The time it took to sync a job',
      stabilityLevel: 'STABLE',
      labelNames: syncLabels,
      // ExponentialBuckets(0.004, 2, 15), as kube's.
      buckets: Array.from({ length: 15 }, (_, i) => 0.004 * 2 ** i),
    }),
    syncs: legacyRegistry.counter({ name: 'job_controller_job_syncs_total', help: 'The number of job syncs', stabilityLevel: 'STABLE', labelNames: syncLabels }),
    jobsFinished: legacyRegistry.counter({
      name: 'job_controller_jobs_finished_total',
      help: 'The number of finished jobs',
      stabilityLevel: 'STABLE',
      labelNames: ['completion_mode', 'result', 'reason'],
    }),
    podsFinished: legacyRegistry.counter({
      name: 'job_controller_job_pods_finished_total',
      help: 'The number of finished Pods that are fully tracked',
      stabilityLevel: 'STABLE',
      labelNames: ['completion_mode', 'result'],
    }),
  };
}

let metrics: ReturnType<typeof defineMetrics> | undefined;
const defined = () => (metrics ??= defineMetrics());

export function completionModeOf(job: Job): JobCompletionMode {
  return job.spec?.completionMode === 'Indexed' ? 'Indexed' : 'NonIndexed';
}

export const jobMetrics = {
  /** The controller starts: its metrics are listed from now on, as kube registers them at start. */
  register(): void {
    defined();
  },
  /** A sync of a Job of a known completion mode ended, `seconds` after it began. */
  synced(mode: JobCompletionMode, action: JobSyncAction, failed: boolean, seconds: number): void {
    const recorded = defined();
    const labels = { completion_mode: mode, result: failed ? 'error' : 'success', action };
    recorded.syncDuration.observe(labels, seconds);
    recorded.syncs.inc(labels);
  },
  /** The Job got its Complete (succeeded) or Failed condition, with that condition's reason. */
  jobFinished(mode: JobCompletionMode, succeeded: boolean, reason: string): void {
    defined().jobsFinished.inc({ completion_mode: mode, result: succeeded ? 'succeeded' : 'failed', reason });
  },
  /** A status write moved pods into status.succeeded and status.failed (the increments, never negative). */
  podsFinished(mode: JobCompletionMode, succeeded: number, failed: number): void {
    const recorded = defined();
    // kube adds both, so both series appear with a Job's first counted pod.
    recorded.podsFinished.inc({ completion_mode: mode, result: 'succeeded' }, Math.max(0, succeeded));
    recorded.podsFinished.inc({ completion_mode: mode, result: 'failed' }, Math.max(0, failed));
  },
};
