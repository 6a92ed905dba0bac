// `capstan up`: the all-in-one cluster on the embedded store, with the controllers and one node (a
// node agent on the simulated runtime); writes DIR/kubeconfig and prints one line saying how to use it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiServerFeatures, defaultKubeletClientConfig, defaultServiceClusterIpRange, defaultServiceNodePortRange, runApiServer, serviceRanges, shutdownOnSignal } from '@capstan/apiserver';
import { createLogger, formatFlagHelp, parseFeatureGates, parseFlags } from '@capstan/common';
import { readFileSync } from 'node:fs';
import { kubeconfigFor } from './kubeconfig.ts';
import { startUpControllers } from './up-controllers.ts';
import { agentTokenFile, startUpNode } from './up-node.ts';

const flags = {
  'data-dir': { type: 'string', default: '.capstan', help: 'Where the cluster keeps its state and its kubeconfig' },
  port: { type: 'int', default: 6443, help: 'The port of the API server (0 picks a free one)' },
  'bind-address': { type: 'string', default: '127.0.0.1', help: 'The IP address the API server serves on' },
  'feature-gates': { type: 'strings', default: [] as readonly string[], help: 'key=true|false pairs of the API server\'s feature gates' },
  node: { type: 'bool', default: true, help: 'Start a node: a node agent on the simulated runtime' },
  controllers: { type: 'bool', default: true, help: 'Start the controllers: node lifecycle, namespace cleanup, garbage collection, scheduling' },
  'service-cluster-ip-range': {
    type: 'string',
    default: defaultServiceClusterIpRange,
    help: 'The CIDR range Services get their cluster IPs from, or two of different IP families (dual-stack), the primary first',
  },
} as const;

export const upUsage = `Start an all-in-one cluster on the embedded store.

Usage:
  capstan up [flags]

Flags:
${formatFlagHelp(flags)}`;

export async function upCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  const featureGates = parseFeatureGates(apiServerFeatures, f['feature-gates']);
  const ranges = serviceRanges(f['service-cluster-ip-range'], defaultServiceNodePortRange);
  const dataDir = resolve(f['data-dir']);
  mkdirSync(dataDir, { recursive: true });
  const logger = createLogger({ name: 'capstan' });
  const running = await runApiServer({
    bindAddress: f['bind-address'],
    port: f.port,
    storage: { backend: 'sqlite', dataDir: join(dataDir, 'data'), etcdServers: [] },
    watchHistoryMs: 5 * 60_000,
    shutdownDelayMs: 0,
    livezGracePeriodMs: 0,
    minRequestTimeoutMs: 1800_000,
    featureGates,
    ...ranges,
    // The node's agent is reached at its InternalIP, with the token it was given.
    kubelet: { ...defaultKubeletClientConfig, preferredAddressTypes: ['InternalIP', 'Hostname'], bearerToken: readFileSync(agentTokenFile(dataDir), 'utf8').trim() },
    logger,
  });
  await running.ready();
  const kubeconfig = join(dataDir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(running.url), { mode: 0o600 });
  const controllers = f.controllers ? startUpControllers(dataDir, kubeconfig, (line) => logger.info(line)) : undefined;
  const node = f.node ? await startUpNode(dataDir, kubeconfig, (line) => logger.info(line)) : undefined;
  out(`Capstan is ready at ${running.url}: export KUBECONFIG=${kubeconfig}`);
  await shutdownOnSignal(running, logger);
  await Promise.all([node?.stop(), controllers?.stop()]);
  return 0;
}
