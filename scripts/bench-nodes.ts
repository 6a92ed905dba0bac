// The nodes benchmark's set-up: a fresh sqlite API server process for the run (with a kubeconfig
// for it), the steps of simulated nodes, the lengths of each step's window and the pod batch;
// everything in one temporary directory, removed at the end.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { startBenchApiServer } from '../apiserver/bench/api-server-process.ts';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { cpuSeconds, residentMemory } from '../apiserver/bench/process-usage.ts';
import { nodesBench } from '../nodeagent/bench/nodes.bench.ts';

export async function runNodesBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-nodes-'));
  try {
    return await nodesBench(
      {
        steps: quick ? [50, 150] : [100, 250, 500, 1000, 2000, 3000, 4000, 5000, 7500, 10_000, 12_500, 15_000, 17_500, 20_000, 25_000, 30_000, 35_000, 40_000, 50_000],
        spreadMs: quick ? 2_000 : 10_000,
        registerTimeoutMs: quick ? 15_000 : 120_000,
        settleMs: quick ? 1_000 : 11_000,
        windowMs: quick ? 11_000 : 30_000,
        sampleMs: 1_000,
        maxRunMs: quick ? 60_000 : 30 * 60_000,
        scratchDir: join(scratch, 'nodes'),
        startApiServer: async () => {
          const server = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, 'data') });
          const kubeconfig = join(scratch, 'kubeconfig');
          writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority }));
          return { url: server.url, kubeconfig, pid: server.pid, stop: () => server.stop() };
        },
        usage: { cpuSeconds, rssMiB: (pid) => residentMemory(pid).rssMiB },
        pods: quick
          ? { workerNodes: 20, batch: 100, paced: { pods: 40, perSecond: 20 }, atStep: 50, concurrency: 16, timeoutMs: 20_000 }
          : { workerNodes: 100, batch: 1000, paced: { pods: 200, perSecond: 20 }, atStep: 1000, concurrency: 16, timeoutMs: 120_000 },
      },
      log,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
