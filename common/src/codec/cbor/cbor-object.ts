// Objects in CBOR as kube-apiserver writes and reads them with CBORServingAndStorage: each
// top-level data item tagged self-described CBOR (0xd9d9f7), written as kube's encoder writes the
// typed object (encode-cbor.ts), read as kube's decoder reads a body (decode-cbor.ts).

import type { TypeLookup } from '../../schema/schema.ts';
import { CborWriter, selfDescribedTag, writeValue } from './encode-cbor.ts';

/** An object of the JSON form whose type is `typeName` (when declared) as one self-described data item. */
export function encodeCborObject(object: unknown, typeName: string | undefined, lookup: TypeLookup): Buffer {
  const writer = new CborWriter();
  writer.raw(selfDescribedTag);
  writeValue(writer, object, typeName === undefined ? undefined : { type: 'ref', name: typeName }, lookup);
  return Buffer.from(writer.bytes());
}

/**
 * A watch event as kube-apiserver frames it for application/cbor-seq: a self-described
 * {type, object} map whose object is itself a self-described item (the embedded encoding).
 */
export function encodeCborEvent(type: string, object: unknown, typeName: string | undefined, lookup: TypeLookup): Buffer {
  const writer = new CborWriter();
  writer.raw(selfDescribedTag);
  writer.head(5, 2);
  writer.string('type');
  writer.string(type);
  writer.string('object');
  writer.raw(selfDescribedTag);
  writeValue(writer, object, typeName === undefined ? undefined : { type: 'ref', name: typeName }, lookup);
  return Buffer.from(writer.bytes());
}
