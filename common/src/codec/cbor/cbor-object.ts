// Objects in CBOR as kube-apiserver writes them with CBORServingAndStorage: each top-level item
// tagged self-described CBOR (0xd9d9f7), maps with text keys, []byte fields (base64 in JSON) as
// byte strings, integers beyond 2^53 exact. Reading does the reverse, into the JSON form.

import { Decoder, Encoder } from 'cbor-x';
import { isRawJSON, rawJSON } from '../../json/raw-json.ts';
import type { Schema } from '../../schema/schema.ts';
import type { TypeLookup } from '../../schema/schema.ts';

const selfDescribed = Uint8Array.of(0xd9, 0xd9, 0xf7);
const encoder = new Encoder({ useRecords: false, mapsAsObjects: true, tagUint8Array: false, variableMapSize: true });
const decoder = new Decoder({ useRecords: false, mapsAsObjects: true });

export class CborDecodeError extends Error {
  override name = 'CborDecodeError';
}

/** The CBOR of a value made ready by `prepareForCbor`, as one self-described data item. */
export function encodeCbor(prepared: unknown): Uint8Array {
  const body = encoder.encode(prepared);
  const out = new Uint8Array(selfDescribed.length + body.length);
  out.set(selfDescribed, 0);
  out.set(body, selfDescribed.length);
  return out;
}

/** A copy of an object whose type is `typeName` fit for CBOR: its byte fields as bytes, long integers exact. */
export function prepareForCbor(object: unknown, typeName: string | undefined, lookup: TypeLookup): unknown {
  return forCbor(object, typeName === undefined ? undefined : { type: 'ref', name: typeName }, lookup);
}

/** One CBOR data item (self-described or not) in the JSON form. */
export function decodeCborObject(bytes: Uint8Array): unknown {
  let value: unknown;
  try {
    value = decoder.decode(bytes);
  } catch (error) {
    throw new CborDecodeError((error as Error).message);
  }
  return toJsonForm(value);
}

/** A copy fit for CBOR: base64 text of byte fields as bytes, exact long integers as bigints. */
function forCbor(value: unknown, schema: Schema | undefined, lookup: TypeLookup): unknown {
  if (value === null || value === undefined) return value;
  if (isRawJSON(value)) return BigInt((value as { rawJSON: string }).rawJSON);
  if (schema?.type === 'string' && schema.format === 'byte' && typeof value === 'string') return Buffer.from(value, 'base64');
  if (Array.isArray(value)) return value.map((item) => forCbor(item, schema?.type === 'list' ? schema.items : undefined, lookup));
  if (typeof value !== 'object') return value;
  const fields = schema?.type === 'ref' ? lookup(schema.name) : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner =
      schema?.type === 'map' ? schema.values : fields?.kind === 'struct' && Object.hasOwn(fields.fields, key) ? (fields.fields[key] as { schema: Schema }).schema : undefined;
    out[key] = forCbor(item, inner, lookup);
  }
  return out;
}

/** Byte strings as base64 text, bigints as numbers or exact raw JSON, maps as objects. */
function toJsonForm(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : rawJSON(value.toString());
  if (Array.isArray(value)) return value.map(toJsonForm);
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), toJsonForm(item)]));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonForm(item)]));
  if (value === undefined) return null;
  return value;
}
