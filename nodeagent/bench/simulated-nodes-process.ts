// The simulating process of the nodes benchmark: SimulatedNodes in a process of its own (so that
// its CPU and memory can be read apart from the API server's and the benchmark's), driven over the
// IPC channel: `scale` (to a count, spread over a time), `stats` (counts, latencies, event loop
// delay since the last stats) and `stop`. Started by nodes.bench.ts with fork().
//
// `run-pods` starts the pod workers of the first nodes without restarting them.
//
//   simulated-nodes-process.ts <kubeconfig> <root-dir> <pod worker nodes> [agent flags...]

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SimulatedNodes } from '../src/simulated-nodes/index.ts';
import type { SimulatedNodesReply, SimulatedNodesRequest, LatencySummary } from './simulated-nodes-messages.ts';

const [kubeconfig, rootDir, podWorkerNodes, ...agentFlags] = process.argv.slice(2);
if (kubeconfig === undefined || rootDir === undefined || podWorkerNodes === undefined || process.send === undefined) {
  process.stderr.write('usage: fork simulated-nodes-process.ts <kubeconfig> <root-dir> <pod worker nodes> [agent flags...] with an IPC channel\n');
  process.exit(2);
}
const send = (reply: SimulatedNodesReply): void => void process.send?.(reply);

const nodes = await SimulatedNodes.start({ kubeconfig, rootDir, agentFlags, podWorkerNodes: Number(podWorkerNodes) });
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

process.on('message', (message: SimulatedNodesRequest) => {
  void handle(message).catch((error: unknown) => send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
send({ type: 'ready' });

async function handle(message: SimulatedNodesRequest): Promise<void> {
  switch (message.type) {
    case 'scale':
      await nodes.scaleTo(message.count, message.spreadMs);
      send({ type: 'scaled', count: nodes.count });
      return;
    case 'run-pods':
      nodes.runPodWorkers(message.count);
      send({ type: 'running-pods' });
      return;
    case 'stats': {
      const { latencies, maxInFlight } = nodes.client.takeLatencies();
      send({
        type: 'stats',
        count: nodes.count,
        registered: nodes.registered,
        requests: nodes.client.counts(),
        latencies: Object.fromEntries(Object.entries(latencies).map(([kind, values]) => [kind, summarize(values)])),
        maxInFlight,
        inFlight: nodes.client.inFlight,
        sockets: nodes.sockets(),
        eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        eventLoopDelayMaxMs: loopDelay.max / 1e6,
        messages: nodes.messages(),
      });
      loopDelay.reset();
      return;
    }
    case 'stop':
      loopDelay.disable();
      await nodes.stop();
      send({ type: 'stopped' });
      process.disconnect();
      return;
  }
}

function summarize(values: number[]): LatencySummary {
  values.sort((a, b) => a - b);
  const at = (p: number): number => values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? Number.NaN;
  return { count: values.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: values.at(-1) ?? Number.NaN };
}
