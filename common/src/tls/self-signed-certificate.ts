// X.509 v3 certificates issued with node:crypto keys (Node can verify and parse certificates but not
// make them): issueCertificate encodes and signs one from a template, and
// generateSelfSignedCertKey makes the serving certificate a Kubernetes component writes for itself
// when it is given none (client-go's certutil.GenerateSelfSignedCertKey): an RSA 2048 authority
// "<host>-ca@<unix time>" and a server certificate "<host>@<unix time>" it signs, both valid from
// an hour ago for a year, PEM-encoded leaf first, with the leaf's key as PKCS #1.

import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { derBitString, derBoolean, derContext, derDirectoryString, derInteger, derNull, derObjectIdentifier, derOctetString, derSequence, derSet, derTime } from './der.ts';

/** RFC 5280 KeyUsage bits, numbered as the standard numbers them. */
export const keyUsages = {
  digitalSignature: 0,
  contentCommitment: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
} as const;

export type KeyUsage = keyof typeof keyUsages;

export const extendedKeyUsages = {
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

export type ExtendedKeyUsage = keyof typeof extendedKeyUsages;

export interface CertificateName {
  readonly commonName: string;
  readonly organizations?: readonly string[];
}

export interface CertificateTemplate {
  readonly serialNumber: bigint | number;
  readonly subject: CertificateName;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKey: KeyObject;
  readonly keyUsage?: readonly KeyUsage[];
  readonly extendedKeyUsage?: readonly ExtendedKeyUsage[];
  /** Writes BasicConstraints (cA true for an authority). */
  readonly isCA?: boolean;
  readonly dnsNames?: readonly string[];
  readonly ipAddresses?: readonly string[];
}

/** Who signs: its name and key, and its key identifier (for the AuthorityKeyIdentifier). */
export interface CertificateIssuer {
  readonly name: CertificateName;
  readonly privateKey: KeyObject;
  readonly subjectKeyId?: Buffer;
}

export interface IssuedCertificate {
  readonly der: Buffer;
  readonly pem: string;
  /** Present for an authority, for the certificates it signs. */
  readonly subjectKeyId?: Buffer;
}

const oids = {
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
} as const;

/**
 * Encodes and signs a certificate with SHA-256 (RSA PKCS #1 v1.5 or ECDSA, by the issuer's key).
 * Extensions come in the order Go's x509.CreateCertificate writes them; an authority gets a
 * SubjectKeyIdentifier (the SHA-1 of its public key), and a certificate whose issuer is another
 * (by name) gets an AuthorityKeyIdentifier when the issuer has one. A self-signed certificate is
 * issued by its own subject name and private key.
 */
export function issueCertificate(template: CertificateTemplate, issuer: CertificateIssuer): IssuedCertificate {
  const algorithm = signatureAlgorithm(issuer.privateKey);
  const spki = template.publicKey.export({ type: 'spki', format: 'der' });
  const subjectKeyId = template.isCA === true ? createHash('sha1').update(subjectPublicKeyBits(spki)).digest() : undefined;
  const issuerName = encodeName(issuer.name);
  const subjectName = encodeName(template.subject);
  const authorityKeyId = issuerName.equals(subjectName) ? undefined : issuer.subjectKeyId;
  const extensions = certificateExtensions(template, subjectKeyId, authorityKeyId);
  const tbs = derSequence(
    derContext(0, derInteger(2), true),
    derInteger(template.serialNumber),
    algorithm,
    issuerName,
    derSequence(derTime(template.notBefore), derTime(template.notAfter)),
    subjectName,
    spki,
    ...(extensions.length > 0 ? [derContext(3, derSequence(...extensions), true)] : []),
  );
  const der = derSequence(tbs, algorithm, derBitString(sign('sha256', tbs, issuer.privateKey)));
  return { der, pem: pemBlock('CERTIFICATE', der), ...(subjectKeyId === undefined ? {} : { subjectKeyId }) };
}

function signatureAlgorithm(key: KeyObject): Buffer {
  if (key.asymmetricKeyType === 'rsa') return derSequence(derObjectIdentifier(oids.sha256WithRSAEncryption), derNull());
  if (key.asymmetricKeyType === 'ec') return derSequence(derObjectIdentifier(oids.ecdsaWithSHA256));
  throw new Error(`certificates are signed with RSA or ECDSA keys, not ${key.asymmetricKeyType ?? 'this key'}`);
}

function encodeName(name: CertificateName): Buffer {
  const attribute = (oid: string, value: string) => derSet(derSequence(derObjectIdentifier(oid), derDirectoryString(value)));
  // Go writes the organizations before the common name.
  return derSequence(...(name.organizations ?? []).map((organization) => attribute(oids.organization, organization)), attribute(oids.commonName, name.commonName));
}

function certificateExtensions(template: CertificateTemplate, subjectKeyId: Buffer | undefined, authorityKeyId: Buffer | undefined): Buffer[] {
  const extension = (oid: string, critical: boolean, value: Buffer) => derSequence(derObjectIdentifier(oid), ...(critical ? [derBoolean(true)] : []), derOctetString(value));
  const extensions: Buffer[] = [];
  if (template.keyUsage !== undefined && template.keyUsage.length > 0) extensions.push(extension(oids.keyUsage, true, keyUsageBits(template.keyUsage)));
  if (template.extendedKeyUsage !== undefined && template.extendedKeyUsage.length > 0) {
    extensions.push(extension(oids.extKeyUsage, false, derSequence(...template.extendedKeyUsage.map((usage) => derObjectIdentifier(extendedKeyUsages[usage])))));
  }
  if (template.isCA !== undefined) extensions.push(extension(oids.basicConstraints, true, derSequence(...(template.isCA ? [derBoolean(true)] : []))));
  if (subjectKeyId !== undefined) extensions.push(extension(oids.subjectKeyIdentifier, false, derOctetString(subjectKeyId)));
  if (authorityKeyId !== undefined) extensions.push(extension(oids.authorityKeyIdentifier, false, derSequence(derContext(0, authorityKeyId, false))));
  const dnsNames = template.dnsNames ?? [];
  const ipAddresses = template.ipAddresses ?? [];
  if (dnsNames.length > 0 || ipAddresses.length > 0) {
    const names = [...dnsNames.map((name) => derContext(2, Buffer.from(name, 'ascii'), false)), ...ipAddresses.map((ip) => derContext(7, ipBytes(ip), false))];
    extensions.push(extension(oids.subjectAltName, false, derSequence(...names)));
  }
  return extensions;
}

/** KeyUsage as a DER BIT STRING: bit 0 is the first byte's high bit; trailing zero bits are not counted. */
function keyUsageBits(usages: readonly KeyUsage[]): Buffer {
  let bits = 0;
  for (const usage of usages) bits |= 1 << keyUsages[usage];
  const highest = 31 - Math.clz32(bits);
  const length = Math.floor(highest / 8) + 1;
  const bytes = Buffer.alloc(length);
  for (let bit = 0; bit <= highest; bit++) if (bits & (1 << bit)) bytes[bit >> 3] = (bytes[bit >> 3] as number) | (0x80 >> (bit & 7));
  return derBitString(bytes, length * 8 - (highest + 1));
}

function ipBytes(ip: string): Buffer {
  const family = isIP(ip);
  if (family === 4) return Buffer.from(ip.split('.').map(Number));
  if (family !== 6) throw new Error(`not an IP address: ${ip}`);
  const [head = '', tail] = ip.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [parseInt(group, 16)])));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(group, index * 2));
  // Go writes an IPv4-mapped address in its four-byte form.
  return bytes.subarray(0, 12).equals(v4MappedPrefix) ? bytes.subarray(12) : bytes;
}

const v4MappedPrefix = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]);

const ipv4Groups = (dotted: string): number[] => {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
};

/** The subjectPublicKey BIT STRING's bits inside a SubjectPublicKeyInfo (what a key identifier hashes). */
function subjectPublicKeyBits(spki: Buffer): Buffer {
  const readLength = (at: number): { length: number; next: number } => {
    const first = spki[at] as number;
    if (first < 0x80) return { length: first, next: at + 1 };
    const count = first & 0x7f;
    let length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (spki[at + 1 + i] as number);
    return { length, next: at + 1 + count };
  };
  const outer = readLength(1);
  const algorithm = readLength(outer.next + 1);
  const bitStringAt = algorithm.next + algorithm.length;
  const bitString = readLength(bitStringAt + 1);
  // Skip the unused-bits byte.
  return spki.subarray(bitString.next + 1, bitString.next + bitString.length);
}

export function pemBlock(type: string, der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----\n${lines.join('\n')}\n-----END ${type}-----\n`;
}

export interface SelfSignedCertKey {
  /** PEM: the server certificate, then the authority that signed it. */
  readonly certificate: string;
  /** PEM "RSA PRIVATE KEY" (PKCS #1) of the server certificate. */
  readonly privateKey: string;
}

export interface SelfSignedOptions {
  readonly alternateIPs?: readonly string[];
  readonly alternateDNS?: readonly string[];
  /** The moment of issue (default now). */
  readonly now?: Date;
}

const hourMs = 3_600_000;
const yearMs = 365 * 24 * hourMs;

/**
 * certutil.GenerateSelfSignedCertKey: for `host` (an IP goes in the IP SANs, a name in the DNS
 * SANs, then the alternates), a serving certificate (serial 2, digitalSignature and
 * keyEncipherment, serverAuth) signed by a fresh authority (serial 1, also keyCertSign), both
 * valid from an hour before `now` for 365 days.
 */
export function generateSelfSignedCertKey(host: string, options: SelfSignedOptions = {}): SelfSignedCertKey {
  const now = options.now ?? new Date();
  const unix = Math.floor(now.getTime() / 1000);
  const notBefore = new Date(now.getTime() - hourMs);
  const notAfter = new Date(notBefore.getTime() + yearMs);
  const authorityKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const authorityName = { commonName: `${host}-ca@${unix}` };
  const authority = issueCertificate(
    {
      serialNumber: 1,
      subject: authorityName,
      notBefore,
      notAfter,
      publicKey: authorityKeys.publicKey,
      keyUsage: ['digitalSignature', 'keyEncipherment', 'keyCertSign'],
      isCA: true,
    },
    { name: authorityName, privateKey: authorityKeys.privateKey },
  );
  const serverKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const hostIsIP = isIP(host) !== 0;
  const server = issueCertificate(
    {
      serialNumber: 2,
      subject: { commonName: `${host}@${unix}` },
      notBefore,
      notAfter,
      publicKey: serverKeys.publicKey,
      keyUsage: ['digitalSignature', 'keyEncipherment'],
      extendedKeyUsage: ['serverAuth'],
      isCA: false,
      dnsNames: [...(hostIsIP ? [] : [host]), ...(options.alternateDNS ?? [])],
      ipAddresses: [...(hostIsIP ? [host] : []), ...(options.alternateIPs ?? [])],
    },
    { name: authorityName, privateKey: authorityKeys.privateKey, ...(authority.subjectKeyId === undefined ? {} : { subjectKeyId: authority.subjectKeyId }) },
  );
  return {
    certificate: server.pem + authority.pem,
    privateKey: serverKeys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}
