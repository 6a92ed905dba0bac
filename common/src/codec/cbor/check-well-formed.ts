// The first pass of kube's CBOR decoder (fxamacker/cbor in kube's decode mode): is the input one
// well-formed data item within kube's limits? Nothing is built here, so a hostile body costs one
// bounded walk; the errors carry kube's wording.

import { CborDecodeError } from './cbor-decode-error.ts';

/** kube's decode limits (k8s.io/apimachinery runtime/serializer/cbor/internal/modes). */
export const maxNestedLevels = 64;
export const maxArrayElements = 1024;
export const maxMapPairs = 1024;

const majorNames = ['positive integer', 'negative integer', 'byte string', 'UTF-8 text string', 'array', 'map', 'tag', 'primitives'] as const;

/** The name fxamacker gives a major type in its messages. */
export const majorName = (major: number): string => majorNames[major] as string;

/** Thrown where Go's decoder answers io.EOF / io.ErrUnexpectedEOF. */
const unexpectedEnd = (): CborDecodeError => new CborDecodeError('unexpected EOF');

export const notAccepted = (cborType: string, message: string): CborDecodeError =>
  new CborDecodeError(`cbor: data item of cbor type ${cborType} is not accepted by protocol: ${message}`);

/** One item's head: major type, additional information and argument (a bigint past 2^53). */
export interface Head {
  major: number;
  info: number;
  argument: number | bigint;
  /** Where the item's content starts. */
  end: number;
}

/** Reads the head at `offset`; checks what the head alone can tell (kube refuses NaN and infinities here). */
export function readHead(bytes: Uint8Array, offset: number, view: DataView): Head {
  if (offset >= bytes.length) throw unexpectedEnd();
  const initial = bytes[offset] as number;
  const major = initial >> 5;
  const info = initial & 0x1f;
  let at = offset + 1;
  if (info < 24) return { major, info, argument: info, end: at };
  if (info === 31) {
    if (major === 7) throw new CborDecodeError('cbor: unexpected "break" code');
    if (major < 2 || major === 6) throw new CborDecodeError(`cbor: invalid additional information 31 for type ${majorName(major)}`);
    return { major, info, argument: info, end: at };
  }
  if (info > 27) throw new CborDecodeError(`cbor: invalid additional information ${info} for type ${majorName(major)}`);
  const size = 1 << (info - 24);
  if (bytes.length - at < size) throw unexpectedEnd();
  let argument: number | bigint;
  if (size === 1) {
    argument = bytes[at] as number;
    if (major === 7 && argument < 32) throw new CborDecodeError(`cbor: invalid simple value ${argument} for type primitives`);
  } else if (size === 2) {
    argument = view.getUint16(at);
    if (major === 7) checkFloat(halfToNumber(argument));
  } else if (size === 4) {
    argument = view.getUint32(at);
    if (major === 7) checkFloat(view.getFloat32(at));
  } else {
    const big = view.getBigUint64(at);
    argument = big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    if (major === 7) checkFloat(view.getFloat64(at));
  }
  at += size;
  return { major, info, argument, end: at };
}

function checkFloat(value: number): void {
  if (Number.isNaN(value)) throw notAccepted('primitives', 'floating-point NaN');
  if (!Number.isFinite(value)) throw notAccepted('primitives', 'floating-point infinity');
}

/** An IEEE 754 half-precision value from its 16 bits. */
export function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/**
 * Checks that `bytes` hold exactly one well-formed data item within kube's limits, and returns
 * nothing; throws kube's error for the first problem found, in the order kube finds them.
 */
export function checkWellFormed(bytes: Uint8Array): void {
  const end = wellFormedItemEnd(bytes, 0);
  if (end !== bytes.length) throw new CborDecodeError(`cbor: ${bytes.length - end} bytes of extraneous data starting at index ${end}`);
}

/** Where the well-formed item at `offset` ends (items of a CBOR sequence follow one another). */
export function wellFormedItemEnd(bytes: Uint8Array, offset: number): number {
  if (bytes.length === offset) throw new CborDecodeError('EOF');
  return skipItem(bytes, offset, 0, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The offset after the item at `offset`; `depth` counts the arrays, maps and chained tags around it. */
function skipItem(bytes: Uint8Array, offset: number, depth: number, view: DataView): number {
  const head = readHead(bytes, offset, view);
  const { major, info } = head;
  const indefinite = info === 31;
  switch (major) {
    case 2:
    case 3: {
      if (indefinite) return skipChunks(bytes, head.end, major, depth, view);
      const length = head.argument;
      if (typeof length === 'bigint' || bytes.length - head.end < length) throw unexpectedEnd();
      return head.end + length;
    }
    case 4:
    case 5: {
      depth++;
      if (depth > maxNestedLevels) throw new CborDecodeError(`cbor: exceeded max nested level ${maxNestedLevels}`);
      if (indefinite) return skipIndefiniteContainer(bytes, head.end, major, depth, view);
      const count = head.argument;
      if (major === 4 && count > maxArrayElements) throw new CborDecodeError(`cbor: exceeded max number of elements ${maxArrayElements} for CBOR array`);
      if (major === 5 && count > maxMapPairs) throw new CborDecodeError(`cbor: exceeded max number of key-value pairs ${maxMapPairs} for CBOR map`);
      let at = head.end;
      const items = major === 5 ? Number(count) * 2 : Number(count);
      for (let i = 0; i < items; i++) at = skipItem(bytes, at, depth, view);
      return at;
    }
    case 6: {
      // Tags before their content: each one after the first counts as a level, as kube's decoder counts them.
      let tag = head.argument;
      let at = head.end;
      for (;;) {
        if (at >= bytes.length) throw unexpectedEnd();
        checkTagContent(tag, bytes[at] as number);
        if ((bytes[at] as number) >> 5 !== 6) break;
        const next = readHead(bytes, at, view);
        tag = next.argument;
        at = next.end;
        depth++;
        if (depth > maxNestedLevels) throw new CborDecodeError(`cbor: exceeded max nested level ${maxNestedLevels}`);
      }
      return skipItem(bytes, at, depth, view);
    }
    default:
      return head.end;
  }
}

/** What kube checks of the tags it knows before decoding: times hold text or numbers, bignums are refused. */
function checkTagContent(tag: number | bigint, contentInitial: number): void {
  const contentMajor = contentInitial >> 5;
  if (tag === 0 && contentMajor !== 3) throw new CborDecodeError(`cbor: tag number 0 must be followed by text string, got ${majorName(contentMajor)}`);
  if (tag === 1 && contentMajor !== 0 && contentMajor !== 1 && (contentInitial < 0xf9 || contentInitial > 0xfb)) {
    throw new CborDecodeError(`cbor: tag number 1 must be followed by integer or floating-point number, got ${majorName(contentMajor)}`);
  }
  if ((tag === 2 || tag === 3) && contentMajor !== 2) throw new CborDecodeError(`cbor: tag number 2 or 3 must be followed by byte string, got ${majorName(contentMajor)}`);
  if (tag === 2 || tag === 3) throw notAccepted('tag', 'bignum');
}

function skipChunks(bytes: Uint8Array, offset: number, major: number, depth: number, view: DataView): number {
  let at = offset;
  for (;;) {
    if (at >= bytes.length) throw unexpectedEnd();
    const initial = bytes[at] as number;
    if (initial === 0xff) return at + 1;
    if (initial >> 5 !== major) throw new CborDecodeError(`cbor: wrong element type ${majorName(initial >> 5)} for indefinite-length ${majorName(major)}`);
    if ((initial & 0x1f) === 31) throw new CborDecodeError(`cbor: indefinite-length ${majorName(major)} chunk is not definite-length`);
    // A short chunk's length is in its first byte: no head to read.
    if ((initial & 0x1f) < 24) {
      at += 1 + (initial & 0x1f);
      if (at > bytes.length) throw unexpectedEnd();
    } else at = skipItem(bytes, at, depth, view);
  }
}

function skipIndefiniteContainer(bytes: Uint8Array, offset: number, major: number, depth: number, view: DataView): number {
  let at = offset;
  let items = 0;
  for (;;) {
    if (at >= bytes.length) throw unexpectedEnd();
    if (bytes[at] === 0xff) {
      at++;
      break;
    }
    at = skipItem(bytes, at, depth, view);
    items++;
    if (major === 4 && items > maxArrayElements) throw new CborDecodeError(`cbor: exceeded max number of elements ${maxArrayElements} for CBOR array`);
    if (major === 5 && items % 2 === 0 && items / 2 > maxMapPairs) throw new CborDecodeError(`cbor: exceeded max number of key-value pairs ${maxMapPairs} for CBOR map`);
  }
  if (major === 5 && items % 2 === 1) throw new CborDecodeError('cbor: unexpected "break" code');
  return at;
}
