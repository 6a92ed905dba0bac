// Service account keys: kube's key ids and JWKs (checked against what kube-apiserver 1.35 serves for
// the same key), PEM files with several keys, and the signing key Capstan generates once and
// reuses.

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { generatedSigningKey, readPublicKeys, readSigningKey } from '../src/authentication/service-account-keys.ts';
import { openIdMetadataOf } from '../src/authentication/openid-metadata.ts';
import { serviceAccountTokensOf } from '../src/authentication/service-account-tokens.ts';
import { serviceAccountKeysOf, type ServiceAccountOptions } from '../src/authentication/service-account-options.ts';
import type { ServiceAccountObjects } from '../src/authentication/service-account-objects.ts';

/** The key of a kube-apiserver 1.35.4 run with --service-account-key-file, and the JWK it served at /openid/v1/jwks. */
const kubePublicKey = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA82gReJHR37YfTHavZa87
tZhBoL92Z3gKJ/om/1IU79MLLeTOtogiRJp1sui5xWd8nf0IQhA9aSFzfEseBEen
HrpEWcFdw736rBBq0Ntmw89bMenHQJt54tQqIytUCC3GrhLuBuPRDZmWP11r9FAw
mfxnLl7etqJe7vXRCTnf5ioDIXV3q4nGz5taJUT8/KoE++OuBUd8CbTInbI1Ojt9
m3XsySGwXskE+u2gHMvbOtovQBX/N9RZ4sA8VpC6uVzaNGA27dsB+FcLeChGMQyl
/bxUcO1FkGg5Ru3EzKPx8GJXuh3U4N8FYSV5HGs6pQAQ5tAqm+NOSY90Odzn6Nmq
WwIDAQAB
-----END PUBLIC KEY-----
`;
const kubeJwks =
  '{"keys":[{"use":"sig","kty":"RSA","kid":"giHEZm9xjgmkClKPBEPwMmyd7cX-Qm6HSH_gXvTC3I0","alg":"RS256","n":"82gReJHR37YfTHavZa87tZhBoL92Z3gKJ_om_1IU79MLLeTOtogiRJp1sui5xWd8nf0IQhA9aSFzfEseBEenHrpEWcFdw736rBBq0Ntmw89bMenHQJt54tQqIytUCC3GrhLuBuPRDZmWP11r9FAwmfxnLl7etqJe7vXRCTnf5ioDIXV3q4nGz5taJUT8_KoE--OuBUd8CbTInbI1Ojt9m3XsySGwXskE-u2gHMvbOtovQBX_N9RZ4sA8VpC6uVzaNGA27dsB-FcLeChGMQyl_bxUcO1FkGg5Ru3EzKPx8GJXuh3U4N8FYSV5HGs6pQAQ5tAqm-NOSY90Odzn6NmqWw","e":"AQAB"}]}';

function tempDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-sa-keys-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const noObjects: ServiceAccountObjects = {
  serviceAccount: () => Promise.reject(new Error('unused')),
  pod: () => Promise.reject(new Error('unused')),
  secret: () => Promise.reject(new Error('unused')),
  node: () => Promise.reject(new Error('unused')),
};

test("a key file gives kube-apiserver's kid, and the JWKS document is byte for byte kube's", async (t) => {
  const dir = tempDir(t);
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  writeFileSync(join(dir, 'sa.pub'), kubePublicKey);
  writeFileSync(join(dir, 'sa.key'), signing);
  const [key] = readPublicKeys(join(dir, 'sa.pub'));
  t.is(key?.keyId, 'giHEZm9xjgmkClKPBEPwMmyd7cX-Qm6HSH_gXvTC3I0');
  t.is(key?.algorithm, 'RS256');
  const options: ServiceAccountOptions = {
    issuers: ['https://kubernetes.default.svc'],
    keyFiles: [join(dir, 'sa.pub')],
    signingKeyFile: join(dir, 'sa.key'),
    apiAudiences: ['https://kubernetes.default.svc'],
    maxExpirationSeconds: 0,
    extendExpiration: true,
    lookup: true,
  };
  const metadata = openIdMetadataOf(serviceAccountTokensOf(options, noObjects), () => '192.0.2.2:16445');
  if ('disabled' in metadata) return t.fail(metadata.disabled);
  const jwks = await metadata.respond('/openid/v1/jwks');
  t.is(Buffer.from(jwks?.body ?? []).toString(), kubeJwks);
  t.deepEqual(jwks?.headers, { 'content-type': 'application/jwk-set+json', 'cache-control': 'public, max-age=3600' });
  const configuration = await metadata.respond('/.well-known/openid-configuration');
  t.is(
    Buffer.from(configuration?.body ?? []).toString(),
    '{"issuer":"https://kubernetes.default.svc","jwks_uri":"https://192.0.2.2:16445/openid/v1/jwks","response_types_supported":["id_token"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["RS256"]}',
  );
  t.is(await metadata.respond('/openid/v1/other'), undefined);
  // kube serves no discovery for an issuer that is no https URL.
  t.deepEqual(
    openIdMetadataOf(serviceAccountTokensOf({ ...options, issuers: ['capstan'] }, noObjects), () => ''),
    {
      disabled: 'issuer URL must use https scheme, got: capstan',
    },
  );
});

test("a PEM file may hold several keys, private ones giving their public half; a file without keys is refused in kube's words", (t) => {
  const dir = tempDir(t);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
  writeFileSync(join(dir, 'keys.pem'), `${rsa}\n${ec}`);
  t.deepEqual(
    readPublicKeys(join(dir, 'keys.pem')).map((key) => [key.algorithm, key.publicKey.type]),
    [
      ['RS256', 'public'],
      ['ES384', 'public'],
    ],
  );
  writeFileSync(join(dir, 'empty.pem'), 'no keys here\n');
  t.throws(() => readPublicKeys(join(dir, 'empty.pem')), {
    message: `error reading public key file ${join(dir, 'empty.pem')}: data does not contain any valid RSA or ECDSA public keys`,
  });
  t.throws(() => readSigningKey(join(dir, 'empty.pem')), { message: /^failed to parse service-account-issuer-key-file: / });
});

test('without a signing key file, an ECDSA P-256 key is made once in the directory and reused; it verifies beside the key files', (t) => {
  const dir = tempDir(t);
  const first = generatedSigningKey(join(dir, 'data'));
  t.is(first.algorithm, 'ES256');
  t.is(statSync(join(dir, 'data', 'service-account.key')).mode & 0o777, 0o600);
  t.is(generatedSigningKey(join(dir, 'data')).keyId, first.keyId);
  writeFileSync(join(dir, 'other.pub'), kubePublicKey);
  const keys = serviceAccountKeysOf({
    issuers: ['https://kubernetes.default.svc.cluster.local'],
    keyFiles: [join(dir, 'other.pub')],
    keyDir: join(dir, 'data'),
    apiAudiences: [],
    maxExpirationSeconds: 0,
    extendExpiration: true,
    lookup: true,
  });
  t.is(keys.signing.keyId, first.keyId);
  t.deepEqual(
    keys.verifying.map((key) => key.keyId),
    ['giHEZm9xjgmkClKPBEPwMmyd7cX-Qm6HSH_gXvTC3I0', first.keyId],
  );
});
