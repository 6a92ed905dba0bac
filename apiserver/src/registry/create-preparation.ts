// What a create stores, worked out from the body alone: the kind's defaults, the server-owned
// metadata, the kind's own preparation, managedFields and validation. Nothing here reads storage
// or another object, so a large body can go through it on a worker thread
// (endpoints/create-on-thread.ts) exactly as a small one goes through it in the generic store.

import { cloneJson, newInvalid } from '@capstan/common';
import { metadataOf, omitEmptyMetadata, prepareForCreate, type JsonObject } from './object-meta.ts';
import { checkProcessableDepth } from './processable-depth.ts';
import { apiVersionOf, type ResourceDefinition } from './resource-definition.ts';
import { defaulterFor, type Defaulter } from './defaulting/defaulters.ts';
import { strategyFor, type ResourceStrategy } from './strategy.ts';
import { updateErrors } from './validation/update-validation.ts';
import { validationErrors } from './validation/validators.ts';

/** What a kind's writes go through, looked up once per store. */
export interface KindWrites {
  readonly definition: ResourceDefinition;
  readonly strategy: ResourceStrategy;
  /** kube's defaulting of the kind; undefined for kinds kube does not default. */
  readonly defaulter: Defaulter | undefined;
}

export const kindWritesOf = (definition: ResourceDefinition): KindWrites => ({ definition, strategy: strategyFor(definition), defaulter: defaulterFor(definition) });

/** A defaulted copy of the object (the object itself for kinds kube does not default). */
export function defaultedObject({ definition, defaulter }: KindWrites, object: JsonObject): JsonObject {
  if (defaulter === undefined) return object;
  // Defaulting may depend on the version (autoscaling's), which the body may leave out.
  const copy = { ...cloneJson(object), apiVersion: apiVersionOf(definition) };
  defaulter(copy);
  return copy;
}

/** kube's 422 for an object its kind's validation refuses; on update, for a change it does not allow. */
export function checkValid({ definition }: KindWrites, object: JsonObject, name: string, old?: JsonObject): void {
  const objectErrors = validationErrors(definition, object, old === undefined);
  const errors = old === undefined ? objectErrors : updateErrors(`${definition.group}/${definition.kind}`, object, old, objectErrors);
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, name, errors);
}

export interface CreatePreparationOptions {
  /** Records the creating manager's fields (managedFields) in the object to store. */
  readonly track?: (object: JsonObject) => JsonObject | Promise<JsonObject>;
  /** Awaited between the synchronous stages, to let other clients in (see yield-between-stages.ts). */
  readonly stageBreak?: () => Promise<void> | undefined;
}

/** The object a create of `body` stores, validated; its name is settled (generated if asked for). */
export async function preparedForCreate(kind: KindWrites, namespace: string | undefined, body: JsonObject, options: CreatePreparationOptions, now: Date): Promise<JsonObject> {
  checkProcessableDepth(body);
  const defaulted = defaultedObject(kind, body);
  await options.stageBreak?.();
  const prepared = prepareForCreate(kind.definition, defaulted, namespace, now);
  kind.strategy.prepareForCreate?.(prepared);
  await options.stageBreak?.();
  const stored = omitEmptyMetadata((await options.track?.(prepared)) ?? prepared);
  await options.stageBreak?.();
  checkValid(kind, stored, metadataOf(stored).name as string);
  return stored;
}
