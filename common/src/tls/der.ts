// DER (the distinguished encoding of ASN.1) for the few types an X.509 certificate is made of:
// each function answers the complete encoding (tag, length, contents) of one value.

const tags = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  objectIdentifier: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** One value: its tag byte, then its length (short or long form), then its contents. */
export function derValue(tag: number, contents: Uint8Array): Buffer {
  const length = contents.length;
  let head: number[];
  if (length < 0x80) head = [tag, length];
  else {
    const lengthBytes: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256);
    head = [tag, 0x80 | lengthBytes.length, ...lengthBytes];
  }
  return Buffer.concat([Buffer.from(head), contents]);
}

export const derSequence = (...items: readonly Uint8Array[]): Buffer => derValue(tags.sequence, Buffer.concat(items));

/** A SET OF; DER orders its members by their encodings. */
export const derSet = (...items: readonly Uint8Array[]): Buffer => derValue(tags.set, Buffer.concat([...items].sort(Buffer.compare)));

export const derBoolean = (value: boolean): Buffer => derValue(tags.boolean, Buffer.from([value ? 0xff : 0x00]));

export const derNull = (): Buffer => derValue(tags.null, Buffer.alloc(0));

/** A whole number in the fewest two's-complement bytes (a leading 0x00 keeps a positive number positive). */
export function derInteger(value: bigint | number): Buffer {
  let rest = BigInt(value);
  const bytes: number[] = [];
  if (rest >= 0n) {
    do {
      bytes.unshift(Number(rest & 0xffn));
      rest >>= 8n;
    } while (rest > 0n);
    if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  } else {
    do {
      bytes.unshift(Number(rest & 0xffn));
      rest >>= 8n;
    } while (rest < -1n || !((bytes[0] as number) & 0x80));
  }
  return derValue(tags.integer, Buffer.from(bytes));
}

/** A dotted object identifier ("1.2.840.113549.1.1.11"). */
export function derObjectIdentifier(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map((arc) => BigInt(arc));
  if (first === undefined || second === undefined) throw new Error(`an object identifier has at least two arcs: ${dotted}`);
  const bytes: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const groups: number[] = [Number(arc & 0x7fn)];
    for (let high = arc >> 7n; high > 0n; high >>= 7n) groups.unshift(Number(high & 0x7fn) | 0x80);
    bytes.push(...groups);
  }
  return derValue(tags.objectIdentifier, Buffer.from(bytes));
}

/** A BIT STRING of whole bytes, less `unusedBits` trailing bits of the last one. */
export const derBitString = (bytes: Uint8Array, unusedBits = 0): Buffer => derValue(tags.bitString, Buffer.concat([Buffer.from([unusedBits]), bytes]));

export const derOctetString = (bytes: Uint8Array): Buffer => derValue(tags.octetString, bytes);

/** The characters ASN.1's PrintableString allows. */
const printable = /^[A-Za-z0-9 '()+,\-./:=?*]*$/;

/** A directory string as Go writes one: PrintableString when it can be, UTF8String otherwise. */
export const derDirectoryString = (text: string): Buffer => derValue(printable.test(text) ? tags.printableString : tags.utf8String, Buffer.from(text, 'utf8'));

export const derIa5String = (text: string): Buffer => derValue(tags.ia5String, Buffer.from(text, 'ascii'));

/** A certificate time (RFC 5280 4.1.2.5): UTCTime through 2049, GeneralizedTime from 2050; whole seconds, UTC. */
export function derTime(date: Date): Buffer {
  const iso = date.toISOString();
  const year = date.getUTCFullYear();
  const digits = `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  if (year >= 1950 && year < 2050) return derValue(tags.utcTime, Buffer.from(`${String(year % 100).padStart(2, '0')}${digits}`, 'ascii'));
  return derValue(tags.generalizedTime, Buffer.from(`${String(year).padStart(4, '0')}${digits}`, 'ascii'));
}

/** A context-specific tag [n]: constructed (EXPLICIT, or IMPLICIT of a constructed type) or primitive (IMPLICIT). */
export const derContext = (n: number, contents: Uint8Array, constructed: boolean): Buffer => derValue((constructed ? 0xa0 : 0x80) | n, contents);
