// A component's serving certificate, found as the kubelet's InitializeTLS and kube-apiserver's
// MaybeDefaultWithSelfSignedCerts find it: the certificate and key files when they are given;
// otherwise <cert-dir>/<name>.crt and <name>.key (kubelet, apiserver), reused when both can be
// read, an error when only one can, and written when neither exists: certutil's self-signed pair
// for the host (an authority "<host>-ca@<unix time>" signs "<host>@<unix time>", both RSA 2048,
// valid from an hour ago for a year; the kubelet passes no alternate names, kube-apiserver its
// addresses and the kubernetes Service's names). The directory is made 0755, the certificate
// written 0644 and the key 0600, as certutil.WriteCert and keyutil.WriteKey do.

import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errorMessage } from '../text/error-message.ts';
import { generateSelfSignedCertKey } from './self-signed-certificate.ts';

export interface ServingCertificateSettings {
  readonly tlsCertFile: string;
  readonly tlsPrivateKeyFile: string;
  readonly certDirectory: string;
  /** The files' name in the directory: `kubelet` or `apiserver`. */
  readonly pairName: string;
  /** The name the certificate is for (the node's hostname for the kubelet). */
  readonly hostname: string;
  readonly alternateIPs?: readonly string[];
  readonly alternateDNS?: readonly string[];
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

export async function loadServingCertificate(settings: ServingCertificateSettings): Promise<ServingCertificate> {
  let certFile = settings.tlsCertFile;
  let keyFile = settings.tlsPrivateKeyFile;
  let generated = false;
  if (certFile === '' && keyFile === '') {
    certFile = join(settings.certDirectory, `${settings.pairName}.crt`);
    keyFile = join(settings.certDirectory, `${settings.pairName}.key`);
    if (!canReadCertAndKey(certFile, keyFile)) {
      const pair = await generateSelfSignedCertKey(settings.hostname, {
        ...(settings.alternateIPs === undefined ? {} : { alternateIPs: settings.alternateIPs }),
        ...(settings.alternateDNS === undefined ? {} : { alternateDNS: settings.alternateDNS }),
      });
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
