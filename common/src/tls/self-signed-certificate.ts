// X.509 v3 certificates issued with node:crypto keys, encoded and signed by @peculiar/x509 (Node can
// verify and parse certificates but not make them): issueCertificate signs one from a template,
// and generateSelfSignedCertKey makes the serving certificate a Kubernetes component writes for
// itself when it is given none (client-go's certutil.GenerateSelfSignedCertKey): an RSA 2048
// authority "<host>-ca@<unix time>" and a server certificate "<host>@<unix time>" it signs, both
// valid from an hour ago for a year, PEM-encoded leaf first, with the leaf's key as PKCS #1.

// @peculiar/x509 resolves its encoders through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { generateKeyPair as generateKeyPairCallback, type KeyObject, webcrypto, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const generateKeyPair = promisify(generateKeyPairCallback);

/** RFC 5280 KeyUsage bits. */
export const keyUsages = {
  digitalSignature: x509.KeyUsageFlags.digitalSignature,
  contentCommitment: x509.KeyUsageFlags.nonRepudiation,
  keyEncipherment: x509.KeyUsageFlags.keyEncipherment,
  dataEncipherment: x509.KeyUsageFlags.dataEncipherment,
  keyAgreement: x509.KeyUsageFlags.keyAgreement,
  keyCertSign: x509.KeyUsageFlags.keyCertSign,
  cRLSign: x509.KeyUsageFlags.cRLSign,
} as const;

export type KeyUsage = keyof typeof keyUsages;

export const extendedKeyUsages = {
  serverAuth: x509.ExtendedKeyUsage.serverAuth,
  clientAuth: x509.ExtendedKeyUsage.clientAuth,
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

/**
 * Signs a certificate with SHA-256 (RSA PKCS #1 v1.5 or ECDSA, by the issuer's key). An authority
 * gets a SubjectKeyIdentifier (the SHA-1 of its public key), and a certificate whose issuer is
 * another (by name) gets an AuthorityKeyIdentifier when the issuer has one, as Go's
 * x509.CreateCertificate writes them. A self-signed certificate is issued by its own subject name
 * and private key.
 */
export async function issueCertificate(template: CertificateTemplate, issuer: CertificateIssuer): Promise<IssuedCertificate> {
  const algorithm = signingAlgorithm(issuer.privateKey);
  const publicKey = await importKey(template.publicKey, algorithm, 'spki');
  const signingKey = await importKey(issuer.privateKey, algorithm, 'pkcs8');
  const extensions: x509.Extension[] = [];
  if (template.keyUsage !== undefined && template.keyUsage.length > 0) {
    extensions.push(
      new x509.KeyUsagesExtension(
        template.keyUsage.reduce((flags, usage) => flags | keyUsages[usage], 0),
        true,
      ),
    );
  }
  if (template.extendedKeyUsage !== undefined && template.extendedKeyUsage.length > 0) {
    extensions.push(new x509.ExtendedKeyUsageExtension(template.extendedKeyUsage.map((usage) => extendedKeyUsages[usage])));
  }
  if (template.isCA !== undefined) extensions.push(new x509.BasicConstraintsExtension(template.isCA, undefined, true));
  let subjectKeyId: Buffer | undefined;
  if (template.isCA === true) {
    const extension = await x509.SubjectKeyIdentifierExtension.create(publicKey);
    subjectKeyId = Buffer.from(extension.keyId, 'hex');
    extensions.push(extension);
  }
  const issuerName = nameText(issuer.name);
  const subjectName = nameText(template.subject);
  if (issuerName !== subjectName && issuer.subjectKeyId !== undefined) {
    extensions.push(new x509.AuthorityKeyIdentifierExtension(issuer.subjectKeyId.toString('hex')));
  }
  const alternativeNames = [
    ...(template.dnsNames ?? []).map((name) => ({ type: 'dns' as const, value: name })),
    ...(template.ipAddresses ?? []).map((ip) => ({ type: 'ip' as const, value: ipText(ip) })),
  ];
  if (alternativeNames.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(alternativeNames));
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialHex(template.serialNumber),
    subject: subjectName,
    issuer: issuerName,
    notBefore: template.notBefore,
    notAfter: template.notAfter,
    publicKey,
    signingKey,
    signingAlgorithm: algorithm,
    extensions,
  });
  const der = Buffer.from(certificate.rawData);
  return { der, pem: new X509Certificate(der).toString(), ...(subjectKeyId === undefined ? {} : { subjectKeyId }) };
}

type SigningAlgorithm = webcrypto.RsaHashedImportParams | (webcrypto.EcKeyImportParams & webcrypto.EcdsaParams);

function signingAlgorithm(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === 'rsa') return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  if (key.asymmetricKeyType === 'ec') return { name: 'ECDSA', namedCurve: key.asymmetricKeyDetails?.namedCurve === 'secp384r1' ? 'P-384' : 'P-256', hash: 'SHA-256' };
  throw new Error(`certificates are signed with RSA or ECDSA keys, not ${key.asymmetricKeyType ?? 'this key'}`);
}

/** The key as Web Crypto takes it, for the algorithm of the issuer's key (the subject's may differ in kind). */
function importKey(key: KeyObject, issuerAlgorithm: SigningAlgorithm, format: 'spki' | 'pkcs8'): Promise<webcrypto.CryptoKey> {
  const algorithm = key.asymmetricKeyType === (issuerAlgorithm.name === 'ECDSA' ? 'ec' : 'rsa') ? issuerAlgorithm : signingAlgorithm(key);
  const der = key.export({ type: format, format: 'der' });
  return webcrypto.subtle.importKey(format, der, algorithm, true, format === 'spki' ? ['verify'] : ['sign']) as Promise<webcrypto.CryptoKey>;
}

/** An RFC 4514 name: the organizations, then the common name, as Go writes them. */
function nameText(name: CertificateName): string {
  const escape = (value: string) => value.replace(/[\\,+"<>;=#]/g, (character) => `\\${character}`);
  return [...(name.organizations ?? []).map((organization) => `O=${escape(organization)}`), `CN=${escape(name.commonName)}`].join(', ');
}

/** A positive serial in hex, with a leading zero byte when its high bit is set (DER integers are signed). */
function serialHex(serial: bigint | number): string {
  let hex = BigInt(serial).toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return Number.parseInt(hex.slice(0, 2), 16) >= 0x80 ? `00${hex}` : hex;
}

/** An IPv4-mapped IPv6 address is written in its four-byte form, as Go writes it. */
function ipText(ip: string): string {
  if (isIP(ip) === 0) throw new Error(`not an IP address: ${ip}`);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped === null ? ip : (mapped[1] as string);
}

/** The SubjectKeyIdentifier of a PEM certificate (an authority's, for the certificates it signs), if it has one. */
export function subjectKeyIdOf(pem: string): Buffer | undefined {
  const extension = new x509.X509Certificate(pem).getExtension(x509.SubjectKeyIdentifierExtension);
  return extension === null ? undefined : Buffer.from(extension.keyId, 'hex');
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
export async function generateSelfSignedCertKey(host: string, options: SelfSignedOptions = {}): Promise<SelfSignedCertKey> {
  const now = options.now ?? new Date();
  const unix = Math.floor(now.getTime() / 1000);
  const notBefore = new Date(now.getTime() - hourMs);
  const notAfter = new Date(notBefore.getTime() + yearMs);
  const [authorityKeys, serverKeys] = await Promise.all([generateKeyPair('rsa', { modulusLength: 2048 }), generateKeyPair('rsa', { modulusLength: 2048 })]);
  const authorityName = { commonName: `${host}-ca@${unix}` };
  const authority = await issueCertificate(
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
  const hostIsIP = isIP(host) !== 0;
  const server = await issueCertificate(
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
