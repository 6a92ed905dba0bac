// The watch of the generic store: storage events of a resource's collection turned into API watch
// events, narrowed by the request's selectors, after the initial events of a watch-list.

import { tooOldResourceVersion, type GroupResource, type Status } from '@capstan/common';
import type { Storage, Watch, WatchEvent } from '../storage/storage.ts';
import { checkDecodable, corruptListStatus, corruptObjectOf, corruptWatchStatus, CorruptObjectsError, type CorruptObject } from './corrupt-object.ts';
import type { JsonObject } from './object-meta.ts';
import { statusFromStorageError } from './storage-status.ts';
import { nameOfKey, objectMatcher } from './store-list.ts';
import { decodeShared, decodeStoredObject, sharedObject } from './stored-object.ts';
import { watchIndexValue } from './watch-index.ts';
import type { WatchRequest } from './watch-request.ts';

export type ApiWatchEvent =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; readonly object: JsonObject }
  | { readonly type: 'ERROR'; readonly object: Status }
  /**
   * The server closed the watch, with nothing to tell: kube's cacher closes a watcher that could
   * not keep up and its stream just ends; the client watches again from its last resourceVersion.
   */
  | { readonly type: 'CLOSED' };

/** Receives watch events; false says the client's buffer is full (see Watch.resume). */
export type ApiWatchListener = (event: ApiWatchEvent) => boolean | void;

/** What a watch needs of its resource besides the storage. */
export interface WatchedCollection {
  /** The key prefix of the collection watched (one namespace, or all). */
  readonly prefix: string;
  readonly resource: GroupResource;
  /** A BOOKMARK's object: the kind with nothing but a resourceVersion (and annotations). */
  bookmark(revision: number, annotations?: Record<string, string>): JsonObject;
  /**
   * This view's object of a stored one, made once per `owner` (a key-value or event) for all
   * watchers; unset when the view is the stored shape. Selectors match the view, as kube's
   * watch cache of each served version matches the objects it decoded into that version.
   */
  readonly view?: ((owner: object, stored: JsonObject) => JsonObject) | undefined;
  /** The AllowUnsafeMalformedObjectDeletion gate, which words the errors of corrupt objects. */
  readonly allowUnsafeMalformedObjectDeletion?: boolean;
}

const isResourceVersionTooLarge = (status: Status): boolean => status.details?.causes?.some((cause) => cause.reason === 'ResourceVersionTooLarge') === true;

async function currentRevisionOf(storage: Storage, collection: WatchedCollection): Promise<number> {
  try {
    return await storage.currentRevision();
  } catch (error) {
    throw statusFromStorageError(error, { resource: collection.resource, name: '', verb: 'watch' });
  }
}

/** A watch that ended before it started. */
const endedWatch: Watch = { resume: () => {}, requestProgress: () => {}, close: () => {} };

/**
 * Starts a watch. With sendInitialEvents (kube's default for a watch from "now" or "0") the
 * current state comes first as ADDED events, then the changes after it; otherwise the changes
 * after the resourceVersion (or after now).
 */
export async function watchStored(storage: Storage, collection: WatchedCollection, request: WatchRequest, listener: ApiWatchListener): Promise<Watch> {
  const { prefix } = collection;
  const fields = request.fieldSelector;
  const named = (key: string): boolean => fields?.name === undefined || nameOfKey(key) === fields.name;
  const matcher = objectMatcher(request.labelSelector, fields);
  const matches = (object: JsonObject): boolean => matcher === undefined || matcher(object);
  const { view } = collection;
  const shown = (owner: object, stored: JsonObject): JsonObject => (view === undefined ? stored : view(owner, stored));
  const unsafeDeletion = collection.allowUnsafeMalformedObjectDeletion ?? false;
  // A corrupt object ends the watch with an ERROR event, the last it sends: its watchers must list again.
  let ended = false;
  const corrupt = (object: CorruptObject, deleted = false): boolean | void => {
    ended = true;
    return listener({ type: 'ERROR', object: corruptWatchStatus(object, deleted, unsafeDeletion) });
  };
  let from = request.resourceVersion ?? 0;
  if (request.sendInitialEvents) {
    let initial;
    const freshness = request.anyRecentState ? { minRevision: 0 } : request.resourceVersion === undefined ? {} : { minRevision: request.resourceVersion };
    try {
      initial = await storage.list(prefix, freshness);
    } catch (error) {
      const status = statusFromStorageError(error, {
        resource: collection.resource,
        name: '',
        verb: 'watch',
        ...(request.resourceVersion === undefined ? {} : { requestedRevision: request.resourceVersion }),
      });
      // kube's cacher answers a watch that waited in vain for the state it asked for with a
      // stream whose one event is the 504: the watch is served, its ERROR says why it ends.
      if (!isResourceVersionTooLarge(status.status)) throw status;
      listener({ type: 'ERROR', object: status.status });
      return endedWatch;
    }
    try {
      checkDecodable(initial.items.filter((kv) => named(kv.key)));
    } catch (error) {
      if (error instanceof CorruptObjectsError) throw corruptListStatus(collection.resource, error.objects, unsafeDeletion);
      throw error;
    }
    for (const kv of initial.items) {
      if (!named(kv.key)) continue;
      const object = shown(kv, decodeShared(kv));
      if (matches(object)) listener({ type: 'ADDED', object });
    }
    from = initial.revision;
    if (request.initialEventsEndBookmark) {
      listener({ type: 'BOOKMARK', object: collection.bookmark(from, { 'k8s.io/initial-events-end': 'true' }) });
    }
  }
  const requested = from;
  // A watch from a revision the store has not reached yet is served as kube's cacher serves it:
  // from now on, the changes up to that revision left out (nothing fails after a wait).
  let startAfter = from;
  if (!request.sendInitialEvents && from > 0) startAfter = Math.min(from, await currentRevisionOf(storage, collection));
  const skipThrough = startAfter < from ? from : 0;
  const indexValue = watchIndexValue(collection.resource, fields);
  return storage.watch(
    prefix,
    startAfter,
    (event: WatchEvent) => {
      if (ended) return true;
      if (event.type !== 'ERROR' && event.revision <= skipThrough) return true;
      switch (event.type) {
        case 'ADDED': {
          if (!named(event.kv.key)) return true;
          const broken = corruptObjectOf(event.kv);
          if (broken !== undefined) return corrupt(broken);
          const object = shown(event.kv, decodeShared(event.kv));
          return matches(object) ? listener({ type: 'ADDED', object }) : true;
        }
        case 'MODIFIED': {
          if (!named(event.kv.key)) return true;
          // The object before the change is read only to tell whether it matched the selectors.
          const broken = corruptObjectOf(event.kv) ?? (matcher === undefined ? undefined : corruptObjectOf(event.prev));
          if (broken !== undefined) return corrupt(broken);
          const object = shown(event.kv, decodeShared(event.kv));
          const now = matches(object);
          const before = matcher === undefined || matcher(shown(event.prev, decodeShared(event.prev)));
          // An object that starts or stops matching the selector appears or disappears for this watcher.
          if (now && before) return listener({ type: 'MODIFIED', object });
          if (now) return listener({ type: 'ADDED', object });
          if (before) return listener({ type: 'DELETED', object });
          return true;
        }
        case 'DELETED': {
          if (!named(event.prev.key)) return true;
          const broken = corruptObjectOf(event.prev, event.revision);
          if (broken !== undefined) return corrupt(broken, true);
          // The object as it was, at the revision of its deletion.
          const object = shown(
            event,
            sharedObject(event, () => decodeStoredObject({ ...event.prev, modRevision: event.revision })),
          );
          return matches(object) ? listener({ type: 'DELETED', object }) : true;
        }
        case 'PROGRESS':
          return request.allowWatchBookmarks ? listener({ type: 'BOOKMARK', object: collection.bookmark(event.revision) }) : true;
        case 'ERROR':
          if (event.error.code === 'TooSlow') return listener({ type: 'CLOSED' });
          return listener({
            type: 'ERROR',
            object:
              event.error.code === 'Compacted'
                ? tooOldResourceVersion(requested, event.error.revision ?? 0).status
                : statusFromStorageError(event.error, { resource: collection.resource, name: '', verb: 'watch', requestedRevision: from }).status,
          });
      }
    },
    indexValue === undefined ? undefined : { indexValue },
  );
}
