// Reads one CBOR data item into the JSON form as kube's decoder reads a body into unstructured
// content: text and byte strings (keys too) are strings, a byte string under an "expected later
// encoding" tag (21, 22, 23) is its base64url, base64 or hex text, time tags are RFC 3339 texts,
// other tags give their content; only false, true and null among the simple values; integers
// within int64 (exact beyond 2^53), no NaN or infinities, no duplicate map keys.

import { isRawJSON, rawJSON } from '../../json/raw-json.ts';
import { checkWellFormed, majorName, notAccepted, readHead, halfToNumber } from './check-well-formed.ts';
import { CborDecodeError } from './cbor-decode-error.ts';
import { rfc3339FromTag0, rfc3339FromTag1 } from './cbor-time.ts';

/** Tags 21, 22, 23: the text a byte string beneath them stands for. */
type LaterEncoding = 21 | 22 | 23 | undefined;

const int64Max = 2n ** 63n - 1n;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The JSON form of one CBOR data item; throws CborDecodeError with kube's message for what kube refuses. */
export function decodeCbor(bytes: Uint8Array): unknown {
  checkWellFormed(bytes);
  return new CborReader(bytes).item(undefined);
}

class CborReader {
  private offset = 0;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  item(encoding: LaterEncoding): unknown {
    const head = readHead(this.bytes, this.offset, this.view);
    this.offset = head.end;
    const { major, info, argument } = head;
    switch (major) {
      case 0:
        return integer(typeof argument === 'bigint' ? argument : argument, 'positive integer');
      case 1:
        return integer(typeof argument === 'bigint' ? -1n - argument : -1 - argument, 'negative integer');
      case 2:
        return textOfBytes(this.stringBytes(info, argument), encoding);
      case 3: {
        const content = this.stringBytes(info, argument);
        try {
          return utf8.decode(content);
        } catch {
          throw new CborDecodeError('cbor: invalid UTF-8 string');
        }
      }
      case 4: {
        const items: unknown[] = [];
        if (info === 31) while (!this.atBreak()) items.push(this.item(encoding));
        else for (let i = 0; i < (argument as number); i++) items.push(this.item(encoding));
        return items;
      }
      case 5:
        return this.map(info === 31 ? undefined : (argument as number), encoding);
      case 6:
        return this.tagged(argument, encoding);
      default:
        return this.primitive(info, argument);
    }
  }

  private map(pairs: number | undefined, encoding: LaterEncoding): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (let index = 0; pairs === undefined ? !this.atBreak() : index < pairs; index++) {
      const key = this.key(encoding);
      if (seen.has(key)) throw new CborDecodeError(`cbor: found duplicate map key "${key}" at map element index ${index}`);
      seen.add(key);
      const value = this.item(encoding);
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
    if (major === 7 && (initial === 0xf6 || initial === 0xf7)) {
      this.offset = at + 1;
      return '';
    }
    if (major !== 2 && major !== 3) throw new CborDecodeError(`cbor: cannot unmarshal ${majorName(major)} into Go value of type string`);
    const key = this.item(encoding);
    return key as string;
  }

  private tagged(tag: number | bigint, encoding: LaterEncoding): unknown {
    if (tag === 0) {
      const text = this.item(undefined);
      return rfc3339FromTag0(text as string);
    }
    if (tag === 1) {
      const seconds = this.item(undefined);
      return rfc3339FromTag1(isRawJSON(seconds) ? BigInt((seconds as { rawJSON: string }).rawJSON) : (seconds as number));
    }
    if (tag === 21 || tag === 22 || tag === 23) return this.item(tag);
    return this.item(encoding);
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
    const chunks: Uint8Array[] = [];
    while (!this.atBreak()) {
      const head = readHead(this.bytes, this.offset, this.view);
      chunks.push(this.bytes.subarray(head.end, head.end + (head.argument as number)));
      this.offset = head.end + (head.argument as number);
    }
    return Buffer.concat(chunks);
  }

  /** Whether the next byte is the break code of an indefinite-length item; steps over it if so. */
  private atBreak(): boolean {
    if (this.bytes[this.offset] !== 0xff) return false;
    this.offset++;
    return true;
  }
}

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
