// Writes a value of the JSON form as kube's CBOR encoder writes the typed object: strings (map
// keys too) as byte strings, []byte fields (format "byte", base64 in JSON) as their bytes in a byte
// string under tag 22 (expected later base64 encoding, which client-go's decoder requires),
// map keys sorted bytewise by their encoding (RFC 8949 4.2.1), integers in their shortest form,
// floats in the shortest width that keeps their value, no indefinite lengths.

import { isRawJSON } from '../../json/raw-json.ts';
import type { Schema, StructDeclaration, TypeLookup } from '../../schema/schema.ts';

export const selfDescribedTag = Uint8Array.of(0xd9, 0xd9, 0xf7);

/** A growing output buffer. */
export class CborWriter {
  private buffer: Buffer;
  private offset = 0;

  constructor(capacity = 4096) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  /** The bytes written so far (a view of the writer's buffer). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.offset);
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.offset);
    this.offset += bytes.length;
  }

  head(major: number, argument: number | bigint): void {
    this.reserve(9);
    const type = major << 5;
    if (typeof argument === 'bigint') {
      this.buffer[this.offset++] = type | 27;
      this.buffer.writeBigUInt64BE(argument, this.offset);
      this.offset += 8;
    } else if (argument < 24) this.buffer[this.offset++] = type | argument;
    else if (argument < 0x100) {
      this.buffer[this.offset++] = type | 24;
      this.buffer[this.offset++] = argument;
    } else if (argument < 0x10000) {
      this.buffer[this.offset++] = type | 25;
      this.offset = this.buffer.writeUInt16BE(argument, this.offset);
    } else if (argument < 0x100000000) {
      this.buffer[this.offset++] = type | 26;
      this.offset = this.buffer.writeUInt32BE(argument, this.offset);
    } else {
      this.buffer[this.offset++] = type | 27;
      this.buffer.writeBigUInt64BE(BigInt(argument), this.offset);
      this.offset += 8;
    }
  }

  /** A string as a byte string of its UTF-8. */
  string(text: string): void {
    // Most strings of an object are short ASCII: written byte by byte, without a call into Buffer.
    if (text.length < 24) {
      this.reserve(1 + text.length);
      const start = this.offset;
      let at = start + 1;
      let ascii = true;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code >= 0x80) {
          ascii = false;
          break;
        }
        this.buffer[at++] = code;
      }
      if (ascii) {
        this.buffer[start] = 0x40 | text.length;
        this.offset = at;
        return;
      }
    }
    const length = Buffer.byteLength(text);
    this.head(2, length);
    this.reserve(length);
    this.offset += this.buffer.write(text, this.offset, length, 'utf8');
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.offset++] = value;
  }

  private reserve(size: number): void {
    if (this.offset + size <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < this.offset + size) capacity *= 2;
    const grown = Buffer.allocUnsafe(capacity);
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }
}

/** Writes `value`, shaped by `schema` where a declared type says more than the JSON form. */
export function writeValue(writer: CborWriter, value: unknown, schema: Schema | undefined, lookup: TypeLookup): void {
  if (value === null || value === undefined) return writer.byte(0xf6);
  switch (typeof value) {
    case 'string':
      if (schema?.type === 'string' && schema.format === 'byte') return writeBytes(writer, value);
      return writer.string(value);
    case 'number':
      return writeNumber(writer, value, schema?.type === 'number');
    case 'boolean':
      return writer.byte(value ? 0xf5 : 0xf4);
    case 'bigint':
      return writeInteger(writer, value);
    case 'object':
      break;
    default:
      throw new TypeError(`a ${typeof value} has no CBOR form`);
  }
  if (isRawJSON(value)) return writeRawNumber(writer, value.rawJSON);
  if (Array.isArray(value)) {
    const items = schema?.type === 'list' ? schema.items : undefined;
    writer.head(4, value.length);
    for (const item of value) writeValue(writer, item === undefined ? null : item, items, lookup);
    return;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return writeValue(writer, toJSON.call(value), schema, lookup);
  writeMap(writer, value as Record<string, unknown>, schema, lookup);
}

function writeMap(writer: CborWriter, object: Record<string, unknown>, schema: Schema | undefined, lookup: TypeLookup): void {
  const declaration = schema?.type === 'ref' ? lookup(schema.name) : undefined;
  const fields = declaration?.kind === 'struct' ? declaration.fields : undefined;
  const values = schema?.type === 'map' ? schema.values : undefined;
  const keys = sortedKeys(object);
  writer.head(5, keys.length);
  for (const { key, encoded } of keys) {
    writer.raw(encoded);
    writeValue(writer, object[key], values ?? fieldSchema(fields, key), lookup);
  }
}

const fieldSchema = (fields: StructDeclaration['fields'] | undefined, key: string): Schema | undefined =>
  fields !== undefined && Object.hasOwn(fields, key) ? fields[key]?.schema : undefined;

interface EncodedKey {
  readonly key: string;
  readonly encoded: Buffer;
}

/** The keys with a value (JSON drops undefined ones), in kube's order: by encoded length, then bytewise. */
function sortedKeys(object: Record<string, unknown>): readonly EncodedKey[] {
  const names = Object.keys(object);
  for (const name of names) if (object[name] === undefined) return sortKeys(names.filter((key) => object[key] !== undefined));
  if (names.length < 2) return names.length === 0 ? [] : [encodedKey(names[0] as string)];
  // Objects of a kind share their few shapes: one lookup of the shape instead of a sort. Large
  // maps (a ConfigMap's data) are sorted each time, so the cache stays small whatever is stored.
  if (names.length > shapeMaxKeys) return sortKeys(names);
  const shape = names.join('\u0000');
  if (shape.length > shapeMaxLength) return sortKeys(names);
  let sorted = shapeCache.get(shape);
  if (sorted === undefined) {
    sorted = sortKeys(names);
    if (shapeCache.size >= shapeCacheLimit) shapeCache.clear();
    shapeCache.set(shape, sorted);
  }
  return sorted;
}

const shapeCache = new Map<string, readonly EncodedKey[]>();
const shapeCacheLimit = 10_000;
const shapeMaxKeys = 48;
const shapeMaxLength = 1024;

const sortKeys = (names: readonly string[]): EncodedKey[] => names.map(encodedKey).sort(compareKeys);

const compareKeys = (a: EncodedKey, b: EncodedKey): number => a.encoded.length - b.encoded.length || Buffer.compare(a.encoded, b.encoded);

/** Map keys repeat across objects: each is encoded once and kept (up to a bound). */
const keyCache = new Map<string, EncodedKey>();
const keyCacheLimit = 20_000;

function encodedKey(key: string): EncodedKey {
  let cached = keyCache.get(key);
  if (cached !== undefined) return cached;
  const writer = new CborWriter(16 + key.length * 3);
  writer.string(key);
  cached = { key, encoded: Buffer.from(writer.bytes()) };
  if (keyCache.size >= keyCacheLimit) keyCache.clear();
  keyCache.set(key, cached);
  return cached;
}

function writeBytes(writer: CborWriter, base64: string): void {
  const bytes = Buffer.from(base64, 'base64');
  writer.head(6, 22);
  writer.head(2, bytes.length);
  writer.raw(bytes);
}

function writeNumber(writer: CborWriter, value: number, isFloat: boolean): void {
  if (!Number.isFinite(value)) throw new TypeError(`${value} has no CBOR form kube accepts`);
  // Integers beyond 2^53 arrive as raw JSON; a number that large came from a float literal (1e20),
  // a float64 in kube too.
  if (!isFloat && Number.isSafeInteger(value) && !Object.is(value, -0)) return writeInteger(writer, value);
  writeFloat(writer, value);
}

function writeInteger(writer: CborWriter, value: number | bigint): void {
  // -1 - n is exact only within 2^53: larger integers go through bigint.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return writeInteger(writer, BigInt(value));
  if (value >= 0) return writer.head(0, value);
  if (typeof value === 'bigint') return writer.head(1, -1n - value);
  return writer.head(1, -1 - value);
}

/** An integer held exactly as raw JSON text (beyond 2^53): an integer when it fits 64 bits, else a float. */
function writeRawNumber(writer: CborWriter, text: string): void {
  if (/^-?[0-9]+$/.test(text)) {
    const value = BigInt(text);
    if (value >= -(2n ** 64n) && value < 2n ** 64n) return writeInteger(writer, value);
  }
  writeFloat(writer, Number(text));
}

const floatView = new DataView(new ArrayBuffer(8));

/** The shortest of float16, float32 and float64 that holds the value exactly (kube's ShortestFloat16). */
function writeFloat(writer: CborWriter, value: number): void {
  const half = halfBits(value);
  if (half !== undefined) {
    writer.byte(0xf9);
    writer.byte(half >> 8);
    writer.byte(half & 0xff);
    return;
  }
  if (Math.fround(value) === value) {
    floatView.setFloat32(0, value);
    writer.byte(0xfa);
    writer.raw(new Uint8Array(floatView.buffer, 0, 4));
    return;
  }
  floatView.setFloat64(0, value);
  writer.byte(0xfb);
  writer.raw(new Uint8Array(floatView.buffer, 0, 8));
}

/** The 16 bits of a half-precision float equal to `value`, if there is one. */
function halfBits(value: number): number | undefined {
  const sign = value < 0 || Object.is(value, -0) ? 0x8000 : 0;
  const magnitude = Math.abs(value);
  if (magnitude === 0) return sign;
  if (magnitude > 65504) return undefined;
  if (magnitude < 2 ** -14) {
    const mantissa = magnitude * 2 ** 24;
    return Number.isInteger(mantissa) ? sign | mantissa : undefined;
  }
  floatView.setFloat64(0, magnitude);
  const high = floatView.getUint32(0);
  const low = floatView.getUint32(4);
  // 52 mantissa bits, of which half precision keeps the top 10.
  if (low !== 0 || (high & 0x3ff) !== 0) return undefined;
  const exponent = ((high >>> 20) & 0x7ff) - 1023;
  return sign | ((exponent + 15) << 10) | ((high >>> 10) & 0x3ff);
}
