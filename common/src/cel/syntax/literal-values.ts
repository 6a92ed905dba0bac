// The values of CEL literals from their token text: integers in the int64/uint64 ranges, doubles,
// and string and bytes literals with their escape sequences (quotes, raw prefix, triple quotes).
// Failures carry the message cel-go reports at the literal ("invalid int literal", ...).

import type { Constant } from './ast.ts';

export type LiteralResult = { readonly value: Constant } | { readonly error: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function toNumberIfSafe(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** An int literal (decimal or 0x hex), negated when written with a leading minus sign. */
export function intLiteral(text: string, negative: boolean): LiteralResult {
  let v = BigInt(text);
  if (negative) v = -v;
  if (v < INT64_MIN || v > INT64_MAX) return { error: 'invalid int literal' };
  return { value: { kind: 'int', value: toNumberIfSafe(v) } };
}

/** A uint literal: digits with a `u`/`U` suffix. */
export function uintLiteral(text: string): LiteralResult {
  const v = BigInt(text.slice(0, -1));
  if (v > UINT64_MAX) return { error: 'invalid uint literal' };
  return { value: { kind: 'uint', value: toNumberIfSafe(v) } };
}

export function doubleLiteral(text: string, negative: boolean): LiteralResult {
  const v = Number(text);
  if (!Number.isFinite(v)) return { error: 'invalid double literal' };
  return { value: { kind: 'double', value: negative ? -v : v } };
}

/**
 * A string or bytes literal from its token text, e.g. `'a\n'`, `r"\d+"`, `b'''x'''`. In strings,
 * `\x`, octal and `\u` escapes denote code points; in bytes, `\x` and octal escapes denote octets and
 * other characters stand for their UTF-8 encoding. Line breaks inside triple-quoted literals are
 * normalized to '\n'.
 */
export function quotedLiteral(text: string): LiteralResult {
  let i = 0;
  let bytes = false;
  let raw = false;
  if (text[i] === 'b' || text[i] === 'B') {
    bytes = true;
    i++;
  }
  if (text[i] === 'r' || text[i] === 'R') {
    raw = true;
    i++;
  }
  const quote = text[i]!;
  const triple = text.length - i >= 6 && text[i + 1] === quote && text[i + 2] === quote;
  const width = triple ? 3 : 1;
  let body = text.slice(i + width, text.length - width);
  if (body.includes('\r')) body = body.replaceAll('\r\n', '\n').replaceAll('\r', '\n');

  const out = bytes ? new ByteBuffer() : undefined;
  let str = '';
  if (raw || !body.includes('\\')) {
    if (out === undefined) return { value: { kind: 'string', value: body } };
    out.appendUtf8(body);
    return { value: { kind: 'bytes', value: out.result() } };
  }

  let chunkStart = 0;
  const flush = (end: number): void => {
    if (end <= chunkStart) return;
    const chunk = body.slice(chunkStart, end);
    if (out === undefined) str += chunk;
    else out.appendUtf8(chunk);
  };
  let j = 0;
  while (j < body.length) {
    if (body[j] !== '\\') {
      j++;
      continue;
    }
    flush(j);
    const c = body[j + 1];
    let code: number;
    let octet = false;
    let next = j + 2;
    switch (c) {
      case 'a':
        code = 7;
        break;
      case 'b':
        code = 8;
        break;
      case 'f':
        code = 12;
        break;
      case 'n':
        code = 10;
        break;
      case 'r':
        code = 13;
        break;
      case 't':
        code = 9;
        break;
      case 'v':
        code = 11;
        break;
      case '\\':
      case "'":
      case '"':
      case '`':
      case '?':
        code = c.charCodeAt(0);
        break;
      case 'x':
      case 'X':
        code = parseInt(body.slice(j + 2, j + 4), 16);
        next = j + 4;
        octet = true;
        break;
      case 'u':
      case 'U': {
        const n = c === 'u' ? 4 : 8;
        if (bytes) return { error: 'unable to unescape string' };
        code = parseInt(body.slice(j + 2, j + 2 + n), 16);
        next = j + 2 + n;
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return { error: 'invalid unicode code point' };
        break;
      }
      default:
        if (c !== undefined && c >= '0' && c <= '3') {
          code = parseInt(body.slice(j + 1, j + 4), 8);
          next = j + 4;
          octet = true;
          break;
        }
        return { error: 'unable to unescape string' };
    }
    if (Number.isNaN(code)) return { error: 'unable to unescape string' };
    if (out === undefined) str += String.fromCodePoint(code);
    else if (octet) out.push(code);
    else out.appendUtf8(String.fromCodePoint(code));
    j = next;
    chunkStart = j;
  }
  flush(body.length);
  if (out === undefined) return { value: { kind: 'string', value: str } };
  return { value: { kind: 'bytes', value: out.result() } };
}

class ByteBuffer {
  private bytes: number[] = [];
  private static readonly encoder = new TextEncoder();

  push(b: number): void {
    this.bytes.push(b);
  }

  appendUtf8(s: string): void {
    for (const b of ByteBuffer.encoder.encode(s)) this.bytes.push(b);
  }

  result(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
