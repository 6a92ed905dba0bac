// kube's defaulting of the admission and API priority and fairness kinds: webhook configurations,
// the admission policies and their bindings, FlowSchema and PriorityLevelConfiguration.

import type { JsonObject } from '../object-meta.ts';
import { defaultTo, defaultZeroTo, isObject, objectAt, objectsAt } from './json-fields.ts';

function defaultRules(rules: JsonObject[]): void {
  for (const rule of rules) defaultTo(rule, 'scope', '*');
}

/** SetDefaults_MatchResources: of a policy's matchConstraints and a binding's matchResources. */
function defaultMatchResources(match: JsonObject): void {
  defaultTo(match, 'matchPolicy', 'Equivalent');
  defaultTo(match, 'namespaceSelector', {});
  defaultTo(match, 'objectSelector', {});
  defaultRules(objectsAt(match, 'resourceRules'));
  defaultRules(objectsAt(match, 'excludeResourceRules'));
}

function defaultWebhook(webhook: JsonObject): void {
  defaultTo(webhook, 'failurePolicy', 'Fail');
  defaultTo(webhook, 'matchPolicy', 'Equivalent');
  defaultTo(webhook, 'namespaceSelector', {});
  defaultTo(webhook, 'objectSelector', {});
  defaultTo(webhook, 'timeoutSeconds', 10);
  defaultRules(objectsAt(webhook, 'rules'));
  const service = isObject(webhook.clientConfig) && isObject(webhook.clientConfig.service) ? webhook.clientConfig.service : undefined;
  if (service !== undefined) defaultTo(service, 'port', 443);
}

export function defaultValidatingWebhookConfiguration(configuration: JsonObject): void {
  for (const webhook of objectsAt(configuration, 'webhooks')) defaultWebhook(webhook);
}

export function defaultMutatingWebhookConfiguration(configuration: JsonObject): void {
  for (const webhook of objectsAt(configuration, 'webhooks')) {
    defaultWebhook(webhook);
    defaultTo(webhook, 'reinvocationPolicy', 'Never');
  }
}

/**
 * A ValidatingAdmissionPolicy's, and a (v1beta1) MutatingAdmissionPolicy's: kube defaults neither
 * the reinvocationPolicy of the latter nor a binding's parameterNotFoundAction.
 */
export function defaultAdmissionPolicy(policy: JsonObject): void {
  const spec = objectAt(policy, 'spec');
  defaultTo(spec, 'failurePolicy', 'Fail');
  if (isObject(spec.matchConstraints)) defaultMatchResources(spec.matchConstraints);
}

/** Of both kinds of policy binding. */
export function defaultAdmissionPolicyBinding(binding: JsonObject): void {
  const spec = objectAt(binding, 'spec');
  if (isObject(spec.matchResources)) defaultMatchResources(spec.matchResources);
}

export function defaultFlowSchema(flowSchema: JsonObject): void {
  const spec = objectAt(flowSchema, 'spec');
  defaultZeroTo(spec, 'matchingPrecedence', 1000);
}

export function defaultPriorityLevelConfiguration(level: JsonObject): void {
  const spec = objectAt(level, 'spec');
  if (isObject(spec.limited)) {
    const limited = spec.limited;
    defaultTo(limited, 'nominalConcurrencyShares', 30);
    defaultTo(limited, 'lendablePercent', 0);
    const queuing = isObject(limited.limitResponse) && isObject(limited.limitResponse.queuing) ? limited.limitResponse.queuing : undefined;
    if (queuing !== undefined) {
      defaultZeroTo(queuing, 'queues', 64);
      defaultZeroTo(queuing, 'handSize', 8);
      defaultZeroTo(queuing, 'queueLengthLimit', 50);
    }
  }
  if (isObject(spec.exempt)) {
    defaultTo(spec.exempt, 'nominalConcurrencyShares', 0);
    defaultTo(spec.exempt, 'lendablePercent', 0);
  }
}
