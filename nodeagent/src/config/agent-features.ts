// The feature gates the agent knows: the kubelet's names, stages and defaults in Kubernetes 1.35
// (pkg/features/kube_features.go), for the features the agent implements or whose gate changes
// how its configuration is defaulted and validated. Any other gate is refused as unrecognized.

import type { FeatureGates, FeatureSpec } from '@capstan/common';

export const agentFeatures = {
  // POST /checkpoint/{namespace}/{pod}/{container} on the agent's port.
  ContainerCheckpoint: { default: true, preRelease: 'BETA' },
  // Node.status.declaredFeatures.
  NodeDeclaredFeatures: { default: false, preRelease: 'ALPHA' },
  // Swap: failSwapOn and memorySwap.swapBehavior (NoSwap, LimitedSwap). GA since 1.34.
  NodeSwap: { default: true, preRelease: 'GA', lockToDefault: true },
  // shutdownGracePeriod, shutdownGracePeriodCriticalPods.
  GracefulNodeShutdown: { default: true, preRelease: 'BETA' },
  // shutdownGracePeriodByPodPriority.
  GracefulNodeShutdownBasedOnPodPriority: { default: true, preRelease: 'BETA' },
  // crashLoopBackOff.maxContainerRestartPeriod (defaulted to 300s while on).
  KubeletCrashLoopBackOffMax: { default: true, preRelease: 'BETA' },
  // imagePullCredentialsVerificationPolicy and the pulled-image records (pulling/, pulled/).
  KubeletEnsureSecretPulledImages: { default: true, preRelease: 'BETA' },
  // cpuCFSQuotaPeriod other than 100ms.
  CustomCPUCFSQuotaPeriod: { default: false, preRelease: 'ALPHA' },
  // imageMaximumGCAge. GA since 1.35.
  ImageMaximumGCAge: { default: true, preRelease: 'GA', lockToDefault: true },
  // serverTLSBootstrap.
  RotateKubeletServerCertificate: { default: true, preRelease: 'BETA' },
  // memoryThrottlingFactor and memory.high.
  MemoryQoS: { default: false, preRelease: 'ALPHA' },
  // enableSystemLogQuery.
  NodeLogQuery: { default: false, preRelease: 'BETA' },
  // Pods with hostUsers: false.
  UserNamespacesSupport: { default: true, preRelease: 'BETA' },
  // Pressure stall information in the node's readings.
  KubeletPSI: { default: true, preRelease: 'BETA' },
  // sd_notify WATCHDOG=1. GA since 1.35.
  SystemdWatchdog: { default: true, preRelease: 'GA', lockToDefault: true },
  // readOnly mounts with recursiveReadOnly. GA since 1.33.
  RecursiveReadOnlyMounts: { default: true, preRelease: 'GA', lockToDefault: true },
} as const satisfies Record<string, FeatureSpec>;

export type AgentFeature = keyof typeof agentFeatures;
export type AgentFeatureGates = FeatureGates<AgentFeature>;
