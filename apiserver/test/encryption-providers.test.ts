// Encryption at rest, provider by provider: round trips, kube's byte layouts, values written by
// kube-apiserver 1.35.4 itself decrypted, and the prefix rules of key rotation (the first provider
// and key write, all read, a read with an old one is stale).

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEncryptionConfiguration } from '../src/storage/encryption/encryption-configuration.ts';
import { resourceTransformersOf } from '../src/storage/encryption/resource-transformers.ts';
import { parseGroupResource } from '../src/storage/encryption/group-resources.ts';
import { AesCbcTransformer } from '../src/storage/encryption/providers/aes-cbc.ts';
import { AesGcmTransformer } from '../src/storage/encryption/providers/aes-gcm.ts';
import { SecretboxTransformer } from '../src/storage/encryption/providers/secretbox.ts';
import { TransformError, type ValueTransformer } from '../src/storage/encryption/value-transformer.ts';

const encoder = new TextEncoder();
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const key = (size: number, fill: number) => new Uint8Array(size).fill(fill);
const secretOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const dir = mkdtempSync(join(tmpdir(), 'capstan-encryption-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

/** The transformer of `resource` under a configuration given as YAML. */
function transformerOf(yaml: string, resource: string): ValueTransformer {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, `apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n${yaml}`);
  return resourceTransformersOf(readEncryptionConfiguration(path)).transformerFor(parseGroupResource(resource));
}

const providerYaml = (provider: string, ...keys: [name: string, secret: Uint8Array][]) =>
  `      - ${provider}:\n          keys:\n${keys.map(([name, secret]) => `            - {name: ${name}, secret: ${secretOf(secret)}}\n`).join('')}`;

const refusal = (transformer: ValueTransformer, stored: Uint8Array, authenticatedData = encoder.encode('/registry/secrets/default/a')) => {
  try {
    transformer.fromStorage(stored, authenticatedData);
  } catch (error) {
    if (error instanceof TransformError) return error.message;
    throw error;
  }
  return undefined;
};

// Values written by kube-apiserver 1.35.4 into etcd under this configuration (one key per provider,
// made for this test): the Protobuf of a Secret with stringData password=hunter2, a ConfigMap a=b,
// a Lease held by "x", each as etcdctl read it.
const kubeWritten: [storageKey: string, provider: string, secret: string, storedBase64: string, plainText: string][] = [
  [
    '/registry/secrets/default/s1',
    'aesgcm',
    '36s2iV5AZjqXV5bgpGBxqrsyd30w/xmyikhYPu8a/wY=',
    'azhzOmVuYzphZXNnY206djE6a2V5MTq9U+TXbQh7W3zD6M9QBnlAbYxTtuDUw4g4oIXLv9yPLu3LZqENfyRxQ5LLZ4d8Sn9+q74OaaC5eoALzL' +
      'ygP0O/cwNfybERAmigGcLiloK0kauTc1qD/w2KqGfkCwd/PK9TnKdZ91vLvgG3lIi31ZLmjihVNrYe9QWCTbQlkgh1hGKAdCkLyEOBZT8rTz0h' +
      '6z4uE6EcnBON2cWR/B0mgLzXfR8s++4sDHxakWOlJqGqs0v2vFUkBHsPVRWj+KMdOpG0dzXjBepb05snpT5qhtA/TIoQJFJmv8Q4CDlpP+DHge' +
      'EC9BAXedBKCCVyn/S+KGxL6epAF11zqA==',
    'hunter2',
  ],
  [
    '/registry/configmaps/default/c1',
    'aescbc',
    'c5SSrNw34hwwPFGV5pQLVpYQvA2QNvHNxOvNAyv68Ko=',
    'azhzOmVuYzphZXNjYmM6djE6a2V5Mjr2gC8bk5gzbil6UzoLRktreRurzK2uqRwsmWRiqHVmdOiBuscfLHzG68uBVq6pgpkmEWuYBBqUCdV1Pd' +
      '6+UmqlPiS5aG1yv9/88rCWO74Gy1pGzbC+du8MmXVSRK325wJYveUQuS4u8N+LdTSCcbAoyoz5xKsNOT8ZYzi+Bn17u23ImragxNZodv7YbdCy' +
      'r+pg9WG5qRkMA8xPp+5dWTIQZtRZXYWIsvsx0EhsU9YYVj99sYcumNX0sBDrYD3Sh2eqg31a0bxmkE+TkLtRJoxb',
    'ConfigMap',
  ],
  [
    '/registry/leases/default/l1',
    'secretbox',
    'OkKhfae+ZpWJZf44TXsiEh5uMLY75MRXmA9eS2bxNiM=',
    'azhzOmVuYzpzZWNyZXRib3g6djE6a2V5MzpXZN14moFsjwzorg3/H6WcUMlta7KpZcGHFbjXxg+9jODfu1UIRnxiD2UhzKJBjBha8ke02B6UES' +
      'sCWgoNDBB6l/HF+5Rqr/IUOouYjMUKURvSimihe56t5Xy2+iDpYwN7KNg3wAtIPE1JoKfPMDHAbEnkEzC/4ltCNT32/SIHP8GBhjdvF0GHPzZf' +
      'v7EuxKZCmRtWFIDO10HKSo/5SiHKuVwsSTD7IwCaQx/uBSP14R5T9flDMJey+ogEVWqZqeGcqKuAd9q9hJ0Og7vR1aXTGxaP5mEHClpic3lQyT' +
      '/k77MaJB6XOZFSa/nzQrcAfx/8jTtITXR6yJjNakKQSzsUiAvMZb8P',
    'coordination.k8s.io/v1',
  ],
];

for (const [storageKey, provider, secret, storedBase64, plainText] of kubeWritten) {
  test(`a ${provider} value kube-apiserver wrote (${storageKey}) decrypts to its Protobuf, and back to a value of the same layout`, (t) => {
    const resource = storageKey.split('/')[2] === 'leases' ? 'leases.coordination.k8s.io' : (storageKey.split('/')[2] as string);
    const keyNumber = storedBase64 === kubeWritten[0]?.[3] ? 1 : storedBase64 === kubeWritten[1]?.[3] ? 2 : 3;
    const transformer = transformerOf(
      `resources:\n  - resources: [${resource}]\n    providers:\n      - ${provider}: {keys: [{name: key${keyNumber}, secret: "${secret}"}]}\n`,
      resource,
    );
    const stored = Buffer.from(storedBase64, 'base64');
    const authenticatedData = encoder.encode(storageKey);
    const { data, stale } = transformer.fromStorage(stored, authenticatedData);
    t.false(stale);
    t.is(text(data).slice(0, 4), 'k8s\0', 'kube stores Protobuf');
    t.true(text(data).includes(plainText));
    const again = transformer.toStorage(data, authenticatedData);
    t.is(again.length, stored.length, 'the same layout: prefix, nonce or IV, ciphertext, tag');
    t.is(text(again).slice(0, `k8s:enc:${provider}:v1:key${keyNumber}:`.length), `k8s:enc:${provider}:v1:key${keyNumber}:`);
    t.deepEqual(Buffer.from(transformer.fromStorage(again, authenticatedData).data), Buffer.from(data));
  });
}

test('aesgcm authenticates the storage key: a value copied under another key does not decrypt', (t) => {
  const [storageKey, , secret, storedBase64] = kubeWritten[0] as (typeof kubeWritten)[number];
  const transformer = transformerOf(`resources:\n  - resources: [secrets]\n    providers:\n      - aesgcm: {keys: [{name: key1, secret: "${secret}"}]}\n`, 'secrets');
  const stored = Buffer.from(storedBase64, 'base64');
  t.is(refusal(transformer, stored, encoder.encode(`${storageKey}-copy`)), 'cipher: message authentication failed');
  t.is(refusal(transformer, stored, encoder.encode(storageKey)), undefined);
});

test('each provider round-trips empty, small and large values in kube’s layout', (t) => {
  const layouts: [string, ValueTransformer, (size: number) => number][] = [
    ['aesgcm 128', new AesGcmTransformer(key(16, 1)), (size) => 12 + size + 16],
    ['aesgcm 192', new AesGcmTransformer(key(24, 2)), (size) => 12 + size + 16],
    ['aesgcm 256', new AesGcmTransformer(key(32, 3)), (size) => 12 + size + 16],
    ['aescbc 128', new AesCbcTransformer(key(16, 4)), (size) => 16 + size + (16 - (size % 16))],
    ['aescbc 256', new AesCbcTransformer(key(32, 5)), (size) => 16 + size + (16 - (size % 16))],
    ['secretbox', new SecretboxTransformer(key(32, 6)), (size) => 24 + size + 16],
  ];
  const authenticatedData = encoder.encode('/registry/secrets/ns/name');
  for (const [name, transformer, length] of layouts) {
    for (const size of [0, 1, 15, 16, 17, 1000, 300_000]) {
      const plain = Buffer.alloc(size, 'x');
      const stored = transformer.toStorage(plain, authenticatedData);
      t.is(stored.length, length(size), `${name} of ${size} bytes`);
      t.deepEqual(Buffer.from(transformer.fromStorage(stored, authenticatedData).data), plain, `${name} of ${size} bytes`);
    }
    const a = transformer.toStorage(Buffer.from('same'), authenticatedData);
    const b = transformer.toStorage(Buffer.from('same'), authenticatedData);
    t.notDeepEqual(Buffer.from(a), Buffer.from(b), `${name}: a fresh nonce or IV every write`);
  }
});

test('damaged values are refused in kube’s words, provider by provider', (t) => {
  const gcm = new AesGcmTransformer(key(32, 1));
  const cbc = new AesCbcTransformer(key(32, 1));
  const box = new SecretboxTransformer(key(32, 1));
  const authenticatedData = encoder.encode('k');
  t.is(refusal(gcm, new Uint8Array(11), authenticatedData), 'the stored data was shorter than the required size');
  t.is(refusal(gcm, new Uint8Array(20), authenticatedData), 'cipher: message authentication failed');
  t.is(refusal(gcm, new AesGcmTransformer(key(32, 2)).toStorage(Buffer.from('x'), authenticatedData), authenticatedData), 'cipher: message authentication failed');
  t.is(refusal(cbc, new Uint8Array(15)), 'the stored data was shorter than the required size');
  t.is(refusal(cbc, new Uint8Array(40)), 'the stored data is not a multiple of the block size');
  t.is(refusal(cbc, new Uint8Array(16)), 'invalid PKCS7 data (empty or not padded)', 'kube-apiserver panics here; refused instead');
  const otherKey = new AesCbcTransformer(key(32, 2)).toStorage(Buffer.from('x'.repeat(40)));
  t.regex(refusal(cbc, otherKey) ?? '', /^invalid (PKCS7 data \(empty or not padded\)|padding on input)$/);
  t.is(refusal(box, new Uint8Array(39)), 'the stored data was shorter than the required size');
  t.is(refusal(box, new Uint8Array(60)), 'output array was not large enough for encryption');
});

test('rotation: the first key writes, every key reads, and a read with another key is stale', (t) => {
  const [key1, key2] = [key(32, 1), key(32, 2)];
  const before = transformerOf(`resources:\n  - resources: [secrets]\n    providers:\n${providerYaml('aesgcm', ['key1', key1])}`, 'secrets');
  const during = transformerOf(`resources:\n  - resources: [secrets]\n    providers:\n${providerYaml('aesgcm', ['key2', key2], ['key1', key1])}`, 'secrets');
  const after = transformerOf(`resources:\n  - resources: [secrets]\n    providers:\n${providerYaml('aesgcm', ['key2', key2])}`, 'secrets');
  const ad = encoder.encode('/registry/secrets/default/a');
  const old = before.toStorage(Buffer.from('{}'), ad);
  t.is(text(old).slice(0, 23), 'k8s:enc:aesgcm:v1:key1:');
  t.deepEqual(during.fromStorage(old, ad), { data: Buffer.from('{}'), stale: true });
  const rewritten = during.toStorage(Buffer.from('{}'), ad);
  t.is(text(rewritten).slice(0, 23), 'k8s:enc:aesgcm:v1:key2:');
  t.false(during.fromStorage(rewritten, ad).stale);
  t.false(after.fromStorage(rewritten, ad).stale);
  t.is(refusal(after, old, ad), 'no matching key was found for the provided AES transformer');
});

test('providers in order: identity first reads plain and encrypted values, the encrypted ones stale; no provider of the prefix is "no matching prefix found"', (t) => {
  const k = key(32, 7);
  const decrypting = transformerOf(
    `resources:\n  - resources: [configmaps, '*.apps']\n    providers:\n      - identity: {}\n${providerYaml('secretbox', ['k', k])}${providerYaml('aescbc', ['k', k])}`,
    'configmaps',
  );
  const ad = encoder.encode('/registry/configmaps/default/a');
  t.deepEqual(decrypting.fromStorage(Buffer.from('{"kind":"ConfigMap"}'), ad), { data: Buffer.from('{"kind":"ConfigMap"}'), stale: false });
  t.is(text(decrypting.toStorage(Buffer.from('{}'), ad)), '{}', 'identity writes');
  const boxed = new SecretboxTransformer(k).toStorage(Buffer.from('{}'));
  const stored = Buffer.concat([Buffer.from('k8s:enc:secretbox:v1:k:'), boxed]);
  t.deepEqual(decrypting.fromStorage(stored, ad), { data: new Uint8Array(Buffer.from('{}')), stale: true });
  t.is(refusal(decrypting, Buffer.from('k8s:enc:aesgcm:v1:k:0123456789abcdef0123456789abcdef'), ad), 'no matching prefix found');
  // Two failures of one prefix: both, as Go's aggregate writes them.
  const twoBoxes = transformerOf(
    `resources:\n  - resources: [secrets]\n    providers:\n${providerYaml('secretbox', ['a', key(32, 1)])}${providerYaml('secretbox', ['a', key(32, 2)])}`,
    'secrets',
  );
  t.is(
    refusal(twoBoxes, Buffer.concat([Buffer.from('k8s:enc:secretbox:v1:a:'), new Uint8Array(48)])),
    '[output array was not large enough for encryption, output array was not large enough for encryption]',
  );
  // The wildcard entry covers every resource of apps, a resource not named is stored as it is.
  const apps = transformerOf(`resources:\n  - resources: ['*.apps']\n    providers:\n${providerYaml('aesgcm', ['k', k])}`, 'deployments.apps');
  t.is(text(apps.toStorage(Buffer.from('{}'), ad)).slice(0, 20), 'k8s:enc:aesgcm:v1:k:');
  const unnamed = transformerOf(`resources:\n  - resources: ['*.apps']\n    providers:\n${providerYaml('aesgcm', ['k', k])}`, 'secrets');
  t.is(text(unnamed.toStorage(Buffer.from('{}'), ad)), '{}');
  t.is(refusal(unnamed, Buffer.from('k8s:enc:aesgcm:v1:k:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'), ad), 'identity transformer tried to read encrypted data');
});
