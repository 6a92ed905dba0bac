// kube's check of a CertificateSigningRequest's spec.request: a PEM "CERTIFICATE REQUEST" block
// holding a PKCS#10 request whose signature its own public key verifies. node:crypto has no CSR
// parser, so the DER is walked here just far enough to find the signed bytes, the key, the
// algorithm and the signature. Go's asn1 errors name the failing tag and offset; ours only
// name the kind of failure.

import { createPublicKey, verify } from 'node:crypto';

interface Element {
  readonly tag: number;
  readonly start: number;
  readonly contentStart: number;
  readonly end: number;
}

const truncated = 'asn1: syntax error: data truncated';
const tagMismatch = "asn1: structure error: tags don't match";
const unimplemented = 'x509: cannot verify signature: algorithm unimplemented';

class DerError extends Error {}

/** One DER element (single-byte tags, definite lengths) at `offset`. */
function elementAt(bytes: Uint8Array, offset: number, tag: number): Element {
  if (offset + 2 > bytes.length) throw new DerError(truncated);
  if (bytes[offset] !== tag) throw new DerError(tagMismatch);
  let length = bytes[offset + 1] as number;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const size = length & 0x7f;
    if (size === 0 || size > 4 || contentStart + size > bytes.length) throw new DerError(truncated);
    length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + (bytes[contentStart + i] as number);
    contentStart += size;
  }
  const end = contentStart + length;
  if (end > bytes.length) throw new DerError(truncated);
  return { tag, start: offset, contentStart, end };
}

function objectIdentifier(bytes: Uint8Array): string {
  const first = bytes[0] ?? 0;
  const arcs = [Math.floor(first / 40), first % 40];
  let arc = 0;
  for (const byte of bytes.subarray(1)) {
    arc = arc * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(arc);
      arc = 0;
    }
  }
  return arcs.join('.');
}

/** Signature algorithms by OID: the digest node:crypto verifies with (null for Ed25519) and Go's failure message. */
const signatureAlgorithms: ReadonlyMap<string, { readonly digest: string | null; readonly failure: string }> = new Map([
  ['1.2.840.113549.1.1.5', { digest: 'sha1', failure: 'crypto/rsa: verification error' }],
  ['1.2.840.113549.1.1.11', { digest: 'sha256', failure: 'crypto/rsa: verification error' }],
  ['1.2.840.113549.1.1.12', { digest: 'sha384', failure: 'crypto/rsa: verification error' }],
  ['1.2.840.113549.1.1.13', { digest: 'sha512', failure: 'crypto/rsa: verification error' }],
  ['1.2.840.10045.4.1', { digest: 'sha1', failure: 'x509: ECDSA verification failure' }],
  ['1.2.840.10045.4.3.2', { digest: 'sha256', failure: 'x509: ECDSA verification failure' }],
  ['1.2.840.10045.4.3.3', { digest: 'sha384', failure: 'x509: ECDSA verification failure' }],
  ['1.2.840.10045.4.3.4', { digest: 'sha512', failure: 'x509: ECDSA verification failure' }],
  ['1.3.101.112', { digest: null, failure: 'x509: Ed25519 verification failure' }],
]);
// RSASSA-PSS: its digest hides in parameters; such requests are accepted unverified.
const rsaPss = '1.2.840.113549.1.1.10';

/** certificates.ParseCSR then CheckSignature: the error kube reports, or undefined for a good request. */
function derRequestError(der: Uint8Array): string | undefined {
  const request = elementAt(der, 0, 0x30);
  if (request.end !== der.length) return 'asn1: syntax error: trailing data';
  const info = elementAt(der, request.contentStart, 0x30);
  const algorithm = elementAt(der, info.end, 0x30);
  const signature = elementAt(der, algorithm.end, 0x03);
  if (signature.end !== request.end) return 'asn1: syntax error: trailing data';
  const version = elementAt(der, info.contentStart, 0x02);
  const subject = elementAt(der, version.end, 0x30);
  const publicKey = elementAt(der, subject.end, 0x30);
  const oid = elementAt(der, algorithm.contentStart, 0x06);
  const algorithmId = objectIdentifier(der.subarray(oid.contentStart, oid.end));
  if (algorithmId === rsaPss) return undefined;
  const known = signatureAlgorithms.get(algorithmId);
  if (known === undefined) return unimplemented;
  let key;
  try {
    key = createPublicKey({ key: Buffer.from(der.subarray(publicKey.start, publicKey.end)), format: 'der', type: 'spki' });
  } catch {
    return unimplemented;
  }
  // The BIT STRING's first byte counts unused bits, always 0 for a signature.
  const signed = der.subarray(info.start, info.end);
  const signatureBytes = der.subarray(signature.contentStart + 1, signature.end);
  try {
    return verify(known.digest, signed, key, signatureBytes) ? undefined : known.failure;
  } catch {
    return known.failure;
  }
}

/** Go's pem.Decode of the first block: its type and bytes, or undefined when there is none. */
function firstPemBlock(text: string): { type: string; bytes: Uint8Array } | undefined {
  const block = /-----BEGIN ([^\r\n]*?)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (block === null) return undefined;
  // Headers ("Key: value" lines, then a blank line) may come before the base64 body.
  const body = (block[2] as string).replace(/^(?:[^\r\n:]+:[^\r\n]*\r?\n)+\r?\n/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(body)) return undefined;
  return { type: block[1] as string, bytes: Buffer.from(body.replace(/\s/g, ''), 'base64') };
}

export function certificateRequestError(request: Uint8Array): string | undefined {
  const block = firstPemBlock(Buffer.from(request).toString('latin1'));
  if (block === undefined || block.type !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  try {
    return derRequestError(block.bytes);
  } catch (error) {
    if (error instanceof DerError) return error.message;
    throw error;
  }
}
