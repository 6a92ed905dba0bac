// Every field of KubeletConfiguration (kubelet.config.k8s.io/v1beta1, as k8s.io/kubelet v0.35.0
// declares it), with its kind, its Go pointer-ness and the default SetDefaults_KubeletConfiguration
// gives it. Defaults that depend on other fields or on feature gates live in default-configuration.ts.

import { list, map, mapOfLists, scalar, struct, type Loaded } from './field-kinds.ts';

export const kubeletConfigurationGroupVersion = 'kubelet.config.k8s.io/v1beta1';
export const kubeletConfigurationKind = 'KubeletConfiguration';

const string = scalar('string');
const bool = scalar('bool');
const int32 = scalar('int32');
const duration = scalar('duration');
const stringList = list(string);
const stringMap = map(string);

const taint = struct('v1.Taint', {
  key: string,
  value: string,
  effect: scalar('string', { goType: 'v1.TaintEffect' }),
  timeAdded: scalar('time', { pointer: true }),
});

const verbosity = scalar('uint32', { goType: 'v1.VerbosityLevel' });

const logging = struct('v1.LoggingConfiguration', {
  format: scalar('string', { default: 'text' }),
  flushFrequency: scalar('durationOrNanos', { default: '5s' }),
  verbosity,
  vmodule: list(struct('v1.VModuleItem', { filePattern: string, verbosity })),
  options: struct('v1.FormatOptions', {
    text: struct('v1.TextOptions', { splitStream: bool, infoBufferSize: scalar('quantity', { default: '0' }) }),
    json: struct('v1.JSONOptions', { splitStream: bool, infoBufferSize: scalar('quantity', { default: '0' }) }),
  }),
});

export const kubeletConfigurationFields = {
  enableServer: scalar('bool', { pointer: true, default: true }),
  staticPodPath: scalar('string', { path: true }),
  podLogsDir: scalar('string', { default: '/var/log/pods' }),
  syncFrequency: scalar('duration', { default: '1m' }),
  fileCheckFrequency: scalar('duration', { default: '20s' }),
  httpCheckFrequency: scalar('duration', { default: '20s' }),
  staticPodURL: string,
  staticPodURLHeader: mapOfLists(),
  address: scalar('string', { default: '0.0.0.0' }),
  port: scalar('int32', { default: 10250 }),
  readOnlyPort: int32,
  tlsCertFile: scalar('string', { path: true }),
  tlsPrivateKeyFile: scalar('string', { path: true }),
  tlsCipherSuites: stringList,
  tlsMinVersion: string,
  rotateCertificates: bool,
  serverTLSBootstrap: bool,
  authentication: struct('v1beta1.KubeletAuthentication', {
    x509: struct('v1beta1.KubeletX509Authentication', { clientCAFile: scalar('string', { path: true }) }),
    webhook: struct('v1beta1.KubeletWebhookAuthentication', {
      enabled: scalar('bool', { pointer: true, default: true }),
      cacheTTL: scalar('duration', { default: '2m' }),
    }),
    anonymous: struct('v1beta1.KubeletAnonymousAuthentication', { enabled: scalar('bool', { pointer: true, default: false }) }),
  }),
  authorization: struct('v1beta1.KubeletAuthorization', {
    mode: scalar('string', { goType: 'v1beta1.KubeletAuthorizationMode', default: 'Webhook' }),
    webhook: struct('v1beta1.KubeletWebhookAuthorization', {
      cacheAuthorizedTTL: scalar('duration', { default: '5m' }),
      cacheUnauthorizedTTL: scalar('duration', { default: '30s' }),
    }),
  }),
  registryPullQPS: scalar('int32', { pointer: true, default: 5 }),
  registryBurst: scalar('int32', { default: 10 }),
  imagePullCredentialsVerificationPolicy: scalar('string', { goType: 'v1beta1.ImagePullCredentialsVerificationPolicy' }),
  preloadedImagesVerificationAllowlist: stringList,
  eventRecordQPS: scalar('int32', { pointer: true, default: 50 }),
  eventBurst: scalar('int32', { default: 100 }),
  enableDebuggingHandlers: scalar('bool', { pointer: true, default: true }),
  enableContentionProfiling: bool,
  healthzPort: scalar('int32', { pointer: true, default: 10248 }),
  healthzBindAddress: scalar('string', { default: '127.0.0.1' }),
  oomScoreAdj: scalar('int32', { pointer: true, default: -999 }),
  clusterDomain: string,
  clusterDNS: stringList,
  streamingConnectionIdleTimeout: scalar('duration', { default: '4h' }),
  nodeStatusUpdateFrequency: scalar('duration', { default: '10s' }),
  nodeStatusReportFrequency: duration,
  nodeLeaseDurationSeconds: scalar('int32', { default: 40 }),
  imageMinimumGCAge: scalar('duration', { default: '2m' }),
  imageMaximumGCAge: duration,
  imageGCHighThresholdPercent: scalar('int32', { pointer: true, default: 85 }),
  imageGCLowThresholdPercent: scalar('int32', { pointer: true, default: 80 }),
  volumeStatsAggPeriod: scalar('duration', { default: '1m' }),
  kubeletCgroups: string,
  systemCgroups: string,
  cgroupRoot: string,
  cgroupsPerQOS: scalar('bool', { pointer: true, default: true }),
  cgroupDriver: scalar('string', { default: 'cgroupfs' }),
  cpuManagerPolicy: scalar('string', { default: 'none' }),
  singleProcessOOMKill: scalar('bool', { pointer: true }),
  cpuManagerPolicyOptions: stringMap,
  cpuManagerReconcilePeriod: scalar('duration', { default: '10s' }),
  memoryManagerPolicy: scalar('string', { default: 'None' }),
  topologyManagerPolicy: scalar('string', { default: 'none' }),
  topologyManagerScope: scalar('string', { default: 'container' }),
  topologyManagerPolicyOptions: stringMap,
  qosReserved: stringMap,
  runtimeRequestTimeout: scalar('duration', { default: '2m' }),
  hairpinMode: scalar('string', { default: 'promiscuous-bridge' }),
  maxPods: scalar('int32', { default: 110 }),
  podCIDR: string,
  podPidsLimit: scalar('int64', { pointer: true, default: -1 }),
  resolvConf: scalar('string', { pointer: true, path: true, default: '/etc/resolv.conf' }),
  runOnce: bool,
  cpuCFSQuota: scalar('bool', { pointer: true, default: true }),
  cpuCFSQuotaPeriod: scalar('duration', { pointer: true, default: '100ms' }),
  nodeStatusMaxImages: scalar('int32', { pointer: true, default: 50 }),
  maxOpenFiles: scalar('int64', { default: 1_000_000 }),
  contentType: scalar('string', { default: 'application/vnd.kubernetes.protobuf' }),
  kubeAPIQPS: scalar('int32', { pointer: true, default: 50 }),
  kubeAPIBurst: scalar('int32', { default: 100 }),
  serializeImagePulls: scalar('bool', { pointer: true, defaulted: true }),
  maxParallelImagePulls: scalar('int32', { pointer: true }),
  evictionHard: stringMap,
  evictionSoft: stringMap,
  evictionSoftGracePeriod: stringMap,
  evictionPressureTransitionPeriod: scalar('duration', { default: '5m' }),
  evictionMaxPodGracePeriod: int32,
  evictionMinimumReclaim: stringMap,
  mergeDefaultEvictionSettings: scalar('bool', { pointer: true, default: false }),
  podsPerCore: int32,
  enableControllerAttachDetach: scalar('bool', { pointer: true, default: true }),
  protectKernelDefaults: bool,
  makeIPTablesUtilChains: scalar('bool', { pointer: true, default: true }),
  iptablesMasqueradeBit: scalar('int32', { pointer: true, default: 14 }),
  iptablesDropBit: scalar('int32', { pointer: true, default: 15 }),
  featureGates: map(bool),
  failSwapOn: scalar('bool', { pointer: true, default: true }),
  memorySwap: struct('v1beta1.MemorySwapConfiguration', { swapBehavior: string }),
  containerLogMaxSize: scalar('string', { default: '10Mi' }),
  containerLogMaxFiles: scalar('int32', { pointer: true, default: 5 }),
  containerLogMaxWorkers: scalar('int32', { pointer: true, default: 1 }),
  containerLogMonitorInterval: scalar('duration', { pointer: true, default: '10s' }),
  configMapAndSecretChangeDetectionStrategy: scalar('string', { goType: 'v1beta1.ResourceChangeDetectionStrategy', default: 'Watch' }),
  systemReserved: stringMap,
  kubeReserved: stringMap,
  reservedSystemCPUs: string,
  showHiddenMetricsForVersion: string,
  systemReservedCgroup: string,
  kubeReservedCgroup: string,
  enforceNodeAllocatable: list(string, { default: ['pods'] }),
  allowedUnsafeSysctls: stringList,
  volumePluginDir: scalar('string', { default: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec/' }),
  providerID: string,
  kernelMemcgNotification: bool,
  logging,
  enableSystemLogHandler: scalar('bool', { pointer: true, default: true }),
  enableSystemLogQuery: scalar('bool', { pointer: true }),
  shutdownGracePeriod: duration,
  shutdownGracePeriodCriticalPods: duration,
  shutdownGracePeriodByPodPriority: list(struct('v1beta1.ShutdownGracePeriodByPodPriority', { priority: int32, shutdownGracePeriodSeconds: scalar('int64') })),
  crashLoopBackOff: struct('v1beta1.CrashLoopBackOffConfig', { maxContainerRestartPeriod: scalar('duration', { pointer: true }) }),
  reservedMemory: list(struct('v1beta1.MemoryReservation', { numaNode: int32, limits: map(scalar('quantity', { goType: 'resource.Quantity' })) })),
  enableProfilingHandler: scalar('bool', { pointer: true, default: true }),
  enableDebugFlagsHandler: scalar('bool', { pointer: true, default: true }),
  seccompDefault: scalar('bool', { pointer: true, default: false }),
  memoryThrottlingFactor: scalar('float64', { pointer: true, default: 0.9 }),
  registerWithTaints: list(taint),
  registerNode: scalar('bool', { pointer: true, default: true }),
  tracing: struct('v1.TracingConfiguration', { endpoint: scalar('string', { pointer: true }), samplingRatePerMillion: scalar('int32', { pointer: true }) }, { pointer: true }),
  localStorageCapacityIsolation: scalar('bool', { pointer: true, default: true }),
  containerRuntimeEndpoint: scalar('string', { default: 'unix:///run/containerd/containerd.sock' }),
  imageServiceEndpoint: string,
  failCgroupV1: scalar('bool', { pointer: true, default: true }),
  userNamespaces: struct('v1beta1.UserNamespaces', { idsPerPod: scalar('int64', { pointer: true }) }, { pointer: true }),
} as const;

export const kubeletConfigurationStruct = struct(`v1beta1.${kubeletConfigurationKind}`, kubeletConfigurationFields);

/** A loaded KubeletConfiguration: every field the kubelet defaults is present; durations in ms. */
export type KubeletConfiguration = Loaded<typeof kubeletConfigurationFields>;
