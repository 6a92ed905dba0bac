// The settings of the controllers, from kube-controller-manager's flags of the same names.

import { type AutoscalerOptions, defaultAutoscalerOptions } from './horizontal-pod-autoscaler/autoscaler-options.ts';
import type { NodeIpamConfig } from './nodeipam/node-ipam-config.ts';
import { defaultPersistentVolumeBinderOptions, type PersistentVolumeBinderOptions } from './persistentvolume/binder-options.ts';

export interface NodeLifecycleOptions {
  /** --node-monitor-period: how often Node heartbeats are checked (5 s). */
  readonly monitorPeriodMs: number;
  /** --node-monitor-grace-period: a node silent this long is Unknown (50 s). */
  readonly monitorGracePeriodMs: number;
  /** --node-startup-grace-period: the same for a node that never posted Ready (1 min). */
  readonly startupGracePeriodMs: number;
  /** --node-eviction-rate: nodes per second whose NoExecute taint is set in a healthy zone (0.1). */
  readonly evictionRate: number;
  /** --secondary-node-eviction-rate: the same in an unhealthy zone of a large cluster (0.01). */
  readonly secondaryEvictionRate: number;
  /** --large-cluster-size-threshold: zones with at most this many nodes stop evicting when unhealthy (50). */
  readonly largeClusterSizeThreshold: number;
  /** --unhealthy-zone-threshold: the share of not-Ready nodes (at least 3) that makes a zone unhealthy (0.55). */
  readonly unhealthyZoneThreshold: number;
}

export interface ControllerOptions {
  readonly nodeLifecycle: NodeLifecycleOptions;
  /** --concurrent-namespace-syncs (10). */
  readonly concurrentNamespaceSyncs: number;
  /** --concurrent-gc-syncs (20). */
  readonly concurrentGcSyncs: number;
  /** --concurrent-scheduling: pods bound at once (Capstan's; kube-scheduler binds asynchronously). */
  readonly concurrentScheduling: number;
  /** --concurrent-resource-quota-syncs (5). */
  readonly concurrentResourceQuotaSyncs: number;
  /** --concurrent-deployment-syncs (5). */
  readonly concurrentDeploymentSyncs: number;
  /** --concurrent-replicaset-syncs (5). */
  readonly concurrentReplicaSetSyncs: number;
  /** --concurrent-rc-syncs (5). */
  readonly concurrentRcSyncs: number;
  /** --resource-quota-sync-period: how often every quota's usage is recomputed in full (5 min). */
  readonly resourceQuotaSyncPeriodMs: number;
  /** --concurrent-statefulset-syncs (5). */
  readonly concurrentStatefulSetSyncs: number;
  /** --concurrent-daemonset-syncs (2). */
  readonly concurrentDaemonSetSyncs: number;
  /** --allocate-node-cidrs with --cluster-cidr and the mask sizes; undefined: no pod ranges are given to Nodes. */
  readonly nodeIpam?: NodeIpamConfig;
  /** --concurrent-job-syncs (5). */
  readonly concurrentJobSyncs: number;
  /** --concurrent-cron-job-syncs (5). */
  readonly concurrentCronJobSyncs: number;
  /** --concurrent-ttl-after-finished-syncs (5). */
  readonly concurrentTtlAfterFinishedSyncs: number;
  /** The PEM of --root-ca-file, else the kubeconfig cluster's CA: the ca.crt of kube-root-ca.crt ("" for none). */
  readonly rootCaCertificate: string;
  /** --pvclaimbinder-sync-period, --enable-dynamic-provisioning, --enable-hostpath-provisioner, --hostpath-provisioner-dir. */
  readonly persistentVolumeBinder: PersistentVolumeBinderOptions;
  /** The --horizontal-pod-autoscaler-* flags. */
  readonly horizontalPodAutoscaler: AutoscalerOptions;
  /** --concurrent-service-endpoint-syncs (5) and --max-endpoints-per-slice (100): the EndpointSlice controller's. */
  readonly concurrentServiceEndpointSyncs: number;
  readonly maxEndpointsPerSlice: number;
  /** --concurrent-endpoint-syncs (5): the Endpoints controller's. */
  readonly concurrentEndpointSyncs: number;
  /** --mirroring-concurrent-service-endpoint-syncs (5) and --mirroring-max-endpoints-per-subset (1000). */
  readonly mirroringConcurrentServiceEndpointSyncs: number;
  readonly mirroringMaxEndpointsPerSubset: number;
  /** --terminated-pod-gc-threshold (12500): finished pods kept before the oldest are deleted; 0 keeps them all. */
  readonly terminatedPodGcThreshold: number;
}

export const defaultControllerOptions: ControllerOptions = {
  nodeLifecycle: {
    monitorPeriodMs: 5_000,
    monitorGracePeriodMs: 50_000,
    startupGracePeriodMs: 60_000,
    evictionRate: 0.1,
    secondaryEvictionRate: 0.01,
    largeClusterSizeThreshold: 50,
    unhealthyZoneThreshold: 0.55,
  },
  concurrentNamespaceSyncs: 10,
  concurrentGcSyncs: 20,
  concurrentScheduling: 16,
  concurrentResourceQuotaSyncs: 5,
  concurrentDeploymentSyncs: 5,
  resourceQuotaSyncPeriodMs: 300_000,
  concurrentReplicaSetSyncs: 5,
  concurrentRcSyncs: 5,
  concurrentStatefulSetSyncs: 5,
  concurrentDaemonSetSyncs: 2,
  concurrentJobSyncs: 5,
  concurrentCronJobSyncs: 5,
  concurrentTtlAfterFinishedSyncs: 5,
  rootCaCertificate: '',
  persistentVolumeBinder: defaultPersistentVolumeBinderOptions,
  horizontalPodAutoscaler: defaultAutoscalerOptions,
  concurrentServiceEndpointSyncs: 5,
  maxEndpointsPerSlice: 100,
  concurrentEndpointSyncs: 5,
  mirroringConcurrentServiceEndpointSyncs: 5,
  mirroringMaxEndpointsPerSubset: 1000,
  terminatedPodGcThreshold: 12_500,
};
