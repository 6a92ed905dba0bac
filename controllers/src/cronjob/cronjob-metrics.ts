// The cronjob-controller's STABLE metric (pkg/controller/cronjob/metrics.go): how late each Job is
// created after the time it was scheduled for, measured from the Job's creationTimestamp (whole
// seconds, as the API server stamps it), registered when the controller starts.

import { legacyRegistry } from '@capstan/common/metrics';

let skew: ReturnType<typeof defineSkew> | undefined;

function defineSkew() {
  return legacyRegistry.histogram({
    name: 'cronjob_controller_job_creation_skew_duration_seconds',
    help: 'Time between when a cronjob is scheduled to be run, and when the corresponding job is created',
    stabilityLevel: 'STABLE',
    // ExponentialBuckets(1, 2, 10), as kube's.
    buckets: Array.from({ length: 10 }, (_, i) => 2 ** i),
  });
}

export const cronJobMetrics = {
  register(): void {
    skew ??= defineSkew();
  },
  /** A Job was created (not found already there) for `scheduledTime` (ms since the epoch). */
  jobCreated(creationTimestamp: string | undefined, scheduledTime: number): void {
    const created = Date.parse(creationTimestamp ?? '');
    if (Number.isNaN(created)) return;
    (skew ??= defineSkew()).observe((created - scheduledTime) / 1000);
  },
};
