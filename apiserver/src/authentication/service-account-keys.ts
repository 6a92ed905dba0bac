// The keys of service account tokens: the one that signs (--service-account-signing-key-file, or
// the key Capstan makes once and keeps in the data directory when none is given) and the public
// keys that verify (every key of every --service-account-key-file, and the signing key's own). A
// key's id is kube's: the base64url SHA-256 of its PKIX (SubjectPublicKeyInfo) DER encoding.

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The JWS algorithms of the keys kube accepts: RS256 for RSA, ES256/384/512 for the NIST curves. */
export type SigningAlgorithm = 'RS256' | 'ES256' | 'ES384' | 'ES512';

export interface VerifyingKey {
  readonly publicKey: KeyObject;
  readonly keyId: string;
  readonly algorithm: SigningAlgorithm;
}

export interface SigningKey extends VerifyingKey {
  readonly privateKey: KeyObject;
}

export interface ServiceAccountKeys {
  readonly signing: SigningKey;
  /** In the order of the flags, the generated key last; what the JWKS document lists. */
  readonly verifying: readonly VerifyingKey[];
}

/** The file of the generated signing key, in the directory of the embedded store's data. */
export const generatedKeyFileName = 'service-account.key';

const curveAlgorithms: Readonly<Record<string, SigningAlgorithm>> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };

/** The algorithm a key signs with, as kube picks it; an error for keys kube cannot use. */
export function algorithmOf(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec') {
    const algorithm = curveAlgorithms[key.asymmetricKeyDetails?.namedCurve ?? ''];
    if (algorithm !== undefined) return algorithm;
    throw new Error('unknown private key curve, must be 256, 384, or 521');
  }
  throw new Error(`unknown private key type ${key.asymmetricKeyType ?? 'unknown'}, must be RSA or ECDSA`);
}

/** kube's keyIDFromPublicKey. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url');
}

export function verifyingKeyOf(key: KeyObject): VerifyingKey {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return { publicKey, keyId: keyIdOf(publicKey), algorithm: algorithmOf(publicKey) };
}

export function signingKeyOf(privateKey: KeyObject): SigningKey {
  return { ...verifyingKeyOf(privateKey), privateKey };
}

const pemBlock = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;
const keyBlockTypes: ReadonlySet<string> = new Set(['PUBLIC KEY', 'RSA PUBLIC KEY', 'PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

/** Every RSA or ECDSA key of a PEM file, public or private (as keyutil.PublicKeysFromFile reads it). */
export function readPublicKeys(path: string): VerifyingKey[] {
  const keys: VerifyingKey[] = [];
  for (const match of readFileSync(path, 'utf8').matchAll(pemBlock)) {
    const type = match[1] as string;
    if (!keyBlockTypes.has(type)) continue;
    const key = type.endsWith('PRIVATE KEY') ? createPrivateKey(match[0]) : createPublicKey(match[0]);
    if (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ec') keys.push(verifyingKeyOf(key));
  }
  if (keys.length === 0) throw new Error(`error reading public key file ${path}: data does not contain any valid RSA or ECDSA public keys`);
  return keys;
}

/** The first private key of a PEM file (keyutil.PrivateKeyFromFile). */
export function readSigningKey(path: string): SigningKey {
  for (const match of readFileSync(path, 'utf8').matchAll(pemBlock)) {
    if ((match[1] as string).endsWith('PRIVATE KEY')) {
      try {
        return signingKeyOf(createPrivateKey(match[0]));
      } catch (error) {
        throw new Error(`failed to parse service-account-issuer-key-file: ${(error as Error).message}`);
      }
    }
  }
  throw new Error(`failed to parse service-account-issuer-key-file: data does not contain a valid RSA or ECDSA private key`);
}

/**
 * Capstan's own signing key when no --service-account-signing-key-file is given: an ECDSA P-256
 * key made on the first start and kept as PKCS#8 PEM in the directory, so that tokens issued
 * before a restart stay valid after it.
 */
export function generatedSigningKey(dir: string): SigningKey {
  const path = join(dir, generatedKeyFileName);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    // Written aside and renamed: a start cut short never leaves half a key behind.
    const partial = `${path}.partial`;
    writeFileSync(partial, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    renameSync(partial, path);
  }
  return readSigningKey(path);
}
