// Whether an admission webhook is called for a request (kube's generic Webhook.ShouldCallHook):
// its namespace and object selectors and its rules (the shared admission matcher), then its
// matchConditions. The admission configuration objects themselves never go to webhooks, so that
// a broken webhook cannot keep itself from being fixed.

import { newForbidden } from '@capstan/common';
import type { Authorizer } from '../../authorization/authorizer.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { admissionForbidden } from '../admission-forbidden.ts';
import { matchRequest, type MatchingContext } from '../matching/match-request.ts';
import { versionedObjects } from '../matching/versioned-objects.ts';
import type { Invocation } from './admission-review.ts';
import type { AdmissionWebhook, WebhookConfigurations, WebhookEntry } from './webhook-configurations.ts';

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

/** Waits for the webhooks' first list; kube's 403 while they cannot be listed. */
export async function readyWebhooks<W extends AdmissionWebhook>(configurations: WebhookConfigurations<W>, attributes: AdmissionAttributes): Promise<readonly WebhookEntry<W>[]> {
  try {
    await configurations.ready();
  } catch {
    throw admissionForbidden(attributes, 'not yet ready to handle request');
  }
  return configurations.webhooks();
}

/** A webhook whose failurePolicy is Ignore lets the request pass when it cannot be asked; Fail (the default) refuses it. */
export const ignoresFailures = (webhook: AdmissionWebhook): boolean => webhook.failurePolicy === 'Ignore';

/** What deciding whether a webhook is called reads besides the request. */
export interface WebhookMatching {
  readonly matching: MatchingContext;
  /** A served resource's definition by group, version and resource: objects go to webhooks in the matched version. */
  readonly definitionOf: (group: string, version: string, resource: string) => ResourceDefinition | undefined;
  /** The API server's authorizer, for the `authorizer` of matchConditions. */
  readonly authorizer: () => Authorizer;
}

/**
 * The invocation of the webhook for the request, or undefined when it is not called. Throws what
 * kube answers when that cannot be decided: the matcher's errors, and for matchConditions that
 * failed to evaluate under failurePolicy Fail, a 403 with their errors (kube's aggregate: one
 * error as it is, more in brackets). The invocation holds the request's objects in the version
 * the webhook's rule matched.
 */
export async function invocationOf(entry: WebhookEntry<AdmissionWebhook>, attributes: AdmissionAttributes, context: WebhookMatching): Promise<Invocation | undefined> {
  const matched = await matchRequest(entry.criteria, attributes, context.matching);
  if (matched === undefined) return undefined;
  const objects = await versionedObjects(context.definitionOf, attributes, matched);
  const invocation = { ...matched, objects };
  if (entry.conditions.empty) return invocation;
  const verdict = await entry.conditions.evaluate({ attributes, matched, objects }, context.authorizer());
  if (verdict === 'match') return invocation;
  if (verdict === 'skip' || ignoresFailures(entry.webhook)) return undefined;
  throw newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, attributes.name, verdict.error);
}
