// What a create or a replacement (PUT) stores, worked out from the body (and the stored object),
// in kube-apiserver's order: the kind's defaults, the mutating admission, the server-owned
// metadata and the kind's own preparation (PrepareForCreate / PrepareForUpdate), generation,
// managedFields, validation (a 422), then the validating admission. Nothing here reads storage or
// another object but through the admission and allocation the caller passes, so a large body can
// go through it on a work thread (endpoints/create-on-thread.ts, update-on-thread.ts), without
// them, exactly as a small one goes through it in the generic store.

import { isDeepStrictEqual } from 'node:util';
import { cloneJson, fieldForbidden, fieldInvalid, newConflict, newInvalid, type GroupResource, type StatusError } from '@capstan/common';
import { shouldDeleteDuringUpdate } from './deletion.ts';
import { generationOnUpdate } from './generation-policy.ts';
import { checkRequestNamespace, metadataOf, omitEmptyMetadata, prepareForCreate, withGeneratedName, type JsonObject } from './object-meta.ts';
import { checkProcessableDepth } from './processable-depth.ts';
import { apiVersionOf, type ResourceDefinition } from '../resources/resource-definition.ts';
import type { Defaulter } from './defaulting/defaulters.ts';
import type { ResourceStrategy } from './strategy.ts';
import { updateErrors, validationErrors } from './validation/validators.ts';
import type { WriteAdmission } from './write-admission.ts';

/** What a kind's writes go through, looked up once per store. */
export interface KindWrites {
  readonly definition: ResourceDefinition;
  readonly strategy: ResourceStrategy;
  /** kube's defaulting of the kind; undefined for kinds kube does not default. */
  readonly defaulter: Defaulter | undefined;
}

export const kindWritesOf = (definition: ResourceDefinition): KindWrites => ({ definition, strategy: definition.behaviour.strategy, defaulter: definition.behaviour.defaults });

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
  const errors = old === undefined ? objectErrors : updateErrors(definition, object, old, objectErrors);
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, name, errors);
}

export interface CreatePreparationOptions {
  /** The request's admission; none for a write whose admission runs elsewhere (on a work thread's, the event loop's). */
  readonly admission?: WriteAdmission;
  /**
   * Allocates what the object needs (kube's BeginCreate), once it is admitted and named, before
   * the strategy prepares it; may change it.
   */
  readonly allocate?: (object: JsonObject) => Promise<void>;
  /** Records the creating manager's fields (managedFields) in the object to store. */
  readonly track?: (object: JsonObject) => JsonObject | Promise<JsonObject>;
  /** Awaited between the synchronous stages, to let other clients in (see yield-between-stages.ts). */
  readonly stageBreak?: () => Promise<void> | undefined;
  /** The random part of a name made from generateName (kube's five characters by default). */
  readonly nameSuffix?: () => string;
}

/**
 * The object a create of `body` stores, through every stage of a create in kube's order; its
 * name is settled (generated if asked for). A stage's refusal is the create's answer.
 */
export async function preparedForCreate(kind: KindWrites, namespace: string | undefined, body: JsonObject, options: CreatePreparationOptions, now: Date): Promise<JsonObject> {
  const { admission } = options;
  checkProcessableDepth(body);
  const defaulted = defaultedObject(kind, body);
  await options.stageBreak?.();
  // The mutating phase sees the object as the client sent it, defaulted: no name generated yet.
  await admission?.mutate(defaulted);
  const named = withGeneratedName(defaulted, options.nameSuffix);
  await options.allocate?.(named);
  const prepared = prepareForCreate(kind.definition, named, namespace, now);
  kind.strategy.prepareForCreate?.(prepared);
  await options.stageBreak?.();
  const stored = omitEmptyMetadata((await options.track?.(prepared)) ?? prepared);
  await options.stageBreak?.();
  checkValid(kind, stored, metadataOf(stored).name as string);
  // The validating phase sees the object as it is stored; an invalid one got its 422 first.
  await admission?.validate(stored);
  return stored;
}

/**
 * How a PUT's body (defaulted) becomes the object to store from the stored one: server-owned
 * metadata and, where the kind has a status subresource, the status are kept; generation counts
 * spec changes. With `uidPrecondition` (a PUT), a different uid is kube's 409; otherwise (a
 * patched object) a 422 for an immutable field.
 */
export function updateDerivation(kind: KindWrites, name: string, body: JsonObject, uidPrecondition: boolean): (old: JsonObject) => JsonObject {
  const { definition } = kind;
  return (old) => {
    // The endpoints check it before reading; a replacement prepared on a work thread meets it here.
    checkRequestNamespace(definition, metadataOf(old).namespace, body);
    const { kind: _kind, apiVersion: _apiVersion, metadata: _metadata, ...fields } = body;
    const next: JsonObject = { kind: old.kind, apiVersion: old.apiVersion, metadata: {}, ...fields };
    if (definition.subresources.some((s) => s.name === 'status')) {
      if ('status' in old) next.status = old.status;
      else delete next.status;
    }
    const oldMeta = metadataOf(old);
    const sentUid = metadataOf(body).uid;
    if (typeof sentUid === 'string' && sentUid !== '' && sentUid !== oldMeta.uid) {
      const resource = { group: definition.group, resource: definition.resource };
      if (uidPrecondition) throw newConflict(resource, name, `Precondition failed: UID in precondition: ${sentUid}, UID in object meta: ${oldMeta.uid ?? ''}`);
      throw newInvalid({ group: definition.group, kind: definition.kind }, name, [fieldInvalid('metadata.uid', sentUid, 'field is immutable')]);
    }
    const metadata = { ...metadataOf(body), name, uid: oldMeta.uid, creationTimestamp: oldMeta.creationTimestamp } as Record<string, unknown>;
    delete metadata.resourceVersion;
    if (definition.namespaced) metadata.namespace = oldMeta.namespace;
    else delete metadata.namespace;
    for (const owned of ['deletionTimestamp', 'deletionGracePeriodSeconds'] as const) {
      if (oldMeta[owned] === undefined) delete metadata[owned];
      else metadata[owned] = oldMeta[owned];
    }
    next.metadata = metadata;
    const generation = generationOnUpdate(definition, old, next);
    if (generation === undefined) delete metadata.generation;
    else metadata.generation = generation;
    if (oldMeta.deletionTimestamp !== undefined) {
      const added = ((metadata.finalizers ?? []) as string[]).filter((f) => !(oldMeta.finalizers ?? []).includes(f));
      if (added.length > 0) {
        const found = `[]string{${added.map((f) => JSON.stringify(f)).join(', ')}}`;
        throw newInvalid({ group: definition.group, kind: definition.kind }, name, [
          fieldForbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers ${found}`),
        ]);
      }
    }
    kind.strategy.prepareForUpdate?.(next, old);
    checkValid(kind, next, name, old);
    return next;
  };
}

/** kube's 409 for a write whose resourceVersion precondition is not the stored object's. */
export const modifiedConflict = (resource: GroupResource, name: string): StatusError =>
  newConflict(resource, name, 'the object has been modified; please apply your changes to the latest version and try again');

export interface ReplacementOptions {
  /**
   * The request's admission: its mutating phase runs on each attempt's body before it is derived
   * (GenericStore.update, the only replacement admitted today), its validating phase here, on the
   * object derived and validated.
   */
  readonly admission?: WriteAdmission;
  /** Records who changed what (managedFields) in the object to store, from the stored one. */
  readonly track?: (next: JsonObject, old: JsonObject) => JsonObject | Promise<JsonObject>;
  /** Awaited between the synchronous stages, to let other clients in (see yield-between-stages.ts). */
  readonly stageBreak?: () => Promise<void> | undefined;
  /** The random part of a name made from generateName (kube's five characters by default). */
  readonly nameSuffix?: () => string;
}

/**
 * What a replacement of the stored object `old` (without its resourceVersion) comes to, its body
 * admitted by the mutating phase: derived (the strategy's preparation, validation), tracked, then
 * admitted by the validating phase (even when it changes nothing, as kube's); nothing to write
 * when it changes nothing, the object's removal when it leaves a deleted object without
 * finalizers, else the object to write.
 */
export async function replacementOf(
  kind: KindWrites,
  old: JsonObject,
  derive: (old: JsonObject) => JsonObject,
  options: ReplacementOptions,
): Promise<{ next: JsonObject; outcome: 'unchanged' | 'delete' | 'write' }> {
  await options.stageBreak?.();
  const derived = derive(old);
  await options.stageBreak?.();
  const next = omitEmptyMetadata((await options.track?.(derived, old)) ?? derived);
  await options.stageBreak?.();
  await options.admission?.validate(next, old);
  if (isDeepStrictEqual(next, old)) return { next, outcome: 'unchanged' };
  await options.stageBreak?.();
  return { next, outcome: shouldDeleteDuringUpdate(kind.strategy, next, old) ? 'delete' : 'write' };
}
