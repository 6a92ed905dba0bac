// The agent's pod workers for one simulated node, as `capstan agent` starts them: the pods bound
// to the node, run over the node's own view of the shared runtime-sim, their statuses written
// back through the shared client. Runs until the signal aborts.

import type { RestClient } from '@capstan/common/client';
import type { AgentConfiguration } from '../config/index.ts';
import type { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import { startPodWorkers } from '../pods/index.ts';
import type { SystemReport } from '../system/index.ts';
import { nodeRuntimeView } from './node-runtime-view.ts';

export interface SimulatedPodsContext {
  readonly loaded: AgentConfiguration;
  readonly client: RestClient;
  readonly runtime: CriRuntimeClient;
  readonly images: CriImageClient;
  readonly report: SystemReport;
  readonly nodeIP: string;
  readonly log: (message: string, error?: unknown) => void;
}

export async function runSimulatedPods(context: SimulatedPodsContext, signal: AbortSignal): Promise<void> {
  const { loaded, report } = context;
  const workers = await startPodWorkers({
    nodeName: loaded.nodeName,
    client: context.client,
    runtime: nodeRuntimeView(context.runtime, loaded.nodeName),
    images: context.images,
    config: loaded.config,
    rootDir: loaded.flags['root-dir'],
    hostIPs: [context.nodeIP],
    ...(report.kernel === undefined ? {} : { kernel: report.kernel }),
    log: context.log,
  });
  if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  await workers.stop();
}
