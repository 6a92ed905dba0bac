// `capstan up`: the all-in-one cluster on the embedded store, with the controllers and its nodes
// (node agents on the simulated runtime), over HTTPS with the cluster's own authority
// (cluster-pki.ts): writes DIR/kubeconfig (the administrator, in system:masters), a kubeconfig for
// the controllers and one for each node agent with identities of their own, prints how to use it
// and when each node is Ready. It supervises its processes: one that dies is restarted (the terminal is told);
// one that cannot start stops the whole cluster, and `up` exits non-zero.

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  defaultKubeletClientConfig,
  defaultServiceAccountOptions,
  enabledAdmissionPlugins,
  featureGateFlags,
  featureGateSettingsOf,
  resourceConfigOf,
  runtimeConfigFlag,
  defaultServiceClusterIpRange,
  defaultServiceNodePortRange,
  runApiServer,
  serviceRanges,
  servingAlternateNames,
  servingNamesOf,
} from '@capstan/apiserver';
import { clusterPki, writeClientKubeconfig } from './cluster-pki.ts';
import { kubeletClientIdentity } from './install-plan.ts';
import { createLogger, FlagError, formatFlagHelp, loggingFormats, parseFlags, type LoggingFormat } from '@capstan/common';
import { NodeReadiness } from './node-readiness.ts';
import { defaultClusterCidr, startUpControllers, type UpControllers } from './up-controllers.ts';
import { preferredOrFreePort } from './preferred-port.ts';
import { startUpNode, upNodeSpecs, type UpNode } from './up-node.ts';
import { ensureDefaultStorageClass } from './up-storage-class.ts';
import { upSelfHosted } from './up-self-hosted.ts';

const flags = {
  'data-dir': { type: 'string', default: '.capstan', help: 'Where the cluster keeps its state and its kubeconfig' },
  port: { type: 'int', default: 6443, help: 'The port of the API server (0 picks a free one)' },
  'bind-address': { type: 'string', default: '127.0.0.1', help: 'The IP address the API server serves on' },
  // The API server's, as `capstan apiserver` reads them.
  ...featureGateFlags,
  ...runtimeConfigFlag,
  node: { type: 'bool', default: true, help: 'Start nodes: node agents on the simulated runtime (--node=false: none)' },
  nodes: { type: 'int', default: 1, help: 'How many nodes to start, each a node agent on a simulated runtime of its own' },
  controllers: {
    type: 'bool',
    default: true,
    help: "Start the controllers: workloads (Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and finished Jobs' TTL), Service endpoints (EndpointSlices, Endpoints), disruption budgets, horizontal pod autoscaling, volume binding and host-path provisioning, node lifecycle, node IPAM, namespace cleanup, pod and object garbage collection, service accounts and the kube-root-ca.crt ConfigMaps, resource quota usage, scheduling",
  },
  'service-cluster-ip-range': {
    type: 'string',
    default: defaultServiceClusterIpRange,
    help: 'The CIDR range Services get their cluster IPs from, or two of different IP families (dual-stack), the primary first',
  },
  'cluster-cidr': {
    type: 'string',
    default: defaultClusterCidr,
    help: "The CIDR range the nodes' pod ranges come from (a /24 each). One inside 127.0.0.0/8 (e.g. 127.244.0.0/16) makes pods reachable on their IPs from this host (docs/runtime-sim.md), but Endpoints and EndpointSlices refuse loopback addresses, so Services get no endpoints",
  },
  'logging-format': { type: 'string', default: '', help: 'json or text (default: text on a terminal, json otherwise)', choices: ['', ...loggingFormats] },
  'self-hosted': {
    type: 'bool',
    default: false,
    help: "Run the API server and the controllers as static pods of the node's agent, as kubeadm lays them out (their manifests in <data-dir>/node/manifests; docs/self-hosted.md): one node, which runs them",
  },
  'container-runtime-endpoint': {
    type: 'string',
    default: '',
    help: "With --self-hosted: the node's agent runs real containers on this containerd (unix:///run/containerd/containerd.sock; as root) instead of the simulated runtime, the Capstan image imported into it first",
  },
} as const;

export const upUsage = `Start an all-in-one cluster on the embedded store.

Usage:
  capstan up [flags]

Flags:
${formatFlagHelp(flags)}`;

export async function upCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  if (f.nodes < 1) throw new FlagError(`invalid argument "${f.nodes}" for "--nodes" flag: at least one node (--node=false for none)`);
  if (f['self-hosted'] && (!f.node || f.nodes !== 1)) throw new FlagError('--self-hosted runs the control plane on one node: --node=false and --nodes are not for it');
  if (f['self-hosted'] && !f.controllers) throw new FlagError('--self-hosted runs the controllers as a static pod: --controllers=false is not for it');
  if (f['container-runtime-endpoint'] !== '' && !f['self-hosted'])
    throw new FlagError('--container-runtime-endpoint is for --self-hosted: the nodes of capstan up run on the simulated runtime');
  const { featureGates, emulationVersion, warnings } = featureGateSettingsOf(f);
  const runtimeConfig = resourceConfigOf(f['runtime-config']);
  const ranges = serviceRanges(f['service-cluster-ip-range'], defaultServiceNodePortRange);
  const dataDir = resolve(f['data-dir']);
  mkdirSync(dataDir, { recursive: true });
  const format = f['logging-format'] === '' ? undefined : (f['logging-format'] as LoggingFormat);
  const logger = createLogger({ name: 'capstan', ...(format === undefined ? {} : { format }) });
  const say = (line: string): void => logger.info(line);
  for (const warning of warnings) logger.warn(warning);
  // Signals are taken from the start, so that one during start-up stops what has started.
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      // A second signal ends the process at once (the default action), as kube-apiserver does.
      process.off('SIGTERM', stop).off('SIGINT', stop);
      resolve(signal);
    };
    process.on('SIGTERM', stop).on('SIGINT', stop);
  });
  if (f['self-hosted']) {
    const passOn = (name: 'feature-gates' | 'runtime-config' | 'emulated-version', values: readonly string[]): string[] =>
      values.length === 0 ? [] : [`--${name}=${values.join(',')}`];
    return upSelfHosted(
      {
        dataDir,
        port: f.port,
        bindAddress: f['bind-address'],
        serviceCidr: f['service-cluster-ip-range'],
        clusterCidr: f['cluster-cidr'],
        apiserverExtraFlags: [
          ...passOn('feature-gates', f['feature-gates']),
          ...passOn('runtime-config', f['runtime-config']),
          ...passOn('emulated-version', f['emulated-version']),
        ],
        ...(f['container-runtime-endpoint'] === '' ? {} : { containerRuntimeEndpoint: f['container-runtime-endpoint'] }),
      },
      { out, logger, signalled },
    );
  }
  const pki = await clusterPki(join(dataDir, 'pki'));
  const alternates = servingAlternateNames(servingNamesOf(f['bind-address'], ranges.serviceClusterIpRange));
  const serving = await pki.serving(alternates.ips, alternates.dnsNames);
  const kubeletClient = await pki.client(kubeletClientIdentity.file, kubeletClientIdentity.user, kubeletClientIdentity.groups);
  const running = await runApiServer({
    bindAddress: f['bind-address'],
    port: f.port,
    tls: { cert: Buffer.from(serving.cert), key: Buffer.from(serving.key), clientCA: Buffer.from(pki.authority), minVersion: 'TLSv1.2' },
    // Service account tokens signed with a key kept beside the store (TokenRequest, projected tokens).
    authentication: { anonymous: true, clientCertificates: true, serviceAccounts: defaultServiceAccountOptions(join(dataDir, 'data')) },
    // As kubeadm sets kube-apiserver up: nodes limited to what their pods need, everyone else by RBAC.
    authorizationModes: ['Node', 'RBAC'],
    admissionPlugins: enabledAdmissionPlugins(['NodeRestriction'], []),
    storage: { backend: 'sqlite', dataDir: join(dataDir, 'data'), etcdServers: [] },
    watchHistoryMs: 5 * 60_000,
    shutdownDelayMs: 0,
    livezGracePeriodMs: 0,
    minRequestTimeoutMs: 1800_000,
    featureGates,
    emulationVersion,
    runtimeConfig,
    ...ranges,
    // The nodes' agents are reached at their InternalIP with a client certificate of the cluster
    // authority, which the agents trust (their clientCAFile), as kubeadm sets kubelets up.
    kubelet: {
      ...defaultKubeletClientConfig,
      preferredAddressTypes: ['InternalIP', 'Hostname'],
      clientCertificate: Buffer.from(kubeletClient.cert),
      clientKey: Buffer.from(kubeletClient.key),
    },
    logger,
  });
  await running.ready();
  const writeKubeconfig = (path: string, file: string, user: string, groups: readonly string[]): Promise<string> =>
    writeClientKubeconfig(pki, running.url, path, { file, user, groups });
  const kubeconfig = await writeKubeconfig(join(dataDir, 'kubeconfig'), 'admin', 'kubernetes-admin', ['system:masters']);
  out(`Capstan is ready at ${running.url}: export KUBECONFIG=${kubeconfig}`);

  const specs = f.node ? upNodeSpecs(dataDir, f.nodes) : [];
  const readiness =
    specs.length === 0
      ? undefined
      : new NodeReadiness(
          kubeconfig,
          specs.map((spec) => spec.name),
          say,
          (error) => logger.warn({ err: error }, 'watching the nodes'),
        );
  // As kubeadm sets them up: the controller manager as system:kube-controller-manager, each of its
  // controllers with a service account of its own (--use-service-account-credentials), and the
  // scheduler as system:kube-scheduler; the bootstrap policy grants each what it needs.
  const controllersKubeconfig = await writeKubeconfig(join(dataDir, 'controllers.kubeconfig'), 'controllers', 'system:kube-controller-manager', []);
  const schedulerKubeconfig = await writeKubeconfig(join(dataDir, 'scheduler.kubeconfig'), 'scheduler', 'system:kube-scheduler', []);
  if (f.controllers) await ensureDefaultStorageClass(kubeconfig);
  const controllers: UpControllers | undefined = f.controllers
    ? startUpControllers(
        dataDir,
        { controllers: controllersKubeconfig, scheduler: schedulerKubeconfig },
        { serviceClusterIpRange: f['service-cluster-ip-range'], clusterCidr: f['cluster-cidr'] },
        await preferredOrFreePort(10257),
        say,
      )
    : undefined;
  const nodeKubeconfigs = new Map<string, string>();
  for (const spec of specs) {
    mkdirSync(spec.dir, { recursive: true });
    nodeKubeconfigs.set(spec.name, await writeKubeconfig(join(spec.dir, 'kubeconfig'), `node-${spec.name}`, `system:node:${spec.name}`, ['system:nodes']));
  }
  const nodes: UpNode[] = specs.map((spec) =>
    startUpNode(spec, {
      dataDir,
      clientCAFile: pki.authorityFile,
      kubeconfig: nodeKubeconfigs.get(spec.name) as string,
      log: say,
      whenReady: (name) => (readiness as NodeReadiness).whenReady(name),
      podCidrsAllocated: f.controllers,
    }),
  );
  for (const node of nodes)
    void node.started.then(
      () => out(`node ${node.name} is Ready`),
      () => {},
    );
  const startFailed = Promise.all([controllers?.started, ...nodes.map((node) => node.started)]).then(
    () => new Promise<never>(() => {}),
    (error: unknown) => error,
  );
  const outcome = await Promise.race([signalled.then((signal) => ({ signal })), startFailed.then((error) => ({ error }))]);
  if ('error' in outcome) logger.error(`${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}: stopping the cluster`);
  else logger.info({ signal: outcome.signal }, 'shutting down');
  await Promise.all([...nodes.map((node) => node.stop()), controllers?.stop()]);
  await readiness?.stop();
  await running.shutdown().catch((error: unknown) => logger.error({ err: error }, 'shutdown failed'));
  return 'error' in outcome ? 1 : 0;
}
