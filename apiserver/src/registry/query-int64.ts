// Integers of query parameters as kube's parameter codec reads them, with Go's strconv: ParseUint
// (digits only; the first bad character or overflow, whichever comes first, decides the error) and
// ParseInt(text, 10, 64) (an optional sign), a failure being the 400 with Go's error text.

import { goQuote, newBadRequest } from '@capstan/common';

export type GoNumError = 'invalid syntax' | 'value out of range';

export const maxUint64 = (1n << 64n) - 1n;
const int64Cutoff = 1n << 63n;

/** strconv.ParseUint(text, 10, ...) up to `max`: the value, or Go's error. */
export function parseGoUint(text: string, max: bigint = maxUint64): bigint | GoNumError {
  if (text === '') return 'invalid syntax';
  let value = 0n;
  for (const ch of text) {
    if (ch < '0' || ch > '9') return 'invalid syntax';
    value = value * 10n + BigInt(ch.charCodeAt(0) - 48);
    if (value > max) return 'value out of range';
  }
  return value;
}

/** strconv.ParseInt(text, 10, 64): the value, or Go's error. */
export function parseGoInt64(text: string): bigint | GoNumError {
  const negative = text.startsWith('-');
  const magnitude = parseGoUint(negative || text.startsWith('+') ? text.slice(1) : text);
  if (typeof magnitude !== 'bigint') return magnitude;
  if (negative ? magnitude > int64Cutoff : magnitude >= int64Cutoff) return 'value out of range';
  return negative ? -magnitude : magnitude;
}

/** An int64 query parameter, or kube's 400 "strconv.ParseInt: parsing ...". */
export function queryInt64(text: string): bigint {
  const parsed = parseGoInt64(text);
  if (typeof parsed !== 'bigint') throw newBadRequest(`strconv.ParseInt: parsing ${goQuote(text)}: ${parsed}`);
  return parsed;
}
