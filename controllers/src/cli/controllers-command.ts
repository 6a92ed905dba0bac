// `capstan controllers`: the controller manager, with kube-controller-manager's flag names where
// the meaning is the same. It talks to the API server only through the kubeconfig's client.

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createLogger, FlagError, formatFlagHelp, loggingFormats, parseFlags } from '@capstan/common';
import { defaultUserAgent, loadKubeconfig, RestClient } from '@capstan/common/client';
import { disabledMetricsFlags, legacyRegistry, showHiddenMetricsFlags } from '@capstan/common/metrics';
import { openSystemdService } from '@capstan/common/systemd';
import { secureServingFlags, startSecureServing } from '../serving/secure-serving.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { allControllers } from '../all-controllers.ts';
import { ServiceAccountClientBuilder, sharedClientBuilder } from '../client-builder.ts';
import { schedulerController } from '../scheduler/index.ts';
import { defaultControllerOptions, type ControllerOptions } from '../controller-options.ts';
import { runControllerManager } from '../controller-manager.ts';
import { enabledControllers } from '../enabled-controllers.ts';
import { defaultNodeIpamFlags, resolveNodeIpam } from '../nodeipam/index.ts';

const lifecycle = defaultControllerOptions.nodeLifecycle;
const binder = defaultControllerOptions.persistentVolumeBinder;
const hpa = defaultControllerOptions.horizontalPodAutoscaler;

const flags = {
  kubeconfig: { type: 'string', default: '', help: 'Path to a kubeconfig file with the API server and credentials (required)' },
  'use-service-account-credentials': { type: 'bool', default: false, help: 'If true, use individual service account credentials for each controller.' },
  'scheduler-kubeconfig': {
    type: 'string',
    default: '',
    help: "A kubeconfig for the scheduler alone (kube-scheduler's own identity, system:kube-scheduler); default: --kubeconfig's",
  },
  controllers: {
    type: 'strings',
    default: ['*'] as readonly string[],
    help: `Controllers to run: "*" for all, "foo" to add one, "-foo" to leave one out; known: ${allControllers.map((c) => c.name).join(', ')}`,
  },
  'leader-elect': { type: 'bool', default: true, help: 'Run only while holding the leader lease, so that several replicas can run' },
  'leader-elect-lease-duration': { type: 'duration', default: 15_000, help: 'How long others wait after the last renewal before taking the lease' },
  'leader-elect-renew-deadline': { type: 'duration', default: 10_000, help: 'How long the leader keeps trying to renew before it gives up leading' },
  'leader-elect-retry-period': { type: 'duration', default: 2_000, help: 'How often candidates try to take, and the leader to renew, the lease' },
  'leader-elect-resource-name': { type: 'string', default: 'kube-controller-manager', help: 'The name of the leader Lease' },
  'leader-elect-resource-namespace': { type: 'string', default: 'kube-system', help: 'The namespace of the leader Lease' },
  'node-monitor-period': { type: 'duration', default: lifecycle.monitorPeriodMs, help: 'How often Node heartbeats are checked' },
  'node-monitor-grace-period': { type: 'duration', default: lifecycle.monitorGracePeriodMs, help: 'How long a node may go without a heartbeat before it is marked Unknown' },
  'node-startup-grace-period': { type: 'duration', default: lifecycle.startupGracePeriodMs, help: 'The same for a node that has never posted Ready' },
  'node-eviction-rate': { type: 'float', default: lifecycle.evictionRate, help: 'Nodes per second whose pods are evicted, in a healthy zone' },
  'secondary-node-eviction-rate': {
    type: 'float',
    default: lifecycle.secondaryEvictionRate,
    help: 'Nodes per second whose pods are evicted in an unhealthy zone of a large cluster',
  },
  'large-cluster-size-threshold': { type: 'int', default: lifecycle.largeClusterSizeThreshold, help: 'Zones up to this size stop evicting when unhealthy' },
  'unhealthy-zone-threshold': { type: 'float', default: lifecycle.unhealthyZoneThreshold, help: 'The share of not-Ready nodes (at least 3) that makes a zone unhealthy' },
  'concurrent-namespace-syncs': { type: 'int', default: defaultControllerOptions.concurrentNamespaceSyncs, help: 'Namespaces cleaned up at once' },
  'concurrent-gc-syncs': { type: 'int', default: defaultControllerOptions.concurrentGcSyncs, help: 'Garbage collector workers' },
  'concurrent-scheduling': { type: 'int', default: defaultControllerOptions.concurrentScheduling, help: 'Pods the scheduler binds at once' },
  'concurrent-resource-quota-syncs': { type: 'int', default: defaultControllerOptions.concurrentResourceQuotaSyncs, help: 'Resource quotas synced at once' },
  'concurrent-deployment-syncs': { type: 'int', default: defaultControllerOptions.concurrentDeploymentSyncs, help: 'Deployments synced at once' },
  'concurrent-replicaset-syncs': { type: 'int', default: defaultControllerOptions.concurrentReplicaSetSyncs, help: 'ReplicaSets synced at once' },
  'concurrent-rc-syncs': { type: 'int', default: defaultControllerOptions.concurrentRcSyncs, help: 'ReplicationControllers synced at once' },
  'concurrent-statefulset-syncs': { type: 'int', default: defaultControllerOptions.concurrentStatefulSetSyncs, help: 'StatefulSets synced at once' },
  'concurrent-daemonset-syncs': { type: 'int', default: defaultControllerOptions.concurrentDaemonSetSyncs, help: 'DaemonSets synced at once' },
  'resource-quota-sync-period': { type: 'duration', default: defaultControllerOptions.resourceQuotaSyncPeriodMs, help: 'How often every quota usage is recomputed in full' },
  'concurrent-job-syncs': { type: 'int', default: defaultControllerOptions.concurrentJobSyncs, help: 'Jobs synced at once' },
  'concurrent-cron-job-syncs': { type: 'int', default: defaultControllerOptions.concurrentCronJobSyncs, help: 'CronJobs synced at once' },
  'concurrent-ttl-after-finished-syncs': { type: 'int', default: defaultControllerOptions.concurrentTtlAfterFinishedSyncs, help: 'Finished Jobs checked for their TTL at once' },
  'allocate-node-cidrs': {
    type: 'bool',
    default: defaultNodeIpamFlags.allocateNodeCidrs,
    help: 'Should CIDRs for Pods be allocated and set on the cloud provider. Requires --cluster-cidr.',
  },
  'cluster-cidr': {
    type: 'string',
    default: defaultNodeIpamFlags.clusterCidr,
    help: 'CIDR Range for Pods in cluster. Only used when --allocate-node-cidrs=true; if false, this option will be ignored.',
  },
  'service-cluster-ip-range': {
    type: 'string',
    default: defaultNodeIpamFlags.serviceClusterIpRange,
    help: 'CIDR Range for Services in cluster. Only used when --allocate-node-cidrs=true; if false, this option will be ignored.',
  },
  'node-cidr-mask-size': { type: 'int', default: defaultNodeIpamFlags.nodeCidrMaskSize, help: 'Mask size for node cidr in cluster. Default is 24 for IPv4 and 64 for IPv6.' },
  'node-cidr-mask-size-ipv4': { type: 'int', default: defaultNodeIpamFlags.nodeCidrMaskSizeIpv4, help: 'Mask size for IPv4 node cidr in dual-stack cluster. Default is 24.' },
  'node-cidr-mask-size-ipv6': { type: 'int', default: defaultNodeIpamFlags.nodeCidrMaskSizeIpv6, help: 'Mask size for IPv6 node cidr in dual-stack cluster. Default is 64.' },
  'root-ca-file': {
    type: 'string',
    default: '',
    help: "The root certificate authority published in every namespace's kube-root-ca.crt (default: the kubeconfig cluster's CA)",
  },
  'pvclaimbinder-sync-period': { type: 'duration', default: binder.syncPeriodMs, help: 'The period for syncing persistent volumes and persistent volume claims' },
  'enable-dynamic-provisioning': { type: 'bool', default: binder.dynamicProvisioning, help: 'Enable dynamic provisioning for environments that support it.' },
  'enable-hostpath-provisioner': {
    type: 'bool',
    default: binder.hostPath.enabled,
    help: 'Enable HostPath PV provisioning (kubernetes.io/host-path): a directory of the host per volume, for single-host clusters, testing and development only',
  },
  'hostpath-provisioner-dir': {
    type: 'string',
    default: binder.hostPath.directory,
    help: "Where the HostPath provisioner makes its volumes (Capstan's; kube always uses /tmp/hostpath_pv)",
  },
  'horizontal-pod-autoscaler-sync-period': { type: 'duration', default: hpa.syncPeriodMs, help: 'The period for syncing the number of pods in horizontal pod autoscaler.' },
  'horizontal-pod-autoscaler-downscale-stabilization': {
    type: 'duration',
    default: hpa.downscaleStabilizationMs,
    help: 'The period for which autoscaler will look backwards and not scale down below any recommendation it made during that period.',
  },
  'horizontal-pod-autoscaler-tolerance': {
    type: 'float',
    default: hpa.tolerance,
    help: 'The minimum change (from 1.0) in the desired-to-actual metrics ratio for the horizontal pod autoscaler to consider scaling.',
  },
  'horizontal-pod-autoscaler-cpu-initialization-period': {
    type: 'duration',
    default: hpa.cpuInitializationPeriodMs,
    help: 'The period after pod start when CPU samples might be skipped.',
  },
  'horizontal-pod-autoscaler-initial-readiness-delay': {
    type: 'duration',
    default: hpa.initialReadinessDelayMs,
    help: 'The period after pod start during which readiness changes will be treated as initial readiness.',
  },
  'concurrent-horizontal-pod-autoscaler-syncs': {
    type: 'int',
    default: hpa.workers,
    help: 'The number of horizontal pod autoscaler objects that are allowed to sync concurrently.',
  },
  'concurrent-service-endpoint-syncs': { type: 'int', default: defaultControllerOptions.concurrentServiceEndpointSyncs, help: 'Services whose EndpointSlices are synced at once' },
  'max-endpoints-per-slice': { type: 'int', default: defaultControllerOptions.maxEndpointsPerSlice, help: 'The most endpoints an EndpointSlice the controller writes holds' },
  'concurrent-endpoint-syncs': { type: 'int', default: defaultControllerOptions.concurrentEndpointSyncs, help: 'Services whose Endpoints are synced at once' },
  'mirroring-concurrent-service-endpoint-syncs': {
    type: 'int',
    default: defaultControllerOptions.mirroringConcurrentServiceEndpointSyncs,
    help: 'Endpoints mirrored into EndpointSlices at once',
  },
  'mirroring-max-endpoints-per-subset': {
    type: 'int',
    default: defaultControllerOptions.mirroringMaxEndpointsPerSubset,
    help: 'The most addresses of an Endpoints subset mirrored into EndpointSlices',
  },
  'terminated-pod-gc-threshold': {
    type: 'int',
    default: defaultControllerOptions.terminatedPodGcThreshold,
    help: 'Terminated pods kept before the oldest are deleted (0: none are deleted)',
  },
  ...secureServingFlags,
  ...showHiddenMetricsFlags,
  ...disabledMetricsFlags,
  'logging-format': { type: 'string', default: '', help: 'json or text (default: text on a terminal, json otherwise)', choices: ['', ...loggingFormats] },
} as const;

export const controllersUsage = `Run the controllers: workloads (Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and finished Jobs' TTL), Service endpoints (EndpointSlices, Endpoints), disruption budgets, horizontal pod autoscaling, volume binding and host-path provisioning, node lifecycle and taint eviction, node IPAM (with --allocate-node-cidrs), namespace cleanup, pod and object garbage collection, service accounts and the kube-root-ca.crt ConfigMaps, resource quota usage, scheduling.

Usage:
  capstan controllers --kubeconfig=FILE [flags]

Flags:
${formatFlagHelp(flags)}`;

export async function controllersCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  if (f.kubeconfig === '') throw new FlagError('--kubeconfig is required');
  const controllers = enabledControllers(allControllers, f.controllers);
  // kube-controller-manager's identity: the host name and a fresh UUID, so restarts are new candidates.
  const identity = `${hostname()}_${randomUUID()}`;
  const leaderElection = f['leader-elect']
    ? {
        namespace: f['leader-elect-resource-namespace'],
        name: f['leader-elect-resource-name'],
        identity,
        leaseDurationMs: f['leader-elect-lease-duration'],
        renewDeadlineMs: f['leader-elect-renew-deadline'],
        retryPeriodMs: f['leader-elect-retry-period'],
      }
    : undefined;
  if (leaderElection !== undefined && !(leaderElection.leaseDurationMs > leaderElection.renewDeadlineMs && leaderElection.renewDeadlineMs > leaderElection.retryPeriodMs * 1.2)) {
    throw new FlagError('--leader-elect-lease-duration must be greater than --leader-elect-renew-deadline, which must be greater than 1.2 times --leader-elect-retry-period');
  }
  let options: ControllerOptions = {
    nodeLifecycle: {
      monitorPeriodMs: f['node-monitor-period'],
      monitorGracePeriodMs: f['node-monitor-grace-period'],
      startupGracePeriodMs: f['node-startup-grace-period'],
      evictionRate: f['node-eviction-rate'],
      secondaryEvictionRate: f['secondary-node-eviction-rate'],
      largeClusterSizeThreshold: f['large-cluster-size-threshold'],
      unhealthyZoneThreshold: f['unhealthy-zone-threshold'],
    },
    concurrentNamespaceSyncs: f['concurrent-namespace-syncs'],
    concurrentGcSyncs: f['concurrent-gc-syncs'],
    concurrentScheduling: f['concurrent-scheduling'],
    concurrentResourceQuotaSyncs: f['concurrent-resource-quota-syncs'],
    concurrentDeploymentSyncs: f['concurrent-deployment-syncs'],
    resourceQuotaSyncPeriodMs: f['resource-quota-sync-period'],
    concurrentReplicaSetSyncs: f['concurrent-replicaset-syncs'],
    concurrentRcSyncs: f['concurrent-rc-syncs'],
    concurrentStatefulSetSyncs: f['concurrent-statefulset-syncs'],
    concurrentDaemonSetSyncs: f['concurrent-daemonset-syncs'],
    concurrentJobSyncs: f['concurrent-job-syncs'],
    concurrentCronJobSyncs: f['concurrent-cron-job-syncs'],
    concurrentTtlAfterFinishedSyncs: f['concurrent-ttl-after-finished-syncs'],
    rootCaCertificate: rootCaOf(f['root-ca-file'], f.kubeconfig),
    persistentVolumeBinder: {
      syncPeriodMs: f['pvclaimbinder-sync-period'],
      dynamicProvisioning: f['enable-dynamic-provisioning'],
      hostPath: { enabled: f['enable-hostpath-provisioner'], directory: resolve(f['hostpath-provisioner-dir']) },
    },
    horizontalPodAutoscaler: {
      syncPeriodMs: f['horizontal-pod-autoscaler-sync-period'],
      downscaleStabilizationMs: f['horizontal-pod-autoscaler-downscale-stabilization'],
      tolerance: f['horizontal-pod-autoscaler-tolerance'],
      cpuInitializationPeriodMs: f['horizontal-pod-autoscaler-cpu-initialization-period'],
      initialReadinessDelayMs: f['horizontal-pod-autoscaler-initial-readiness-delay'],
      workers: f['concurrent-horizontal-pod-autoscaler-syncs'],
    },
    concurrentServiceEndpointSyncs: f['concurrent-service-endpoint-syncs'],
    maxEndpointsPerSlice: f['max-endpoints-per-slice'],
    concurrentEndpointSyncs: f['concurrent-endpoint-syncs'],
    mirroringConcurrentServiceEndpointSyncs: f['mirroring-concurrent-service-endpoint-syncs'],
    mirroringMaxEndpointsPerSubset: f['mirroring-max-endpoints-per-subset'],
    terminatedPodGcThreshold: f['terminated-pod-gc-threshold'],
  };
  const nodeIpam = controllers.some((controller) => controller.name === 'node-ipam-controller')
    ? resolveNodeIpam({
        allocateNodeCidrs: f['allocate-node-cidrs'],
        clusterCidr: f['cluster-cidr'],
        serviceClusterIpRange: f['service-cluster-ip-range'],
        nodeCidrMaskSize: f['node-cidr-mask-size'],
        nodeCidrMaskSizeIpv4: f['node-cidr-mask-size-ipv4'],
        nodeCidrMaskSizeIpv6: f['node-cidr-mask-size-ipv6'],
      })
    : undefined;
  if (nodeIpam !== undefined) options = { ...options, nodeIpam };
  const format = f['logging-format'] === '' ? undefined : f['logging-format'];
  const logger = createLogger({ name: 'controllers', ...(format === undefined ? {} : { format }) });
  legacyRegistry.configure({
    showHiddenMetricsForVersion: f['show-hidden-metrics-for-version'],
    disabledMetrics: f['disabled-metrics'],
    warn: (message) => logger.warn(message),
  });
  const client = RestClient.fromKubeconfig(f.kubeconfig, { userAgent: defaultUserAgent('capstan-controllers') });
  const clients = f['use-service-account-credentials'] ? new ServiceAccountClientBuilder(client) : sharedClientBuilder(client);
  // The lease is renewed from a thread of its own, with a client of its own (elector-on-thread.ts).
  const leaderElectionThread = { kubeconfig: f.kubeconfig, userAgent: `${defaultUserAgent('capstan-controllers')}/leader-election` };
  const ownClients = new Map<string, RestClient>();
  if (f['scheduler-kubeconfig'] !== '')
    ownClients.set(schedulerController.name, RestClient.fromKubeconfig(f['scheduler-kubeconfig'], { userAgent: defaultUserAgent('capstan-scheduler') }));
  out(
    `Capstan controllers: ${controllers.map((c) => c.name).join(', ') || 'none'}${leaderElection ? ` (leader election: ${leaderElection.namespace}/${leaderElection.name} as ${identity})` : ''}`,
  );
  const systemd = await openSystemdService({ onError: (error) => logger.warn({ err: error }, 'pinging the systemd watchdog failed') });
  const stop = new AbortController();
  let stopping: Promise<void> = Promise.resolve();
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'shutting down');
    process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
    stopping = systemd.stopping('shutting down').catch((error: unknown) => logger.warn({ err: error }, 'telling systemd the shutdown began failed'));
    stop.abort();
  };
  process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
  // Served whether or not this replica leads, as kube-controller-manager serves it.
  const serving = f['secure-port'] === 0 ? undefined : await startSecureServing({ bindAddress: f['bind-address'], port: f['secure-port'], client, logger });
  // Ready once serving, leader or candidate. The watchdog pings prove the event loop turns; a lease
  // not renewed in time ends the process (exit 1), which systemd restarts as well.
  systemd
    .ready(leaderElection === undefined ? 'running the controllers' : 'a candidate for the leader lease', () => [])
    .catch((error: unknown) => logger.warn({ err: error }, 'telling systemd the controllers are ready failed'));
  try {
    const end = await runControllerManager({ client, clients, ownClients, logger, controllers, options, leaderElection, leaderElectionThread }, stop.signal);
    return end === 'leadership-lost' ? 1 : 0;
  } finally {
    process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
    await serving?.close();
    clients.close();
    for (const own of ownClients.values()) own.close();
    client.close();
    // The process may end right after: STOPPING=1 must have left first.
    await stopping;
  }
}

/** kube's getKubeAPIServerCAFileContents: --root-ca-file, else the CA the kubeconfig trusts ("" for none). */
function rootCaOf(rootCaFile: string, kubeconfig: string): string {
  if (rootCaFile === '') return loadKubeconfig(kubeconfig).certificateAuthority ?? '';
  let pem: string;
  try {
    pem = readFileSync(rootCaFile, 'utf8');
  } catch (error) {
    throw new FlagError(`error parsing root-ca-file at ${rootCaFile}: ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new FlagError(`error parsing root-ca-file at ${rootCaFile}: data does not contain any valid RSA or ECDSA certificates`);
  return pem;
}
