// The certificates of `capstan up`, kept in <data-dir>/pki as kubeadm keeps its own: a cluster
// authority (ca.crt, ca.key: ECDSA P-256, ten years) that signs the API server's serving
// certificate (apiserver.crt) and a client certificate for each identity of the cluster (the
// administrator in system:masters, the controllers, each node agent as system:node:<name>). Files
// are reused at the next start while they are valid and signed by the authority on disk, and
// issued again otherwise; keys are written 0600.

import { generateKeyPair as generateKeyPairCallback, randomBytes, X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { issueCertificate, subjectKeyIdOf, type CertificateIssuer, type CertificateTemplate } from '@capstan/common';
import type { ClientIdentity } from './install-pki.ts';
import { kubeconfigFor } from './kubeconfig.ts';

const generateKeyPair = promisify(generateKeyPairCallback);

const dayMs = 24 * 3_600_000;
const authorityLifetimeMs = 10 * 365 * dayMs;
const leafLifetimeMs = 365 * dayMs;
/** A certificate that expires sooner than this is issued again at start. */
const renewBeforeMs = 30 * dayMs;

export interface CertificatePair {
  /** PEM certificate. */
  readonly cert: string;
  /** PEM PKCS #8 private key. */
  readonly key: string;
}

export interface ClusterPki {
  /** PEM of the cluster authority, which clients trust and client certificates chain to. */
  readonly authority: string;
  readonly authorityFile: string;
  /** The API server's serving certificate for these addresses and names. */
  serving(ips: readonly string[], dnsNames: readonly string[]): Promise<CertificatePair>;
  /** A client certificate (kept as <file>.crt and <file>.key) for the user and groups. */
  client(file: string, user: string, groups: readonly string[]): Promise<CertificatePair>;
}

export async function clusterPki(dir: string): Promise<ClusterPki> {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const authorityFile = join(dir, 'ca.crt');
  const authorityName = { commonName: 'capstan-ca' };
  let authority = readPair(dir, 'ca');
  if (authority === undefined || !stillValid(authority.cert)) {
    const keys = await generateKeyPair('ec', { namedCurve: 'P-256' });
    const now = Date.now();
    const issued = await issueCertificate(
      {
        serialNumber: randomSerial(),
        subject: authorityName,
        notBefore: new Date(now - 3_600_000),
        notAfter: new Date(now + authorityLifetimeMs),
        publicKey: keys.publicKey,
        keyUsage: ['digitalSignature', 'keyEncipherment', 'keyCertSign'],
        isCA: true,
      },
      { name: authorityName, privateKey: keys.privateKey },
    );
    authority = writePair(dir, 'ca', { cert: issued.pem, key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  }
  const authorityCert = new X509Certificate(authority.cert);
  const authorityKeyId = subjectKeyIdOf(authority.cert);
  const signer: CertificateIssuer = {
    name: authorityName,
    privateKey: createPrivateKey(authority.key),
    ...(authorityKeyId === undefined ? {} : { subjectKeyId: authorityKeyId }),
  };
  const leaf = async (file: string, template: Omit<CertificateTemplate, 'serialNumber' | 'notBefore' | 'notAfter' | 'publicKey'>, fits: (cert: X509Certificate) => boolean) => {
    const existing = readPair(dir, file);
    if (existing !== undefined) {
      const cert = new X509Certificate(existing.cert);
      if (stillValid(existing.cert) && cert.verify(authorityCert.publicKey) && fits(cert)) return existing;
    }
    const keys = await generateKeyPair('ec', { namedCurve: 'P-256' });
    const now = Date.now();
    const issued = await issueCertificate(
      { ...template, serialNumber: randomSerial(), notBefore: new Date(now - 3_600_000), notAfter: new Date(now + leafLifetimeMs), publicKey: keys.publicKey },
      signer,
    );
    return writePair(dir, file, { cert: issued.pem, key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  };
  return {
    authority: authority.cert,
    authorityFile,
    serving: (ips, dnsNames) =>
      leaf(
        'apiserver',
        { subject: { commonName: 'kube-apiserver' }, keyUsage: ['digitalSignature', 'keyEncipherment'], extendedKeyUsage: ['serverAuth'], isCA: false, ipAddresses: ips, dnsNames },
        // Issued again when the host's addresses or names have changed since.
        (cert) => ips.every((ip) => cert.checkIP(ip) !== undefined) && dnsNames.every((name) => cert.checkHost(name) !== undefined),
      ),
    client: (file, user, groups) =>
      leaf(
        file,
        { subject: { commonName: user, organizations: groups }, keyUsage: ['digitalSignature', 'keyEncipherment'], extendedKeyUsage: ['clientAuth'], isCA: false },
        (cert) => cert.subject === [...groups.map((group) => `O=${group}`), `CN=${user}`].join('\n'),
      ),
  };
}

/** Writes (mode 0600) a kubeconfig for `server` as `identity`, whose client certificate the cluster authority issues; answers its path. */
export async function writeClientKubeconfig(pki: ClusterPki, server: string, path: string, identity: ClientIdentity): Promise<string> {
  const client = await pki.client(identity.file, identity.user, identity.groups);
  writeFileSync(path, kubeconfigFor(server, { certificateAuthority: pki.authority, clientCertificate: client.cert, clientKey: client.key }), { mode: 0o600 });
  return path;
}

function readPair(dir: string, file: string): CertificatePair | undefined {
  const certFile = join(dir, `${file}.crt`);
  const keyFile = join(dir, `${file}.key`);
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

function writePair(dir: string, file: string, pair: CertificatePair): CertificatePair {
  writeFileSync(join(dir, `${file}.key`), pair.key, { mode: 0o600 });
  writeFileSync(join(dir, `${file}.crt`), pair.cert, { mode: 0o644 });
  return pair;
}

function stillValid(pem: string): boolean {
  return new Date(new X509Certificate(pem).validTo).getTime() - Date.now() > renewBeforeMs;
}

/** A positive random 128-bit serial, as Go's tools pick them. */
function randomSerial(): bigint {
  return BigInt(`0x${randomBytes(16).toString('hex')}`) >> 1n;
}
