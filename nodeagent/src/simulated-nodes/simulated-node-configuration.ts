// The configuration of simulated node number i, built as the agent builds its own from flags:
// named sim-node-<i> (--hostname-override), pointed at the API server's kubeconfig, with the
// given InternalIP (every simulated node shares one of this host's addresses: the agent accepts
// only addresses the host holds) and a root directory of its own, which also holds its pods' logs
// unless a configuration file puts them elsewhere (not in the machine's /var/log/pods).

import { join } from 'node:path';
import { loadAgentConfiguration, type AgentConfiguration } from '../config/index.ts';

export interface SimulatedNodeSettings {
  readonly kubeconfig: string;
  /** Each node's root directory is <rootDir>/<node name>. */
  readonly rootDir: string;
  readonly nodeIP: string;
  /** More agent flags, the same for every node (e.g. --node-status-update-frequency=20s). */
  readonly agentFlags?: readonly string[];
}

export const simulatedNodeName = (index: number): string => `sim-node-${index}`;

export function simulatedNodeConfiguration(index: number, settings: SimulatedNodeSettings): AgentConfiguration {
  const name = simulatedNodeName(index);
  const rootDir = join(settings.rootDir, name);
  const loaded = loadAgentConfiguration([
    `--hostname-override=${name}`,
    `--kubeconfig=${settings.kubeconfig}`,
    `--node-ip=${settings.nodeIP}`,
    `--root-dir=${rootDir}`,
    ...(settings.agentFlags ?? []),
  ]);
  if (loaded.sources.has('podLogsDir')) return loaded;
  return { ...loaded, config: { ...loaded.config, podLogsDir: join(rootDir, 'pod-logs') } };
}
