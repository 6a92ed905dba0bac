// The worker thread of the stall benchmark's prober: GETs one object every 20 ms (a client that
// polls, like a node's heartbeat), on its own connection and event loop, until told to stop; then
// posts every latency it saw.

import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';
import { trustedWorkerData } from './trusted-authorities.ts';

const { url, path, intervalMs } = trustedWorkerData<{ url: string; path: string; intervalMs: number }>();
const pool = new Pool(url, { connections: 1 });
const latencies: number[] = [];
let failures = 0;
let stopping = false;
parentPort?.once('message', () => (stopping = true));

while (!stopping) {
  const began = performance.now();
  try {
    const response = await pool.request({ method: 'GET', path, headers: { accept: 'application/json' } });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) failures++;
  } catch {
    failures++;
  }
  const took = performance.now() - began;
  latencies.push(took);
  // The next read is due 20 ms after this one began; a slow answer delays it, as a real poller's.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
}
await pool.close();
parentPort?.postMessage({ latencies, failures });
