// The tasks of the Protobuf encoding threads (stored-protobuf.ts): an answer's JSON, as the stored
// bytes make it, parsed and written as its kind's Protobuf message in the envelope (undefined when
// the kind has no Protobuf message: the answer then goes out as the JSON it is); and list items
// written as their messages (encodeItems).

import { Piscina } from 'piscina';
import { parseJson } from '@capstan/common';
import { encodeItemMessage, encodeProtobufObject, hasProtobufMessage } from '@capstan/common/protobuf';

export default function encodeStoredJson(json: Uint8Array): Uint8Array | undefined {
  const answer = parseJson(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Record<string, unknown>;
  const { apiVersion, kind } = answer;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !hasProtobufMessage(apiVersion, kind)) return undefined;
  const bytes = encodeProtobufObject(answer);
  // Handed over, not copied: the thread gives up the buffer it wrote.
  return Piscina.move(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes)) as Uint8Array;
}

/** The task `encodeItems`: a JSON array of list items of one kind, each written as its message. */
export function encodeItems({ apiVersion, kind, json }: { apiVersion: string; kind: string; json: Uint8Array }): Uint8Array[] {
  const items = parseJson(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Record<string, unknown>[];
  return items.map((item) => encodeItemMessage(apiVersion, kind, item));
}
