// The agent's view of its machine: node facts, pressure, kernel capabilities, swap (its sd_notify
// conversation with systemd is @capstan/common/systemd's, shared with the control plane).

export * from './cgroups.ts';
export * from './eviction-signals.ts';
export * from './eviction-thresholds.ts';
export * from './filesystem-stats.ts';
export * from './kernel-features.ts';
export * from './kernel-version.ts';
export * from './machine-info.ts';
export * from './meminfo.ts';
export * from './node-addresses.ts';
export * from './node-capacity.ts';
export * from './node-conditions.ts';
export * from './node-usage.ts';
export * from './pod-kernel-requirements.ts';
export * from './pod-qos.ts';
export * from './pressure-stall.ts';
export * from './swap.ts';
export * from './sysctl-allowlist.ts';
export * from './system-report.ts';
