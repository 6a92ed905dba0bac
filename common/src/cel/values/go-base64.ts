// Base64 as Go's encoding/base64 decodes it with the URL alphabet and padding (base64.URLEncoding),
// which is what Kubernetes reads a string of format byte with: '-' and '_' rather than '+' and
// '/', '=' padding required, line breaks skipped, and Go's error for anything else ("illegal
// base64 data at input byte N", N counting bytes of the UTF-8 text).

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const invalid = 0xff;
const decodeMap = new Uint8Array(256).fill(invalid);
for (let i = 0; i < alphabet.length; i++) decodeMap[alphabet.charCodeAt(i)] = i;

const padding = 0x3d; // '='
const isLineBreak = (byte: number | undefined): boolean => byte === 0x0a || byte === 0x0d;
const utf8 = new TextEncoder();

/** The decoded bytes, or Go's error text. */
export function decodeGoBase64Url(text: string): Uint8Array | string {
  const src = utf8.encode(text);
  const out: number[] = [];
  const corrupt = (at: number): string => `illegal base64 data at input byte ${at}`;
  let si = 0;
  while (si < src.length) {
    // One quantum: up to four characters, as Go's decodeQuantum reads them.
    const quantum = [0, 0, 0, 0];
    let length = 4;
    let trailingGarbage: number | undefined;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        return corrupt(si - j);
      }
      const byte = src[si]!;
      si++;
      const value = decodeMap[byte]!;
      if (value !== invalid) {
        quantum[j] = value;
        continue;
      }
      if (isLineBreak(byte)) {
        j--;
        continue;
      }
      if (byte !== padding) return corrupt(si - 1);
      // Padding ends the input: "==" after two characters, "=" after three.
      if (j < 2) return corrupt(si - 1);
      if (j === 2) {
        while (si < src.length && isLineBreak(src[si])) si++;
        if (si === src.length) return corrupt(src.length);
        if (src[si] !== padding) return corrupt(si - 1);
        si++;
      }
      while (si < src.length && isLineBreak(src[si])) si++;
      if (si < src.length) trailingGarbage = si;
      length = j;
      break;
    }
    const bits = (quantum[0]! << 18) | (quantum[1]! << 12) | (quantum[2]! << 6) | quantum[3]!;
    const bytes = [(bits >> 16) & 0xff, (bits >> 8) & 0xff, bits & 0xff];
    if (trailingGarbage !== undefined) return corrupt(trailingGarbage);
    out.push(...bytes.slice(0, length - 1));
  }
  return Uint8Array.from(out);
}
