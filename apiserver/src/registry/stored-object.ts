// How an object is kept in the store, and how its stored bytes become an answer. An object is
// stored as JSON that starts `{"kind":…,"apiVersion":…,"metadata":{` and carries no
// resourceVersion (the store's revision is it, as in kube's etcd). Reads of JSON splice the
// revision in after that prefix and copy the stored bytes as they are: no parse, no stringify.
// Bytes of another shape (written by something else) go through JSON.parse instead.

import { parseJson, runInSteps, runToEnd } from '@capstan/common';
import { objectOf } from './defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from './object-meta.ts';
import type { KeyValue } from '../storage/storage.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The bytes to store for an object: kind, apiVersion and metadata first, resourceVersion dropped. */
export function encodeStoredObject(object: JsonObject): Uint8Array {
  const { kind, apiVersion, metadata: _metadata, ...rest } = object;
  const { resourceVersion: _resourceVersion, ...storedMetadata } = metadataOf(object);
  return encoder.encode(JSON.stringify({ kind, apiVersion, metadata: storedMetadata, ...rest }));
}

/** The object of a stored key-value, with its resourceVersion. */
export function decodeStoredObject(kv: KeyValue): JsonObject {
  const bodyStart = metadataBodyStart(kv.value);
  if (bodyStart < 0) return withResourceVersion(objectOf(parseJson(decoder.decode(kv.value))), kv.modRevision);
  return objectOf(parseJson(storedObjectJson(kv, '').toString('utf8')));
}

/** The object at a revision; the resourceVersion comes first in its metadata, where reads splice it in. */
export function withResourceVersion(object: JsonObject, revision: number): JsonObject {
  const { resourceVersion: _resourceVersion, ...metadata } = metadataOf(object);
  return { ...object, metadata: { resourceVersion: String(revision), ...metadata } };
}

/** Stored objects carry no resourceVersion: the store's revision is it. */
export function withoutResourceVersion(object: JsonObject): JsonObject {
  const { resourceVersion: _resourceVersion, ...metadata } = metadataOf(object);
  return { ...object, metadata };
}

/** The JSON of an object as a GET answers it, followed by `tail`. */
export function storedObjectJson(kv: KeyValue, tail: string): Buffer {
  return runToEnd(joinItems('', [kv], tail, true, Number.POSITIVE_INFINITY));
}

/**
 * A list's JSON in one buffer: `head`, the items joined by commas, `tail`. Built-in lists carry no
 * kind and apiVersion on their items; lists of custom objects do (`withTypeMeta`).
 */
export function storedListJson(head: string, items: readonly KeyValue[], tail: string, withTypeMeta = false): Buffer {
  return runToEnd(joinItems(head, items, tail, withTypeMeta, Number.POSITIVE_INFINITY));
}

/**
 * storedListJson, awaiting `pause` after every `itemsPerStep` items: a list of many thousands of
 * objects takes tens of milliseconds to join, which other clients should not wait for in one piece.
 */
export function storedListJsonInSteps(
  head: string,
  items: readonly KeyValue[],
  tail: string,
  itemsPerStep: number,
  pause: () => Promise<void>,
  withTypeMeta = false,
): Promise<Buffer> {
  return runInSteps(joinItems(head, items, tail, withTypeMeta, itemsPerStep), pause);
}

/** Sizes everything first, then copies each part once into one buffer; yields after every `itemsPerStep` items of each pass. */
function* joinItems(head: string, items: readonly KeyValue[], tail: string, withTypeMeta: boolean, itemsPerStep: number): Generator<void, Buffer> {
  const bodyStarts = new Int32Array(items.length);
  const resourceVersions: string[] = new Array(items.length);
  const reencoded: (Buffer | undefined)[] = new Array(items.length);
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, items.length - 1);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % itemsPerStep === 0) yield;
    const kv = items[i];
    if (kv === undefined) continue;
    const bodyStart = metadataBodyStart(kv.value);
    bodyStarts[i] = bodyStart;
    if (bodyStart < 0) {
      const bytes = Buffer.from(JSON.stringify(reshaped(kv, withTypeMeta)));
      reencoded[i] = bytes;
      length += bytes.length;
      continue;
    }
    const emptyMetadata = kv.value[bodyStart] === closingBrace;
    const resourceVersion = `"resourceVersion":"${kv.modRevision}"${emptyMetadata ? '' : ','}`;
    resourceVersions[i] = resourceVersion;
    length += (withTypeMeta ? bodyStart : listItemHead.length) + resourceVersion.length + kv.value.length - bodyStart;
  }
  const out = Buffer.allocUnsafe(length);
  let at = out.write(head, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % itemsPerStep === 0) yield;
    if (i > 0) out[at++] = comma;
    const bytes = reencoded[i];
    if (bytes !== undefined) {
      out.set(bytes, at);
      at += bytes.length;
      continue;
    }
    const kv = items[i];
    const resourceVersion = resourceVersions[i];
    if (kv === undefined || resourceVersion === undefined) continue;
    const { value } = kv;
    const bodyStart = bodyStarts[i] as number;
    const itemHead = withTypeMeta ? value.subarray(0, bodyStart) : listItemHead;
    out.set(itemHead, at);
    at += itemHead.length;
    at += out.write(resourceVersion, at, 'latin1');
    out.set(value.subarray(bodyStart), at);
    at += value.length - bodyStart;
  }
  out.write(tail, at);
  return out;
}

/** An object of another shape, decoded and shaped as the answer needs it. */
function reshaped(kv: KeyValue, withTypeMeta: boolean): JsonObject {
  const object = withResourceVersion(objectOf(parseJson(decoder.decode(kv.value))), kv.modRevision);
  if (!withTypeMeta) {
    delete object.kind;
    delete object.apiVersion;
  }
  return object;
}

const kindOpening = encoder.encode('{"kind":"');
const apiVersionOpening = encoder.encode(',"apiVersion":"');
const metadataOpening = encoder.encode(',"metadata":{');
const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const closingBrace = 0x7d;
/** The stored prefix of a list item, which drops kind and apiVersion. */
const listItemHead = encoder.encode('{"metadata":{');

/** Where the body of the stored metadata starts, just inside `"metadata":{`; -1 for bytes of another shape. */
function metadataBodyStart(bytes: Uint8Array): number {
  let at = expect(bytes, 0, kindOpening);
  if (at < 0 || (at = skipString(bytes, at)) < 0) return -1;
  at = expect(bytes, at, apiVersionOpening);
  if (at < 0 || (at = skipString(bytes, at)) < 0) return -1;
  return expect(bytes, at, metadataOpening);
}

/** The index after `expected` when the bytes hold it at `at`, else -1. */
function expect(bytes: Uint8Array, at: number, expected: Uint8Array): number {
  if (bytes.length < at + expected.length) return -1;
  for (let i = 0; i < expected.length; i++) if (bytes[at + i] !== expected[i]) return -1;
  return at + expected.length;
}

/** The index after the closing quote of a string whose body starts at `at`; -1 for escapes (never in a kind). */
function skipString(bytes: Uint8Array, at: number): number {
  for (let i = at; i < bytes.length; i++) {
    if (bytes[i] === quote) return i + 1;
    if (bytes[i] === backslash) return -1;
  }
  return -1;
}

/**
 * Every watcher of a resource receives the same storage events and cached key-values: each is
 * decoded once and the object shared, so that its wire bytes can be encoded once too (encodeOnce).
 * Shared objects are never mutated.
 */
const sharedObjects = new WeakMap<object, JsonObject>();

/** The object of `owner` (a cached key-value, or a storage event), made once for all who ask. */
export function sharedObject(owner: object, make: () => JsonObject): JsonObject {
  let object = sharedObjects.get(owner);
  if (object === undefined) {
    object = make();
    sharedObjects.set(owner, object);
  }
  return object;
}

export const decodeShared = (kv: KeyValue): JsonObject => sharedObject(kv, () => decodeStoredObject(kv));
