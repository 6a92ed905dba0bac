// Reads one CBOR data item into the JSON form as kube's decoder reads a body into unstructured
// content: text and byte strings (keys too) are strings, a byte string under an "expected later
// encoding" tag (21, 22, 23) is its base64url, base64 or hex text, time tags are RFC 3339 texts,
// other tags give their content; only false, true and null among the simple values; integers
// within int64 (exact beyond 2^53), no NaN or infinities, no duplicate map keys.

import { isRawJSON, rawJSON } from '../../json/raw-json.ts';
import type { Schema, TypeLookup } from '../../schema/schema.ts';
import { checkWellFormed, wellFormedItemEnd, majorName, notAccepted, readHead, halfToNumber } from './check-well-formed.ts';
import { CborDecodeError } from './cbor-decode-error.ts';
import { rfc3339FromTag0, rfc3339FromTag1 } from './cbor-time.ts';
import { decodeGoStdBase64 } from '../go-std-base64.ts';
import { goNamedStringTypes } from '../../schema/go-named-string-types.ts';

/** Tags 21, 22, 23: the text a byte string beneath them stands for. */
type LaterEncoding = 21 | 22 | 23 | undefined;

const int64Max = 2n ** 63n - 1n;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How the body's declared type is found from its apiVersion and kind, and the declarations. */
export interface DeclaredTypes {
  readonly typeNameOf: (apiVersion: string, kind: string) => string | undefined;
  readonly lookup: TypeLookup;
}

/**
 * The JSON form of one CBOR data item; throws CborDecodeError with kube's message for what kube
 * refuses. With `types`, an object of a declared kind is read as kube reads it into the typed
 * object: a []byte field takes only byte strings (tagged 21-23: the bytes; untagged: base64 text).
 */
export function decodeCbor(bytes: Uint8Array, types?: DeclaredTypes): unknown {
  checkWellFormed(bytes);
  const reader = new CborReader(bytes, types?.lookup);
  const typeMeta = types === undefined ? undefined : reader.peekTypeMeta();
  const typeName = typeMeta === undefined ? undefined : types?.typeNameOf(typeMeta.apiVersion, typeMeta.kind);
  return reader.item(undefined, typeName === undefined ? undefined : { type: 'ref', name: typeName }, undefined);
}

/** The items of a CBOR sequence (RFC 8742, a watch in application/cbor-seq), each in the JSON form. */
export function decodeCborSequence(bytes: Uint8Array): unknown[] {
  const items: unknown[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const end = wellFormedItemEnd(bytes, offset);
    items.push(decodeCbor(bytes.subarray(offset, end)));
    offset = end;
  }
  return items;
}

/** Where a type error lies, as kube names it: the top-level struct's Go type and field ("v1.Secret.data"). */
type FieldContext = string | undefined;

const isByteField = (schema: Schema | undefined): boolean => schema?.type === 'string' && schema.format === 'byte';

class CborReader {
  private offset = 0;
  private readonly bytes: Buffer;
  private readonly view: DataView;
  private readonly lookup: TypeLookup | undefined;

  constructor(bytes: Uint8Array, lookup: TypeLookup | undefined) {
    this.bytes = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.lookup = lookup;
  }

  /** The apiVersion and kind of a top-level map, read without decoding the rest. */
  peekTypeMeta(): { apiVersion: string; kind: string } | undefined {
    let at = 0;
    while ((this.bytes[at] as number) >> 5 === 6) at = readHead(this.bytes, at, this.view).end;
    const head = readHead(this.bytes, at, this.view);
    if (head.major !== 5) return undefined;
    this.offset = head.end;
    const found: Record<string, string> = {};
    for (let index = 0; head.info === 31 ? !this.atBreak() : index < (head.argument as number); index++) {
      const key = this.key(undefined);
      const valueMajor = (this.bytes[this.offset] as number) >> 5;
      if ((key === 'apiVersion' || key === 'kind') && (valueMajor === 2 || valueMajor === 3)) found[key] = this.item(undefined, undefined, undefined) as string;
      else this.offset = wellFormedItemEnd(this.bytes, this.offset);
    }
    this.offset = 0;
    return found.apiVersion !== undefined && found.kind !== undefined ? { apiVersion: found.apiVersion, kind: found.kind } : undefined;
  }

  /** `stringType`: the Go type of a string field (or of a list's or map's strings) beneath, when named. */
  item(encoding: LaterEncoding, schema?: Schema, field?: FieldContext, stringType?: string): unknown {
    if (isByteField(schema)) return this.byteField(encoding, field);
    if (schema?.type === 'integer' || schema?.type === 'boolean' || schema?.type === 'string') this.checkScalarField(schema, field, stringType);
    else if (schema?.type === 'ref' || schema?.type === 'list' || schema?.type === 'map') this.checkContainerField(schema, field, stringType);
    const head = readHead(this.bytes, this.offset, this.view);
    this.offset = head.end;
    const { major, info, argument } = head;
    switch (major) {
      case 0:
        return integer(argument, 'positive integer');
      case 1:
        return integer(typeof argument === 'bigint' ? -1n - argument : -1 - argument, 'negative integer');
      case 2:
        if (info !== 31) {
          // Straight from the input, without a view of each string.
          const start = this.offset;
          this.offset += argument as number;
          return this.bytes.toString(encoding === 22 ? 'base64' : encoding === 21 ? 'base64url' : encoding === 23 ? 'hex' : 'utf8', start, this.offset);
        }
        return textOfBytes(this.stringBytes(info, argument), encoding);
      case 3: {
        if (info !== 31 && isAscii(this.bytes, this.offset, this.offset + (argument as number))) {
          const start = this.offset;
          this.offset += argument as number;
          return this.bytes.toString('latin1', start, this.offset);
        }
        const content = this.stringBytes(info, argument);
        try {
          return utf8.decode(content);
        } catch {
          throw new CborDecodeError('cbor: invalid UTF-8 string');
        }
      }
      case 4: {
        const items: unknown[] = [];
        const itemSchema = schema?.type === 'list' ? schema.items : undefined;
        if (info === 31) while (!this.atBreak()) items.push(this.item(encoding, itemSchema, field, stringType));
        else for (let i = 0; i < (argument as number); i++) items.push(this.item(encoding, itemSchema, field, stringType));
        return items;
      }
      case 5:
        return this.map(info === 31 ? undefined : (argument as number), encoding, schema, field, stringType);
      case 6:
        return this.tagged(argument, encoding, schema, field, stringType);
      default:
        return this.primitive(info, argument);
    }
  }

  private map(pairs: number | undefined, encoding: LaterEncoding, schema: Schema | undefined, field: FieldContext, stringType: string | undefined): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    const declaration = schema?.type === 'ref' ? this.lookup?.(schema.name) : undefined;
    const fields = declaration?.kind === 'struct' ? declaration.fields : undefined;
    const values = schema?.type === 'map' ? schema.values : undefined;
    const namedStrings = declaration === undefined ? undefined : goNamedStringTypes[declaration.name];
    for (let index = 0; pairs === undefined ? !this.atBreak() : index < pairs; index++) {
      const key = this.key(encoding);
      if (Object.hasOwn(object, key)) throw new CborDecodeError(`cbor: found duplicate map key "${key}" at map element index ${index}`);
      const fieldSchema = fields !== undefined && Object.hasOwn(fields, key) ? fields[key]?.schema : values;
      // kube names the outermost struct's field in a type error, however deep it lies.
      const context = field ?? (fields !== undefined && declaration !== undefined ? `${goTypeName(declaration.name)}.${key}` : undefined);
      const fieldStringType = fields === undefined ? stringType : namedStrings !== undefined && Object.hasOwn(namedStrings, key) ? namedStrings[key] : undefined;
      const value = this.item(encoding, fieldSchema, context, fieldStringType);
      // A key "__proto__" is a field like any other, not the object's prototype.
      if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      else object[key] = value;
    }
    return object;
  }

  /** A map key: kube decodes keys into Go strings, so text or byte strings (tags aside), null as "". */
  private key(encoding: LaterEncoding): string {
    let at = this.offset;
    while ((this.bytes[at] as number) >> 5 === 6) at = readHead(this.bytes, at, this.view).end;
    const initial = this.bytes[at] as number;
    const major = initial >> 5;
    if (initial === 0xf6) {
      this.offset = at + 1;
      return '';
    }
    if (initial === 0xf7) throw notAccepted('primitives', 'simple value 23 is not recognized');
    if (major !== 2 && major !== 3) throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(major)} into Go value of type string`);
    const key = this.item(encoding);
    return key as string;
  }

  private tagged(tag: number | bigint, encoding: LaterEncoding, schema: Schema | undefined, field: FieldContext, stringType: string | undefined): unknown {
    if (tag === 0) {
      const text = this.item(undefined);
      return rfc3339FromTag0(text as string);
    }
    if (tag === 1) {
      const seconds = this.item(undefined);
      return rfc3339FromTag1(isRawJSON(seconds) ? BigInt(seconds.rawJSON) : (seconds as number));
    }
    if (tag === 21 || tag === 22 || tag === 23) return this.item(tag, schema, field, stringType);
    return this.item(encoding, schema, field, stringType);
  }

  /**
   * Refuses, as kube's typed decoding does, an item that cannot fill a string, integer or boolean
   * field, naming the field's Go type as kube does (integers and booleans are plain int32, int64
   * and bool in the API; strings are string or a named type); null fits all.
   */
  private checkScalarField(schema: Schema & { type: 'integer' | 'boolean' | 'string' }, field: FieldContext, stringType: string | undefined): void {
    let at = this.offset;
    while ((this.bytes[at] as number) >> 5 === 6) at = readHead(this.bytes, at, this.view).end;
    const initial = this.bytes[at] as number;
    const major = initial >> 5;
    const goType = schema.type === 'boolean' ? 'bool' : schema.type === 'string' ? (stringType ?? 'string') : schema.format;
    const where = field === undefined ? 'Go value' : `Go struct field ${field}`;
    if (initial === 0xf6) return;
    const fits = schema.type === 'boolean' ? initial === 0xf4 || initial === 0xf5 : schema.type === 'string' ? major === 2 || major === 3 : major === 0 || major === 1;
    if (!fits) {
      // A simple value kube refuses (undefined, simple(0)...) is refused as such first.
      if (major === 7 && initial !== 0xf4 && initial !== 0xf5 && (initial < 0xf9 || initial > 0xfb)) this.primitive(initial & 0x1f, readHead(this.bytes, at, this.view).argument);
      throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(major)} into ${where} of type ${goType}`);
    }
    if (schema.type !== 'integer') return;
    const { argument } = readHead(this.bytes, at, this.view);
    const value = major === 0 ? BigInt(argument) : -1n - BigInt(argument);
    const bits = schema.format === 'int32' ? 31n : 63n;
    if (value >= 2n ** bits || value < -(2n ** bits))
      throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(major)} into ${where} of type ${goType} (${value} overflows ${goType})`);
  }

  /** Refuses, as kube's typed decoding does, an item that cannot fill a struct, list or map field. */
  private checkContainerField(schema: Schema & { type: 'ref' | 'list' | 'map' }, field: FieldContext, stringType: string | undefined): void {
    const goType = this.goTypeOf(schema, stringType);
    if (goType === undefined) return;
    let at = this.offset;
    while ((this.bytes[at] as number) >> 5 === 6) at = readHead(this.bytes, at, this.view).end;
    const initial = this.bytes[at] as number;
    const major = initial >> 5;
    if (initial === 0xf6 || major === (schema.type === 'list' ? 4 : 5)) return;
    if (major === 7 && initial !== 0xf4 && initial !== 0xf5 && (initial < 0xf9 || initial > 0xfb)) this.primitive(initial & 0x1f, readHead(this.bytes, at, this.view).argument);
    const where = field === undefined ? 'Go value' : `Go struct field ${field}`;
    const detail = major === 4 && schema.type === 'ref' ? ' (cannot decode CBOR array to struct without toarray option)' : '';
    throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(major)} into ${where} of type ${goType}${detail}`);
  }

  /** The Go type kube names for a schema, when it is known: undefined for opaque types (Quantity, Time...). */
  private goTypeOf(schema: Schema, stringType: string | undefined): string | undefined {
    switch (schema.type) {
      case 'string':
        return schema.format === 'byte' ? '[]uint8' : (stringType ?? 'string');
      case 'integer':
        return schema.format;
      case 'boolean':
        return 'bool';
      case 'number':
        return 'float64';
      case 'ref': {
        const declaration = this.lookup?.(schema.name);
        return declaration?.kind === 'struct' ? goTypeName(declaration.name) : undefined;
      }
      case 'list': {
        const items = this.goTypeOf(schema.items, stringType);
        return items === undefined ? undefined : `[]${items}`;
      }
      case 'map': {
        const values = this.goTypeOf(schema.values, stringType);
        return values === undefined ? undefined : `map[string]${values}`;
      }
      default:
        return undefined;
    }
  }

  /**
   * A []byte field, in base64 in the JSON form: a byte string under tag 21-23 holds the bytes, an
   * untagged one their base64 text; text strings and other items are refused, as by kube.
   */
  private byteField(encoding: LaterEncoding, field: FieldContext): unknown {
    const start = this.offset;
    const head = readHead(this.bytes, this.offset, this.view);
    if (head.major === 6) {
      this.offset = head.end;
      const tag = head.argument;
      return this.byteField(tag === 21 || tag === 22 || tag === 23 ? tag : encoding, field);
    }
    if (head.major === 7 && head.info === 22) {
      this.offset = head.end;
      return null;
    }
    if (head.major !== 2) {
      // Simple values other than null, floats: the checks of every item first, as kube's decoder.
      if (head.major === 7) this.item(undefined);
      this.offset = start;
      const where = field === undefined ? 'Go value' : `Go struct field ${field}`;
      throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(head.major)} into ${where} of type []uint8`);
    }
    this.offset = head.end;
    const content = this.stringBytes(head.info, head.argument);
    if (encoding !== undefined) return Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64');
    const decoded = decodeGoStdBase64(content);
    if (typeof decoded === 'string') throw new CborDecodeError(`cbor: failed to decode base64 from byte string: ${decoded}`);
    return Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength).toString('base64');
  }

  private primitive(info: number, argument: number | bigint): unknown {
    switch (info) {
      case 20:
        return false;
      case 21:
        return true;
      case 22:
        return null;
      case 25:
        return halfToNumber(argument as number);
      case 26:
        return this.view.getFloat32(this.offset - 4);
      case 27:
        return this.view.getFloat64(this.offset - 8);
      default:
        throw notAccepted('primitives', `simple value ${String(argument)} is not recognized`);
    }
  }

  /** A string's content; the chunks of an indefinite-length one joined. */
  private stringBytes(info: number, length: number | bigint): Uint8Array {
    if (info !== 31) {
      const start = this.offset;
      this.offset += length as number;
      return this.bytes.subarray(start, this.offset);
    }
    // Measured first, then copied into one buffer: a hostile body of a million one-byte chunks
    // must not become a million objects.
    let total = 0;
    let at = this.offset;
    while (this.bytes[at] !== 0xff) {
      const [start, end] = this.chunkAt(at);
      total += end - start;
      at = end;
    }
    const joined = Buffer.allocUnsafe(total);
    let written = 0;
    while (!this.atBreak()) {
      const [start, end] = this.chunkAt(this.offset);
      // Short chunks byte by byte: a native copy per chunk costs more than the bytes.
      if (end - start < 64) for (let i = start; i < end; i++) joined[written++] = this.bytes[i] as number;
      else written += this.bytes.copy(joined, written, start, end);
      this.offset = end;
    }
    return joined;
  }

  /** Where the content of the definite-length chunk at `at` starts and ends. */
  private chunkAt(at: number): [number, number] {
    const info = (this.bytes[at] as number) & 0x1f;
    if (info < 24) return [at + 1, at + 1 + info];
    const head = readHead(this.bytes, at, this.view);
    return [head.end, head.end + (head.argument as number)];
  }

  /** Whether the next byte is the break code of an indefinite-length item; steps over it if so. */
  private atBreak(): boolean {
    if (this.bytes[this.offset] !== 0xff) return false;
    this.offset++;
    return true;
  }
}

/** Whether bytes[start, end) are ASCII, valid UTF-8 with nothing to check further (most texts of an object are). */
function isAscii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

/** A declared type's Go name as Go prints it: "io.k8s.api.core.v1.Secret" is v1.Secret. */
const goTypeName = (declarationName: string): string => declarationName.slice(declarationName.lastIndexOf('.', declarationName.lastIndexOf('.') - 1) + 1);

/** An integer within int64, as a number when exact, as raw JSON beyond 2^53. */
function integer(value: number | bigint, what: string): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : rawJSON(BigInt(value).toString());
  if (value > int64Max || value < -int64Max - 1n) throw new CborDecodeError(`cbor: cannot unmarshal ${what} into Go value of type int64 (${value} overflows Go's int64)`);
  return Number.isSafeInteger(Number(value)) ? Number(value) : rawJSON(value.toString());
}

function textOfBytes(content: Uint8Array, encoding: LaterEncoding): string {
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (encoding === 22) return buffer.toString('base64');
  if (encoding === 21) return buffer.toString('base64url');
  if (encoding === 23) return buffer.toString('hex');
  return buffer.toString('utf8');
}
