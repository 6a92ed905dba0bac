// The task of the Protobuf encoding threads (stored-protobuf.ts): an answer's JSON, as the stored
// bytes make it, parsed and written as its kind's Protobuf message in the envelope. Undefined when
// the kind has no Protobuf message (the answer then goes out as the JSON it is).

import { Piscina } from 'piscina';
import { parseJson } from '@capstan/common';
import { encodeProtobufObject, hasProtobufMessage } from '@capstan/common/protobuf';

export default function encodeStoredJson(json: Uint8Array): Uint8Array | undefined {
  const answer = parseJson(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Record<string, unknown>;
  const { apiVersion, kind } = answer;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !hasProtobufMessage(apiVersion, kind)) return undefined;
  const bytes = encodeProtobufObject(answer);
  // Handed over, not copied: the thread gives up the buffer it wrote.
  return Piscina.move(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes)) as Uint8Array;
}
