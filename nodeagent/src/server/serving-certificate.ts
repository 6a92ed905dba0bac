// The agent's serving certificate, found as the kubelet's InitializeTLS finds it: tlsCertFile and
// tlsPrivateKeyFile when the configuration names them; otherwise <cert-dir>/kubelet.crt and
// kubelet.key, reused when both can be read, an error when only one can, and written when neither
// exists: certutil's self-signed pair for the node's hostname (the hostname alone in the SANs, as
// the kubelet passes no alternate names; an authority "<host>-ca@<unix time>" signs
// "<host>@<unix time>", both RSA 2048, valid from an hour ago for a year). The directory is made
// 0755, the certificate written 0644 and the key 0600, as certutil.WriteCert and keyutil.WriteKey do.

import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateSelfSignedCertKey, errorMessage } from '@capstan/common';

export interface ServingCertificateSettings {
  readonly tlsCertFile: string;
  readonly tlsPrivateKeyFile: string;
  readonly certDirectory: string;
  /** The node's hostname (--hostname-override or the kernel's, lower-cased). */
  readonly hostname: string;
}

export interface ServingCertificate {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: Buffer;
  readonly key: Buffer;
  /** Whether this start wrote the pair. */
  readonly generated: boolean;
}

export class ServingCertificateError extends Error {
  override name = 'ServingCertificateError';
}

export function loadServingCertificate(settings: ServingCertificateSettings): ServingCertificate {
  let certFile = settings.tlsCertFile;
  let keyFile = settings.tlsPrivateKeyFile;
  let generated = false;
  if (certFile === '' && keyFile === '') {
    certFile = join(settings.certDirectory, 'kubelet.crt');
    keyFile = join(settings.certDirectory, 'kubelet.key');
    if (!canReadCertAndKey(certFile, keyFile)) {
      const pair = generateSelfSignedCertKey(settings.hostname);
      writeWithDirectory(certFile, pair.certificate, 0o644);
      writeWithDirectory(keyFile, pair.privateKey, 0o600);
      generated = true;
    }
  }
  return { certFile, keyFile, cert: readOrFail(certFile), key: readOrFail(keyFile), generated };
}

/** certutil.CanReadCertAndKey: both readable, or neither (false); one alone is an error. */
function canReadCertAndKey(certFile: string, keyFile: string): boolean {
  const certReadable = canRead(certFile);
  const keyReadable = canRead(keyFile);
  if (!certReadable && !keyReadable) return false;
  if (!certReadable) throw new ServingCertificateError(`error reading ${certFile}, certificate and key must be supplied as a pair`);
  if (!keyReadable) throw new ServingCertificateError(`error reading ${keyFile}, certificate and key must be supplied as a pair`);
  return true;
}

function canRead(path: string): boolean {
  try {
    closeSync(openSync(path, 'r'));
    return true;
  } catch {
    return false;
  }
}

function writeWithDirectory(path: string, data: string, mode: number): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  writeFileSync(path, data, { mode });
}

function readOrFail(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ServingCertificateError(`failed to read ${path}: ${errorMessage(error)}`);
  }
}
