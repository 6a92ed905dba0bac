// One call of an admission webhook (kube's callHook and callAttrMutatingHook up to the patch): the
// dry-run check of its sideEffects, the AdmissionReview POSTed with its timeoutSeconds (10 s
// unless set), the answer checked, its audit annotations (`<webhook>/<key>`) and warnings passed on,
// and its refusal thrown as kube's Status. What keeps the webhook from being asked is thrown as a
// WebhookCallError, which its failurePolicy decides.

import { randomUUID } from 'node:crypto';
import { StatusError } from '@capstan/common';
import { trackWebhookLatency } from '../../metrics/latency-trackers.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { AdmissionResponseError, admissionResponseOf, admissionReviewOf, reviewVersionOf, type AdmissionResponse, type Invocation } from './admission-review.ts';
import type { AdmissionWebhook, WebhookEntry } from './webhook-configurations.ts';
import { dryRunUnsupported, WebhookCallError, webhookRefusal } from './webhook-errors.ts';

/** kube's default timeoutSeconds of an admission webhook. */
const defaultTimeoutSeconds = 10;

const sideEffectFree: ReadonlySet<string> = new Set(['None', 'NoneOnDryRun']);

/** Asks the webhook; its answer when it allows the request. */
export async function callWebhook(entry: WebhookEntry<AdmissionWebhook>, attributes: AdmissionAttributes, invocation: Invocation, mutating: boolean): Promise<AdmissionResponse> {
  const { webhook } = entry;
  const name = webhook.name;
  if (attributes.dryRun) {
    if (typeof webhook.sideEffects !== 'string') throw new WebhookCallError(name, 'Webhook SideEffects is nil', 400);
    if (!sideEffectFree.has(webhook.sideEffects)) throw dryRunUnsupported(name);
  }
  const version = reviewVersionOf(webhook.admissionReviewVersions ?? []);
  if (version === undefined) throw new WebhookCallError(name, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)', 400);
  if (entry.client === undefined) throw new WebhookCallError(name, 'could not get REST client: unable to load root certificates: unable to parse bytes as PEM block', 500);
  const uid = randomUUID();
  const review = admissionReviewOf(version, uid, attributes, invocation);
  let response: AdmissionResponse;
  try {
    const startedAt = performance.now();
    let answer: Awaited<ReturnType<NonNullable<typeof entry.client>['post']>>;
    try {
      answer = await entry.client.post(JSON.stringify(review), (webhook.timeoutSeconds ?? defaultTimeoutSeconds) * 1000);
    } finally {
      // The time the request waits on the webhook is left out of its SLI latency.
      trackWebhookLatency(mutating, (performance.now() - startedAt) / 1000);
    }
    response = admissionResponseOf(version, uid, mutating, answer.body);
  } catch (error) {
    if (error instanceof AdmissionResponseError) throw new WebhookCallError(name, error.message);
    if (error instanceof Error) throw new WebhookCallError(name, `failed to call webhook: ${error.message}`, error instanceof StatusError ? error.code : 503);
    throw error;
  }
  for (const [key, value] of Object.entries(response.auditAnnotations)) attributes.addAnnotation?.(`${name}/${key}`, value);
  for (const warning of response.warnings) attributes.addWarning?.(warning);
  if (!response.allowed) throw webhookRefusal(name, response.result);
  return response;
}
