// kube's "priority-and-fairness-config-producer" post-start hook (pkg/registry/flowcontrol/ensurer):
// keeps the bootstrap FlowSchemas and PriorityLevelConfigurations in the store. A missing one is
// created; a mandatory one is always put back to its bootstrap spec; a suggested one is updated
// only while its autoupdate annotation says "true" (without a readable annotation: only while
// the operator has not changed it, generation 1), and the annotation is set to what was decided.
// Objects that carry the annotation "true" and are no bootstrap object are deleted. It runs at
// start (retried each second) and then every minute, as kube's does.

import { goParseBool, StatusError, type Logger, isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { sameFlowControlSpec } from '../registry/validation/flowcontrol-mandatory-objects.ts';
import { autoUpdateAnnotation, mandatoryFlowSchemas, mandatoryPriorityLevels, suggestedFlowSchemas, suggestedPriorityLevels } from './bootstrap-configuration.ts';
import { wholeList } from '../registry/store-list.ts';

export interface FlowControlStores {
  readonly flowSchemas: GenericStore;
  readonly priorityLevels: GenericStore;
}

/** How often the configuration is ensured again once it was (kube: a minute). */
const ensurePeriodMs = 60_000;

const nameOf = (object: JsonObject): string => stringOf(objectOf(object.metadata).name);
const annotationsOf = (object: JsonObject): Record<string, unknown> => objectOf(objectOf(object.metadata).annotations);

/** Go's strconv.ParseBool of an annotation's value (undefined when absent or no boolean). */
const parseBool = (value: unknown): boolean | undefined => (typeof value === 'string' ? goParseBool(value) : undefined);

/** Whether the server keeps this object's spec: its annotation, else only while the operator never changed it. */
function autoUpdatesSpec(current: JsonObject): boolean {
  return parseBool(annotationsOf(current)[autoUpdateAnnotation]) ?? objectOf(current.metadata).generation === 1;
}

/** The object to write over `current` to bring it in line with `bootstrap`, or undefined when it is. */
export function ensuredObject(current: JsonObject, bootstrap: JsonObject, mandatory: boolean): JsonObject | undefined {
  const autoUpdate = mandatory || autoUpdatesSpec(current);
  const updateAnnotation = parseBool(annotationsOf(current)[autoUpdateAnnotation]) !== autoUpdate;
  const wanted = specKeepingExemptTuning(current, bootstrap);
  const specChanged = autoUpdate && !sameFlowControlSpec(current.spec, wanted);
  if (!updateAnnotation && !specChanged) return undefined;
  const metadata = objectOf(current.metadata);
  return {
    ...current,
    metadata: { ...metadata, annotations: { ...annotationsOf(current), [autoUpdateAnnotation]: String(autoUpdate) } },
    ...(specChanged ? { spec: wanted } : {}),
  };
}

/** The bootstrap spec, but an Exempt level keeps the spec.exempt an operator tuned (the one part of it they may change). */
function specKeepingExemptTuning(current: JsonObject, bootstrap: JsonObject): JsonObject {
  const spec = structuredClone(objectOf(bootstrap.spec));
  const currentSpec = objectOf(current.spec);
  if (spec.type === 'Exempt' && currentSpec.type === 'Exempt' && currentSpec.exempt !== undefined) spec.exempt = structuredClone(currentSpec.exempt);
  return spec;
}

async function getOrUndefined(store: GenericStore, name: string): Promise<JsonObject | undefined> {
  try {
    return await store.get(undefined, name);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function ensure(store: GenericStore, bootstrap: readonly JsonObject[], mandatory: boolean): Promise<void> {
  for (const object of bootstrap) {
    const current = await getOrUndefined(store, nameOf(object));
    if (current === undefined) {
      await store.create(undefined, structuredClone(object)).catch((error: unknown) => {
        if (!(error instanceof StatusError && error.code === 409)) throw error;
      });
      continue;
    }
    const updated = ensuredObject(current, object, mandatory);
    if (updated !== undefined) await store.update(undefined, nameOf(object), updated);
  }
}

/** Deletes the objects the server made once (annotation "true") that are no bootstrap object any more. */
async function removeUnwanted(store: GenericStore, bootstrap: readonly JsonObject[]): Promise<void> {
  const wanted = new Set(bootstrap.map(nameOf));
  const page = await store.list(wholeList(undefined));
  for (const object of page.items.map((kv) => store.decode(kv))) {
    if (wanted.has(nameOf(object)) || parseBool(annotationsOf(object)[autoUpdateAnnotation]) !== true) continue;
    await store.delete(undefined, nameOf(object), { dryRun: false }).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}

/** One pass of kube's ensure: suggested, then mandatory, then the removal of retired objects. */
export async function ensureBootstrapConfiguration(stores: FlowControlStores): Promise<void> {
  await ensure(stores.flowSchemas, suggestedFlowSchemas, false);
  await ensure(stores.priorityLevels, suggestedPriorityLevels, false);
  await ensure(stores.flowSchemas, mandatoryFlowSchemas, true);
  await ensure(stores.priorityLevels, mandatoryPriorityLevels, true);
  await removeUnwanted(stores.flowSchemas, [...mandatoryFlowSchemas, ...suggestedFlowSchemas]);
  await removeUnwanted(stores.priorityLevels, [...mandatoryPriorityLevels, ...suggestedPriorityLevels]);
}

/**
 * The post-start hook: resolves once the configuration was ensured (retrying each second), then
 * ensures it again every minute until the server stops.
 */
export async function runConfigProducer(stores: FlowControlStores, logger: Logger, stopping: AbortSignal): Promise<void> {
  for (;;) {
    if (stopping.aborted) return;
    try {
      await ensureBootstrapConfiguration(stores);
      break;
    } catch (error) {
      logger.warn({ err: error }, 'APF bootstrap ensurer ran into error, will retry later');
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
    }
  }
  const timer = setInterval(() => {
    ensureBootstrapConfiguration(stores).catch((error: unknown) => logger.warn({ err: error }, 'APF bootstrap ensurer ran into error, will retry later'));
  }, ensurePeriodMs).unref();
  stopping.addEventListener('abort', () => clearInterval(timer), { once: true });
}
