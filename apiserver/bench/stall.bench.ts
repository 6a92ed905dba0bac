// `npm run bench -- stall`: whether one client's heavy requests stall everyone else. A prober reads
// one small object every 20 ms (its own thread and connection) while other clients send heavy
// requests: big Protobuf, JSON and Table lists, deeply nested YAML bodies, creates, PUTs, patches and
// server-side applies of objects with 100,000 labels.
// The prober's p99 is the number to watch: every other client (node heartbeats included) waits
// that long behind the heavy work. The goal is a p99 under 100 ms.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workerWithTrust } from './trusted-authorities.ts';
import { Pool } from 'undici';
import { startBenchApiServer } from './api-server-process.ts';
import type { BenchRow } from './bench-row.ts';
import { httpLoad } from './http-load.ts';
import { percentile } from './measure.ts';

export interface StallBenchOptions {
  /** ConfigMaps of 1 KiB in the namespace the heavy lists read. */
  readonly listObjects: number;
  /** Heavy requests of each scenario, `concurrency` at a time, and for at least `minDurationMs`. */
  readonly heavyRequests: number;
  readonly minDurationMs: number;
  readonly concurrency: number;
  /** Labels of the heavy ConfigMaps. */
  readonly labels: number;
  /** Nesting depth of the heavy YAML bodies. */
  readonly depth: number;
}

interface HeavyRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  readonly path: (n: number) => string;
  readonly headers: Record<string, string>;
  readonly body?: (n: number) => Buffer;
}

export async function stallBench(options: StallBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-stall-'));
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, 'data') });
  try {
    for (const name of ['bench-list', 'bench-heavy']) {
      await send(server.url, 'POST', '/api/v1/namespaces', { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ metadata: { name } })));
    }
    await send(
      server.url,
      'POST',
      '/api/v1/namespaces/default/configmaps',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ metadata: { name: 'probe' }, data: { a: 'b' } })),
    );
    for (let i = 0; i < options.concurrency; i++) {
      await send(
        server.url,
        'POST',
        '/api/v1/namespaces/bench-heavy/configmaps',
        { 'content-type': 'application/json' },
        Buffer.from(JSON.stringify({ metadata: { name: `replaced-${i}` } })),
      );
    }
    log(`stall: creating ${options.listObjects.toLocaleString('en-US')} ConfigMaps of 1 KiB`);
    const fill = await httpLoad({
      url: server.url,
      request: { kind: 'create', namespaces: ['bench-list'], namePrefix: 'cm-', payloadBytes: 1024 },
      concurrency: 32,
      count: options.listObjects,
    });
    if (fill.errors > 0) throw new Error(`the fill failed: ${fill.firstError}`);

    const labels = Object.fromEntries(Array.from({ length: options.labels }, (_, i) => [`key-${i}`, `value-${i}`]));
    // A flow mapping in a flow mapping, `depth` deep, as data of a ConfigMap: {a: {a: ... 1}}.
    const nested = `metadata: {name: deep}\ndata: ${'{a: '.repeat(options.depth)}1${'}'.repeat(options.depth)}\n`;
    const scenarios: readonly (readonly [string, HeavyRequest | undefined])[] = [
      ['nothing else', undefined],
      [
        `Protobuf lists of ${options.listObjects.toLocaleString('en-US')} ConfigMaps`,
        { method: 'GET', path: () => '/api/v1/namespaces/bench-list/configmaps', headers: { accept: 'application/vnd.kubernetes.protobuf' } },
      ],
      [
        `JSON lists of ${options.listObjects.toLocaleString('en-US')} ConfigMaps`,
        { method: 'GET', path: () => '/api/v1/namespaces/bench-list/configmaps', headers: { accept: 'application/json' } },
      ],
      [
        `Tables (kubectl get) of ${options.listObjects.toLocaleString('en-US')} ConfigMaps`,
        { method: 'GET', path: () => '/api/v1/namespaces/bench-list/configmaps', headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' } },
      ],
      [
        `YAML bodies nested ${options.depth.toLocaleString('en-US')} deep (${Math.round(nested.length / 1024)} KiB)`,
        { method: 'POST', path: () => '/api/v1/namespaces/bench-heavy/configmaps', headers: { 'content-type': 'application/yaml' }, body: () => Buffer.from(nested) },
      ],
      [
        `PUTs of a ConfigMap with ${options.labels.toLocaleString('en-US')} labels`,
        {
          method: 'PUT',
          // One object per client, so that the PUTs rarely meet: each that does is prepared again.
          path: (n) => `/api/v1/namespaces/bench-heavy/configmaps/replaced-${n % options.concurrency}`,
          headers: { 'content-type': 'application/json' },
          // Each PUT changes one label, so that none is a no-op; without a resourceVersion it is unconditional.
          body: (n) => Buffer.from(JSON.stringify({ metadata: { name: `replaced-${n % options.concurrency}`, labels: { ...labels, 'key-0': `put-${n}` } } })),
        },
      ],
      [
        `merge patches of one label of a ConfigMap with ${options.labels.toLocaleString('en-US')} labels`,
        {
          method: 'PATCH',
          path: (n) => `/api/v1/namespaces/bench-heavy/configmaps/replaced-${n % options.concurrency}`,
          headers: { 'content-type': 'application/merge-patch+json' },
          body: (n) => Buffer.from(JSON.stringify({ metadata: { labels: { 'key-1': `patch-${n}` } } })),
        },
      ],
      [
        `server-side applies of a ConfigMap with ${options.labels.toLocaleString('en-US')} labels`,
        {
          method: 'PATCH',
          path: (n) => `/api/v1/namespaces/bench-heavy/configmaps/applied-${n % options.concurrency}?fieldManager=bench`,
          headers: { 'content-type': 'application/apply-patch+yaml' },
          // JSON is YAML: the whole configuration, one label changed each time.
          body: (n) =>
            Buffer.from(
              JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `applied-${n % options.concurrency}`, labels: { ...labels, 'key-0': `apply-${n}` } } }),
            ),
        },
      ],
      [
        `ConfigMaps with ${options.labels.toLocaleString('en-US')} labels`,
        {
          method: 'POST',
          path: () => '/api/v1/namespaces/bench-heavy/configmaps',
          headers: { 'content-type': 'application/json' },
          body: (n) => Buffer.from(JSON.stringify({ metadata: { name: `labels-${n}`, labels } })),
        },
      ],
    ];
    const rows: BenchRow[] = [];
    for (const [name, heavy] of scenarios) {
      log(
        `stall: a prober every 20 ms while: ${name}${heavy === undefined ? '' : `, at least ${options.heavyRequests} requests and ${options.minDurationMs / 1000} s, ${options.concurrency} at a time`}`,
      );
      const prober = startProber(server.url);
      const began = performance.now();
      const statuses = heavy === undefined ? await idle(options.minDurationMs) : await heavyLoad(server.url, heavy, options);
      const elapsed = performance.now() - began;
      const { latencies, failures } = await prober.stop();
      latencies.sort((a, b) => a - b);
      const answers =
        heavy === undefined ? '' : `; heavy requests answered ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')} in ${(elapsed / 1000).toFixed(1)} s`;
      rows.push({
        subject: 'stall',
        metric: `prober p99 while: ${name}`,
        value: percentile(latencies, 99),
        unit: 'ms',
        note: `p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms over ${latencies.length} reads, ${failures} failed${answers}`,
      });
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function startProber(url: string): { stop(): Promise<{ latencies: number[]; failures: number }> } {
  const worker = workerWithTrust(new URL('./stall-prober-worker.ts', import.meta.url), { url, path: '/api/v1/namespaces/default/configmaps/probe', intervalMs: 20 });
  const result = new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

const idle = async (ms: number): Promise<Map<number, number>> => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Map();
};

/** The heavy requests, `concurrency` in flight; how many got each status. */
async function heavyLoad(url: string, heavy: HeavyRequest, options: StallBenchOptions): Promise<Map<number, number>> {
  const pool = new Pool(url, { connections: options.concurrency });
  const statuses = new Map<number, number>();
  let next = 0;
  const until = performance.now() + options.minDurationMs;
  const loop = async (): Promise<void> => {
    for (let n = next++; n < options.heavyRequests || performance.now() < until; n = next++) {
      const response = await pool.request({ method: heavy.method, path: heavy.path(n), headers: heavy.headers, ...(heavy.body === undefined ? {} : { body: heavy.body(n) }) });
      await response.body.arrayBuffer();
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, loop));
  } finally {
    await pool.close();
  }
  return statuses;
}

async function send(url: string, method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<void> {
  const response = await fetch(`${url}${path}`, { method, headers, body });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
}
