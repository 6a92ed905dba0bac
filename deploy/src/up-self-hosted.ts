// `capstan up --self-hosted`: the control plane as static pods of the node agent, as kubeadm lays
// it out. From an empty data directory it writes the cluster's certificates and kubeconfigs, the
// manifests of kube-apiserver and kube-controller-manager into the agent's static pod directory
// (<data-dir>/node/manifests), and starts only the simulated runtime and the agent: the agent runs
// the API server and the controllers as static pods (the runtime runs the Capstan image's
// containers as this checkout's `capstan`), registers its Node and their mirror pods once the API
// server serves, and restarts them when they die. `up` waits for /readyz and says how to use kubectl.
// With --container-runtime-endpoint (containerd), no simulated runtime: the Capstan image is
// imported into containerd first, the agent runs real containers, and `up` removes its pods from
// containerd when it stops (up-capstan-image.ts, remove-node-pods.ts).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { serviceRanges, servingAlternateNames, servingNamesOf, defaultServiceNodePortRange } from '@capstan/apiserver';
import { defaultUserAgent, RestClient } from '@capstan/common/client';
import { errorMessage, type Logger, sleep } from '@capstan/common';
import { CriRuntimeClient } from '@capstan/nodeagent';
import { clusterPki, writeClientKubeconfig } from './cluster-pki.ts';
import { componentFlags, controlPlaneIdentities, kubeletClientIdentity } from './install-plan.ts';
import { NodeReadiness } from './node-readiness.ts';
import { preferredOrFreePort } from './preferred-port.ts';
import { removeNodePods } from './remove-node-pods.ts';
import { controlPlaneStaticPods, type HostMount } from './static-pods-manifests.ts';
import { ensureCapstanImage } from './up-capstan-image.ts';
import { startUpNode, upAgentRootDir, upNodeSpecs } from './up-node.ts';
import { ensureDefaultStorageClass } from './up-storage-class.ts';

export interface SelfHostedOptions {
  readonly dataDir: string;
  /** The API server's port; 0 picks a free one before the manifests are written. */
  readonly port: number;
  readonly bindAddress: string;
  readonly serviceCidr: string;
  readonly clusterCidr: string;
  /** Flags passed on to `capstan apiserver` as they were given (--feature-gates, --runtime-config, --emulated-version). */
  readonly apiserverExtraFlags: readonly string[];
  /** containerd's CRI socket (unix:///run/containerd/containerd.sock): real containers instead of the simulated runtime. */
  readonly containerRuntimeEndpoint?: string;
}

export interface SelfHostedContext {
  readonly out: (text: string) => void;
  readonly logger: Logger;
  /** Resolves on SIGTERM or SIGINT. */
  readonly signalled: Promise<NodeJS.Signals>;
}

/** How often /readyz is asked while the API server comes up. */
const readyzPollMs = 500;

export async function upSelfHosted(options: SelfHostedOptions, context: SelfHostedContext): Promise<number> {
  // Asked first: where no runtime answers, nothing is written.
  const endpoint = options.containerRuntimeEndpoint;
  const runtime = endpoint === undefined ? undefined : await connectRuntime(endpoint);
  try {
    return await runSelfHosted(options, context, runtime);
  } finally {
    runtime?.close();
  }
}

/** The cluster, on the simulated runtime, or on containerd when `runtime` is given. */
async function runSelfHosted(options: SelfHostedOptions, context: SelfHostedContext, runtime: CriRuntimeClient | undefined): Promise<number> {
  const { dataDir } = options;
  const { out, logger } = context;
  const say = (line: string): void => logger.info(line);
  const [spec] = upNodeSpecs(dataDir, 1);
  if (spec === undefined) throw new Error('no node');
  const nodeName = spec.name;
  mkdirSync(spec.dir, { recursive: true });
  if (runtime !== undefined) {
    const image = await ensureCapstanImage(runtime);
    say(`the Capstan image ${image.name} (${image.digest}) ${image.imported ? 'imported into' : 'is already in'} the runtime at ${runtime.endpoint}`);
    // An earlier run killed before it could clean up left its pods running (its API server would
    // hold the store's lock): they go before the agent starts.
    const left = await removeNodePods(runtime, upAgentRootDir(spec));
    if (left > 0) say(`removed ${left} pods an earlier run left in the runtime`);
  }
  const port = options.port === 0 ? await preferredOrFreePort(0) : options.port;
  // Not kubeadm's 10257: the controllers bind their port long after it is picked (once the API
  // server the agent runs is up), so two clusters starting on one host (tests run side by side)
  // both found 10257 free and the second controllers pod never got Ready. A free port of the
  // ephemeral range is as good for the probes and rarely picked twice.
  const controllersPort = await preferredOrFreePort(0);
  const pkiDir = join(dataDir, 'pki');
  const pki = await clusterPki(pkiDir);
  const alternates = servingAlternateNames(servingNamesOf(options.bindAddress, serviceRanges(options.serviceCidr, defaultServiceNodePortRange).serviceClusterIpRange));
  await pki.serving(alternates.ips, alternates.dnsNames);
  await pki.client(kubeletClientIdentity.file, kubeletClientIdentity.user, kubeletClientIdentity.groups);
  const host = options.bindAddress === '0.0.0.0' ? '127.0.0.1' : options.bindAddress;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const ids = controlPlaneIdentities(nodeName);
  const kubeconfig = await writeClientKubeconfig(pki, url, join(dataDir, 'kubeconfig'), ids.admin);
  const controllersKubeconfig = await writeClientKubeconfig(pki, url, join(dataDir, 'controllers.kubeconfig'), ids.controllers);
  const schedulerKubeconfig = await writeClientKubeconfig(pki, url, join(dataDir, 'scheduler.kubeconfig'), ids.scheduler);
  const agentKubeconfig = await writeClientKubeconfig(pki, url, join(spec.dir, 'kubeconfig'), ids.agent);

  const flags = componentFlags({
    configDir: dataDir,
    pkiDir,
    advertiseAddress: options.bindAddress,
    port,
    serviceCidr: options.serviceCidr,
    podNetworkCidr: options.clusterCidr,
    nodeName,
  });
  const storeDir = join(dataDir, 'data');
  const hostPathDir = join(dataDir, 'hostpath_pv');
  const pkiMount: HostMount = { name: 'k8s-certs', path: pkiDir, type: 'DirectoryOrCreate', readOnly: true };
  const pods = controlPlaneStaticPods({
    advertiseAddress: options.bindAddress,
    apiserverPort: port,
    apiserverFlags: [...flags.apiserver, `--data-dir=${storeDir}`, ...options.apiserverExtraFlags],
    apiserverMounts: [pkiMount, { name: 'capstan-data', path: storeDir, type: 'DirectoryOrCreate', readOnly: false }],
    controllersPort,
    controllersFlags: [
      ...flags.controllers,
      `--secure-port=${controllersPort}`,
      '--logging-format=json',
      // Volumes for the default StorageClass `standard` (up-storage-class.ts).
      '--enable-hostpath-provisioner=true',
      `--hostpath-provisioner-dir=${hostPathDir}`,
    ],
    controllersMounts: [
      pkiMount,
      { name: 'kubeconfig', path: controllersKubeconfig, type: 'FileOrCreate', readOnly: true },
      { name: 'scheduler-kubeconfig', path: schedulerKubeconfig, type: 'FileOrCreate', readOnly: true },
      { name: 'hostpath-pv', path: hostPathDir, type: 'DirectoryOrCreate', readOnly: false },
    ],
  });
  const manifests = join(spec.dir, 'manifests');
  mkdirSync(manifests, { recursive: true, mode: 0o700 });
  // As kubeadm's WriteStaticPodToDisk: readable by root only (the commands name key files).
  for (const [file, pod] of pods) writeFileSync(join(manifests, file), stringify(pod), { mode: 0o600 });
  say(`static pod manifests of kube-apiserver and kube-controller-manager in ${manifests}`);

  // The Node is watched once the API server serves; until then the agent counts as starting.
  let markApiReady: () => void = () => {};
  const apiReady = new Promise<void>((resolve) => (markApiReady = resolve));
  let readiness: NodeReadiness | undefined;
  const node = startUpNode(spec, {
    dataDir,
    clientCAFile: pki.authorityFile,
    kubeconfig: agentKubeconfig,
    log: say,
    whenReady: (name) => apiReady.then(() => (readiness as NodeReadiness).whenReady(name)),
    podCidrsAllocated: true,
    staticPodPath: manifests,
    ...(runtime === undefined ? {} : { runtimeEndpoint: runtime.endpoint }),
  });
  const stopping = new AbortController();
  const servingOrFailed = Promise.race([
    waitForReadyz(kubeconfig, stopping.signal).then(() => 'ready' as const),
    node.started.then(
      () => new Promise<never>(() => {}),
      (error: unknown) => error,
    ),
    context.signalled.then((signal) => ({ signal })),
  ]);
  let outcome = await servingOrFailed;
  if (outcome === 'ready') {
    readiness = new NodeReadiness(kubeconfig, [nodeName], say, (error) => logger.warn({ err: error }, 'watching the nodes'));
    markApiReady();
    out(`Capstan is ready at ${url}: export KUBECONFIG=${kubeconfig}`);
    await ensureDefaultStorageClass(kubeconfig).catch((error: unknown) => logger.warn({ err: error }, 'the default StorageClass'));
    void node.started.then(
      () => out(`node ${nodeName} is Ready`),
      () => {},
    );
    outcome = await Promise.race([
      context.signalled.then((signal) => ({ signal })),
      node.started.then(
        () => new Promise<never>(() => {}),
        (error: unknown) => error,
      ),
    ]);
  }
  stopping.abort();
  const failed = !(typeof outcome === 'object' && outcome !== null && 'signal' in outcome);
  if (failed) logger.error(`${errorMessage(outcome)}: stopping the cluster`);
  else logger.info({ signal: (outcome as { signal: NodeJS.Signals }).signal }, 'shutting down');
  // The agent first (its static pods keep running, as when a kubelet stops), then the simulated
  // runtime, which stops the control plane's processes (SIGTERM, SIGKILL after 10 s); or, on
  // containerd, `up` stops and removes the agent's pods there (the same grace).
  await readiness?.stop();
  await node.stop();
  if (runtime !== undefined) {
    try {
      say(`removed the containers of ${await removeNodePods(runtime, upAgentRootDir(spec))} pods from the runtime at ${runtime.endpoint}`);
    } catch (error) {
      logger.error({ err: error }, `removing the pods from the runtime at ${runtime.endpoint}`);
      return 1;
    }
  }
  return failed ? 1 : 0;
}

/** The CRI runtime at the endpoint, once it answers Version; an error that says what to do when it does not. */
async function connectRuntime(endpoint: string): Promise<CriRuntimeClient> {
  try {
    return await CriRuntimeClient.connect(endpoint);
  } catch (error) {
    const asRoot = process.getuid?.() === 0 ? '' : " (its socket is usually root's: run capstan up as root)";
    throw new Error(`no container runtime answers at ${endpoint}${asRoot}: ${errorMessage(error)}`);
  }
}

/** Resolves once the API server answers /readyz with ok (as the administrator); asks again while it does not. */
async function waitForReadyz(kubeconfig: string, signal: AbortSignal): Promise<void> {
  const client = RestClient.fromKubeconfig(kubeconfig, { userAgent: defaultUserAgent('capstan-up'), timeoutMs: 5000 });
  try {
    while (!signal.aborted) {
      try {
        const response = await client.request({ method: 'GET', path: '/readyz', signal });
        if (response.body.toString('utf8') === 'ok') return;
      } catch {
        // Not serving yet, or not ready: asked again.
      }
      await sleep(readyzPollMs, signal).catch(() => {});
    }
  } finally {
    client.close();
  }
}
