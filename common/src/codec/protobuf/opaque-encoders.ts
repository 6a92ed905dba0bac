// The writers of the opaque meta types' Protobuf forms (their readers are in opaque-types.ts):
// each writes its field, tag and message, straight into the message being written.

import { intOrStringName, microTimeName, quantityName, rawExtensionName, timeName } from '../../schema/types/meta-v1.ts';
import type { MessageWriter } from './message-writer.ts';

const varint = 0;
const lengthDelimited = 2;

/** Writes field `number` holding `value`, or nothing when the value has no Protobuf form. */
type OpaqueEncoder = (writer: MessageWriter, number: number, value: unknown) => void;

/** An RFC 3339 time's seconds since the epoch and nanoseconds, or undefined when it is none. */
interface Timestamp {
  readonly seconds: number;
  readonly nanos: number;
}

// Objects of one list share most of their times (created, updated, managed in the same seconds):
// a small cache of parsed times saves a Date.parse per time. Cleared whole when full.
const parsedTimes = new Map<string, Timestamp | undefined>();
const parsedTimesLimit = 4096;

function parseTime(value: string): Timestamp | undefined {
  if (parsedTimes.has(value)) return parsedTimes.get(value);
  const millis = Date.parse(value);
  let parsed: Timestamp | undefined;
  if (!Number.isNaN(millis)) {
    // The fraction is read from the text: Date keeps milliseconds only, MicroTime has six digits.
    const dot = value.indexOf('.');
    let nanos = 0;
    if (dot >= 0) {
      let end = dot + 1;
      while (end < value.length && value.charCodeAt(end) >= 0x30 && value.charCodeAt(end) <= 0x39) end++;
      nanos = Number(
        value
          .slice(dot + 1, end)
          .padEnd(9, '0')
          .slice(0, 9),
      );
    }
    parsed = { seconds: Math.floor(millis / 1000), nanos };
  }
  if (parsedTimes.size >= parsedTimesLimit) parsedTimes.clear();
  parsedTimes.set(value, parsed);
  return parsed;
}

/** Time and MicroTime: {seconds = 1, nanos = 2}. */
const writeTimestamp: OpaqueEncoder = (writer, number, value) => {
  if (typeof value !== 'string') return;
  const time = parseTime(value);
  if (time === undefined) return;
  writer.uint32((number << 3) | lengthDelimited).fork();
  writer.uint32((1 << 3) | varint).int64(time.seconds);
  if (time.nanos !== 0) writer.uint32((2 << 3) | varint).int32(time.nanos);
  writer.ldelim();
};

/** A message whose field 1 holds the value as JSON bytes (RawExtension, FieldsV1, a free-form object). */
export function writeRawJson(writer: MessageWriter, number: number, value: unknown): void {
  writer.uint32((number << 3) | lengthDelimited).fork();
  writer.uint32((1 << 3) | lengthDelimited).string(JSON.stringify(value));
  writer.ldelim();
}

export const opaqueEncoders: Readonly<Record<string, OpaqueEncoder>> = {
  [timeName]: writeTimestamp,
  [microTimeName]: writeTimestamp,
  [quantityName]: (writer, number, value) => {
    writer.uint32((number << 3) | lengthDelimited).fork();
    writer.uint32((1 << 3) | lengthDelimited).string(String(value));
    writer.ldelim();
  },
  [intOrStringName]: (writer, number, value) => {
    writer.uint32((number << 3) | lengthDelimited).fork();
    if (typeof value === 'number')
      writer
        .uint32((1 << 3) | varint)
        .int64(0)
        .uint32((2 << 3) | varint)
        .int32(value);
    else
      writer
        .uint32((1 << 3) | varint)
        .int64(1)
        .uint32((3 << 3) | lengthDelimited)
        .string(String(value));
    writer.ldelim();
  },
  [rawExtensionName]: writeRawJson,
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': writeRawJson,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': writeRawJson,
};
