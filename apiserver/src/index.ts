// The public surface of @capstan/apiserver.

export { Cacher, type CacherOptions } from './storage/cacher/cacher.ts';
export { encodeOnce } from './storage/cacher/event-encoding.ts';
export { Compactor, type CompactorOptions } from './storage/compactor.ts';
export type { EtcdStore, EtcdStoreOptions } from './storage/etcd/etcd-store.ts';
export { collectionPrefix, objectKey, registryRoot } from './storage/keys.ts';
export { SqliteStore, type SqliteStoreOptions } from './storage/sqlite/sqlite-store.ts';
export { isStorageError, StorageError, type StorageErrorCode } from './storage/storage-error.ts';
export type * from './storage/storage.ts';
export { storageCommand, storageUsage } from './cli/storage-command.ts';
export { openStorage, storageBackends, storageFlags, type StorageBackend, type StorageConfig } from './storage/open-storage.ts';
export { apiserverCommand, apiserverUsage } from './cli/apiserver-command.ts';
export { runApiServer, shutdownOnSignal, type RunApiServerOptions, type RunningApiServer } from './server/run-api-server.ts';
export { apiServerFeatures, type ApiServerFeatureGates } from './server/feature-gates.ts';
export { featureGateFlags, featureGateSettingsOf, knownFeatureGates, type FeatureGateSettings } from './server/feature-gate-flags.ts';
export { kubeApiServerFeatures, type KubeApiServerFeature } from './server/kube-apiserver-features.ts';
export { resourceConfigOf, runtimeConfigFlag } from './server/runtime-config/runtime-config.ts';
export { defaultKubeletClientConfig, type KubeletClientConfig } from './kubelet/kubelet-client-config.ts';
export { defaultServiceClusterIpRange, defaultServiceNodePortRange, serviceRanges } from './cli/service-ranges.ts';
export { servingAlternateNames, servingNamesOf, type SecureServing, type ServingNames } from './serving/secure-serving.ts';
export { defaultServiceAccountOptions, type ServiceAccountOptions } from './authentication/service-account-options.ts';
export { enabledAdmissionPlugins } from './admission/admission-plugin-names.ts';
