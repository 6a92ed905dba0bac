// kube's request LatencyTrackers (endpoints/request/webhook_duration.go), as far as the SLI
// latency needs them: the time a request spent in mutating webhooks (called one after the other:
// summed), in validating webhooks (called at once: the longest) and waiting in its priority
// level's queue (the longest wait). The code that waits has no handle on the request (admission
// sees attributes only), so the trackers travel with the request's async context.

import { AsyncLocalStorage } from 'node:async_hooks';

export interface LatencyTrackers {
  /** Seconds, summed over the mutating webhooks called. */
  mutatingWebhookSeconds: number;
  /** Seconds, the longest validating webhook call. */
  validatingWebhookSeconds: number;
  /** Seconds, the longest wait in flow control's queues. */
  apfQueueWaitSeconds: number;
}

const storage = new AsyncLocalStorage<LatencyTrackers>();

/** Runs `next` (the rest of the request's handling) with fresh trackers (kube's WithLatencyTrackers filter). */
export function withLatencyTrackers<T>(next: () => T): T {
  return storage.run({ mutatingWebhookSeconds: 0, validatingWebhookSeconds: 0, apfQueueWaitSeconds: 0 }, next);
}

/** The trackers of the request being handled; undefined outside a request (a controller's own admission, a test). */
export const currentLatencyTrackers = (): LatencyTrackers | undefined => storage.getStore();

/** The time to leave out of the SLI latency, in seconds. */
export function excludedSeconds(trackers: LatencyTrackers): number {
  return trackers.mutatingWebhookSeconds + trackers.validatingWebhookSeconds + trackers.apfQueueWaitSeconds;
}

export function trackWebhookLatency(mutating: boolean, seconds: number): void {
  const trackers = storage.getStore();
  if (trackers === undefined) return;
  if (mutating) trackers.mutatingWebhookSeconds += seconds;
  else trackers.validatingWebhookSeconds = Math.max(trackers.validatingWebhookSeconds, seconds);
}

export function trackQueueWait(seconds: number): void {
  const trackers = storage.getStore();
  if (trackers !== undefined) trackers.apfQueueWaitSeconds = Math.max(trackers.apfQueueWaitSeconds, seconds);
}
