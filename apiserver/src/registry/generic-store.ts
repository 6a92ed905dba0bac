// The generic store of one resource (kube-apiserver's registry/generic): create, get, list and
// delete written once over the storage contract; a resource is a declaration, not code.

import { isDeepStrictEqual } from 'node:util';
import {
  fieldForbidden,
  matchesLabels,
  newBadRequest,
  newConflict,
  newInvalid,
  newNotFound,
  StatusError,
  tooOldResourceVersion,
  type GroupResource,
  type LabelSelector,
  type Status,
} from '@capstan/common';
import { objectKey, collectionPrefix } from '../storage/keys.ts';
import type { KeyValue, ListOptions, Storage, Watch, WatchEvent } from '../storage/storage.ts';
import { isStorageError } from '../storage/storage-error.ts';
import { decodeContinueToken, encodeContinueToken } from './continue-token.ts';
import type { DeleteOptions } from './delete-options.ts';
import type { FieldSelector } from './field-selector.ts';
import { planDeletion, shouldDeleteDuringUpdate } from './deletion.ts';
import { generationOnUpdate } from './generation-policy.ts';
import { metadataOf, prepareForCreate, type JsonObject } from './object-meta.ts';
import { apiVersionOf, type ResourceDefinition } from './resource-definition.ts';
import { statusFromStorageError } from './storage-status.ts';
import { strategyFor, type ResourceStrategy } from './strategy.ts';
import type { WatchRequest } from './watch-request.ts';

export interface ListRequest {
  readonly namespace: string | undefined;
  readonly limit: number;
  readonly continueToken: string | undefined;
  readonly resourceVersion: string | undefined;
  readonly resourceVersionMatch: string | undefined;
  readonly labelSelector: LabelSelector | undefined;
  /** Its metadata.name term narrows the read to one object (kube's single-object list). */
  readonly fieldSelector: FieldSelector | undefined;
}

export type ApiWatchEvent =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; readonly object: JsonObject }
  | { readonly type: 'ERROR'; readonly object: Status };

/** Receives watch events; false says the client's buffer is full (see Watch.resume). */
export type ApiWatchListener = (event: ApiWatchEvent) => boolean | void;

/** The outcome of a delete: the object as it went, or as it stays while its deletion is pending. */
export interface DeleteOutcome {
  readonly object: JsonObject;
  readonly deleted: boolean;
}

export interface ListPage {
  readonly items: JsonObject[];
  readonly resourceVersion: string;
  readonly continueToken: string | undefined;
  readonly remainingItemCount: number | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class GenericStore {
  readonly definition: ResourceDefinition;
  readonly groupResource: GroupResource;
  readonly strategy: ResourceStrategy;
  readonly #storage: Storage;
  readonly #prefix: string;

  constructor(definition: ResourceDefinition, storage: Storage) {
    if (definition.storagePrefix === undefined) throw new Error(`${definition.resource} is not stored`);
    this.definition = definition;
    this.groupResource = { group: definition.group, resource: definition.resource };
    this.strategy = strategyFor(definition);
    this.#storage = storage;
    this.#prefix = definition.storagePrefix;
  }

  async create(namespace: string | undefined, body: JsonObject, now = new Date()): Promise<JsonObject> {
    const stored = prepareForCreate(this.definition, body, namespace, now);
    this.strategy.prepareForCreate?.(stored);
    const { name } = metadataOf(stored) as { name: string };
    try {
      const kv = await this.#storage.create(this.#key(namespace, name), encoder.encode(JSON.stringify(stored)));
      return withResourceVersion(stored, kv.modRevision);
    } catch (error) {
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'create' });
    }
  }

  async get(namespace: string | undefined, name: string): Promise<JsonObject> {
    let kv: KeyValue | undefined;
    try {
      kv = (await this.#storage.get(this.#key(namespace, name))).kv;
    } catch (error) {
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'get' });
    }
    if (kv === undefined) throw newNotFound(this.groupResource, name);
    return decode(kv);
  }

  /** Whether the object exists (e.g. the namespace of a create). */
  async exists(namespace: string | undefined, name: string): Promise<boolean> {
    return (await this.#storage.get(this.#key(namespace, name))).kv !== undefined;
  }

  async list(request: ListRequest): Promise<ListPage> {
    const fields = request.fieldSelector;
    const prefix = this.#collection(request.namespace ?? fields?.namespace);
    const options: { -readonly [K in keyof ListOptions]: ListOptions[K] } = { limit: request.limit };
    const token = request.continueToken === undefined ? undefined : decodeContinueToken(request.continueToken);
    const requested = request.resourceVersion === undefined || request.resourceVersion === '' ? undefined : Number(request.resourceVersion);
    if (token !== undefined) {
      options.revision = token.revision;
      options.continueAfter = prefix + token.after;
    } else if (requested !== undefined && requested > 0 && isExactList(request)) {
      options.revision = requested;
    } else if (requested !== undefined) {
      options.minRevision = requested;
    }
    try {
      const selector = request.labelSelector ?? [];
      const matches = (object: JsonObject): boolean =>
        matchesLabels(selector, metadataOf(object).labels as Record<string, string> | undefined) && (fields === undefined || fields.matches(object));
      if (fields?.name !== undefined) {
        // One name is at most one object per namespace: a filtered read, never paged.
        const result = await this.#storage.list(prefix, { ...options, limit: 0 });
        const items = result.items.filter((kv) => kv.key.slice(kv.key.lastIndexOf('/') + 1) === fields.name).map(decode);
        return {
          items: items.filter(matches),
          resourceVersion: String(result.revision),
          continueToken: undefined,
          remainingItemCount: undefined,
        };
      }
      if (selector.length === 0 && fields === undefined) {
        const result = await this.#storage.list(prefix, options);
        const last = result.items[result.items.length - 1];
        return {
          items: result.items.map(decode),
          resourceVersion: String(result.revision),
          continueToken:
            result.more && last !== undefined ? encodeContinueToken({ revision: result.revision, after: last.key.slice(prefix.length) }) : undefined,
          remainingItemCount: result.more ? result.remaining : undefined,
        };
      }
      // With a selector, pages are read at one revision until `limit` objects match; the
      // remaining count is unknown (kube-apiserver omits it too).
      const items: JsonObject[] = [];
      let revision: number | undefined = options.revision;
      let after = options.continueAfter;
      for (;;) {
        const page = await this.#storage.list(prefix, {
          ...options,
          ...(revision === undefined ? {} : { revision }),
          ...(after === undefined ? {} : { continueAfter: after }),
        });
        revision = page.revision;
        for (const kv of page.items) {
          const object = decode(kv);
          if (matches(object)) items.push(object);
        }
        after = page.items[page.items.length - 1]?.key ?? after;
        const full = request.limit > 0 && items.length >= request.limit;
        if (!page.more || full) {
          return {
            items,
            resourceVersion: String(page.revision),
            continueToken: page.more && after !== undefined ? encodeContinueToken({ revision: page.revision, after: after.slice(prefix.length) }) : undefined,
            remainingItemCount: undefined,
          };
        }
      }
    } catch (error) {
      throw statusFromStorageError(error, {
        resource: this.groupResource,
        name: '',
        verb: 'list',
        ...(requested === undefined ? {} : { requestedRevision: requested }),
        continuing: token !== undefined,
      });
    }
  }

  /**
   * Replaces an object (PUT). Server-owned metadata is kept, the status too where the kind has a
   * status subresource, and generation counts spec changes.
   */
  update(namespace: string | undefined, name: string, body: JsonObject): Promise<JsonObject> {
    return this.#replace(namespace, name, body, 'update', (old) => {
      const next: JsonObject = { ...body, apiVersion: old.apiVersion, kind: old.kind };
      if (this.definition.subresources.some((s) => s.name === 'status')) {
        if ('status' in old) next.status = old.status;
        else delete next.status;
      }
      const oldMeta = metadataOf(old);
      const metadata = { ...metadataOf(body), name, uid: oldMeta.uid, creationTimestamp: oldMeta.creationTimestamp } as Record<string, unknown>;
      delete metadata.resourceVersion;
      if (this.definition.namespaced) metadata.namespace = oldMeta.namespace;
      else delete metadata.namespace;
      for (const owned of ['deletionTimestamp', 'deletionGracePeriodSeconds'] as const) {
        if (oldMeta[owned] === undefined) delete metadata[owned];
        else metadata[owned] = oldMeta[owned];
      }
      next.metadata = metadata;
      const generation = generationOnUpdate(this.definition, old, next);
      if (generation === undefined) delete metadata.generation;
      else metadata.generation = generation;
      if (oldMeta.deletionTimestamp !== undefined) {
        const added = ((metadata.finalizers ?? []) as string[]).filter((f) => !(oldMeta.finalizers ?? []).includes(f));
        if (added.length > 0) {
          const found = `[]string{${added.map((f) => JSON.stringify(f)).join(', ')}}`;
          throw newInvalid({ group: this.definition.group, kind: this.definition.kind }, name, [
            fieldForbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers ${found}`),
          ]);
        }
      }
      next.metadata = metadata;
      this.strategy.prepareForUpdate?.(next, old);
      return next;
    });
  }

  /** PUT .../finalize of a namespace: only spec.finalizers changes; with none left, a terminating namespace goes. */
  finalize(name: string, body: JsonObject): Promise<JsonObject> {
    return this.#replace(undefined, name, body, 'update', (old) => {
      const finalizers = ((body.spec ?? {}) as { finalizers?: unknown }).finalizers;
      const spec: JsonObject = { ...((old.spec ?? {}) as JsonObject) };
      if (Array.isArray(finalizers) && finalizers.length > 0) spec.finalizers = finalizers;
      else delete spec.finalizers;
      return { ...old, spec };
    });
  }

  /** Writes the status subresource (PUT .../status): only the status changes, whatever else the body says. */
  updateStatus(namespace: string | undefined, name: string, body: JsonObject): Promise<JsonObject> {
    return this.#replace(namespace, name, body, 'update', (old) => {
      const next: JsonObject = { ...old };
      if (body.status === undefined) delete next.status;
      else next.status = body.status;
      return next;
    });
  }

  /**
   * A replacement computed from the stored object (a subresource write such as scale): `body`
   * carries the name and, optionally, the resourceVersion precondition.
   */
  replaceWith(namespace: string | undefined, name: string, body: JsonObject, derive: (old: JsonObject) => JsonObject): Promise<JsonObject> {
    return this.#replace(namespace, name, body, 'update', derive);
  }

  /**
   * The read-check-write of every replacement: a resourceVersion in the body must be the current
   * one (409 otherwise), without one the write is unconditional (as built-in kinds allow, retried
   * when another write comes between), and a replacement that changes nothing writes nothing and
   * answers the stored object. A replacement that leaves a deleted object without finalizers
   * removes it.
   */
  async #replace(
    namespace: string | undefined,
    name: string,
    body: JsonObject,
    verb: string,
    derive: (old: JsonObject) => JsonObject,
  ): Promise<JsonObject> {
    const key = this.#key(namespace, name);
    const sent = metadataOf(body);
    if (sent.name !== undefined && sent.name !== name) {
      throw newBadRequest(`the name of the object (${sent.name}) does not match the name on the URL (${name})`);
    }
    const precondition = sent.resourceVersion === undefined || sent.resourceVersion === '' ? undefined : sent.resourceVersion;
    const context = { resource: this.groupResource, name, verb };
    for (;;) {
      let current: KeyValue | undefined;
      try {
        current = (await this.#storage.get(key)).kv;
      } catch (error) {
        throw statusFromStorageError(error, context);
      }
      if (current === undefined) throw newNotFound(this.groupResource, name);
      if (precondition !== undefined && precondition !== String(current.modRevision)) throw this.#modifiedConflict(name);
      const old = JSON.parse(decoder.decode(current.value)) as JsonObject;
      const next = derive(old);
      if (isDeepStrictEqual(next, old)) return decode(current);
      try {
        if (shouldDeleteDuringUpdate(this.strategy, next, old)) {
          const { revision } = await this.#storage.delete(key, current.modRevision);
          return withResourceVersion(next, revision);
        }
        const kv = await this.#storage.update(key, encoder.encode(JSON.stringify(next)), current.modRevision);
        return withResourceVersion(next, kv.modRevision);
      } catch (error) {
        if (isStorageError(error, 'Conflict') || isStorageError(error, 'NotFound')) {
          if (precondition !== undefined) throw this.#modifiedConflict(name);
          continue;
        }
        throw statusFromStorageError(error, context);
      }
    }
  }

  #modifiedConflict(name: string): StatusError {
    return newConflict(this.groupResource, name, 'the object has been modified; please apply your changes to the latest version and try again');
  }

  /**
   * Starts a watch. With sendInitialEvents (kube's default for a watch from "now" or "0") the
   * current state comes first as ADDED events, then the changes after it; otherwise the changes
   * after the resourceVersion (or after now).
   */
  async watch(request: WatchRequest, listener: ApiWatchListener): Promise<Watch> {
    const fields = request.fieldSelector;
    const prefix = this.#collection(request.namespace ?? fields?.namespace);
    const named = (key: string): boolean => fields?.name === undefined || key.slice(key.lastIndexOf('/') + 1) === fields.name;
    const selector = request.labelSelector;
    const labelled = (object: JsonObject): boolean =>
      (selector === undefined || matchesLabels(selector, metadataOf(object).labels as Record<string, string> | undefined)) &&
      (fields === undefined || fields.matches(object));
    let from = request.resourceVersion ?? 0;
    if (request.sendInitialEvents) {
      let initial;
      const freshness = request.anyRecentState ? { minRevision: 0 } : request.resourceVersion === undefined ? {} : { minRevision: request.resourceVersion };
      try {
        initial = await this.#storage.list(prefix, freshness);
      } catch (error) {
        throw statusFromStorageError(error, { resource: this.groupResource, name: '', verb: 'watch', ...(request.resourceVersion === undefined ? {} : { requestedRevision: request.resourceVersion }) });
      }
      for (const kv of initial.items) {
        const object = decodeShared(kv);
        if (named(kv.key) && labelled(object)) listener({ type: 'ADDED', object });
      }
      from = initial.revision;
      if (request.initialEventsEndBookmark) {
        listener({ type: 'BOOKMARK', object: this.#bookmark(from, { 'k8s.io/initial-events-end': 'true' }) });
      }
    }
    const requested = from;
    return this.#storage.watch(prefix, from, (event: WatchEvent) => {
      switch (event.type) {
        case 'ADDED': {
          const object = decodeShared(event.kv);
          return named(event.kv.key) && labelled(object) ? listener({ type: 'ADDED', object }) : true;
        }
        case 'MODIFIED': {
          if (!named(event.kv.key)) return true;
          const object = decodeShared(event.kv);
          const now = labelled(object);
          const before = (selector === undefined && fields === undefined) || labelled(decodeShared(event.prev));
          // An object that starts or stops matching the selector appears or disappears for this watcher.
          if (now && before) return listener({ type: 'MODIFIED', object });
          if (now) return listener({ type: 'ADDED', object });
          if (before) return listener({ type: 'DELETED', object });
          return true;
        }
        case 'DELETED': {
          const object = decodeShared(event, () => decode({ ...event.prev, modRevision: event.revision }));
          return named(event.prev.key) && labelled(object) ? listener({ type: 'DELETED', object }) : true;
        }
        case 'PROGRESS':
          return request.allowWatchBookmarks ? listener({ type: 'BOOKMARK', object: this.#bookmark(event.revision) }) : true;
        case 'ERROR':
          return listener({
            type: 'ERROR',
            object:
              event.error.code === 'Compacted'
                ? tooOldResourceVersion(requested, event.error.revision ?? 0).status
                : statusFromStorageError(event.error, { resource: this.groupResource, name: '', verb: 'watch' }).status,
          });
      }
    });
  }

  /** Cluster-scoped objects have no namespace in their key, whatever the request path said. */
  #key(namespace: string | undefined, name: string): string {
    return objectKey(this.#prefix, this.definition.namespaced ? namespace : undefined, name);
  }

  #collection(namespace: string | undefined): string {
    return collectionPrefix(this.#prefix, this.definition.namespaced ? namespace : undefined);
  }

  #bookmark(revision: number, annotations?: Record<string, string>): JsonObject {
    const { definition } = this;
    return {
      kind: definition.kind,
      apiVersion: apiVersionOf(definition),
      metadata: { resourceVersion: String(revision), ...(annotations === undefined ? {} : { annotations }) },
    };
  }

  /**
   * Deletes every object of a list request (DELETE on a collection), one by one as kube-apiserver
   * does; an object that went meanwhile is skipped. Answers the objects deleted.
   */
  async deleteCollection(request: ListRequest, options: DeleteOptions = { dryRun: false }): Promise<ListPage> {
    const listed = await this.list({ ...request, limit: 0, continueToken: undefined });
    const deleted: JsonObject[] = [];
    for (const object of listed.items) {
      const { namespace, name } = metadataOf(object) as { namespace?: string; name: string };
      try {
        deleted.push((await this.delete(namespace, name, options)).object);
      } catch (error) {
        if (!(error instanceof StatusError && error.code === 404)) throw error;
      }
    }
    return { ...listed, items: deleted };
  }

  /**
   * DELETE of one object: removed at once, or marked with a deletionTimestamp and kept while
   * finalizers or a grace period hold it (see planDeletion). Retried when another write comes
   * between the read and the write, the preconditions checked again each time.
   */
  async delete(namespace: string | undefined, name: string, options: DeleteOptions = { dryRun: false }, now = new Date()): Promise<DeleteOutcome> {
    const key = this.#key(namespace, name);
    const context = { resource: this.groupResource, name, verb: 'delete' };
    for (;;) {
      let kv: KeyValue | undefined;
      try {
        kv = (await this.#storage.get(key)).kv;
      } catch (error) {
        throw statusFromStorageError(error, context);
      }
      if (kv === undefined) throw newNotFound(this.groupResource, name);
      const current = decode(kv);
      const plan = planDeletion(this.definition, this.strategy, current, options, now);
      try {
        switch (plan.action) {
          case 'pending':
            return { object: current, deleted: false };
          case 'mark': {
            if (options.dryRun || isDeepStrictEqual(plan.object, current)) return { object: plan.object, deleted: false };
            const stored = withoutResourceVersion(plan.object);
            const updated = await this.#storage.update(key, encoder.encode(JSON.stringify(stored)), kv.modRevision);
            return { object: withResourceVersion(stored, updated.modRevision), deleted: false };
          }
          case 'remove': {
            if (options.dryRun) return { object: current, deleted: true };
            const { prev } = await this.#storage.delete(key, kv.modRevision);
            return { object: decode(prev), deleted: true };
          }
        }
      } catch (error) {
        if (isStorageError(error, 'Conflict')) continue;
        if (isStorageError(error, 'NotFound')) throw newNotFound(this.groupResource, name);
        throw statusFromStorageError(error, context);
      }
    }
  }
}

/** Exact, or kube's legacy rule: a resourceVersion with a limit and no match reads exactly there. */
const isExactList = (request: ListRequest): boolean =>
  request.resourceVersionMatch === 'Exact' || (request.resourceVersionMatch === undefined && request.limit > 0);

/**
 * Every watcher of a resource receives the same storage events and cached key-values: each is
 * decoded once and the object shared, so that its wire bytes can be encoded once too (encodeOnce).
 * Shared objects are never mutated.
 */
const sharedObjects = new WeakMap<object, JsonObject>();

function decodeShared(key: KeyValue | WatchEvent, make: () => JsonObject = () => decode(key as KeyValue)): JsonObject {
  let object = sharedObjects.get(key);
  if (object === undefined) {
    object = make();
    sharedObjects.set(key, object);
  }
  return object;
}

function decode(kv: KeyValue): JsonObject {
  return withResourceVersion(JSON.parse(decoder.decode(kv.value)) as JsonObject, kv.modRevision);
}

function withResourceVersion(object: JsonObject, revision: number): JsonObject {
  return { ...object, metadata: { ...metadataOf(object), resourceVersion: String(revision) } };
}

/** Stored objects carry no resourceVersion: the store's revision is it. */
function withoutResourceVersion(object: JsonObject): JsonObject {
  const { resourceVersion: _resourceVersion, ...metadata } = metadataOf(object);
  return { ...object, metadata };
}
