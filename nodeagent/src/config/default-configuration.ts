// SetDefaults_KubeletConfiguration on a configuration in its wire form (v1beta1 JSON): the table's
// defaults fill unset fields (nil pointers, zero values, absent lists and maps), then the defaults
// that depend on other fields or on feature gates. Also the two extra steps of the kubelet's
// start: the legacy defaults of a flags-only configuration, and evictionHard's platform default.

import type { AgentFeatureGates } from './agent-features.ts';
import { isObject } from './check-fields.ts';
import type { FieldSpec, StructField } from './field-kinds.ts';
import { parseGoDuration } from '@capstan/common';
import { kubeletConfigurationStruct } from './kubelet-configuration-fields.ts';

export type WireConfiguration = Record<string, unknown>;

/** Fills the defaults of the kubelet's scheme into `config`, in place. */
export function setConfigurationDefaults(config: WireConfiguration, gates: AgentFeatureGates): void {
  // Before nodeStatusUpdateFrequency gets its own default: an explicit update frequency is also
  // the report frequency, for compatibility with kubelets older than the report field.
  if (isZeroDuration(config.nodeStatusReportFrequency)) {
    config.nodeStatusReportFrequency = isZeroDuration(config.nodeStatusUpdateFrequency) ? '5m' : config.nodeStatusUpdateFrequency;
  }
  if (typeof config.podPidsLimit === 'number' && config.podPidsLimit < 0) config.podPidsLimit = -1;
  if (config.serializeImagePulls === undefined || config.serializeImagePulls === null) {
    const parallel = config.maxParallelImagePulls;
    config.serializeImagePulls = typeof parallel !== 'number' || parallel < 2;
  }
  if (gates.KubeletCrashLoopBackOffMax) {
    const backOff = objectField(config, 'crashLoopBackOff');
    backOff.maxContainerRestartPeriod ??= '5m0s';
  }
  if (gates.KubeletEnsureSecretPulledImages && !config.imagePullCredentialsVerificationPolicy) {
    config.imagePullCredentialsVerificationPolicy = 'NeverVerifyPreloadedImages';
  }
  defaultStruct(config, kubeletConfigurationStruct);
}

/**
 * The defaults a configuration made only of flags starts from (the kubelet's applyLegacyDefaults,
 * kept for the flags' sake): anonymous requests allowed, no webhook, AlwaysAllow, read-only port.
 */
export function setLegacyFlagDefaults(config: WireConfiguration): void {
  const authentication = objectField(config, 'authentication');
  objectField(authentication, 'anonymous').enabled = true;
  objectField(authentication, 'webhook').enabled = false;
  objectField(config, 'authorization').mode = 'AlwaysAllow';
  config.readOnlyPort = 10255;
}

/** The kubelet's Linux hard eviction thresholds, used when the base configuration sets none. */
export const defaultEvictionHard: Readonly<Record<string, string>> = {
  'memory.available': '100Mi',
  'nodefs.available': '10%',
  'nodefs.inodesFree': '5%',
  'imagefs.available': '15%',
  'imagefs.inodesFree': '5%',
};

/** evictionHard of the base configuration: the platform default, or merged with it on request. */
export function setEvictionHardDefault(config: WireConfiguration): void {
  const current = config.evictionHard;
  if (!isObject(current)) config.evictionHard = { ...defaultEvictionHard };
  else if (config.mergeDefaultEvictionSettings === true) config.evictionHard = { ...defaultEvictionHard, ...current };
}

function defaultStruct(object: Record<string, unknown>, spec: StructField): void {
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = object[name];
    if (field.kind === 'struct') {
      if (isObject(value)) defaultStruct(value, field);
      else if (field.pointer !== true) defaultStruct((object[name] = {}), field);
      continue;
    }
    if (field.default === undefined || !isUnset(value, field)) continue;
    object[name] = Array.isArray(field.default) ? [...(field.default as unknown[])] : field.default;
  }
}

/** Whether Go's defaulting sees the field as unset: nil, or the zero value of a non-pointer. */
function isUnset(value: unknown, field: FieldSpec): boolean {
  if (value === undefined || value === null) return true;
  if (field.pointer === true || field.kind === 'list' || field.kind === 'map' || field.kind === 'mapOfLists') return false;
  if (field.kind === 'duration' || field.kind === 'durationOrNanos') return typeof value === 'number' ? value === 0 : isZeroDuration(value);
  if (field.kind === 'quantity') return value === '' || value === 0;
  return value === '' || value === 0 || value === false;
}

function isZeroDuration(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && parseGoDuration(value) === 0);
}

/** The object held by a field, created when absent. */
function objectField(object: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = object[name];
  if (isObject(value)) return value;
  const created: Record<string, unknown> = {};
  object[name] = created;
  return created;
}
