// How much a simulated container costs: create and start 10,000 containers (5,000 pods of two) in
// one simulated runtime, without and with container logs, and measure the time it takes and the
// heap each container holds. Rows in the shape of the project's benchmark tables; run directly,
// `node nodeagent/bench/runtime-sim.bench.ts [--quick]` prints them.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SimulatedRuntime } from '../src/runtime-sim/simulated-runtime.ts';

export interface RuntimeSimBenchRow {
  readonly metric: string;
  readonly subject: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

async function measure(containers: number, withLogs: boolean, log: (line: string) => void): Promise<RuntimeSimBenchRow[]> {
  const dir = withLogs ? mkdtempSync(join(tmpdir(), 'runtime-sim-bench-')) : '';
  const runtime = new SimulatedRuntime();
  const lifecycle = JSON.stringify({ logs: { start: ['started {container} of {pod}'], every: { interval: '10s', lines: ['still running'] } } });
  const image = await runtime.pullImage({ image: 'busybox' });
  const pods = containers / 2;
  // The kubelet makes each pod's log directory before its sandbox: not part of the runtime's cost.
  if (withLogs) for (let i = 0; i < pods; i++) mkdirSync(join(dir, `bench_pod-${i}_uid-${i}`));
  const heapBefore = heapUsed();
  const started = performance.now();
  const sandboxes = await Promise.all(
    Array.from({ length: pods }, (_, i) =>
      runtime.runPodSandbox({
        metadata: { name: `pod-${i}`, namespace: 'bench', uid: `uid-${i}` },
        ...(withLogs && { logDirectory: join(dir, `bench_pod-${i}_uid-${i}`), annotations: { 'runtime-sim.capstan.dev/lifecycle': lifecycle } }),
        labels: { 'io.kubernetes.pod.name': `pod-${i}`, 'io.kubernetes.pod.namespace': 'bench' },
      }),
    ),
  );
  const ids = sandboxes.flatMap((sandboxId) =>
    ['app', 'sidecar'].map((name) =>
      runtime.createContainer(sandboxId, {
        metadata: { name, attempt: 0 },
        image: { image, userSpecifiedImage: 'busybox' },
        labels: { 'io.kubernetes.container.name': name },
        annotations: { 'io.kubernetes.container.hash': '12345678', 'io.kubernetes.container.restartCount': '0' },
        ...(withLogs && { logPath: `${name}/0.log` }),
      }),
    ),
  );
  await Promise.all(ids.map((id) => runtime.startContainer(id)));
  const elapsedMs = performance.now() - started;
  await runtime.flushLogs();
  const flushedMs = performance.now() - started;
  const heapPerContainer = (heapUsed() - heapBefore) / ids.length;
  const running = runtime.listContainers({ state: { state: 'CONTAINER_RUNNING' } }).length;
  log(
    `${withLogs ? 'with logs' : 'no logs'}: ${running} running after ${elapsedMs.toFixed(0)} ms (logs flushed at ${flushedMs.toFixed(0)} ms), ${(heapPerContainer / 1024).toFixed(2)} KiB heap per container`,
  );
  await Promise.all(sandboxes.map((id) => runtime.removePodSandbox(id)));
  runtime.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const subject = `${containers} containers in ${pods} pods${withLogs ? ', with log files' : ''}`;
  return [
    { subject, metric: 'create+start', value: elapsedMs, unit: 'ms' },
    ...(withLogs ? [{ subject, metric: 'create+start, logs on disk', value: flushedMs, unit: 'ms' }] : []),
    { subject, metric: 'heap per container (with its pod share)', value: heapPerContainer, unit: 'bytes' },
    { subject, metric: 'containers per second', value: (containers / elapsedMs) * 1000, unit: '/s' },
  ];
}

export async function runtimeSimBench(quick: boolean, log: (line: string) => void): Promise<RuntimeSimBenchRow[]> {
  const containers = quick ? 2000 : 10_000;
  return [...(await measure(containers, false, log)), ...(await measure(containers, true, log))];
}

if (import.meta.main) {
  const rows = await runtimeSimBench(process.argv.includes('--quick'), (line) => console.error(line));
  for (const row of rows) console.log(`${row.subject}\t${row.metric}\t${row.value.toFixed(1)} ${row.unit}`);
}
