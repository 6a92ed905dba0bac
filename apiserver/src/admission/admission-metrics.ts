// kube's admission metrics (k8s.io/apiserver/pkg/admission/metrics): the latency of each phase of
// the chain (step: admit or validate), of each plugin (controller) and of each webhook call, by
// operation and whether it rejected the request; and the webhooks' calls, rejections and
// fail-opens counted. The phases' and plugins' series are tallies (metrics/tallies.ts) kept per
// label values, so a write pays a map lookup and a few additions per plugin.

import { legacyRegistry } from '@capstan/common/metrics';
import type { Counter } from 'prom-client';
import { talliedHistogram, type HistogramTally } from '../metrics/tallies.ts';
import type { AdmissionOperation } from './admission-attributes.ts';

const stepBuckets = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];
const webhookBuckets = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10, 25];

/** kube's step type label: "admit" for the mutating phase, "validate" for the validating one. */
export type AdmissionStep = 'admit' | 'validate';
/** kube's webhook type label: "admit" for a mutating webhook, "validating" for a validating one. */
export type WebhookType = 'admit' | 'validating';
/** Why a webhook rejected a request (kube's WebhookRejectionErrorType). */
export type WebhookRejectionError = 'calling_webhook_error' | 'apiserver_internal_error' | 'no_error';

let metrics: ReturnType<typeof defineAdmissionMetrics> | undefined;

function defineAdmissionMetrics() {
  return {
    step: legacyRegistry.histogram({
      name: 'apiserver_admission_step_admission_duration_seconds',
      help: 'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
      stabilityLevel: 'STABLE',
      buckets: stepBuckets,
      labelNames: ['type', 'operation', 'rejected'],
    }),
    controller: legacyRegistry.histogram({
      name: 'apiserver_admission_controller_admission_duration_seconds',
      help: 'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      stabilityLevel: 'STABLE',
      buckets: stepBuckets,
      labelNames: ['name', 'type', 'operation', 'rejected'],
    }),
    webhook: legacyRegistry.histogram({
      name: 'apiserver_admission_webhook_admission_duration_seconds',
      help: 'Admission webhook latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      stabilityLevel: 'STABLE',
      buckets: webhookBuckets,
      labelNames: ['name', 'type', 'operation', 'rejected'],
    }),
    webhookRejection: legacyRegistry.counter({
      name: 'apiserver_admission_webhook_rejection_count',
      help: 'Admission webhook rejection count, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify an error type (calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code (honored by the apiserver when the code is greater or equal to 400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      labelNames: ['name', 'type', 'operation', 'error_type', 'rejection_code'],
    }),
    webhookFailOpen: legacyRegistry.counter({
      name: 'apiserver_admission_webhook_fail_open_count',
      help: 'Admission webhook fail open count, identified by name and broken out for each admission type (validating or admit).',
      labelNames: ['name', 'type'],
    }),
    webhookRequest: legacyRegistry.counter({
      name: 'apiserver_admission_webhook_request_total',
      help: 'Admission webhook request total, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify whether the request was rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      labelNames: ['name', 'type', 'operation', 'code', 'rejected'],
    }),
  };
}

/** Registered at start, as kube registers them, so that they are listed before the first write. */
export function admissionMetrics(): ReturnType<typeof defineAdmissionMetrics> {
  metrics ??= defineAdmissionMetrics();
  return metrics;
}

let tallies: { step: ReturnType<typeof talliedHistogram>; controller: ReturnType<typeof talliedHistogram> } | undefined;
const stepSeries = new Map<string, HistogramTally>();
const controllerSeries = new Map<string, HistogramTally>();

function seriesOf(cache: Map<string, HistogramTally>, key: string, make: () => HistogramTally): HistogramTally {
  let series = cache.get(key);
  if (series === undefined) {
    series = make();
    cache.set(key, series);
  }
  return series;
}

const talliesOf = () => {
  const { step, controller } = admissionMetrics();
  tallies ??= { step: talliedHistogram(step, stepBuckets), controller: talliedHistogram(controller, stepBuckets) };
  return tallies;
};

/** One phase of the chain (kube's WithStepMetrics). */
export function observeAdmissionStep(step: AdmissionStep, operation: AdmissionOperation, rejected: boolean, seconds: number): void {
  const key = `${step} ${operation} ${rejected}`;
  seriesOf(stepSeries, key, () => talliesOf().step({ type: step, operation, rejected: String(rejected) })).observe(seconds);
}

/** One plugin's admit or validate (kube's WithControllerMetrics). */
export function observeAdmissionController(name: string, step: AdmissionStep, operation: AdmissionOperation, rejected: boolean, seconds: number): void {
  const key = `${name} ${step} ${operation} ${rejected}`;
  seriesOf(controllerSeries, key, () => talliesOf().controller({ name, type: step, operation, rejected: String(rejected) })).observe(seconds);
}

const truncatedCode = (code: number): string => String(Math.min(code, 600));

/** One webhook call (kube's ObserveWebhook): its latency and its request, by the HTTP code it came to (0: the API server's own failure). */
export function observeWebhook(name: string, type: WebhookType, operation: AdmissionOperation, rejected: boolean, code: number, seconds: number): void {
  const { webhook, webhookRequest } = admissionMetrics();
  webhookRequest.inc({ name, type, operation, code: truncatedCode(code), rejected: String(rejected) });
  webhook.observe({ name, type, operation, rejected: String(rejected) }, seconds);
}

/** A rejection by a webhook, or by a failure to call it under failurePolicy Fail (kube's ObserveWebhookRejection). */
export function observeWebhookRejection(name: string, type: WebhookType, operation: AdmissionOperation, errorType: WebhookRejectionError, code: number): void {
  admissionMetrics().webhookRejection.inc({ name, type, operation, error_type: errorType, rejection_code: truncatedCode(code) });
}

/** A webhook that could not be called let the request pass (failurePolicy Ignore). */
export function observeWebhookFailOpen(name: string, type: WebhookType): void {
  (admissionMetrics().webhookFailOpen as Counter<'name' | 'type'>).inc({ name, type });
}
