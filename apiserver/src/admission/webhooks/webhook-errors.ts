// What kube-apiserver answers when an admission webhook refuses a request or cannot be asked
// (k8s.io/apiserver webhook/errors and util/webhook): a refusal is the webhook's own Status with
// kube's message before its words; a failed call is an ErrCallingWebhook, which a webhook whose
// failurePolicy is Fail turns into a 500 and one whose policy is Ignore lets pass.

import { goQuote, newBadRequest, newInternalError, StatusError, type FailureStatus } from '@capstan/common';
import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { AdmissionOperation } from '../admission-attributes.ts';
import { observeWebhook, observeWebhookFailOpen, observeWebhookRejection, type WebhookType } from '../admission-metrics.ts';

/** kube's ErrCallingWebhook: the webhook could not be asked, or its answer could not be read. */
export class WebhookCallError extends Error {
  override name = 'WebhookCallError';

  /** The code of kube's Status of the failure, for the webhook metrics: 503 unless the failure says otherwise. */
  readonly code: number;

  constructor(webhookName: string, reason: string, code = 503) {
    super(`failed calling webhook ${goQuote(webhookName)}: ${reason}`);
    this.code = code;
  }

  /** What a webhook whose failurePolicy is Fail answers: kube's NewInternalError of the call's error. */
  toStatusError(): StatusError {
    return newInternalError(this.message);
  }
}

const fieldOf = (status: Record<string, unknown>, key: string): string => (typeof status[key] === 'string' ? status[key] : '');

/**
 * kube's ToStatusErr: the refusal of a webhook, from its response's status. The code is at least
 * 400, the status Failure, and the message names the webhook, then gives the status's message,
 * else its reason, else says there is none.
 */
export function webhookRefusal(webhookName: string, result: unknown): StatusError {
  const status = isObject(result) ? result : {};
  const deniedBy = `admission webhook ${goQuote(webhookName)} denied the request`;
  const message = fieldOf(status, 'message');
  const reason = fieldOf(status, 'reason');
  const text = message !== '' ? `${deniedBy}: ${message}` : reason !== '' ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`;
  const code = typeof status.code === 'number' && status.code >= 400 ? status.code : 400;
  const refusal: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: isObject(status.metadata) ? status.metadata : {}, status: 'Failure', message: text };
  if (reason !== '') refusal.reason = reason;
  if (isObject(status.details)) refusal.details = status.details;
  refusal.code = code;
  const error = new StatusError(refusal as unknown as FailureStatus);
  refusals.add(error);
  return error;
}

/** The refusals webhookRefusal made: kube's ErrWebhookRejection, told apart from other errors by the metrics. */
const refusals = new WeakSet<StatusError>();

export const isWebhookRefusal = (error: unknown): error is StatusError => error instanceof StatusError && refusals.has(error);

/** kube's NewDryRunUnsupportedErr: a dry run may not reach a webhook with side effects. */
export function dryRunUnsupported(webhookName: string): StatusError {
  return newBadRequest(`admission webhook ${goQuote(webhookName)} does not support dry run`);
}

/**
 * What one webhook call comes to, for the metrics: kube's ObserveWebhook, and the rejection or
 * fail-open it counts. `failure` is what the call threw (undefined when it allowed the request).
 */
export function observeWebhookCall(name: string, type: WebhookType, operation: AdmissionOperation, ignoresFailures: boolean, failure: unknown, seconds: number): void {
  if (failure === undefined) return observeWebhook(name, type, operation, false, 200, seconds);
  if (failure instanceof WebhookCallError) {
    if (ignoresFailures) observeWebhookFailOpen(name, type);
    else observeWebhookRejection(name, type, operation, 'calling_webhook_error', failure.code);
    return observeWebhook(name, type, operation, !ignoresFailures, failure.code, seconds);
  }
  if (isWebhookRefusal(failure)) {
    observeWebhookRejection(name, type, operation, 'no_error', failure.code);
    return observeWebhook(name, type, operation, true, failure.code, seconds);
  }
  observeWebhookRejection(name, type, operation, 'apiserver_internal_error', 0);
  observeWebhook(name, type, operation, true, 0, seconds);
}
