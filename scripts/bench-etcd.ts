// The etcd side-by-side benchmark's set-up: Capstan and kube-apiserver (when its binary is there)
// each on a fresh private etcd (ETCD_BIN picks the binary, e.g. an etcd 3.6 build), optionally a
// baseline checkout of Capstan (BENCH_BASELINE=<checkout>) and CPU profiles (BENCH_CPU_PROF=<dir>).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { etcdSideBySideBench } from '../apiserver/bench/etcd-side-by-side.bench.ts';
import { etcdBinary, startEtcd } from '../apiserver/test/storage/etcd-server.ts';

export async function runEtcdBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  if (!existsSync(etcdBinary())) {
    log(`no etcd binary at ${etcdBinary()} (set ETCD_BIN): nothing to compare`);
    return [{ subject: 'etcd', metric: 'skipped', value: Number.NaN, unit: '', note: `no etcd binary at ${etcdBinary()}` }];
  }
  const baseline = process.env['BENCH_BASELINE'];
  const cpuProfDir = process.env['BENCH_CPU_PROF'];
  return etcdSideBySideBench(
    {
      startEtcd: () => startEtcd('bench-side-by-side'),
      rounds: quick ? 1 : 3,
      writeMs: quick ? 2000 : 5000,
      warmupMs: quick ? 300 : 1000,
      settleMs: quick ? 200 : 1000,
      watchers: quick ? 50 : 100,
      watchEvents: quick ? 100 : 300,
      watchWriters: 4,
      listObjects: 2000,
      listRuns: quick ? 5 : 9,
      clientCost: { sequential: quick ? 300 : 500, inFlight: 64, concurrent: quick ? 1000 : 3000 },
      ...(baseline === undefined || baseline === '' ? {} : { baselineEntry: join(baseline, 'bin', 'capstan.ts') }),
      ...(cpuProfDir === undefined || cpuProfDir === '' ? {} : { cpuProfDir }),
    },
    log,
  );
}
