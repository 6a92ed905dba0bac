// The controllers of `capstan up`: one `capstan controllers` process (every controller: workloads,
// endpoints, volumes, nodes, namespaces, garbage collection, scheduling), each controller a service
// account of its own and the scheduler system:kube-scheduler, its log in
// <data-dir>/controllers.log, restarted when it dies. Nodes get pod ranges of the cluster CIDR
// (10.244.0.0/16 unless told), never inside the Service range.

import { join } from 'node:path';
import { capstanChild, stopChild } from './capstan-child.ts';
import { preferredOrFreePort } from './preferred-port.ts';

export interface UpControllers {
  /** Resolves once the process says it runs; rejects when it exits before. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

export interface UpControllersKubeconfigs {
  /** The controller manager's own identity (system:kube-controller-manager). */
  readonly controllers: string;
  /** The scheduler's (system:kube-scheduler). */
  readonly scheduler: string;
}

export const defaultClusterCidr = '10.244.0.0/16';

export interface UpControllersRanges {
  readonly serviceClusterIpRange: string;
  /** Where the nodes' pod ranges come from (--cluster-cidr). */
  readonly clusterCidr: string;
}

export function startUpControllers(
  dataDir: string,
  kubeconfigs: UpControllersKubeconfigs,
  ranges: UpControllersRanges,
  securePort: number,
  log: (line: string) => void,
): UpControllers {
  const logFile = join(dataDir, 'controllers.log');
  const argsWith = (port: number): string[] => [
    'controllers',
    `--kubeconfig=${kubeconfigs.controllers}`,
    '--use-service-account-credentials=true',
    `--scheduler-kubeconfig=${kubeconfigs.scheduler}`,
    '--logging-format=json',
    // /healthz and /metrics (docs/metrics.md), on 10257 when it is free.
    `--secure-port=${port}`,
    '--bind-address=127.0.0.1',
    '--allocate-node-cidrs=true',
    `--cluster-cidr=${ranges.clusterCidr}`,
    `--service-cluster-ip-range=${ranges.serviceClusterIpRange}`,
    // Volumes for the default StorageClass `standard` (up-storage-class.ts).
    '--enable-hostpath-provisioner=true',
    `--hostpath-provisioner-dir=${join(dataDir, 'hostpath_pv')}`,
  ];
  let port = securePort;
  // The port was free when picked, and is bound only once the process serves: another cluster
  // starting beside this one may have taken it in between (the process then exits). A restart
  // keeps the port while it is free and takes another one otherwise.
  const restartArgs = async (): Promise<readonly string[]> => {
    const next = await preferredOrFreePort(port);
    if (next !== port) log(`controllers: port ${port} is taken; metrics now on https://127.0.0.1:${next}/metrics`);
    port = next;
    return argsWith(port);
  };
  const child = capstanChild(argsWith(port), logFile, { say: log, restartArgs });
  log(
    `controllers: workloads (Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and finished Jobs' TTL), Service endpoints (EndpointSlices, Endpoints), disruption budgets, horizontal pod autoscaling, volume binding and host-path provisioning, node lifecycle, node IPAM, namespace cleanup, pod and object garbage collection, service accounts and the kube-root-ca.crt ConfigMaps, resource quota usage, scheduling (log in ${logFile}, metrics on https://127.0.0.1:${port}/metrics)`,
  );
  return { started: child.started, stop: () => stopChild(child) };
}
