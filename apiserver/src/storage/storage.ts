// The one storage contract that every backend (sqlite, etcd) and the watch cache implement,
// modelled on kube-apiserver's storage.Interface: a key-value store with one global revision.

import type { StorageError } from './storage-error.ts';

/** A global revision. Every write bumps it by one; an object's resourceVersion is its modRevision. */
export type Revision = number;

export interface KeyValue {
  readonly key: string;
  /** The stored bytes, exactly as written. */
  readonly value: Uint8Array;
  /** The revision of the write that created the key (kept across updates). */
  readonly createRevision: Revision;
  /** The revision of the last write to the key. */
  readonly modRevision: Revision;
  /**
   * Encryption at rest could not decrypt the value (storage/encryption): why, in kube's words;
   * `value` is then the bytes as stored.
   */
  readonly transformError?: string;
  /** Decrypted with a key that no longer writes: an update stores it again even when nothing changed. */
  readonly stale?: boolean;
}

export interface ReadOptions {
  /** Read the state exactly as of this revision; unset or 0 reads the latest state. */
  readonly revision?: Revision;
  /**
   * With no `revision`: any state at least this new will do (resourceVersionMatch=NotOlderThan),
   * which lets the watch cache answer. A store that is behind waits briefly, then fails as FutureRevision.
   */
  readonly minRevision?: Revision;
}

export interface GetResult {
  /** The object, or undefined when the key does not exist at the revision read. */
  readonly kv: KeyValue | undefined;
  /** The revision of the snapshot the read was served from. */
  readonly revision: Revision;
}

export interface ListOptions extends ReadOptions {
  /** At most this many items; unset or 0 means no limit. */
  readonly limit?: number;
  /** Start strictly after this key (the last key of the previous page). */
  readonly continueAfter?: string;
}

export interface ListResult {
  /** Items in key order. */
  readonly items: readonly KeyValue[];
  /** The revision of the snapshot every item was read at. */
  readonly revision: Revision;
  /** True when more items remain after the last one returned. */
  readonly more: boolean;
  /** How many items remain after this page, where the backend can tell cheaply. */
  readonly remaining?: number;
}

export interface DeleteResult {
  /** The object as it was just before the delete. */
  readonly prev: KeyValue;
  /** The revision of the delete. */
  readonly revision: Revision;
}

export type WatchEvent =
  | { readonly type: 'ADDED'; readonly revision: Revision; readonly kv: KeyValue }
  | { readonly type: 'MODIFIED'; readonly revision: Revision; readonly kv: KeyValue; readonly prev: KeyValue }
  /** `prev` is the last state of the deleted object; `revision` is the revision of the delete. */
  | { readonly type: 'DELETED'; readonly revision: Revision; readonly prev: KeyValue }
  /** Every change up to and including `revision` has been delivered. */
  | { readonly type: 'PROGRESS'; readonly revision: Revision }
  /** The watch failed and has ended; no event follows. */
  | { readonly type: 'ERROR'; readonly error: StorageError };

export type ChangeEvent = Extract<WatchEvent, { type: 'ADDED' | 'MODIFIED' | 'DELETED' }>;

/** The key a change is about. */
export const changedKey = (event: ChangeEvent): string => (event.type === 'DELETED' ? event.prev.key : event.kv.key);

/**
 * Receives the events of a watch. Returning false says the consumer's buffer is full (as
 * stream.write does): later events wait in a bounded queue until `resume()`; a watcher whose queue
 * overflows is closed with a TooSlow error, so that one slow client never holds up the others.
 */
export type WatchListener = (event: WatchEvent) => boolean | void;

/** What a watcher may tell the store so that it is sent fewer events. */
export interface WatchOptions {
  /**
   * The value the watcher's field selector requires of its resource's indexed field (pods'
   * spec.nodeName): a watch cache that indexes the resource sends it only the events whose object,
   * now or before the change, has that value, as kube's cacher serves a watcher with a trigger
   * value. Other stores send every event; the watcher's own selector decides either way.
   */
  readonly indexValue?: string;
}

export interface Watch {
  /** Deliver the events queued while the listener was full. */
  resume(): void;
  /** Ask for a PROGRESS event carrying the current revision, sent once every change up to it is delivered. */
  requestProgress(): void;
  /** Stop the watch; no event is delivered after this returns. Idempotent. */
  close(): void;
}

export interface Storage {
  /** The latest revision of the whole store, read from the store itself. */
  currentRevision(): Promise<Revision>;
  get(key: string, options?: ReadOptions): Promise<GetResult>;
  /** List the keys under `prefix`, which ends with '/'. */
  list(prefix: string, options?: ListOptions): Promise<ListResult>;
  /** Create the key; fails with AlreadyExists if it exists. */
  create(key: string, value: Uint8Array): Promise<KeyValue>;
  /** Replace the value if the key's modRevision is `expectedRevision`; NotFound or Conflict otherwise. */
  update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue>;
  /** Delete the key, if its modRevision is `expectedRevision` where given; NotFound or Conflict otherwise. */
  delete(key: string, expectedRevision?: Revision): Promise<DeleteResult>;
  /**
   * Deliver every change under `prefix` after `fromRevision`, in revision order and without gaps,
   * then the changes that follow. `fromRevision` 0 starts at the current revision.
   */
  watch(prefix: string, fromRevision: Revision, listener: WatchListener, options?: WatchOptions): Watch;
  /**
   * Forget the history before `revision`: reads at older revisions, and watches from older
   * revisions, fail as Compacted. Reads at `revision` and watches from it keep working.
   */
  compact(revision: Revision): Promise<void>;
  close(): Promise<void>;
  /** The database's physically allocated size in bytes (apiserver_storage_size_bytes), where the backend can tell. */
  databaseSize?(): Promise<number>;
}
