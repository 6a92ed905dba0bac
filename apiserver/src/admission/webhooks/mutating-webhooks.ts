// The MutatingAdmissionWebhook plugin (kube's mutating dispatcher): the webhooks of the
// MutatingWebhookConfigurations that are called for the request are asked one after the other,
// each one's JSON patch applied to the object (then defaulted again) before the next is asked. When
// a webhook changed the object, the webhooks asked before it whose reinvocationPolicy is IfNeeded
// are asked once more when the chain runs its mutating phase again (reinvocation-context.ts); so are
// they when another plugin changed the object after them. Each call is noted in the audit event
// (`mutation.webhook.admission.k8s.io/round_<r>_index_<i>`: configuration, webhook, whether it
// changed the object), its patch under `patch.webhook.admission.k8s.io/` in events of level Request
// or more; one whose failurePolicy Ignore let the request pass, under `failed-open.`.

import { isDeepStrictEqual } from 'node:util';
import { goJsonKind, goQuote, newInternalError } from '@capstan/common';
import type { MutatingWebhook } from '@capstan/common/api-types/admissionregistration-v1';
import type { JsonObject } from '../../registry/object-meta.ts';
import { goJsonSyntaxError } from '../../registry/go-json-syntax.ts';
import { applyJsonPatch, JsonPatchError } from '../../patch/json-patch.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { PluginReinvocation } from '../reinvocation-context.ts';
import { replaceRequestObject } from '../matching/versioned-objects.ts';
import type { Invocation } from './admission-review.ts';
import { callWebhook } from './call-webhook.ts';
import type { WebhookConfigurations, WebhookEntry } from './webhook-configurations.ts';
import { observeWebhookCall, WebhookCallError, webhookRefusal } from './webhook-errors.ts';
import { ignoresFailures, invocationOf, isExemptAdmissionConfiguration, readyWebhooks, type WebhookMatching } from './webhook-invocation.ts';

const mutationPrefix = 'mutation.webhook.admission.k8s.io/';
const patchPrefix = 'patch.webhook.admission.k8s.io/';
const failedOpenPrefix = `failed-open.${mutationPrefix}`;

export interface MutatingWebhookDependencies {
  readonly configurations: WebhookConfigurations<MutatingWebhook>;
  readonly matching: WebhookMatching;
}

export function mutatingAdmissionWebhook(dependencies: MutatingWebhookDependencies): AdmissionPlugin {
  const { configurations } = dependencies;
  return {
    name: 'MutatingAdmissionWebhook',
    operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'],
    // Only while there are webhooks: a write is then prepared where they can reach its object.
    mutates: () => !configurations.idle,
    async admit(attributes) {
      if (isExemptAdmissionConfiguration(attributes)) return;
      const entries = await readyWebhooks(configurations, attributes);
      if (entries.length === 0) return;
      const reinvocation = PluginReinvocation.of(attributes, 'MutatingAdmissionWebhook');
      reinvocation.begin(attributes.object);
      try {
        await mutationRound(entries, dependencies, attributes, reinvocation);
      } finally {
        reinvocation.end(attributes.object);
      }
    },
  };
}

async function mutationRound(
  entries: readonly WebhookEntry<MutatingWebhook>[],
  dependencies: MutatingWebhookDependencies,
  attributes: AdmissionAttributes,
  reinvocation: PluginReinvocation,
): Promise<void> {
  const round = reinvocation.isReinvoke ? 1 : 0;
  for (const [index, entry] of entries.entries()) {
    const invocation = await invocationOf(entry, attributes, dependencies.matching);
    if (invocation === undefined || reinvocation.skips(entry.uid)) continue;
    const { webhook } = entry;
    let changed = false;
    let failure: unknown;
    const startedAt = performance.now();
    try {
      const patch = await mutate(entry, attributes, invocation, dependencies.matching.definitionOf);
      if (patch !== undefined) {
        changed = patch.changed;
        // The patch itself only in events that hold request bodies (kube's AddAnnotationWithLevel).
        const value = { configuration: entry.configurationName, webhook: webhook.name, patch: patch.operations.map(sortedKeys), patchType: 'JSONPatch' };
        attributes.addAnnotation?.(`${patchPrefix}round_${round}_index_${index}`, JSON.stringify(value), 'Request');
      }
    } catch (error) {
      failure = error;
    }
    observeWebhookCall(webhook.name, 'admit', attributes.operation, ignoresFailures(webhook), failure, (performance.now() - startedAt) / 1000);
    attributes.addAnnotation?.(
      `${mutationPrefix}round_${round}_index_${index}`,
      JSON.stringify({ configuration: entry.configurationName, webhook: webhook.name, mutated: changed }),
    );
    reinvocation.invoked(entry.uid, changed, webhook.reinvocationPolicy === 'IfNeeded');
    if (failure === undefined) continue;
    if (!(failure instanceof WebhookCallError)) throw failure;
    if (!ignoresFailures(webhook)) throw failure.toStatusError();
    attributes.addAnnotation?.(`${failedOpenPrefix}round_${round}_index_${index}`, webhook.name);
  }
}

/** A patch applied: its operations, and whether it changed the object. */
interface AppliedPatch {
  readonly operations: readonly unknown[];
  readonly changed: boolean;
}

/** Go writes an operation (a map) with its keys in order. */
const sortedKeys = (operation: unknown): unknown =>
  operation !== null && typeof operation === 'object' && !Array.isArray(operation)
    ? Object.fromEntries(Object.entries(operation).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : operation;

/** Asks the webhook and applies its patch to the request's object; undefined when it sent none. */
async function mutate(
  entry: WebhookEntry<MutatingWebhook>,
  attributes: AdmissionAttributes,
  invocation: Invocation,
  definitionOf: WebhookMatching['definitionOf'],
): Promise<AppliedPatch | undefined> {
  const name = entry.webhook.name;
  const response = await callWebhook(entry, attributes, invocation, true);
  if (response.patch === undefined) return undefined;
  const patch = decodedPatch(name, response.patch);
  if (patch.length === 0) return undefined;
  if (response.patchType !== 'JSONPatch')
    throw new WebhookCallError(name, `unsupported patch type ${goQuote(response.patchType ?? '')}`, webhookRefusal(name, response.result).code);
  const object = attributes.object;
  const versioned = invocation.objects.object;
  if (object === undefined || versioned === undefined) {
    throw newInternalError(`admission webhook ${goQuote(name)} attempted to modify the object, which is not supported for this operation`);
  }
  let patched: JsonObject;
  try {
    patched = applyJsonPatch(versioned, patch) as JsonObject;
  } catch (error) {
    if (error instanceof JsonPatchError) throw newInternalError(error.message);
    throw error;
  }
  const changed = !isDeepStrictEqual(versioned, patched);
  await replaceRequestObject(definitionOf, attributes, invocation, patched);
  return { operations: patch, changed };
}

/** The operations of a JSON patch, as kube's jsonpatch.DecodePatch reads them. */
function decodedPatch(webhookName: string, text: string): unknown[] {
  let patch: unknown;
  try {
    patch = JSON.parse(text);
  } catch {
    const syntax = goJsonSyntaxError(Buffer.from(text)) ?? 'unexpected end of JSON input';
    throw new WebhookCallError(webhookName, `received undecodable patch in webhook response: ${syntax}`);
  }
  // Go reads a null as no patch at all.
  if (patch === null) return [];
  if (!Array.isArray(patch)) {
    throw new WebhookCallError(webhookName, `received undecodable patch in webhook response: json: cannot unmarshal ${goJsonKind(patch)} into Go value of type jsonpatch.Patch`);
  }
  return patch;
}
