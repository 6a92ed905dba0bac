// The generic store of one resource (kube-apiserver's registry/generic): create, get, list and
// delete written once over the storage contract; a resource is a declaration, not code.

import { isDeepStrictEqual } from 'node:util';
import { cloneJson, fieldAt, fieldInvalid, newInvalid, newNotFound, StatusError, type GroupResource, isNotFound } from '@capstan/common';
import { objectOf } from './defaulting/json-fields.ts';
import { objectKey, collectionPrefix } from '../storage/keys.ts';
import { DryRunStorage } from '../storage/dry-run-storage.ts';
import type { KeyValue, Revision, Storage, Watch } from '../storage/storage.ts';
import { isStorageError } from '../storage/storage-error.ts';
import { corruptListStatus, corruptObjectOf, corruptObjectStatus, CorruptObjectsError, corruptWriteStatus, isCorruptObjectError } from './corrupt-object.ts';
import type { DeleteOptions } from './delete-options.ts';
import { planDeletion } from './deletion.ts';
import { checkNameMatchesUrl, metadataOf, needsNameGeneration, type JsonObject } from './object-meta.ts';
import { apiVersionOf, type ResourceDefinition } from '../resources/resource-definition.ts';
import { statusFromStorageError } from './storage-status.ts';
import { statusUpdateMetadata } from './status-update-metadata.ts';
import { checkProcessableDepth } from './processable-depth.ts';
import { readListPage, type ListPage, type ListRequest } from './store-list.ts';
import { watchStored, type ApiWatchListener } from './store-watch.ts';
import { decodeShared, decodeStoredObject, encodeStoredObject, withoutResourceVersion, withResourceVersion } from './stored-object.ts';
import type { LocalConversion, RemoteConversion, StoredConversion } from './conversions/stored-conversion.ts';
import { watchConverting } from './conversions/converting-watch.ts';
import {
  defaultedObject,
  kindWritesOf,
  modifiedConflict,
  preparedForCreate,
  replacementOf,
  updateDerivation,
  type CreatePreparationOptions,
  type KindWrites,
  type ReplacementOptions,
} from './write-preparation.ts';
import { updatePrecondition } from './update-precondition.ts';
import type { ResourceStrategy } from './strategy.ts';
import type { WatchRequest } from './watch-request.ts';

/** Creates of a generateName tried at most this often: with 8, a million names of one prefix collide with a probability of about 0.1%. */
const maxNameGenerationCreateAttempts = 8;

/** The outcome of a delete: the object as it went, or as it stays while its deletion is pending. */
export interface DeleteOutcome {
  readonly object: JsonObject;
  readonly deleted: boolean;
}

/** An unsafe deletion's outcome: no object when the corrupt one went, or a normal delete's when it could be read after all. */
export type CorruptDeleteOutcome = DeleteOutcome | { readonly object: undefined; readonly deleted: boolean };

/** What a store takes from the server's configuration. */
export interface GenericStoreOptions {
  /** The AllowUnsafeMalformedObjectDeletion gate: unsafe deletion of corrupt objects, and kube's words for them on reads. */
  readonly allowUnsafeMalformedObjectDeletion?: boolean;
}

/** How a replacement (PUT, PATCH, subresource write) is made: dryRun runs every stage but the write. */
export interface ReplaceOptions extends ReplacementOptions {
  readonly dryRun?: boolean;
  /**
   * A PUT: the body's uid is a precondition (a mismatch is kube's 409). A patched object whose uid
   * changed is instead refused as an immutable field (422).
   */
  readonly uidPrecondition?: boolean;
  /**
   * Allocates what the new object needs (a Service's cluster IPs and node ports), inside the
   * read-check-write loop: each attempt gets the current stored object and its own copy of the
   * body, and what an attempt allocated is given back when its write does not happen (another
   * write came between, or it failed), so a retry recomputes from the fresh object. Not called on
   * dry run. Answers what to do once the attempt's write is known to have happened or not.
   */
  readonly beginUpdate?: (body: JsonObject, old: JsonObject) => Promise<(written: boolean) => Promise<void>>;
}

/** How a create is made: dryRun runs every stage but the write. */
export interface CreateOptions extends Omit<CreatePreparationOptions, 'allocate'> {
  readonly dryRun?: boolean;
  /**
   * Allocates what the new object needs (a Service's cluster IPs and node ports; kube's
   * BeginCreate), on the object admitted and named, before the strategy prepares it (dry run
   * too). Answers what to do once the create is known to have happened or not: a dry run's
   * allocation is given back.
   */
  readonly beginCreate?: (object: JsonObject, namespace: string | undefined) => Promise<(created: boolean) => Promise<void>>;
}

/** A watch the store started and whose listener it may end. */
interface OpenWatch {
  readonly watch: Watch;
  readonly listener: ApiWatchListener;
}

export class GenericStore {
  readonly definition: ResourceDefinition;
  readonly groupResource: GroupResource;
  readonly strategy: ResourceStrategy;
  readonly #storage: Storage;
  /** Where dry-run writes go: every check of the write, no write (kube's DryRunnableStorage). */
  readonly #dryRunStorage: Storage;
  readonly #prefix: string;
  /** Set when this group-version is not the one the objects are stored in (events.k8s.io/v1 Events). */
  readonly #conversion: StoredConversion | undefined;
  /** The kind's defaulting, preparation and validation, applied to what a create or update would store. */
  readonly #kindWrites: KindWrites;
  /** This view's object of each cached key-value or watch event, made once for all its watchers. */
  readonly #converted = new WeakMap<object, JsonObject>();
  /**
   * A remote conversion's answer for each stored object read from a cached key-value or watch
   * event (shared by all who read it, see decodeShared): a revision is converted once while it is
   * cached, as kube's watch cache of each version converts each event once.
   */
  readonly #convertedRemotely = new WeakMap<JsonObject, Promise<JsonObject>>();
  readonly allowUnsafeMalformedObjectDeletion: boolean;
  /** The watches open now, which closeWatches ends. */
  readonly #watches = new Set<OpenWatch>();
  #watchesClosed = false;

  constructor(definition: ResourceDefinition, storage: Storage, options: GenericStoreOptions = {}) {
    if (definition.storagePrefix === undefined) throw new Error(`${definition.resource} is not stored`);
    this.definition = definition;
    this.groupResource = { group: definition.group, resource: definition.resource };
    this.#kindWrites = kindWritesOf(definition);
    this.strategy = this.#kindWrites.strategy;
    this.#storage = storage;
    this.#dryRunStorage = new DryRunStorage(storage);
    this.#prefix = definition.storagePrefix;
    this.#conversion = definition.behaviour.conversion;
    this.allowUnsafeMalformedObjectDeletion = options.allowUnsafeMalformedObjectDeletion ?? false;
  }

  /** Whether the stored bytes are this view's JSON as they are (no conversion between them). */
  get servesStoredBytes(): boolean {
    return this.#conversion === undefined;
  }

  /**
   * This view's object of a stored key-value; a 500 for a value that does not decode (a corrupt
   * object). At once, so not for a view whose conversion is remote (a CRD's conversion webhook):
   * read() serves every view.
   */
  decode(kv: KeyValue): JsonObject {
    this.#checkDecodable(kv);
    const stored = decodeStoredObject(kv);
    const conversion = this.#conversion;
    if (conversion === undefined) return stored;
    if (conversion.remote === true) throw new Error(`${this.definition.group}/${this.definition.version} ${this.definition.resource} converts remotely: read it with read()`);
    return conversion.fromStorage(stored);
  }

  /** This view's object of a stored key-value, however its conversion is made; a 500 for a value that does not decode. */
  read(kv: KeyValue): Promise<JsonObject> {
    const conversion = this.#conversion;
    try {
      if (conversion?.remote !== true) return Promise.resolve(this.decode(kv));
      this.#checkDecodable(kv);
      return this.#convertShared(decodeShared(kv), conversion);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * This view's objects of stored key-values (a list page), in their order, to be answered as they
   * are (not changed): a local conversion of each key-value is made once while the watch cache
   * holds it, as selectors and watch events share it, so a list of a custom resource repeated
   * over unchanged objects does not prune and default each one again.
   */
  readAll(kvs: readonly KeyValue[]): Promise<JsonObject[]> {
    const conversion = this.#conversion;
    if (conversion === undefined) return Promise.resolve(kvs.map((kv) => this.decode(kv)));
    if (conversion.remote === true) return Promise.all(kvs.map((kv) => this.read(kv)));
    try {
      return Promise.resolve(
        kvs.map((kv) => {
          this.#checkDecodable(kv);
          return this.#convertedOnce(kv, () => decodeStoredObject(kv), conversion);
        }),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A remote conversion of a shared stored object, asked for once while it is in use; a failure is asked for again next time. */
  #convertShared(stored: JsonObject, conversion: RemoteConversion): Promise<JsonObject> {
    let converted = this.#convertedRemotely.get(stored);
    if (converted === undefined) {
      converted = conversion.fromStorage(stored);
      this.#convertedRemotely.set(stored, converted);
      converted.catch(() => this.#convertedRemotely.delete(stored));
    }
    return converted;
  }

  /** A defaulted copy of the object (the object itself for kinds kube does not default). */
  #defaulted(object: JsonObject): JsonObject {
    return defaultedObject(this.#kindWrites, object);
  }

  /** The bytes to store for an object of this view. */
  async #encode(object: JsonObject): Promise<Uint8Array> {
    return encodeStoredObject(this.#conversion === undefined ? object : await this.#conversion.toStorage(object));
  }

  /**
   * Creates the object a body holds, through the stages of preparedForCreate (the admission among
   * them), then writes it. With dryRun, everything but the write: the name must be free, and the
   * answer has no resourceVersion.
   */
  async create(namespace: string | undefined, body: JsonObject, options: CreateOptions = {}, now = new Date()): Promise<JsonObject> {
    if (!needsNameGeneration(body)) return this.#createOnce(namespace, body, options, now);
    // RetryGenerateName (GA since 1.32, locked on): a generated name that is taken is made again,
    // the whole create run anew from the body as sent, up to 8 attempts in all. A kind without
    // defaults hands the body itself to the mutating admission, which may change it: such a body
    // is copied for each attempt (a defaulted kind's stages work on their own copy). A large create
    // prepared on a work thread (endpoints/create-on-thread.ts) is written once, not retried.
    const copied = this.#kindWrites.defaulter === undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#createOnce(namespace, copied ? cloneJson(body) : body, options, now);
      } catch (error) {
        if (attempt >= maxNameGenerationCreateAttempts || !(error instanceof StatusError && error.reason === 'AlreadyExists')) throw error;
      }
    }
  }

  async #createOnce(namespace: string | undefined, body: JsonObject, options: CreateOptions, now: Date): Promise<JsonObject> {
    const { beginCreate, ...preparation } = options;
    let finish: ((created: boolean) => Promise<void>) | undefined;
    const allocate =
      beginCreate === undefined
        ? undefined
        : async (object: JsonObject): Promise<void> => {
            finish = await beginCreate(object, namespace);
          };
    let created = false;
    try {
      const stored = await preparedForCreate(this.#kindWrites, namespace, body, { ...preparation, ...(allocate === undefined ? {} : { allocate }) }, now);
      // A prepared object has a name (preparedForCreate validated it).
      const { name = '' } = metadataOf(stored);
      await options.stageBreak?.();
      const kv = await this.createStored(namespace, name, await this.#encode(stored), options.dryRun === true);
      // A dry run allocates nothing for good.
      created = options.dryRun !== true;
      if (kv.modRevision === 0) return stored;
      return this.#conversion === undefined ? withResourceVersion(stored, kv.modRevision) : await this.read(kv);
    } finally {
      await finish?.(created);
    }
  }

  /**
   * Writes a new object's stored bytes (prepared as preparedForCreate prepares them): 409 when the
   * name is taken. A dry run writes nothing and answers revision 0.
   */
  async createStored(namespace: string | undefined, name: string, bytes: Uint8Array, dryRun = false): Promise<KeyValue> {
    try {
      return await this.#storageFor(dryRun).create(this.#key(namespace, name), bytes);
    } catch (error) {
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'create' });
    }
  }

  /** The object, in a state at least as new as `minRevision` when given (see getStored). */
  async get(namespace: string | undefined, name: string, minRevision?: Revision): Promise<JsonObject> {
    return this.read(await this.getStored(namespace, name, minRevision));
  }

  /**
   * The object as stored (see stored-object.ts), in a state at least as new as `minRevision` when
   * given; 404 when there is none, 500 when it does not decode.
   */
  async getStored(namespace: string | undefined, name: string, minRevision?: Revision): Promise<KeyValue> {
    const kv = await this.getStoredUnchecked(namespace, name, minRevision);
    this.#checkDecodable(kv);
    return kv;
  }

  /**
   * getStored without the check that the value decodes, which parses it: for a reader that parses
   * it anyway off the event loop (update-on-thread.ts), and calls getStored when it does not decode.
   */
  async getStoredUnchecked(namespace: string | undefined, name: string, minRevision?: Revision): Promise<KeyValue> {
    let kv: KeyValue | undefined;
    try {
      kv = (await this.#storage.get(this.#key(namespace, name), minRevision === undefined ? {} : { minRevision })).kv;
    } catch (error) {
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'get', requestedRevision: minRevision });
    }
    if (kv === undefined) throw newNotFound(this.groupResource, name);
    return kv;
  }

  /** The object as stored, read before an update or a patch: a corrupt one answers kube's error for such a write. */
  async getStoredForWrite(namespace: string | undefined, name: string): Promise<KeyValue> {
    const kv = await this.getStoredUnchecked(namespace, name);
    this.#checkWritable(kv);
    return kv;
  }

  #checkWritable(kv: KeyValue): void {
    const corrupt = corruptObjectOf(kv);
    if (corrupt !== undefined) throw corruptWriteStatus(corrupt, this.allowUnsafeMalformedObjectDeletion);
  }

  /** A corrupt object fails the read that meets it, in kube's words for the gate (see corrupt-object.ts). */
  #checkDecodable(kv: KeyValue): void {
    const corrupt = corruptObjectOf(kv);
    if (corrupt !== undefined) throw corruptObjectStatus(corrupt, this.allowUnsafeMalformedObjectDeletion);
  }

  /** Whether the object exists (e.g. the namespace of a create). */
  async exists(namespace: string | undefined, name: string): Promise<boolean> {
    return (await this.#storage.get(this.#key(namespace, name))).kv !== undefined;
  }

  /** A page of the stored objects a list request selects; `decode` (or, where servesStoredBytes, storedListJson) reads each. */
  async list(request: ListRequest): Promise<ListPage> {
    try {
      const conversion = this.#conversion;
      // Selectors match the served shape; a remote conversion is not awaited for that (they match the stored shape then).
      const view = conversion === undefined || conversion.remote === true ? undefined : (kv: KeyValue, stored: JsonObject) => this.#convertedOnce(kv, () => stored, conversion);
      return await readListPage(this.#storage, this.#collection(request.namespace ?? request.fieldSelector?.namespace), request, this.groupResource, view);
    } catch (error) {
      if (error instanceof CorruptObjectsError) throw corruptListStatus(this.groupResource, error.objects, this.allowUnsafeMalformedObjectDeletion);
      throw error;
    }
  }

  /**
   * Replaces an object (PUT). Server-owned metadata is kept, the status too where the kind has a
   * status subresource, and generation counts spec changes.
   */
  update(namespace: string | undefined, name: string, sent: JsonObject, options: ReplaceOptions = {}): Promise<JsonObject> {
    // Defaulted first, as kube defaults what it decodes: a field left to its default is no change.
    const body = this.#defaulted(sent);
    const derivationOf = (attempt: JsonObject) => updateDerivation(this.#kindWrites, name, attempt, options.uidPrecondition === true);
    const derive = derivationOf(body);
    const { admission } = options;
    const beginUpdate = options.dryRun === true ? undefined : options.beginUpdate;
    if (admission === undefined && beginUpdate === undefined) return this.#replace(namespace, name, body, options, derive);
    const noFinish = async (): Promise<void> => {};
    // Admission or allocation may change the body: then each attempt gets its own copy.
    const changes = beginUpdate !== undefined || admission?.mutates === true;
    // Each attempt, in kube's order: the mutating admission of the body with the object the
    // attempt read, the allocation, then (replacementOf) the derivation with the strategy's
    // preparation and validation, managedFields and the validating admission.
    return this.#replace(namespace, name, body, options, derive, async (old) => {
      const attempt = changes ? cloneJson(body) : body;
      await admission?.mutate(attempt, old);
      const finish = beginUpdate === undefined ? noFinish : await beginUpdate(attempt, old);
      return { derive: changes ? derivationOf(attempt) : derive, finish };
    });
  }

  /** PUT .../finalize of a namespace: only spec.finalizers changes; with none left, a terminating namespace goes. */
  finalize(name: string, body: JsonObject): Promise<JsonObject> {
    return this.#replace(undefined, name, body, {}, (old) => {
      const finalizers = fieldAt(body, 'spec', 'finalizers');
      const spec: JsonObject = { ...objectOf(old.spec) };
      if (Array.isArray(finalizers) && finalizers.length > 0) spec.finalizers = finalizers;
      else delete spec.finalizers;
      return { ...old, spec };
    });
  }

  /** Writes the status subresource (PUT or PATCH .../status): the status, and the metadata the kind lets a status write change (status-update-metadata.ts). */
  updateStatus(namespace: string | undefined, name: string, body: JsonObject, options: ReplaceOptions = {}): Promise<JsonObject> {
    const derivationOf =
      (sent: JsonObject) =>
      (old: JsonObject): JsonObject => {
        const next: JsonObject = { ...old, metadata: statusUpdateMetadata(this.definition, sent, old, name) };
        if (sent.status === undefined) delete next.status;
        else next.status = sent.status;
        this.strategy.prepareForStatusUpdate?.(next, old);
        return next;
      };
    return this.replaceFromBody(namespace, name, body, derivationOf, options);
  }

  /**
   * A subresource write of a body (PUT or PATCH .../status, .../resize): `derivationOf(body)`
   * makes the object to store from the stored one. With admission, as an update's: the mutating
   * admission of each attempt's body, with the object it read.
   */
  replaceFromBody(
    namespace: string | undefined,
    name: string,
    body: JsonObject,
    derivationOf: (sent: JsonObject) => (old: JsonObject) => JsonObject,
    options: ReplaceOptions = {},
  ): Promise<JsonObject> {
    const { admission } = options;
    if (admission === undefined) return this.#replace(namespace, name, body, options, derivationOf(body));
    return this.#replace(namespace, name, body, options, derivationOf(body), async (old) => {
      const attempt = admission.mutates ? cloneJson(body) : body;
      await admission.mutate(attempt, old);
      return { derive: derivationOf(attempt), finish: async () => {} };
    });
  }

  /** The body with the kind's defaults, as an update defaults what it decodes. */
  defaulted(object: JsonObject): JsonObject {
    return this.#defaulted(object);
  }

  /**
   * A replacement computed from the stored object (a subresource write such as scale): `body`
   * carries the name and, optionally, the resourceVersion precondition.
   */
  replaceWith(namespace: string | undefined, name: string, body: JsonObject, derive: (old: JsonObject) => JsonObject, options: ReplaceOptions = {}): Promise<JsonObject> {
    return this.#replace(namespace, name, body, options, derive);
  }

  /**
   * The read-check-write of every replacement: a resourceVersion in the body must be the current
   * one (409 otherwise), without one the write is unconditional (as built-in kinds allow, retried
   * when another write comes between), and a replacement that changes nothing writes nothing and
   * answers the stored object. A replacement that leaves a deleted object without finalizers
   * removes it. A dry run stops before the write and answers what would have been stored.
   */
  async #replace(
    namespace: string | undefined,
    name: string,
    body: JsonObject,
    options: ReplaceOptions,
    derive: (old: JsonObject) => JsonObject,
    beginAttempt?: (old: JsonObject) => Promise<{ derive: (old: JsonObject) => JsonObject; finish: (written: boolean) => Promise<void> }>,
  ): Promise<JsonObject> {
    const key = this.#key(namespace, name);
    checkNameMatchesUrl(body, name);
    checkProcessableDepth(body);
    const sent = metadataOf(body);
    const precondition = updatePrecondition(sent.resourceVersion);
    const context = { resource: this.groupResource, name, verb: 'update' };
    for (;;) {
      let current: KeyValue | undefined;
      try {
        current = (await this.#storage.get(key)).kv;
      } catch (error) {
        throw statusFromStorageError(error, context);
      }
      if (current === undefined) throw newNotFound(this.groupResource, name);
      if (precondition instanceof StatusError) throw precondition;
      this.#checkWritable(current);
      const storage = this.#storageFor(options.dryRun === true);
      if (precondition !== undefined && precondition !== BigInt(current.modRevision)) throw this.modifiedConflict(name);
      const old = withoutResourceVersion(await this.read(current));
      const attempt = await beginAttempt?.(old);
      let written = false;
      try {
        const { next, outcome } = await replacementOf(this.#kindWrites, old, attempt?.derive ?? derive, options);
        // A value read with an old encryption key is written again even so (kube's stale read).
        if (outcome === 'unchanged' && current.stale !== true) return this.read(current);
        try {
          if (outcome === 'delete') {
            const { revision } = await storage.delete(key, current.modRevision);
            written = true;
            return withResourceVersion(next, revision);
          }
          const kv = await storage.update(key, await this.#encode(next), current.modRevision);
          written = true;
          return this.#conversion === undefined ? withResourceVersion(next, kv.modRevision) : await this.read(kv);
        } catch (error) {
          if (isStorageError(error, 'Conflict') || isStorageError(error, 'NotFound')) {
            if (precondition !== undefined) throw this.modifiedConflict(name);
            continue;
          }
          throw statusFromStorageError(error, context);
        }
      } finally {
        await attempt?.finish(written);
      }
    }
  }

  /** The storage writes go to: the real one, or for a dry run the one that only checks. */
  #storageFor(dryRun: boolean): Storage {
    return dryRun ? this.#dryRunStorage : this.#storage;
  }

  /** kube's 409 for a write whose resourceVersion precondition is not the stored object's. */
  modifiedConflict(name: string): StatusError {
    return modifiedConflict(this.groupResource, name);
  }

  /**
   * Writes a replacement prepared elsewhere (a work thread, see update-on-thread.ts) over the
   * object stored at `revision`: its new bytes, or its removal. Answers the write's revision, or
   * undefined when another write came between (the caller prepares it again, or answers 409). A
   * dry run writes nothing and answers `revision`.
   */
  async writeReplacement(
    namespace: string | undefined,
    name: string,
    revision: Revision,
    outcome: 'write' | 'delete',
    bytes: Uint8Array,
    dryRun = false,
  ): Promise<Revision | undefined> {
    const key = this.#key(namespace, name);
    const storage = this.#storageFor(dryRun);
    try {
      if (outcome === 'delete') return (await storage.delete(key, revision)).revision;
      return (await storage.update(key, bytes, revision)).modRevision;
    } catch (error) {
      if (isStorageError(error, 'Conflict') || isStorageError(error, 'NotFound')) return undefined;
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'update' });
    }
  }

  /**
   * Starts a watch of the collection the request names (see watchStored). A store no longer served
   * (see closeWatches) ends it at once.
   */
  async watch(request: WatchRequest, listener: ApiWatchListener): Promise<Watch> {
    const prefix = this.#collection(request.namespace ?? request.fieldSelector?.namespace);
    const conversion = this.#conversion;
    const start = (to: ApiWatchListener): Promise<Watch> =>
      watchStored(
        this.#storage,
        {
          prefix,
          resource: this.groupResource,
          bookmark: (revision, annotations) => this.#bookmark(revision, annotations),
          view: conversion === undefined || conversion.remote === true ? undefined : (owner, stored) => this.#convertedOnce(owner, () => stored, conversion),
          allowUnsafeMalformedObjectDeletion: this.allowUnsafeMalformedObjectDeletion,
        },
        request,
        to,
      );
    // The stored objects of watch events are shared by every watcher (decodeShared), and so is their conversion.
    const watch = conversion?.remote === true ? await watchConverting(start, (stored) => this.#convertShared(stored, conversion), listener) : await start(listener);
    const open: OpenWatch = { watch, listener };
    if (this.#watchesClosed) {
      watch.close();
      setImmediate(() => listener({ type: 'CLOSED' }));
      return watch;
    }
    this.#watches.add(open);
    return {
      resume: () => watch.resume(),
      requestProgress: () => watch.requestProgress(),
      close: () => {
        this.#watches.delete(open);
        watch.close();
      },
    };
  }

  /**
   * Ends every watch of the store, now and to come, as kube tears down the storage of a custom
   * resource whose CRD changed or went: each stream just ends, and its client watches again (the
   * resource's new store, or a 404).
   */
  closeWatches(): void {
    this.#watchesClosed = true;
    for (const open of this.#watches) {
      open.watch.close();
      open.listener({ type: 'CLOSED' });
    }
    this.#watches.clear();
  }

  /** The conversion of the stored object `owner` stands for, made once while `owner` lives (shared: never changed). */
  #convertedOnce(owner: object, stored: () => JsonObject, conversion: LocalConversion): JsonObject {
    let object = this.#converted.get(owner);
    if (object === undefined) {
      object = conversion.fromStorage(stored());
      this.#converted.set(owner, object);
    }
    return object;
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
  async deleteCollection(request: ListRequest, options: DeleteOptions = { dryRun: false }, admit?: (object: JsonObject) => Promise<void>): Promise<ListPage<JsonObject>> {
    const listed = await this.list({ ...request, limit: 0, continueToken: undefined });
    const deleted: JsonObject[] = [];
    for (const kv of listed.items) {
      const object = decodeStoredObject(kv);
      // Stored objects have names.
      const { namespace, name = '' } = metadataOf(object);
      // kube's admission of each object: a refusal ends the collection's deletion there.
      await admit?.(object);
      try {
        deleted.push((await this.delete(namespace, name, options)).object);
      } catch (error) {
        if (!isNotFound(error)) throw error;
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
      const current = await this.read(kv);
      const plan = planDeletion(this.definition, this.strategy, current, options, now);
      const storage = this.#storageFor(options.dryRun);
      try {
        switch (plan.action) {
          case 'pending':
            return { object: current, deleted: false };
          case 'mark': {
            if (isDeepStrictEqual(plan.object, current)) return { object: plan.object, deleted: false };
            const stored = withoutResourceVersion(plan.object);
            const updated = await storage.update(key, await this.#encode(stored), kv.modRevision);
            return { object: await this.read(updated), deleted: false };
          }
          case 'remove': {
            const { prev } = await storage.delete(key, kv.modRevision);
            return { object: await this.read(prev), deleted: true };
          }
        }
      } catch (error) {
        if (isStorageError(error, 'Conflict')) continue;
        if (isStorageError(error, 'NotFound')) throw newNotFound(this.groupResource, name);
        throw statusFromStorageError(error, context);
      }
    }
  }

  /**
   * The unsafe deletion of a corrupt object (ignoreStoreReadErrorWithClusterBreakingPotential), as
   * kube's corrupt object deleter: refused (422) unless the stored value fails to decode; then a
   * normal delete is tried, and only when it fails on the corrupt object is the key removed, without
   * finalizers, grace period, preconditions or after-delete hooks. Nothing is left to answer with.
   */
  async deleteCorrupt(namespace: string | undefined, name: string): Promise<CorruptDeleteOutcome> {
    const key = this.#key(namespace, name);
    // Read from the store itself, not from a cache. Whatever is not a corrupt object is refused, a
    // missing object and a failed read included, as kube refuses them.
    const kv = await this.#storage.get(key).then(
      (result) => result.kv,
      () => undefined,
    );
    if (kv === undefined || corruptObjectOf(kv) === undefined) {
      // kube names the resource where the kind usually goes.
      const subject = { group: this.groupResource.group, kind: this.groupResource.resource };
      throw newInvalid(subject, name, [
        fieldInvalid('ignoreStoreReadErrorWithClusterBreakingPotential', true, 'is exclusively used to delete corrupt object(s), try again by removing this option'),
      ]);
    }
    try {
      return await this.delete(namespace, name);
    } catch (error) {
      if (!isCorruptObjectError(error)) throw error;
    }
    try {
      await this.#storage.delete(key);
      return { object: undefined, deleted: true };
    } catch (error) {
      // Gone meanwhile: what was asked for is done.
      if (isStorageError(error, 'NotFound')) return { object: undefined, deleted: false };
      throw statusFromStorageError(error, { resource: this.groupResource, name, verb: 'delete' });
    }
  }
}
