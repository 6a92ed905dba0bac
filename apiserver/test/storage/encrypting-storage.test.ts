// The encryption layer over both real backends: which keys it encrypts (a built-in resource by
// its storage prefix, a custom resource as <plural>.<group>, a group's wildcard), what the backend
// holds, and that every way out of the store (get, list, watch events, a delete's previous value,
// a write's answer) carries the plain value, or the reason it could not be decrypted.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinResources } from '../../src/resources/builtin-resources.ts';
import { encryptionAtRest } from '../../src/storage/encryption/encryption-at-rest.ts';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.ts';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { startEtcd } from './etcd-server.ts';
import { makeTempDir } from './temp-dir.ts';
import { WatchRecorder } from './watch-recorder.ts';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const bytes = (value: string) => new TextEncoder().encode(value);
const secret = Buffer.alloc(32, 9).toString('base64');

const backends: [name: string, open: (dir: string) => Promise<{ store: Storage; stop: () => Promise<void> }>][] = [
  ['sqlite', async (dir) => ({ store: new SqliteStore({ dataDir: dir }), stop: async () => {} })],
  [
    'etcd',
    async () => {
      const etcd = await startEtcd('encrypting-storage');
      return { store: await EtcdStore.connect({ endpoints: etcd.endpoint }), stop: () => etcd.stop() };
    },
  ],
];

for (const [name, open] of backends) {
  test(`${name}: secrets, a custom resource and every resource of apps are encrypted; services are not; every read is plain`, async (t) => {
    const dir = makeTempDir(`encrypting-storage-${name}`);
    t.teardown(() => dir.remove());
    const config = join(dir.path, 'encryption.yaml');
    writeFileSync(
      config,
      `apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets, widgets.example.com, "*.apps"]\n    providers:\n      - aesgcm: {keys: [{name: k1, secret: "${secret}"}]}\n`,
    );
    const { store: backend, stop } = await open(join(dir.path, 'data'));
    t.teardown(stop);
    const storage = encryptionAtRest(config, builtinResources)(backend);
    t.teardown(() => storage.close());

    const keys = {
      secret: '/registry/secrets/default/s',
      widget: '/registry/example.com/widgets/default/w',
      deployment: '/registry/deployments/default/d',
      service: '/registry/services/specs/default/svc',
    };
    const watch = new WatchRecorder(storage, '/registry/', await storage.currentRevision());
    t.teardown(() => watch.watch.close());
    for (const [kind, key] of Object.entries(keys)) {
      const created = await storage.create(key, bytes(`{"kind":"${kind}"}`));
      t.is(text(created.value), `{"kind":"${kind}"}`, 'a write answers the plain value');
    }
    for (const key of [keys.secret, keys.widget, keys.deployment]) {
      t.is(text((await backend.get(key)).kv?.value ?? new Uint8Array()).slice(0, 21), 'k8s:enc:aesgcm:v1:k1:', key);
    }
    t.is(text((await backend.get(keys.service)).kv?.value ?? new Uint8Array()), '{"kind":"service"}');

    t.is(text((await storage.get(keys.secret)).kv?.value ?? new Uint8Array()), '{"kind":"secret"}');
    t.deepEqual((await storage.list('/registry/')).items.map((kv) => text(kv.value)).sort(), [
      '{"kind":"deployment"}',
      '{"kind":"secret"}',
      '{"kind":"service"}',
      '{"kind":"widget"}',
    ]);
    const current = (await storage.get(keys.widget)).kv;
    await storage.update(keys.widget, bytes('{"kind":"widget","v":2}'), current?.modRevision ?? 0);
    const deleted = await storage.delete(keys.deployment);
    t.is(text(deleted.prev.value), '{"kind":"deployment"}');
    await watch.untilChanges(6);
    t.deepEqual(
      watch.changes.map((event) => {
        if (event.type === 'MODIFIED') return `${event.type} ${text(event.kv.value)} was ${text(event.prev.value)}`;
        if (event.type === 'DELETED') return `${event.type} ${text(event.prev.value)}`;
        return event.type === 'ADDED' ? `${event.type} ${text(event.kv.value)}` : event.type;
      }),
      [
        'ADDED {"kind":"secret"}',
        'ADDED {"kind":"widget"}',
        'ADDED {"kind":"deployment"}',
        'ADDED {"kind":"service"}',
        'MODIFIED {"kind":"widget","v":2} was {"kind":"widget"}',
        'DELETED {"kind":"deployment"}',
      ],
    );

    // A value no provider reads reaches the registry as stored, with kube's reason.
    await backend.create('/registry/secrets/default/foreign', bytes('k8s:enc:aesgcm:v1:k2:0123456789abcdef0123456789abcdef'));
    await backend.create('/registry/configmaps/default/encrypted', bytes('k8s:enc:aesgcm:v1:k1:0123456789abcdef0123456789abcdef'));
    const foreign = (await storage.get('/registry/secrets/default/foreign')).kv;
    t.is(foreign?.transformError, 'no matching key was found for the provided AES transformer');
    t.is(text(foreign?.value ?? new Uint8Array()).slice(0, 21), 'k8s:enc:aesgcm:v1:k2:');
    t.is((await storage.get('/registry/configmaps/default/encrypted')).kv?.transformError, 'identity transformer tried to read encrypted data');
  });
}
