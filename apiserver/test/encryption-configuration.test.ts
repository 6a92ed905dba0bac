// --encryption-provider-config files that kube-apiserver 1.35 refuses at start, each with the
// error it gave for the same file (run against the real kube-apiserver, the file's path aside).

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEncryptionConfiguration } from '../src/storage/encryption/encryption-configuration.ts';
import { resourceTransformersOf } from '../src/storage/encryption/resource-transformers.ts';

const dir = mkdtempSync(join(tmpdir(), 'capstan-encryption-config-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

const header = 'apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n';
const key32 = Buffer.alloc(32, 1).toString('base64');
const key16 = Buffer.alloc(16, 2).toString('base64');

/** The start error for a file of this content, as runApiServer meets it. */
function startError(content: string, name = 'config.yaml'): string | undefined {
  const path = join(dir, name);
  writeFileSync(path, content);
  try {
    resourceTransformersOf(readEncryptionConfiguration(path));
  } catch (error) {
    return (error as Error).message.replaceAll(path, 'FILE');
  }
  return undefined;
}

const cases: [name: string, content: string, message: string][] = [
  ['no resources', `${header}resources: []\n`, 'error while parsing file: resources: Required value: at least one resources is required'],
  [
    'an entry without providers',
    `${header}resources:\n  - resources: [secrets]\n    providers: []\n`,
    'error while parsing file: resources[0].providers: Required value: at least one resources[0].providers is required',
  ],
  [
    'an entry without resources',
    `${header}resources:\n  - resources: []\n    providers: [{identity: {}}]\n`,
    'error while parsing file: resources[0].resources: Required value: at least one resources[0].resources is required',
  ],
  [
    'bad keys',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - aesgcm: {keys: [{name: k, secret: "!!!"}, {name: "", secret: ""}]}\n      - aesgcm: {keys: []}\n`,
    'error while parsing file: [resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: "REDACTED": secrets must be base64 encoded, resources[0].providers[0].aesgcm.keys[1].name: Required value: name is a mandatory field for a key, resources[0].providers[0].aesgcm.keys[1].secret: Required value: secret is a mandatory field for a key, resources[0].providers[1].aesgcm.keys: Required value: at least one keys is required]',
  ],
  [
    'keys of the wrong length',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - aescbc: {keys: [{name: k, secret: "YWJj"}]}\n      - secretbox: {keys: [{name: k, secret: "${key16}"}]}\n`,
    'error while parsing file: [resources[0].providers[0].aescbc.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 3, expected one of [16 24 32], resources[0].providers[1].secretbox.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 16, expected one of [32]]',
  ],
  [
    'a JSON file',
    '{"apiVersion":"apiserver.config.k8s.io/v1","kind":"EncryptionConfiguration","resources":[{"resources":["secrets"],"providers":[{"aesgcm":{"keys":[{"name":"k","secret":"YWJj"}]}}]}]}',
    'error while parsing file: resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 3, expected one of [16 24 32]',
  ],
  [
    'resource names kube refuses',
    `${header}resources:\n  - resources: [Secrets, "*", serviceipallocations, events.events.k8s.io, deployments.extensions, "pods.*", secrets, secrets]\n    providers: [{identity: {}}]\n`,
    'error while parsing file: [resources[0].resources: Invalid value: ["Secrets","*","serviceipallocations","events.events.k8s.io","deployments.extensions","pods.*","secrets","secrets"]: the same resource cannot be specified multiple times, resources[0].resources: Invalid value: ["Secrets","*","serviceipallocations","events.events.k8s.io","deployments.extensions","pods.*","secrets","secrets"]: using overlapping resources such as \'secrets\' and \'*.\' in the same resource list is not allowed as they will be masked, resources[0].resources[0]: Invalid value: "Secrets": resource name should not contain capital letters, resources[0].resources[1]: Invalid value: "*": use \'*.\' to encrypt all the resources from core API group or *.* to encrypt all resources, resources[0].resources[2]: Invalid value: "serviceipallocations": resources which do not have REST API/s cannot be encrypted, resources[0].resources[3]: Invalid value: "events.events.k8s.io": \'*.events.k8s.io\' objects are stored using the \'events\' API group in etcd. Use \'events\' instead in the config file, resources[0].resources[4]: Invalid value: "deployments.extensions": \'extensions\' group has been removed and cannot be used for encryption, resources[0].resources[5]: Invalid value: "pods.*": encrypting the same resource across groups is not supported]',
  ],
  [
    'overlapping resources in one entry',
    `${header}resources:\n  - resources: [secrets, "*."]\n    providers: [{identity: {}}]\n`,
    'error while parsing file: resources[0].resources: Invalid value: ["secrets","*."]: using overlapping resources such as \'secrets\' and \'*.\' in the same resource list is not allowed as they will be masked',
  ],
  [
    'a resource masked by an earlier group wildcard',
    `${header}resources:\n  - resources: ["*."]\n    providers: [{identity: {}}]\n  - resources: [secrets]\n    providers: [{identity: {}}]\n`,
    'error while building transformers: resource "secrets" is masked by earlier rule "*."',
  ],
  [
    'a resource masked by an earlier *.*',
    `${header}resources:\n  - resources: ["*.*"]\n    providers: [{identity: {}}]\n  - resources: [deployments.apps]\n    providers: [{identity: {}}]\n`,
    'error while building transformers: resource "deployments.apps" is masked by earlier rule "*.*"',
  ],
  [
    'an element without a provider',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - {}\n`,
    'error while parsing file: resources[0].providers[0]: Invalid value: {"AESGCM":null,"AESCBC":null,"Secretbox":null,"Identity":null,"KMS":null}: provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity',
  ],
  [
    'an element with two providers (kube shows the key)',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - identity: {}\n        aesgcm: {keys: [{name: k, secret: "${key32}"}]}\n`,
    `error while parsing file: resources[0].providers[0]: Invalid value: {"AESGCM":{"Keys":[{"Name":"k","Secret":"${key32}"}]},"AESCBC":null,"Secretbox":null,"Identity":{},"KMS":null}: more than one provider specified in a single element, should split into different list elements`,
  ],
  [
    'bad KMS fields',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - kms: {apiVersion: v3, name: "a:b", endpoint: "tcp://x"}\n`,
    'error while parsing file: [resources[0].providers[0].kms.name: Invalid value: "a:b": invalid KMS provider name a:b, must not contain \':\', resources[0].providers[0].kms.endpoint: Invalid value: "tcp://x": unsupported scheme "tcp" for KMS provider, only unix is supported, resources[0].providers[0].kms.apiVersion: Invalid value: "v3": unsupported apiVersion apiVersion for KMS provider, only v1 and v2 are supported]',
  ],
  [
    'more bad KMS v2 fields',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - kms: {apiVersion: v2, name: "", endpoint: "", cachesize: 5, timeout: 0s}\n`,
    'error while parsing file: [resources[0].providers[0].kms.name: Required value: name is a mandatory field for a provider, resources[0].providers[0].kms.timeout: Invalid value: "0s": timeout should be a positive value, resources[0].providers[0].kms.endpoint: Invalid value: "": endpoint is a mandatory field for a kms, resources[0].providers[0].kms.cachesize: Invalid value: 5: cachesize is not supported in v2]',
  ],
  [
    'a KMS v1 provider',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - kms: {name: old, endpoint: "unix:///tmp/x.sock"}\n`,
    'error while building transformers: KMSv1 is deprecated and will only receive security updates going forward. Use KMSv2 instead.  Set --feature-gates=KMSv1=true to use the deprecated KMSv1 feature.',
  ],
  [
    'an unknown field',
    `${header}resources:\n  - resources: [secrets]\n    providers: [{identity: {}}]\n    extra: 1\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": strict decoding error: unknown field "resources[0].extra"',
  ],
  [
    'an unknown field of identity',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - identity: {foo: 1}\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": strict decoding error: unknown field "resources[0].providers[0].identity.foo"',
  ],
  [
    'another version',
    'apiVersion: v1\nkind: EncryptionConfiguration\nresources: []\n',
    'error while parsing file: error decoding encryption provider configuration file "FILE": no kind "EncryptionConfiguration" is registered for version "v1" in scheme "pkg/runtime/scheme.go:111"',
  ],
  [
    'another kind',
    'apiVersion: apiserver.config.k8s.io/v1\nkind: Foo\n',
    'error while parsing file: error decoding encryption provider configuration file "FILE": no kind "Foo" is registered for version "apiserver.config.k8s.io/v1" in scheme "pkg/runtime/scheme.go:111"',
  ],
  ['no kind', 'resources: []\n', "error while parsing file: error decoding encryption provider configuration file \"FILE\": Object 'Kind' is missing in 'resources: []\n'"],
  [
    'resources of the wrong type',
    `${header}resources: x\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": json: cannot unmarshal string into Go struct field EncryptionConfiguration.resources of type []v1.ResourceConfiguration',
  ],
  [
    'providers of the wrong type',
    `${header}resources:\n  - resources: [secrets]\n    providers: x\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": json: cannot unmarshal string into Go struct field ResourceConfiguration.resources.providers of type []v1.ProviderConfiguration',
  ],
  [
    'a key name of the wrong type',
    `${header}resources:\n  - resources: [secrets]\n    providers:\n      - aesgcm: {keys: [{name: 1, secret: "YWJj"}]}\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": json: cannot unmarshal number into Go struct field Key.resources.providers.aesgcm.keys.name of type string',
  ],
  [
    'a resource of the wrong type',
    `${header}resources:\n  - resources: [1]\n    providers: [{identity: {}}]\n`,
    'error while parsing file: error decoding encryption provider configuration file "FILE": json: cannot unmarshal number into Go struct field ResourceConfiguration.resources.resources of type string',
  ],
  ['an empty file', '', 'error while parsing file: error while loading file: encryption provider configuration file "FILE" is empty'],
];

for (const [name, content, message] of cases) {
  test(`kube's start error for ${name}`, (t) => {
    t.is(startError(content), message);
  });
}

test('a missing file is refused as kube-apiserver refuses it', (t) => {
  const path = join(dir, 'missing.yaml');
  t.throws(() => readEncryptionConfiguration(path), {
    message: `error while parsing file: error while loading file: error reading encryption provider configuration file "${path}": open ${path}: no such file or directory`,
  });
});

test('a KMS v2 provider, valid for kube, stops the start with a clear error: Capstan has no KMS', (t) => {
  const message = startError(`${header}resources:\n  - resources: [secrets]\n    providers:\n      - kms: {apiVersion: v2, name: mykms, endpoint: "unix:///tmp/kms.sock"}\n`);
  t.is(
    message,
    'error while building transformers: resources[0].providers[0].kms: the kms provider (KMS v2 plugin "mykms") is not supported by Capstan yet: use aescbc, aesgcm or secretbox',
  );
});

test('a valid configuration with every provider, wildcards and custom resources builds', (t) => {
  const content = `${header}resources:
  - resources: [secrets, configmaps]
    providers:
      - aesgcm: {keys: [{name: new, secret: "${key32}"}, {name: old, secret: "${key16}"}]}
      - aescbc: {keys: [{name: cbc, secret: "${key32}"}]}
      - secretbox: {keys: [{name: box, secret: "${key32}"}]}
      - identity: {}
  - resources: [widgets.example.com, "*.apps"]
    providers: [{secretbox: {keys: [{name: box, secret: "${key32}"}]}}]
  - resources: ["*.*"]
    providers: [{identity: {}}]
`;
  t.is(startError(content), undefined);
});
