// `capstan agent`: the node agent. Loads its configuration as the kubelet does, takes the lock
// file, refuses to start where the kubelet refuses (swap on, cgroup v1, bad reservations),
// connects to the CRI runtime, and — unless standalone (no --kubeconfig) — registers the Node,
// keeps its status and its Lease, and tells systemd when it is ready and alive.

import { FlagError } from '@capstan/common';
import { legacyRegistry, recordFeatureInfo } from '@capstan/common/metrics';
import type { FeatureSpec } from '@capstan/common';
import { agentFeatures } from '../config/agent-features.ts';
import { defaultUserAgent, RestClient } from '@capstan/common/client';
import { AgentConfigurationError, formatAgentFlagHelp, loadAgentConfiguration, LockFile, type AgentConfiguration } from '../config/index.ts';
import { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import { NodeHeartbeats } from '../node/node-heartbeats.ts';
import { startPodWorkers, type DeviceAllocator, type RunningPodWorkers } from '../pods/index.ts';
import { RootDirectory } from '../root-dir/index.ts';
import { startAgentServer, type AgentServer } from '../server/index.ts';
import { inspectSystem, nodeAddresses, nodeHostname, readMachineInfo, swapControllerAvailable, type SystemReport } from '../system/index.ts';
import { errorMessage } from '@capstan/common';
import { SystemdNotifier, watchdogFromEnvironment } from '@capstan/common/systemd';

export const agentUsage = `Run the node agent: registers its Node, keeps its status and Lease, and runs its pods
through a CRI runtime, as the kubelet does.

Usage:
  capstan agent [flags]

Flags:
${formatAgentFlagHelp()}`;

type Log = (message: string, error?: unknown) => void;

const logTo =
  (write: (text: string) => void): Log =>
  (message, error) =>
    write(`${new Date().toISOString()} ${message}${error === undefined ? '' : `: ${errorMessage(error)}`}\n`);

/** Runs the agent until SIGTERM or SIGINT; answers the exit code. */
export async function agentCommand(argv: readonly string[]): Promise<number> {
  const log = logTo((text) => process.stderr.write(text));
  let loaded: AgentConfiguration;
  try {
    loaded = loadAgentConfiguration(argv);
    legacyRegistry.configure({ showHiddenMetricsForVersion: loaded.flags['show-hidden-metrics-for-version'], warn: (message) => log(message) });
    const gates = loaded.featureGates as Readonly<Record<string, boolean>>;
    recordFeatureInfo(Object.entries<FeatureSpec>(agentFeatures).map(([name, spec]) => ({ name, stage: spec.preRelease, enabled: gates[name] === true })));
  } catch (error) {
    if (!(error instanceof AgentConfigurationError) && !(error instanceof FlagError)) throw error;
    process.stderr.write(`Error: ${error.message}\n`);
    return 1;
  }
  const shutdown = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown.abort());

  const lockPath = loaded.flags['lock-file'];
  const lock = lockPath === '' ? undefined : await LockFile.acquire(lockPath);
  if (lock !== undefined && loaded.flags['exit-on-lock-contention']) {
    void lock.watchForContention().then(() => {
      log('lock file contention: exiting');
      shutdown.abort();
    });
  }
  try {
    return await runAgent(loaded, shutdown.signal, log);
  } finally {
    await lock?.release();
  }
}

async function runAgent(loaded: AgentConfiguration, signal: AbortSignal, log: Log): Promise<number> {
  const { config } = loaded;
  const report = inspectSystem({ failSwapOn: config.failSwapOn, failCgroupV1: config.failCgroupV1 });
  for (const warning of report.warnings) log(warning);
  if (report.fatal.length > 0) {
    for (const reason of report.fatal) process.stderr.write(`Error: ${reason}\n`);
    return 1;
  }
  const runtime = await CriRuntimeClient.connect(config.containerRuntimeEndpoint);
  const images = await CriImageClient.connect(config.imageServiceEndpoint === '' ? config.containerRuntimeEndpoint : config.imageServiceEndpoint);
  const notifier = await SystemdNotifier.open();
  const watchdog = watchdogFromEnvironment();
  if ('error' in watchdog) {
    process.stderr.write(`Error: ${watchdog.error}\n`);
    return 1;
  }
  let pods: RunningPodWorkers | undefined;
  let server: AgentServer | undefined;
  let rootDirectory: RootDirectory | undefined;
  const client = loaded.standalone ? undefined : RestClient.fromKubeconfig(loaded.flags.kubeconfig, { userAgent: defaultUserAgent('capstan-agent') });
  try {
    rootDirectory = await RootDirectory.open({
      rootDir: loaded.flags['root-dir'],
      featureGates: loaded.featureGates,
      cpuManagerPolicy: config.cpuManagerPolicy,
      memoryManagerPolicy: config.memoryManagerPolicy,
      images,
      log,
    });
    pods = await startPods(loaded, report, runtime, rootDirectory.recordingPulls(images), client, log, rootDirectory.devices);
    await rootDirectory.start(pods.directory);
    if (loaded.config.enableServer) {
      server = await startAgentServer({
        configuration: loaded,
        runtime,
        pods: pods.directory,
        cgroups: report.cgroups,
        log: (message, error) => log(message, error),
        ...(client === undefined ? {} : { client }),
      });
      log(`serving the agent API on port ${server.port}`);
    }
    if (client === undefined) {
      log('No kubeconfig: standalone mode, the API server is never contacted');
      await notifier.ready('standalone');
      notifier.startWatchdog(watchdog, () => []);
      await waitFor(signal);
      return 0;
    }
    const root = rootDirectory;
    const heartbeats = new NodeHeartbeats(client, runtime, images, loaded, report, log, {
      extendedResources: () => root.extendedResources(),
      updatePodCidr: async (podCidr) => void (await runtime.updateRuntimeConfig({ runtimeConfig: { networkConfig: { podCidr } } })),
    });
    const running = heartbeats.start(signal);
    await heartbeats.registered;
    if (!signal.aborted) {
      await notifier.ready(`node ${loaded.nodeName} registered`);
      notifier.startWatchdog(watchdog, () => heartbeats.healthFailures(), { onUnhealthy: (failures) => log(`watchdog withheld: ${failures.join('; ')}`) });
    }
    await running;
    return 0;
  } finally {
    await server?.close();
    await pods?.stop();
    await rootDirectory?.close();
    client?.close();
    await notifier.stopping();
    runtime.close();
    images.close();
  }
}

/** The pod workers, with what they need to know of the node. */
async function startPods(
  loaded: AgentConfiguration,
  report: SystemReport,
  runtime: CriRuntimeClient,
  images: CriImageClient,
  client: RestClient | undefined,
  log: Log,
  devices: DeviceAllocator,
): Promise<RunningPodWorkers> {
  const { config, nodeName, nodeIPs, flags } = loaded;
  const machine = readMachineInfo();
  const addresses = await nodeAddresses({ nodeName, nodeIPs: nodeIPs.ips, hostname: nodeHostname(flags['hostname-override']) });
  return startPodWorkers({
    nodeName,
    devices,
    ...(client === undefined ? {} : { client }),
    runtime,
    images,
    config,
    rootDir: flags['root-dir'],
    hostIPs: addresses.filter((address) => address.type === 'InternalIP').map((address) => address.address),
    ...(report.kernel === undefined ? {} : { kernel: report.kernel }),
    memoryCapacityBytes: machine.memoryCapacity,
    swap: {
      swapBehavior: config.memorySwap.swapBehavior,
      cgroupVersion: report.cgroups.version,
      swapControllerAvailable: swapControllerAvailable(report.cgroups),
      memoryCapacity: machine.memoryCapacity,
      swapCapacity: machine.swapCapacity,
    },
    log,
  });
}

const waitFor = (signal: AbortSignal): Promise<void> =>
  signal.aborted ? Promise.resolve() : new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
