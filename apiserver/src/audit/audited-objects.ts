// The objects an event shows, encoded as kube's audit encodes them: JSON whatever the encoding on
// the wire (a YAML, Protobuf or CBOR body is decoded first; a body that cannot be decoded is left
// out, as kube leaves out what it could not decode), managedFields left out when the policy says so.
// A patch is shown as sent (kube's LogRequestPatch), an apply's YAML as its JSON.

import { decodeBody, parseYaml } from '../endpoints/read-body.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { EncodedObject } from './audit-event.ts';
import { levelAtLeast } from './audit-policy.ts';
import type { RequestAuditConfig } from './policy-rule-evaluator.ts';

export interface RecordedBody {
  readonly bytes: Buffer;
  readonly mediaType: string;
  readonly patch: boolean;
}

/** An answer as an object, or as the JSON bytes sent. */
export type RecordedResponse = { readonly object: unknown } | { readonly json: Uint8Array };

interface ObjectMetaFacts {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly resourceVersion: string;
}

/** The decoded body (for objectRef) and, at level Request and up, its encoding; undefined when it cannot be decoded. */
export async function encodedRequestObject(
  body: RecordedBody,
  config: RequestAuditConfig,
  defaulted: ((object: JsonObject) => JsonObject) | undefined,
): Promise<{ object: unknown; encoded: EncodedObject | undefined } | undefined> {
  if (body.bytes.length === 0) return undefined;
  // At level Metadata only a create's or update's object is needed, for the names it gives objectRef.
  if (body.patch && !levelAtLeast(config.level, 'Request')) return undefined;
  let object: unknown;
  try {
    object = await decoded(body);
  } catch {
    return undefined;
  }
  if (!levelAtLeast(config.level, 'Request')) return { object, encoded: undefined };
  // A decoded object is encoded again, as kube does: defaulted as its decoding defaults it, its kind and apiVersion first.
  const shown = body.patch ? object : typeMetaFirst(defaulted !== undefined && isFields(object) ? defaultedOrAsSent(defaulted, object) : object);
  return { object, encoded: { json: JSON.stringify(config.omitManagedFields ? withoutManagedFields(shown) : shown) } };
}

function defaultedOrAsSent(defaulted: (object: JsonObject) => JsonObject, object: JsonObject): JsonObject {
  try {
    return defaulted(object);
  } catch {
    // What the kind's defaulting cannot read, its validation refuses: the event shows it as sent.
    return object;
  }
}

function typeMetaFirst(object: unknown): unknown {
  if (!isFields(object) || object.kind === undefined) return object;
  const { kind, apiVersion, ...rest } = object;
  return { kind, apiVersion, ...rest };
}

async function decoded({ bytes, mediaType }: RecordedBody): Promise<unknown> {
  if (mediaType === 'application/yaml' || mediaType === 'application/apply-patch+yaml') return parseYaml(bytes.toString('utf8'));
  if (mediaType.endsWith('json')) return JSON.parse(bytes.toString('utf8'));
  return decodeBody(mediaType, bytes);
}

export function encodedResponseObject(response: RecordedResponse, config: RequestAuditConfig): EncodedObject | undefined {
  if ('object' in response) {
    if (response.object === undefined) return undefined;
    return { json: JSON.stringify(config.omitManagedFields ? withoutManagedFields(response.object) : response.object) };
  }
  const text = Buffer.from(response.json.buffer, response.json.byteOffset, response.json.byteLength).toString('utf8').trimEnd();
  // Compact JSON goes in as it was sent; indented JSON (?pretty) or JSON to change is made again.
  if (!config.omitManagedFields && !text.includes('\n')) return { json: text };
  try {
    const object: unknown = JSON.parse(text);
    return { json: JSON.stringify(config.omitManagedFields ? withoutManagedFields(object) : object) };
  } catch {
    return undefined;
  }
}

/** The name, namespace, uid and resourceVersion an object's metadata gives, if it has metadata. */
export function objectMetaOf(object: unknown): ObjectMetaFacts | undefined {
  if (!isFields(object) || !isFields(object.metadata)) return undefined;
  const { metadata } = object;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return { namespace: text(metadata.namespace), name: text(metadata.name), uid: text(metadata.uid), resourceVersion: text(metadata.resourceVersion) };
}

/** kube's copyWithoutManagedFields: of an object, of a list's items, of a Table's rows' objects. */
export function withoutManagedFields(object: unknown): unknown {
  if (!isFields(object)) return object;
  let copy: Record<string, unknown> = object;
  if (isFields(object.metadata) && 'managedFields' in object.metadata) {
    const { managedFields: _, ...metadata } = object.metadata;
    copy = { ...copy, metadata };
  }
  if (Array.isArray(object.items)) copy = { ...copy, items: object.items.map(withoutManagedFields) };
  if (object.kind === 'Table' && Array.isArray(object.rows)) {
    copy = { ...copy, rows: object.rows.map((row: unknown) => (isFields(row) && row.object !== undefined ? { ...row, object: withoutManagedFields(row.object) } : row)) };
  }
  return copy;
}

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
