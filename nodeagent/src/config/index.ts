// The agent's configuration: flags, KubeletConfiguration files and drop-ins, feature gates, and
// the lock file.

export { agentFeatures, type AgentFeature, type AgentFeatureGates } from './agent-features.ts';
export { agentFlagSpecs, defaultRootDirectory, formatAgentFlagHelp, type AgentFlagValues } from './agent-flags.ts';
export { formatGoDuration } from '@capstan/common';
export { kubeletConfigurationFields, type KubeletConfiguration } from './kubelet-configuration-fields.ts';
export { AgentConfigurationError, loadAgentConfiguration, type AgentConfiguration, type LoadOptions } from './load-agent-configuration.ts';
export { LockFile, LockFileError, type AcquireLockOptions, type LockContention } from './lock-file.ts';
export type { NodeIPs } from './node-identity.ts';
