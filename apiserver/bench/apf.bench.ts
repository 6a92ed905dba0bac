// `npm run bench -- apf`: a flood of big lists against API priority and fairness. `clients`
// anonymous clients (one flow of the global-default priority level) list `listObjects` ConfigMaps
// of 1 KiB in a loop while a node (system:nodes, the node-high level) renews its Lease every
// 100 ms. The node's p99 is the number to watch: its level keeps seats the flood cannot take, so
// it should stay under a second; the flood gets 429s (time-outs in its queues) instead of piling
// up in the server. The same load with --enable-priority-and-fairness=false (max-in-flight: 400
// reads at once) is the comparison.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startBenchApiServer } from './api-server-process.ts';
import type { BenchRow } from './bench-row.ts';
import { httpLoad } from './http-load.ts';
import { percentile } from './measure.ts';
import { workerWithTrust } from './trusted-authorities.ts';

export interface ApfBenchOptions {
  readonly listObjects: number;
  readonly clients: number;
  readonly durationMs: number;
}

const adminToken = 'bench-admin-token';
const nodeToken = 'bench-node-token';
const leasePath = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/bench-node';

export async function apfBench(options: ApfBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const mode of ['priority and fairness', 'max-in-flight'] as const) rows.push(...(await floodOnce(options, mode, log)));
  return rows;
}

async function floodOnce(options: ApfBenchOptions, mode: 'priority and fairness' | 'max-in-flight', log: (line: string) => void): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-apf-'));
  const tokens = join(scratch, 'tokens.csv');
  writeFileSync(tokens, `${adminToken},admin,admin,system:masters\n${nodeToken},system:node:bench-node,bench-node,system:nodes\n`);
  const flags = [`--token-auth-file=${tokens}`, ...(mode === 'max-in-flight' ? ['--enable-priority-and-fairness=false'] : [])];
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, 'data'), args: flags });
  try {
    const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    await send(server.url, 'POST', '/api/v1/namespaces', admin, { metadata: { name: 'bench-list' } });
    await send(server.url, 'POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', admin, {
      metadata: { name: 'bench-node' },
      spec: { holderIdentity: 'bench-node', leaseDurationSeconds: 40 },
    });
    log(`apf (${mode}): creating ${options.listObjects.toLocaleString('en-US')} ConfigMaps of 1 KiB`);
    const fill = await httpLoad({
      url: server.url,
      request: { kind: 'create', namespaces: ['bench-list'], namePrefix: 'cm-', payloadBytes: 1024 },
      concurrency: 16,
      count: options.listObjects,
    });
    if (fill.errors > 0) throw new Error(`the fill failed: ${fill.firstError}`);

    log(`apf (${mode}): ${options.clients} clients list for ${options.durationMs / 1000} s while the node renews its Lease every 100 ms`);
    const renewer = workerWithTrust(new URL('./lease-renewer-worker.ts', import.meta.url), { url: server.url, path: leasePath, token: nodeToken, intervalMs: 100 });
    const renewed = new Promise<{ latencies: number[]; statuses: Record<string, number> }>((resolve, reject) => {
      renewer.once('message', resolve);
      renewer.once('error', reject);
    });
    const flood = await listFlood(server.url, options);
    renewer.postMessage('stop');
    const { latencies, statuses } = await renewed;
    await renewer.terminate();
    latencies.sort((a, b) => a - b);
    const renewals = Object.entries(statuses)
      .map(([status, count]) => `${count} x ${status}`)
      .join(', ');
    const lists = [...flood.statuses].map(([status, count]) => `${count} x ${status}`).join(', ');
    const subject = `apf: ${mode}`;
    return [
      { subject, metric: 'Lease renewal p99 during the flood', value: percentile(latencies, 99), unit: 'ms', note: `p50 ${percentile(latencies, 50).toFixed(1)} ms; ${renewals}` },
      { subject, metric: 'Lease renewal max during the flood (the longest stall)', value: latencies.at(-1) ?? Number.NaN, unit: 'ms', note: `${latencies.length} renewals` },
      {
        subject,
        metric: `lists of ${options.listObjects.toLocaleString('en-US')} ConfigMaps answered 200`,
        value: flood.statuses.get(200) ?? 0,
        unit: 'lists',
        note: `${options.clients} clients, ${options.durationMs / 1000} s: ${lists}${flood.firstError === undefined ? '' : `; first error: ${flood.firstError}`}`,
      },
      {
        subject,
        metric: 'lists answered 429',
        value: flood.statuses.get(429) ?? 0,
        unit: 'lists',
        note: `Retry-After seen: ${[...flood.retryAfter].sort((a, b) => a - b).join(', ') || 'none'} s`,
      },
      {
        subject,
        metric: 'list latency p99 (200s)',
        value: percentile(
          flood.okLatencies.sort((a, b) => a - b),
          99,
        ),
        unit: 'ms',
      },
    ];
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `clients` loops, each on its own connection, listing until the time is up; a 429 is retried at once (the worst client). */
async function listFlood(
  url: string,
  options: ApfBenchOptions,
): Promise<{ statuses: Map<number | string, number>; retryAfter: Set<number>; okLatencies: number[]; firstError: string | undefined }> {
  const pool = new Pool(url, { connections: options.clients, headersTimeout: 120_000, bodyTimeout: 120_000 });
  const statuses = new Map<number | string, number>();
  const retryAfter = new Set<number>();
  const okLatencies: number[] = [];
  let firstError: string | undefined;
  const until = performance.now() + options.durationMs;
  const loop = async (): Promise<void> => {
    while (performance.now() < until) {
      const began = performance.now();
      let status: number | string;
      try {
        const response = await pool.request({ method: 'GET', path: '/api/v1/namespaces/bench-list/configmaps', headers: { accept: 'application/json' } });
        await response.body.dump({ limit: Number.POSITIVE_INFINITY });
        status = response.statusCode;
        if (status === 429) retryAfter.add(Number(response.headers['retry-after']));
        if (status === 200) okLatencies.push(performance.now() - began);
      } catch (error) {
        status = (error as Error).name;
        firstError ??= `${(error as Error).name}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, loop));
  } finally {
    await pool.close();
  }
  return { statuses, retryAfter, okLatencies, firstError };
}

async function send(url: string, method: string, path: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}
