// The ValidatingAdmissionWebhook plugin (kube's validating dispatcher): every webhook of the
// ValidatingWebhookConfigurations that is called for the request is asked at once; the first
// refusal or failure (in the webhooks' order) is the answer. A webhook whose failurePolicy is
// Ignore and that cannot be asked lets the request pass, noted in the audit event as
// `failed-open.validating.webhook.admission.k8s.io/round_0_index_<i>`.

import type { ValidatingWebhook } from '@capstan/common/api-types/admissionregistration-v1';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import type { Invocation } from './admission-review.ts';
import { callWebhook } from './call-webhook.ts';
import type { WebhookConfigurations, WebhookEntry } from './webhook-configurations.ts';
import { observeWebhookCall, WebhookCallError } from './webhook-errors.ts';
import { ignoresFailures, invocationOf, isExemptAdmissionConfiguration, readyWebhooks, type WebhookMatching } from './webhook-invocation.ts';

const failedOpenPrefix = 'failed-open.validating.webhook.admission.k8s.io/';

export function validatingAdmissionWebhook(configurations: WebhookConfigurations<ValidatingWebhook>, matching: WebhookMatching): AdmissionPlugin {
  return {
    name: 'ValidatingAdmissionWebhook',
    operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'],
    idle: () => configurations.idle,
    async validate(attributes) {
      if (isExemptAdmissionConfiguration(attributes)) return;
      const called: [WebhookEntry<ValidatingWebhook>, Invocation][] = [];
      for (const entry of await readyWebhooks(configurations, attributes)) {
        const invocation = await invocationOf(entry, attributes, matching);
        if (invocation !== undefined) called.push([entry, invocation]);
      }
      const failures = await Promise.all(called.map(([entry, invocation], index) => failureOf(entry, attributes, invocation, index)));
      const failure = failures.find((error) => error !== undefined);
      if (failure !== undefined) throw failure;
    },
  };
}

/** What the webhook's call comes to: undefined when the request may pass. */
async function failureOf(entry: WebhookEntry<ValidatingWebhook>, attributes: AdmissionAttributes, invocation: Invocation, index: number): Promise<unknown> {
  const startedAt = performance.now();
  try {
    await callWebhook(entry, attributes, invocation, false);
    observeWebhookCall(entry.webhook.name, 'validating', attributes.operation, ignoresFailures(entry.webhook), undefined, (performance.now() - startedAt) / 1000);
    return undefined;
  } catch (error) {
    observeWebhookCall(entry.webhook.name, 'validating', attributes.operation, ignoresFailures(entry.webhook), error, (performance.now() - startedAt) / 1000);
    if (!(error instanceof WebhookCallError)) return error;
    if (!ignoresFailures(entry.webhook)) return error.toStatusError();
    attributes.addAnnotation?.(`${failedOpenPrefix}round_0_index_${index}`, entry.webhook.name);
    return undefined;
  }
}
