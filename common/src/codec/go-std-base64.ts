// Base64 as Go's base64.StdEncoding decodes it (kube reads a []byte field's JSON string so, and an
// untagged CBOR byte string): the standard alphabet, '=' padding required, line breaks skipped,
// Go's error text.

import { decodeGoBase64Url } from '../cel/values/go-base64.ts';

/** The decoded bytes, or Go's error ("illegal base64 data at input byte N"). */
export function decodeGoStdBase64(content: Uint8Array): Uint8Array | string {
  // One byte for one byte into the URL alphabet, where Go's decoder is already written: '+' and
  // '/' swap to '-' and '_', which themselves become a byte neither alphabet has.
  let text = '';
  for (const byte of content) text += String.fromCharCode(byte === 0x2b ? 0x2d : byte === 0x2f ? 0x5f : byte === 0x2d || byte === 0x5f ? 0x2a : byte);
  return decodeGoBase64Url(text);
}
