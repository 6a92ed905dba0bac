// What encryption at rest costs: first each provider's work on one stored Secret in this process
// (microseconds to encrypt and to decrypt), then creates and gets of Secrets on a server without
// --encryption-provider-config, and with identity, aescbc, aesgcm and secretbox for secrets.
// Run: node apiserver/bench/encryption.bench.ts [objects] [in-flight]. Each server is a real
// `capstan apiserver` process on the embedded store; those numbers are requests per second.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { AesCbcTransformer } from '../src/storage/encryption/providers/aes-cbc.ts';
import { AesGcmTransformer } from '../src/storage/encryption/providers/aes-gcm.ts';
import { SecretboxTransformer } from '../src/storage/encryption/providers/secretbox.ts';
import type { ValueTransformer } from '../src/storage/encryption/value-transformer.ts';

const objects = Number(process.argv[2] ?? 3000);
const inFlight = Number(process.argv[3] ?? 32);
const dir = mkdtempSync(join(tmpdir(), 'capstan-bench-encryption-'));
const secret = Buffer.alloc(32, 7).toString('base64');

const providers: Record<string, string | undefined> = {
  none: undefined,
  identity: 'identity: {}',
  aescbc: `aescbc: {keys: [{name: k, secret: "${secret}"}]}`,
  aesgcm: `aesgcm: {keys: [{name: k, secret: "${secret}"}]}`,
  secretbox: `secretbox: {keys: [{name: k, secret: "${secret}"}]}`,
};

/** Runs `task(i)` for i in [0, objects) with `inFlight` at a time; answers requests per second. */
async function rate(task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < objects) await task(next++);
    }),
  );
  return objects / ((performance.now() - started) / 1000);
}

/** Microseconds per call, over enough calls to take about half a second. */
function microseconds(call: () => void): number {
  for (let i = 0; i < 200; i++) call();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < 500) {
    for (let i = 0; i < 100; i++) call();
    calls += 100;
  }
  return ((performance.now() - started) * 1000) / calls;
}

const storedSecret = Buffer.from(JSON.stringify({ kind: 'Secret', apiVersion: 'v1', metadata: { name: 's-1', namespace: 'default' }, data: { config: 'eA=='.repeat(340) } }));
const authenticatedData = Buffer.from('/registry/secrets/default/s-1');
const transformers: Record<string, ValueTransformer> = {
  aescbc: new AesCbcTransformer(Buffer.alloc(32, 7)),
  aesgcm: new AesGcmTransformer(Buffer.alloc(32, 7)),
  secretbox: new SecretboxTransformer(Buffer.alloc(32, 7)),
};
const costs = Object.entries(transformers).map(([name, transformer]) => {
  const sealed = transformer.toStorage(storedSecret, authenticatedData);
  const seal = microseconds(() => transformer.toStorage(storedSecret, authenticatedData));
  const open = microseconds(() => transformer.fromStorage(sealed, authenticatedData));
  return `${name.padEnd(10)} ${seal.toFixed(1).padStart(10)} ${open.toFixed(1).padStart(10)}`;
});
console.log(`one stored Secret of ${storedSecret.length} bytes\nprovider   encrypt µs decrypt µs\n${costs.join('\n')}\n`);

const rows: string[] = [];
try {
  for (const [name, provider] of Object.entries(providers)) {
    const args: string[] = [];
    if (provider !== undefined) {
      const path = join(dir, `${name}.yaml`);
      writeFileSync(path, `apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - ${provider}\n`);
      args.push(`--encryption-provider-config=${path}`);
    }
    const server = await startApiServerChild({ args, prefix: 'capstan-bench-encryption-' });
    try {
      const collection = `${server.url}/api/v1/namespaces/default/secrets`;
      const create = await rate(async (i) => {
        const response = await fetch(collection, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ metadata: { name: `s-${i}`, labels: { app: 'bench' } }, stringData: { password: `secret-${i}`, config: 'x'.repeat(1000) } }),
        });
        if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      });
      const get = await rate(async (i) => {
        const response = await fetch(`${collection}/s-${i}`);
        if (response.status !== 200) throw new Error(`get answered ${response.status}`);
        await response.arrayBuffer();
      });
      const listStarted = performance.now();
      const list = await fetch(collection);
      if (list.status !== 200) throw new Error(`list answered ${list.status}`);
      await list.arrayBuffer();
      const listMs = performance.now() - listStarted;
      rows.push(`${name.padEnd(10)} ${create.toFixed(0).padStart(8)} ${get.toFixed(0).padStart(8)} ${listMs.toFixed(0).padStart(10)}`);
      console.error(rows.at(-1));
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${objects} Secrets of ~1.1 KiB, ${inFlight} in flight\nprovider   create/s    get/s  list (ms)\n${rows.join('\n')}`);
