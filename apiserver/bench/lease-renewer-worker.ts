// The worker thread of the flood benchmark's node: renews its Lease (a merge patch of renewTime,
// as a kubelet's heartbeat) every `intervalMs` with its own token, connection and event loop,
// until told to stop; then posts every latency and how many renewals failed.

import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';
import { trustedWorkerData } from './trusted-authorities.ts';

const { url, path, token, intervalMs } = trustedWorkerData<{ url: string; path: string; token: string; intervalMs: number }>();
const pool = new Pool(url, { connections: 1 });
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let stopping = false;
parentPort?.once('message', () => (stopping = true));

while (!stopping) {
  const began = performance.now();
  let status = 'error';
  try {
    const body = JSON.stringify({ spec: { renewTime: new Date().toISOString().replace('Z', '000Z') } });
    const response = await pool.request({
      method: 'PATCH',
      path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json', accept: 'application/json' },
      body,
    });
    await response.body.arrayBuffer();
    status = String(response.statusCode);
  } catch {}
  statuses[status] = (statuses[status] ?? 0) + 1;
  const took = performance.now() - began;
  latencies.push(took);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
}
await pool.close();
parentPort?.postMessage({ latencies, statuses });
