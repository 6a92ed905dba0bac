// The list read of the generic store: one page of a resource's stored objects at the revision a
// request asks for, narrowed by its selectors, with the continue token of the next page. Items
// stay stored key-values: an answer in JSON sends their bytes as they are (stored-object.ts).

import { matchesLabels, type GroupResource, type LabelSelector } from '@capstan/common';
import type { KeyValue, ListOptions, Storage } from '../storage/storage.ts';
import { decodeContinueToken, encodeContinueToken } from './continue-token.ts';
import { checkDecodable, CorruptObjectsError } from './corrupt-object.ts';
import type { FieldSelector } from './field-selector.ts';
import { metadataOf, type JsonObject } from './object-meta.ts';
import { statusFromStorageError } from './storage-status.ts';
import { decodeShared } from './stored-object.ts';

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

/** A consistent read of every object of a namespace (all of them when undefined), unpaged and unfiltered. */
export const wholeList = (namespace: string | undefined): ListRequest => ({
  namespace,
  limit: 0,
  continueToken: undefined,
  resourceVersion: undefined,
  resourceVersionMatch: undefined,
  labelSelector: undefined,
  fieldSelector: undefined,
});

export interface ListPage<Item = KeyValue> {
  readonly items: readonly Item[];
  readonly resourceVersion: string;
  readonly continueToken: string | undefined;
  readonly remainingItemCount: number | undefined;
}

/** A stored object as the resource serves it (converted, defaulted on read), made once per key-value. */
export type StoredView = (kv: KeyValue, stored: JsonObject) => JsonObject;

/**
 * One page under `prefix` (a collection key prefix); `collection` names the resource in errors.
 * Every object read must decode: the corrupt ones fail the list with a CorruptObjectsError.
 * Selectors match what the resource serves: `view` of each object where it is not the stored shape.
 */
export async function readListPage(storage: Storage, prefix: string, request: ListRequest, collection: GroupResource, view?: StoredView): Promise<ListPage> {
  const fields = request.fieldSelector;
  const served = (kv: KeyValue): JsonObject => (view === undefined ? decodeShared(kv) : view(kv, decodeShared(kv)));
  const options: { -readonly [K in keyof ListOptions]: ListOptions[K] } = { limit: request.limit };
  const token = request.continueToken === undefined ? undefined : decodeContinueToken(request.continueToken);
  const requested = request.resourceVersion === undefined || request.resourceVersion === '' ? undefined : Number(request.resourceVersion);
  if (token !== undefined) {
    if (token.revision > 0) options.revision = token.revision;
    options.continueAfter = prefix + token.after;
  } else if (requested !== undefined && requested > 0 && isExactList(request)) {
    options.revision = requested;
  } else if (requested !== undefined) {
    options.minRevision = requested;
  }
  try {
    const matches = objectMatcher(request.labelSelector, fields);
    if (fields?.name !== undefined) {
      // One name is at most one object per namespace: a filtered read, never paged.
      const result = await storage.list(prefix, { ...options, limit: 0 });
      const named = result.items.filter((kv) => nameOfKey(kv.key) === fields.name);
      checkDecodable(named);
      return {
        items: matches === undefined ? named : named.filter((kv) => matches(served(kv))),
        resourceVersion: String(result.revision),
        continueToken: undefined,
        remainingItemCount: undefined,
      };
    }
    if (matches === undefined) {
      const result = await storage.list(prefix, options);
      checkDecodable(result.items);
      const last = result.items[result.items.length - 1];
      return {
        items: result.items,
        resourceVersion: String(result.revision),
        continueToken: result.more && last !== undefined ? encodeContinueToken({ revision: result.revision, after: last.key.slice(prefix.length) }) : undefined,
        remainingItemCount: result.more ? result.remaining : undefined,
      };
    }
    // With a selector, pages are read at one revision until `limit` objects match; the remaining
    // count is unknown (kube-apiserver omits it too).
    const items: KeyValue[] = [];
    let revision: number | undefined = options.revision;
    let after = options.continueAfter;
    for (;;) {
      const page = await storage.list(prefix, {
        ...options,
        ...(revision === undefined ? {} : { revision }),
        ...(after === undefined ? {} : { continueAfter: after }),
      });
      revision = page.revision;
      checkDecodable(page.items);
      for (const kv of page.items) if (matches(served(kv))) items.push(kv);
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
    if (error instanceof CorruptObjectsError) throw error;
    throw statusFromStorageError(error, {
      resource: collection,
      name: '',
      verb: 'list',
      ...(requested === undefined ? {} : { requestedRevision: requested }),
      ...(token === undefined ? {} : { continueAfter: token.after }),
    });
  }
}

/** Whether an object passes the label and field selectors; undefined when there are none. */
export function objectMatcher(labels: LabelSelector | undefined, fields: FieldSelector | undefined): ((object: JsonObject) => boolean) | undefined {
  if ((labels === undefined || labels.length === 0) && (fields === undefined || fields.requirements.length === 0)) return undefined;
  return (object) =>
    (labels === undefined || matchesLabels(labels, metadataOf(object).labels as Record<string, string> | undefined)) && (fields === undefined || fields.matches(object));
}

/** The name in an object's key: its last segment. */
export const nameOfKey = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/** Exact, or kube's legacy rule: a resourceVersion with a limit and no match reads exactly there. */
const isExactList = (request: ListRequest): boolean => request.resourceVersionMatch === 'Exact' || (request.resourceVersionMatch === undefined && request.limit > 0);
