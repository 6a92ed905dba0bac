// How fast and how light test environments are: control planes started one at a time and many at
// once, in the process (the default) and as `capstan apiserver` child processes, with the time from
// startTestEnv() to ready (p50, p99), the wall time of the whole batch and the memory each costs
// (the process's RSS growth per in-process environment; each child's own RSS otherwise).

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { BenchRow } from '../../apiserver/bench/bench-row.ts';
import { percentile } from '../../apiserver/bench/measure.ts';
import { startTestEnv, type TestEnv, type TestEnvMode } from '../src/index.ts';

export interface TestenvBenchOptions {
  /** How many in-process environments, one at a time and then all at once. */
  readonly inProcess: number;
  /** How many child-process environments one at a time (each a Node.js process that loads the API server). */
  readonly childOneByOne: number;
  /** How many child-process environments at once (each ~150 MiB). */
  readonly childAtOnce: number;
}

interface Batch {
  readonly readyMs: number[];
  readonly wallMs: number;
  /** CPU time of this process (user and system) over the batch. */
  readonly cpuMs: number;
  readonly envs: TestEnv[];
}

/** CPU a process has used, from /proc (clock ticks of 10 ms): what a child spent to get ready. */
const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024;

async function timedStart(mode: TestEnvMode): Promise<{ env: TestEnv; ms: number }> {
  const started = performance.now();
  const env = await startTestEnv({ mode });
  return { env, ms: performance.now() - started };
}

async function sequential(mode: TestEnvMode, count: number): Promise<Batch> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const readyMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const { env, ms } = await timedStart(mode);
    readyMs.push(ms);
    await env.stop();
  }
  return { readyMs, wallMs: performance.now() - started, cpuMs: cpuMsSince(cpu), envs: [] };
}

async function parallel(mode: TestEnvMode, count: number): Promise<Batch> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await Promise.all(Array.from({ length: count }, () => timedStart(mode)));
  return { readyMs: results.map((r) => r.ms), wallMs: performance.now() - started, cpuMs: cpuMsSince(cpu), envs: results.map((r) => r.env) };
}

function latencyRows(subject: string, batch: Batch): BenchRow[] {
  const sorted = [...batch.readyMs].sort((a, b) => a - b);
  return [
    { subject, metric: 'time to ready p50', value: percentile(sorted, 50), unit: 'ms' },
    { subject, metric: 'time to ready p99', value: percentile(sorted, 99), unit: 'ms' },
    { subject, metric: 'wall time', value: batch.wallMs, unit: 'ms', note: `${sorted.length} control planes` },
  ];
}

/** CPU per start: unlike wall time, hardly changed by other work on the machine. */
function cpuRow(subject: string, cpuMs: number, count: number, note: string): BenchRow {
  return { subject, metric: 'CPU per start', value: cpuMs / count, unit: 'ms', note };
}

export async function testenvBench(options: TestenvBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  // Start times follow the machine's load closely: the table says what it was.
  const rows: BenchRow[] = [{ subject: 'machine', metric: 'load average (1 min) at start', value: loadavg()[0] ?? Number.NaN, unit: '' }];
  // The first start of a process loads the modules and bootstraps the store every later start copies.
  const first = await timedStart('in-process');
  await first.env.stop();
  log(`first in-process start (modules loaded, store bootstrapped): ${Math.round(first.ms)} ms`);
  rows.push({ subject: 'in-process, first of the process', metric: 'time to ready', value: first.ms, unit: 'ms', note: 'loads the modules, bootstraps the store' });

  const oneByOne = await sequential('in-process', options.inProcess);
  log(
    `in-process, one at a time: p50 ${Math.round(
      percentile(
        [...oneByOne.readyMs].sort((a, b) => a - b),
        50,
      ),
    )} ms`,
  );
  rows.push(...latencyRows('in-process, one at a time', oneByOne), cpuRow('in-process, one at a time', oneByOne.cpuMs, options.inProcess, 'this process, start and stop'));

  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const atOnce = await parallel('in-process', options.inProcess);
  globalThis.gc?.();
  const rssGrowth = process.memoryUsage().rss - rssBefore;
  log(`in-process, ${options.inProcess} at once: wall ${Math.round(atOnce.wallMs)} ms, RSS +${Math.round(rssGrowth / 2 ** 20)} MiB`);
  rows.push(
    ...latencyRows(`in-process, ${options.inProcess} at once`, atOnce),
    cpuRow(`in-process, ${options.inProcess} at once`, atOnce.cpuMs, options.inProcess, 'this process, to ready'),
  );
  rows.push({
    subject: `in-process, ${options.inProcess} at once`,
    metric: 'memory per control plane',
    value: rssGrowth / options.inProcess / 2 ** 20,
    unit: 'MiB',
    note: 'RSS growth of the process / count',
  });
  const stopStarted = performance.now();
  await Promise.all(atOnce.envs.map((env) => env.stop()));
  rows.push({ subject: `in-process, ${options.inProcess} at once`, metric: 'stop all', value: performance.now() - stopStarted, unit: 'ms' });

  if (options.childOneByOne > 0) {
    const childOneByOne = await sequential('process', options.childOneByOne);
    rows.push(...latencyRows('child process, one at a time', childOneByOne));
  }
  if (options.childAtOnce > 0) {
    const childAtOnce = await parallel('process', options.childAtOnce);
    const rss = childAtOnce.envs.map((env) => rssOf(env.apiServerPid));
    const childCpuMs = childAtOnce.envs.reduce((sum, env) => sum + cpuMsOf(env.apiServerPid), 0);
    log(`child processes, ${options.childAtOnce} at once: wall ${Math.round(childAtOnce.wallMs)} ms`);
    rows.push(
      ...latencyRows(`child process, ${options.childAtOnce} at once`, childAtOnce),
      cpuRow(`child process, ${options.childAtOnce} at once`, childCpuMs + childAtOnce.cpuMs, options.childAtOnce, 'the API server processes and this one, to ready'),
    );
    rows.push({
      subject: `child process, ${options.childAtOnce} at once`,
      metric: 'memory per control plane',
      value: rss.reduce((a, b) => a + b, 0) / rss.length / 2 ** 20,
      unit: 'MiB',
      note: "each API server process's RSS",
    });
    await Promise.all(childAtOnce.envs.map((env) => env.stop()));
  }
  rows.push({ subject: 'machine', metric: 'load average (1 min) at end', value: loadavg()[0] ?? Number.NaN, unit: '' });
  return rows;
}
