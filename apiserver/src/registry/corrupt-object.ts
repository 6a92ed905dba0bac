// Stored values that do not decode (kube's corrupt objects): how a read tells them apart, once per
// stored value, and what a get, a list or a watch that meets one answers. kube's words depend on
// AllowUnsafeMalformedObjectDeletion: with it on, a corrupt-object storage error that names the
// key; with it off, the decode error alone, as a 500 without a reason. A value that encryption at
// rest cannot decrypt (untransformable) is corrupt too, in kube's words for a transform error.

import {
  goJsonKind,
  goQuote,
  corruptObjectDeleted,
  corruptObjectsListed,
  newInternalError,
  newUnclassifiedError,
  StatusError,
  type GroupResource,
  type Status,
  type StatusCause,
  errorMessage,
} from '@capstan/common';
import type { KeyValue } from '../storage/storage.ts';
import { goJsonSyntaxError } from './go-json-syntax.ts';

/** A stored value that does not decode, and why, in the words of kube's JSON decoder. */
export interface CorruptObject {
  readonly key: string;
  /** 0 for an untransformable value, as kube's transform error carries no revision. */
  readonly revision: number;
  readonly reason: string;
  /** The value could not be decrypted (or is encrypted and the resource is not), rather than decoded. */
  readonly untransformable: boolean;
}

/** Thrown by reads of many objects (lists, the initial events of a watch) that met corrupt ones. */
export class CorruptObjectsError extends Error {
  override name = 'CorruptObjectsError';
  readonly objects: readonly CorruptObject[];

  constructor(objects: readonly CorruptObject[]) {
    super(objects.map((object) => `${object.key}: ${object.reason}`).join('; '));
    this.objects = objects;
  }
}

/** Values known to decode: a value the watch cache keeps is parsed for this once, not per read. */
const decodable = new WeakSet<KeyValue>();
const textDecoder = new TextDecoder();

/** The corrupt object a stored value is, or undefined when it decodes. */
export function corruptObjectOf(kv: KeyValue, revision = kv.modRevision): CorruptObject | undefined {
  if (kv.transformError !== undefined) return { key: kv.key, revision: 0, reason: kv.transformError, untransformable: true };
  if (decodable.has(kv)) return undefined;
  const reason = decodeFailure(kv.value);
  if (reason === undefined) {
    decodable.add(kv);
    return undefined;
  }
  // Without an encryption configuration, kube still reads every value through its identity
  // transformer, which refuses encrypted ones: checked only once the value failed to decode.
  if (hasEncryptedPrefix(kv.value)) return { key: kv.key, revision: 0, reason: 'identity transformer tried to read encrypted data', untransformable: true };
  return { key: kv.key, revision, reason, untransformable: false };
}

const encryptedPrefix = 'k8s:enc:';
const hasEncryptedPrefix = (bytes: Uint8Array): boolean =>
  bytes.length >= encryptedPrefix.length && textDecoder.decode(bytes.subarray(0, encryptedPrefix.length)) === encryptedPrefix;

/** Throws CorruptObjectsError naming every value of `items` that does not decode. */
export function checkDecodable(items: readonly KeyValue[]): void {
  const corrupt: CorruptObject[] = [];
  for (const kv of items) {
    const object = corruptObjectOf(kv);
    if (object !== undefined) corrupt.push(object);
  }
  if (corrupt.length > 0) throw new CorruptObjectsError(corrupt);
}

/** Errors made here, told apart from others with the same code (kube looks for "corrupt object" in the message). */
const corruptObjectErrors = new WeakMap<StatusError, { readonly object: CorruptObject; readonly allowUnsafeMalformedObjectDeletion: boolean }>();

export const isCorruptObjectError = (error: unknown): boolean => error instanceof StatusError && corruptObjectErrors.has(error);

/**
 * A read of one corrupt object (a get, or the read before a write or a delete): a 500. kube's
 * storage error names the key as the registry asks for it, below the `/registry` prefix.
 */
export function corruptObjectStatus(object: CorruptObject, allowUnsafeMalformedObjectDeletion: boolean): StatusError {
  const error = allowUnsafeMalformedObjectDeletion
    ? newInternalError(storageErrorText({ ...object, key: registryKeyOf(object.key) }))
    : object.untransformable
      ? newInternalError(object.reason)
      : newUnclassifiedError(object.reason);
  corruptObjectErrors.set(error, { object, allowUnsafeMalformedObjectDeletion });
  return error;
}

/**
 * The read before an update or a patch of a corrupt object (kube's GuaranteedUpdate, which the
 * corrupt-object store does not wrap): with the gate on, the corrupt-object error without the
 * storage error around it, an internal error for a value that does not decrypt; as a get otherwise.
 */
export function corruptWriteStatus(object: CorruptObject, allowUnsafeMalformedObjectDeletion: boolean): StatusError {
  if (!allowUnsafeMalformedObjectDeletion) return corruptObjectStatus(object, false);
  const error = object.untransformable ? newInternalError(notDecodable(object)) : newUnclassifiedError(notDecodable(object));
  corruptObjectErrors.set(error, { object, allowUnsafeMalformedObjectDeletion });
  return error;
}

/** A get's error for a corrupt object as the read of a patch answers it (corruptWriteStatus); any other error as it is. */
export function asWriteReadError(error: unknown): unknown {
  const corrupt = error instanceof StatusError ? corruptObjectErrors.get(error) : undefined;
  return corrupt === undefined ? error : corruptWriteStatus(corrupt.object, corrupt.allowUnsafeMalformedObjectDeletion);
}

/** kube reports at most this many corrupt objects of one list, then a cause that says there are more. */
const maxReportedObjects = 100;

/** A list that met corrupt objects: all of them (up to 100) with the gate on, the first one's decode error with it off. */
export function corruptListStatus(resource: GroupResource, objects: readonly CorruptObject[], allowUnsafeMalformedObjectDeletion: boolean): StatusError {
  if (!allowUnsafeMalformedObjectDeletion) {
    const first = objects[0] as CorruptObject;
    return first.untransformable ? newInternalError(`unable to transform key ${goQuote(first.key)}: ${first.reason}`) : newUnclassifiedError(first.reason);
  }
  const causes: StatusCause[] = objects
    .slice(0, maxReportedObjects)
    .map((object) => ({ reason: 'UnexpectedServerResponse', message: storageErrorText(object), field: object.key }));
  if (objects.length > maxReportedObjects) causes.push({ reason: 'FieldValueTooMany', message: 'too many errors, the list is truncated' });
  return corruptObjectsListed(resource, causes);
}

/**
 * The ERROR event of a watch that meets a corrupt object: kube's storage watcher reports a deleted
 * one as a StoreReadError (the unsafe deletion of a corrupt object ends every watch that saw it),
 * any other as an internal error.
 */
export function corruptWatchStatus(object: CorruptObject, deleted: boolean, allowUnsafeMalformedObjectDeletion: boolean): Status {
  if (!allowUnsafeMalformedObjectDeletion) return newInternalError(object.reason).status;
  const reason = notDecodable(object);
  return (deleted ? corruptObjectDeleted(reason) : newInternalError(reason)).status;
}

const notDecodable = (object: CorruptObject): string =>
  `${object.untransformable ? 'data from the storage is not transformable' : 'object not decodable'} revision=${object.revision}: ${object.reason}`;

/** The key below kube's default etcd prefix, as its registry names an object to the storage. */
const registryKeyOf = (key: string): string => (key.startsWith('/registry/') ? key.slice('/registry'.length) : key);

/** kube's storage.StorageError of a corrupt object (code 7) as its Error() writes it. */
const storageErrorText = (object: CorruptObject): string =>
  `StorageError: corrupt object, Code: 7, Key: ${object.key}, ResourceVersion: 0, AdditionalErrorMsg: ${notDecodable(object)}`;

/** What kube's JSON decoder says of the bytes, as Go's encoding/json words it; undefined when they decode to an object. */
function decodeFailure(bytes: Uint8Array): string | undefined {
  const text = textDecoder.decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `couldn't get version/kind; json parse error: ${goJsonSyntaxError(bytes) ?? errorMessage(error)}`;
  }
  if (value === null) return `Object 'Kind' is missing in '${text}'`;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(value)} into Go value of type ${findKindType}`;
  }
  const { kind, metadata } = value as { kind?: unknown; metadata?: unknown };
  if (metadata !== undefined && metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata))) {
    return `json: cannot unmarshal ${goJsonKind(metadata)} into Go struct field ${typeof kind === 'string' ? kind : ''}.metadata of type v1.ObjectMeta`;
  }
  return undefined;
}

/** The struct kube's JSON serializer first reads apiVersion and kind into. */
const findKindType = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';
