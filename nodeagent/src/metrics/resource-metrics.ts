// The kubelet's /metrics/resource (pkg/kubelet/metrics/collectors/resource_metrics.go): the node's,
// each running container's and each pod's CPU time, working set and swap, and each container's
// start time, with kube's names, labels, HELP texts and stability levels, each usage sample carrying
// the time it was measured, as the kubelet writes them. The containers' usage comes from the
// runtime (CRI ListContainerStats), a pod's is the sum of its running containers'; a failure to read
// them answers only resource_scrape_error 1. The endpoint has a registry of its own in kube (no
// process metrics there); its text is written here because prom-client cannot write sample
// timestamps.

import { Registry } from 'prom-client';
import { annotatedHelp, type StabilityLevel } from '@capstan/common/metrics';
import type { ContainerStats, CriRuntimeClient } from '../cri/index.ts';
import type { NodeUsage } from '../system/index.ts';

type MetricType = 'counter' | 'gauge';

interface Family {
  readonly name: string;
  readonly help: string;
  readonly stabilityLevel: StabilityLevel;
  readonly type: MetricType;
}

const family = (name: string, type: MetricType, stabilityLevel: StabilityLevel, help: string): Family => ({ name, type, stabilityLevel, help });

const families = {
  containerCpu: family('container_cpu_usage_seconds_total', 'counter', 'STABLE', 'Cumulative cpu time consumed by the container in core-seconds'),
  containerMemory: family('container_memory_working_set_bytes', 'gauge', 'STABLE', 'Current working set of the container in bytes'),
  containerStart: family('container_start_time_seconds', 'gauge', 'STABLE', 'Start time of the container since unix epoch in seconds'),
  containerSwapLimit: family('container_swap_limit_bytes', 'gauge', 'ALPHA', 'Current amount of the container swap limit in bytes. Reported only on non-windows systems'),
  containerSwap: family('container_swap_usage_bytes', 'gauge', 'ALPHA', 'Current amount of the container swap usage in bytes. Reported only on non-windows systems'),
  nodeCpu: family('node_cpu_usage_seconds_total', 'counter', 'STABLE', 'Cumulative cpu time consumed by the node in core-seconds'),
  nodeMemory: family('node_memory_working_set_bytes', 'gauge', 'STABLE', 'Current working set of the node in bytes'),
  nodeSwap: family('node_swap_usage_bytes', 'gauge', 'ALPHA', 'Current swap usage of the node in bytes. Reported only on non-windows systems'),
  podCpu: family('pod_cpu_usage_seconds_total', 'counter', 'STABLE', 'Cumulative cpu time consumed by the pod in core-seconds'),
  podMemory: family('pod_memory_working_set_bytes', 'gauge', 'STABLE', 'Current working set of the pod in bytes'),
  podSwap: family('pod_swap_usage_bytes', 'gauge', 'ALPHA', 'Current amount of the pod swap usage in bytes. Reported only on non-windows systems'),
  scrapeError: family('resource_scrape_error', 'gauge', 'STABLE', '1 if there was an error while getting container metrics, 0 otherwise'),
} as const;

interface Sample {
  readonly labels: readonly (readonly [string, string])[];
  readonly value: number;
  readonly timestampMs?: number;
}

/** The samples of each family, written in the order Go's registry writes them: families and samples sorted. */
class Exposition {
  readonly #samples = new Map<Family, Sample[]>();

  add(metric: Family, value: number, labels: Readonly<Record<string, string>> = {}, timestampMs?: number): void {
    const sorted = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const samples = this.#samples.get(metric) ?? [];
    samples.push({ labels: sorted, value, ...(timestampMs === undefined ? {} : { timestampMs }) });
    this.#samples.set(metric, samples);
  }

  text(): string {
    let out = '';
    for (const metric of [...this.#samples.keys()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      out += `# HELP ${metric.name} ${escapeHelp(annotatedHelp(metric.help, metric.stabilityLevel, undefined))}\n# TYPE ${metric.name} ${metric.type}\n`;
      const lines = (this.#samples.get(metric) ?? []).map((sample) => {
        const labels = sample.labels.length === 0 ? '' : `{${sample.labels.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
        return {
          key: sample.labels.map(([, value]) => value).join('\0'),
          line: `${metric.name}${labels} ${goFloat(sample.value)}${sample.timestampMs === undefined ? '' : ` ${Math.floor(sample.timestampMs)}`}\n`,
        };
      });
      for (const { line } of lines.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) out += line;
    }
    return out;
  }
}

export interface ResourceMetricsSources {
  readonly runtime: CriRuntimeClient;
  readonly node: () => NodeUsage;
  /** Told why the stats could not be read (the kubelet logs it too). */
  readonly log?: (message: string, error: unknown) => void;
}

/** The body of /metrics/resource now, and its Content-Type (the text format: kube's handler negotiates nothing else). */
export async function resourceMetrics(sources: ResourceMetricsSources): Promise<{ readonly contentType: string; readonly body: string }> {
  const exposition = new Exposition();
  let readings: { readonly node: NodeUsage; readonly pods: readonly PodUsage[] } | undefined;
  try {
    readings = { pods: await readPodStats(sources.runtime), node: sources.node() };
  } catch (error) {
    sources.log?.('Error getting summary for resourceMetric prometheus endpoint', error);
  }
  if (readings !== undefined) {
    writeNode(exposition, readings.node);
    for (const pod of readings.pods) writePod(exposition, pod);
  }
  exposition.add(families.scrapeError, readings === undefined ? 1 : 0);
  return { contentType: Registry.PROMETHEUS_CONTENT_TYPE, body: exposition.text() };
}

function writeNode(exposition: Exposition, node: NodeUsage): void {
  if (node.cpu !== undefined) exposition.add(families.nodeCpu, node.cpu.value / 1e9, {}, node.cpu.timestampMs);
  if (node.memoryWorkingSet !== undefined) exposition.add(families.nodeMemory, node.memoryWorkingSet.value, {}, node.memoryWorkingSet.timestampMs);
  if (node.swapUsage !== undefined) exposition.add(families.nodeSwap, node.swapUsage.value, {}, node.swapUsage.timestampMs);
}

interface ContainerUsage {
  readonly name: string;
  /** Seconds since the epoch: the container's creation, as the kubelet's CRI stats take it. */
  readonly startTime: number;
  readonly stats: ContainerStats | undefined;
}

interface PodUsage {
  readonly name: string;
  readonly namespace: string;
  readonly containers: readonly ContainerUsage[];
}

/** The running containers of the ready sandboxes, with the runtime's stats of each. */
async function readPodStats(runtime: CriRuntimeClient): Promise<PodUsage[]> {
  const [sandboxes, containers, stats] = await Promise.all([
    runtime.listPodSandbox({ filter: { state: { state: 'SANDBOX_READY' } } }),
    runtime.listContainers({ filter: { state: { state: 'CONTAINER_RUNNING' } } }),
    runtime.listContainerStats({}),
  ]);
  const statsById = new Map((stats.stats ?? []).map((entry) => [entry.attributes?.id ?? '', entry]));
  const bySandbox = new Map<string, ContainerUsage[]>();
  for (const container of containers.containers ?? []) {
    const list = bySandbox.get(container.podSandboxId) ?? [];
    list.push({ name: container.metadata?.name ?? '', startTime: Number(container.createdAt) / 1e9, stats: statsById.get(container.id) });
    bySandbox.set(container.podSandboxId, list);
  }
  return (sandboxes.items ?? []).map((sandbox) => ({
    name: sandbox.metadata?.name ?? '',
    namespace: sandbox.metadata?.namespace ?? '',
    containers: bySandbox.get(sandbox.id) ?? [],
  }));
}

/** A UInt64Value's number, or undefined when the runtime did not report it. */
const reported = (wrapper: { readonly value: number } | null | undefined): number | undefined => (wrapper === null || wrapper === undefined ? undefined : Number(wrapper.value));
const nanosToMs = (nanos: number): number => nanos / 1e6;

function writePod(exposition: Exposition, pod: PodUsage): void {
  const podLabels = { pod: pod.name, namespace: pod.namespace };
  const sums = { cpu: undefined as Sum | undefined, memory: undefined as Sum | undefined, swap: undefined as Sum | undefined };
  for (const container of pod.containers) {
    const labels = { container: container.name, ...podLabels };
    if (container.startTime > 0) exposition.add(families.containerStart, container.startTime, labels);
    const { stats } = container;
    const cpu = reported(stats?.cpu?.usageCoreNanoSeconds);
    if (cpu !== undefined && stats?.cpu) {
      exposition.add(families.containerCpu, cpu / 1e9, labels, nanosToMs(Number(stats.cpu.timestamp)));
      sums.cpu = addTo(sums.cpu, cpu, Number(stats.cpu.timestamp));
    }
    const memory = reported(stats?.memory?.workingSetBytes);
    if (memory !== undefined && stats?.memory) {
      exposition.add(families.containerMemory, memory, labels, nanosToMs(Number(stats.memory.timestamp)));
      sums.memory = addTo(sums.memory, memory, Number(stats.memory.timestamp));
    }
    if (stats?.swap) {
      const swap = reported(stats.swap.swapUsageBytes);
      const timestampMs = nanosToMs(Number(stats.swap.timestamp));
      if (swap !== undefined) {
        exposition.add(families.containerSwap, swap, labels, timestampMs);
        sums.swap = addTo(sums.swap, swap, Number(stats.swap.timestamp));
      }
      const available = reported(stats.swap.swapAvailableBytes);
      if (available !== undefined) exposition.add(families.containerSwapLimit, available + (swap ?? 0), labels, timestampMs);
    }
  }
  if (sums.cpu !== undefined) exposition.add(families.podCpu, sums.cpu.value / 1e9, podLabels, nanosToMs(sums.cpu.timestamp));
  if (sums.memory !== undefined) exposition.add(families.podMemory, sums.memory.value, podLabels, nanosToMs(sums.memory.timestamp));
  if (sums.swap !== undefined) exposition.add(families.podSwap, sums.swap.value, podLabels, nanosToMs(sums.swap.timestamp));
}

/** A pod's total of its containers' readings, measured when the latest of them was. */
interface Sum {
  readonly value: number;
  readonly timestamp: number;
}

const addTo = (sum: Sum | undefined, value: number, timestamp: number): Sum => ({
  value: (sum?.value ?? 0) + value,
  timestamp: Math.max(sum?.timestamp ?? 0, timestamp),
});

/** A float as Go's strconv.FormatFloat(f, 'g', -1, 64) writes it, which the Go client's text format uses. */
export function goFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  // toExponential() without digits gives the shortest digits that read back as the same number.
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // Go's shortest %g takes the exponent form below 1e-4 and from 1e6 on (JavaScript's String() from 1e21).
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function escapeLabelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
