// Byte strings: JavaScript strings holding one UTF-8 byte per char, so that code following Go's
// byte-wise string handling (net/url, netip) cuts, escapes and quotes exactly where Go does.

import { goQuote } from '../../status/go-format.ts';

const ascii = /^[\x00-\x7f]*$/;

export function toBytes(text: string): string {
  return ascii.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}

/** Back to text; bytes that are not valid UTF-8 become U+FFFD, as a CEL string cannot hold them. */
export function fromBytes(bytes: string): string {
  return ascii.test(bytes) ? bytes : Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Go's strconv.Quote of a byte string: valid UTF-8 as goQuote writes it, other bytes as \xNN. */
export function quoteBytes(bytes: string): string {
  if (ascii.test(bytes)) return goQuote(bytes);
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const length = validSequenceLength(bytes, i);
    if (length === 0) {
      out += `\\x${bytes.charCodeAt(i).toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += goQuote(fromBytes(bytes.slice(i, i + length))).slice(1, -1);
      i += length;
    }
  }
  return `"${out}"`;
}

/** The length of the well-formed UTF-8 sequence at i, or 0 when the byte there starts none. */
function validSequenceLength(bytes: string, i: number): number {
  const lead = bytes.charCodeAt(i);
  if (lead < 0x80) return 1;
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  const second = bytes.charCodeAt(i + 1);
  const secondLow = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const secondHigh = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < secondLow || second > secondHigh) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes.charCodeAt(i + k);
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}
