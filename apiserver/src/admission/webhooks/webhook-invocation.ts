// Whether an admission webhook is called for a request (kube's generic Webhook.ShouldCallHook):
// its namespace and object selectors and its rules (the shared admission matcher), then its
// matchConditions. The admission configuration objects themselves never go to webhooks, so that
// a broken webhook cannot keep itself from being fixed.

import { newForbidden } from '@capstan/common';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { matchRequest, type MatchingContext } from '../matching/match-request.ts';
import type { Invocation } from './admission-review.ts';
import type { AdmissionWebhook, WebhookEntry } from './webhook-configurations.ts';

const exemptResources: ReadonlySet<string> = new Set([
  'validatingwebhookconfigurations',
  'mutatingwebhookconfigurations',
  'validatingadmissionpolicies',
  'validatingadmissionpolicybindings',
  'mutatingadmissionpolicies',
  'mutatingadmissionpolicybindings',
]);

/** kube's IsExemptAdmissionConfigurationResource. */
export const isExemptAdmissionConfiguration = (attributes: AdmissionAttributes): boolean =>
  attributes.resource.group === 'admissionregistration.k8s.io' && exemptResources.has(attributes.resource.resource);

/** A webhook whose failurePolicy is Ignore lets the request pass when it cannot be asked; Fail (the default) refuses it. */
export const ignoresFailures = (webhook: AdmissionWebhook): boolean => webhook.failurePolicy === 'Ignore';

/**
 * The invocation of the webhook for the request, or undefined when it is not called. Throws what
 * kube answers when that cannot be decided: the matcher's errors, and for matchConditions that
 * failed to evaluate under failurePolicy Fail, a 403 with their errors (kube's aggregate: one
 * error as it is, more in brackets).
 */
export async function invocationOf(entry: WebhookEntry<AdmissionWebhook>, attributes: AdmissionAttributes, context: MatchingContext): Promise<Invocation | undefined> {
  const matched = await matchRequest(entry.criteria, attributes, context);
  if (matched === undefined || entry.conditions.empty) return matched;
  const verdict = entry.conditions.evaluate(attributes, matched);
  if ('matches' in verdict) return verdict.matches ? matched : undefined;
  if (ignoresFailures(entry.webhook)) return undefined;
  const { errors } = verdict;
  const message = errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`;
  throw newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, attributes.name, message);
}
