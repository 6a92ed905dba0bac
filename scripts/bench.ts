// `npm run bench -- NAME [--quick]`: runs one benchmark, prints its table, and writes the results
// with a description of the machine to bench/results/NAME.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, release, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { runAdmissionBenchmark } from './bench-admission.ts';
import { runApfBenchmark } from './bench-apf.ts';
import { runApiBenchmark } from './bench-api.ts';
import { runCelBenchmark } from './bench-cel.ts';
import { runCodecBenchmark } from './bench-codec.ts';
import { runControllersBenchmark } from './bench-controllers.ts';
import { runCrdBenchmark } from './bench-crd.ts';
import { runEtcdBenchmark } from './bench-etcd.ts';
import { runNodesBenchmark } from './bench-nodes.ts';
import { runScaleBenchmark } from './bench-scale.ts';
import { runStallBenchmark } from './bench-stall.ts';
import { runStorageBenchmark } from './bench-storage.ts';
import { runTestenvBenchmark } from './bench-testenv.ts';

const benchmarks: Record<string, (quick: boolean, log: (line: string) => void) => Promise<BenchRow[]>> = {
  storage: runStorageBenchmark,
  api: runApiBenchmark,
  codec: runCodecBenchmark,
  cel: runCelBenchmark,
  nodes: runNodesBenchmark,
  controllers: runControllersBenchmark,
  stall: runStallBenchmark,
  crd: runCrdBenchmark,
  admission: runAdmissionBenchmark,
  apf: runApfBenchmark,
  etcd: runEtcdBenchmark,
  testenv: runTestenvBenchmark,
  scale: runScaleBenchmark,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknown = names.filter((name) => !(name in benchmarks));
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: npm run bench -- <${Object.keys(benchmarks).join('|')}> [--quick]`);
  process.exit(2);
}

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  freeMemoryGiB: Math.round(freemem() / 2 ** 30),
  kernel: release(),
  node: process.version,
};

for (const name of names) {
  const log = (line: string): void => console.error(`[${name}] ${line}`);
  const rows = await (benchmarks[name] as (typeof benchmarks)[string])(quick, log);
  console.log(formatTable(rows));
  const resultsDir = join(import.meta.dirname, '..', 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({ benchmark: name, at: new Date().toISOString(), machine, rows }, null, 2)}\n`);
  console.log(`results written to ${file}`);
}

function formatTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) => [row.subject, row.metric, formatNumber(row.value), row.unit, row.note ?? '']);
  const header = ['subject', 'metric', 'value', 'unit', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: readonly string[]): string =>
    c
      .map((v, i) => (i === 2 ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}
