// ValidateKubeletConfiguration for the fields of v1beta1 in Kubernetes 1.35: the kubelet's checks,
// in its order and with its words, each naming the fields it judges so that the loader can say
// which file or flag set the value.

import { isAbsolute, normalize } from 'node:path';
import { fieldErrorMessage, fieldForbidden, fieldInvalid, fieldRequired, goQuote, isQualifiedName, isSingle, isValidLabelValue, kubernetesMinor } from '@capstan/common';
import type { AgentFeatureGates } from './agent-features.ts';
import { formatGoDuration } from '@capstan/common';
import type { KubeletConfiguration } from './kubelet-configuration-fields.ts';

export interface Violation {
  readonly message: string;
  /** The declared fields whose values the check judged. */
  readonly fields: readonly string[];
}

type Check = (config: KubeletConfiguration, gates: AgentFeatureGates) => Violation | readonly Violation[] | undefined;

const invalid = (message: string, ...fields: string[]): Violation => ({ message: `invalid configuration: ${message}`, fields });
const duration = formatGoDuration;
const isPort = (port: number): boolean => port >= 1 && port <= 65535;
const defaultCFSQuotaPeriod = 100;

const checks: readonly Check[] = [
  (c) => (c.nodeLeaseDurationSeconds <= 0 ? invalid('nodeLeaseDurationSeconds must be greater than 0', 'nodeLeaseDurationSeconds') : undefined),
  (c) =>
    c.systemCgroups !== '' && c.cgroupRoot === ''
      ? invalid('systemCgroups (--system-cgroups) was specified and cgroupRoot (--cgroup-root) was not specified', 'systemCgroups', 'cgroupRoot')
      : undefined,
  (c) => (c.eventBurst < 0 ? invalid(`eventBurst (--event-burst) ${c.eventBurst} must not be a negative number`, 'eventBurst') : undefined),
  (c) => (c.eventRecordQPS < 0 ? invalid(`eventRecordQPS (--event-qps) ${c.eventRecordQPS} must not be a negative number`, 'eventRecordQPS') : undefined),
  (c) =>
    c.healthzPort !== 0 && !isPort(c.healthzPort) ? invalid(`healthzPort (--healthz-port) ${c.healthzPort} must be between 1 and 65535, inclusive`, 'healthzPort') : undefined,
  (c, g) =>
    !g.CustomCPUCFSQuotaPeriod && c.cpuCFSQuotaPeriod !== defaultCFSQuotaPeriod
      ? invalid(`cpuCFSQuotaPeriod (--cpu-cfs-quota-period) ${duration(c.cpuCFSQuotaPeriod)} requires feature gate CustomCPUCFSQuotaPeriod`, 'cpuCFSQuotaPeriod')
      : undefined,
  (c, g) =>
    g.CustomCPUCFSQuotaPeriod && (c.cpuCFSQuotaPeriod < 1 || c.cpuCFSQuotaPeriod > 1000)
      ? invalid(`cpuCFSQuotaPeriod (--cpu-cfs-quota-period) ${duration(c.cpuCFSQuotaPeriod)} must be between 1ms and 1sec, inclusive`, 'cpuCFSQuotaPeriod')
      : undefined,
  (c) =>
    c.imageGCHighThresholdPercent < 0 || c.imageGCHighThresholdPercent > 100
      ? invalid(`imageGCHighThresholdPercent (--image-gc-high-threshold) ${c.imageGCHighThresholdPercent} must be between 0 and 100, inclusive`, 'imageGCHighThresholdPercent')
      : undefined,
  (c) =>
    c.imageGCLowThresholdPercent < 0 || c.imageGCLowThresholdPercent > 100
      ? invalid(`imageGCLowThresholdPercent (--image-gc-low-threshold) ${c.imageGCLowThresholdPercent} must be between 0 and 100, inclusive`, 'imageGCLowThresholdPercent')
      : undefined,
  (c) =>
    c.imageGCLowThresholdPercent >= c.imageGCHighThresholdPercent
      ? invalid(
          `imageGCLowThresholdPercent (--image-gc-low-threshold) ${c.imageGCLowThresholdPercent} must be less than imageGCHighThresholdPercent (--image-gc-high-threshold) ${c.imageGCHighThresholdPercent}`,
          'imageGCLowThresholdPercent',
          'imageGCHighThresholdPercent',
        )
      : undefined,
  (c, g) =>
    c.imageMaximumGCAge !== 0 && !g.ImageMaximumGCAge
      ? invalid('ImageMaximumGCAge feature gate is required for Kubelet configuration option imageMaximumGCAge', 'imageMaximumGCAge')
      : undefined,
  (c) => (c.imageMinimumGCAge < 0 ? invalid(`imageMinimumGCAge ${duration(c.imageMinimumGCAge)} must not be negative`, 'imageMinimumGCAge') : undefined),
  (c) => (c.imageMaximumGCAge < 0 ? invalid(`imageMaximumGCAge ${duration(c.imageMaximumGCAge)} must not be negative`, 'imageMaximumGCAge') : undefined),
  (c) =>
    c.imageMaximumGCAge > 0 && c.imageMaximumGCAge <= c.imageMinimumGCAge
      ? invalid(
          `imageMaximumGCAge ${duration(c.imageMaximumGCAge)} must be greater than imageMinimumGCAge ${duration(c.imageMinimumGCAge)}`,
          'imageMaximumGCAge',
          'imageMinimumGCAge',
        )
      : undefined,
  (c) =>
    c.iptablesDropBit < 0 || c.iptablesDropBit > 31
      ? invalid(`iptablesDropBit (--iptables-drop-bit) ${c.iptablesDropBit} must be between 0 and 31, inclusive`, 'iptablesDropBit')
      : undefined,
  (c) =>
    c.iptablesMasqueradeBit < 0 || c.iptablesMasqueradeBit > 31
      ? invalid(`iptablesMasqueradeBit (--iptables-masquerade-bit) ${c.iptablesMasqueradeBit} must be between 0 and 31, inclusive`, 'iptablesMasqueradeBit')
      : undefined,
  (c) => (c.kubeAPIBurst < 0 ? invalid(`kubeAPIBurst (--kube-api-burst) ${c.kubeAPIBurst} must not be a negative number`, 'kubeAPIBurst') : undefined),
  (c) => (c.kubeAPIQPS < 0 ? invalid(`kubeAPIQPS (--kube-api-qps) ${c.kubeAPIQPS} must not be a negative number`, 'kubeAPIQPS') : undefined),
  (c) => (c.nodeStatusMaxImages < -1 ? invalid(`nodeStatusMaxImages (--node-status-max-images) ${c.nodeStatusMaxImages} must be -1 or greater`, 'nodeStatusMaxImages') : undefined),
  (c) => (c.maxOpenFiles < 0 ? invalid(`maxOpenFiles (--max-open-files) ${c.maxOpenFiles} must not be a negative number`, 'maxOpenFiles') : undefined),
  (c) => (c.maxPods < 0 ? invalid(`maxPods (--max-pods) ${c.maxPods} must not be a negative number`, 'maxPods') : undefined),
  (c) =>
    c.oomScoreAdj < -1000 || c.oomScoreAdj > 1000 ? invalid(`oomScoreAdj (--oom-score-adj) ${c.oomScoreAdj} must be between -1000 and 1000, inclusive`, 'oomScoreAdj') : undefined,
  (c) => (c.podsPerCore < 0 ? invalid(`podsPerCore (--pods-per-core) ${c.podsPerCore} must not be a negative number`, 'podsPerCore') : undefined),
  (c) => (!isPort(c.port) ? invalid(`port (--port) ${c.port} must be between 1 and 65535, inclusive`, 'port') : undefined),
  (c) =>
    c.readOnlyPort !== 0 && !isPort(c.readOnlyPort)
      ? invalid(`readOnlyPort (--read-only-port) ${c.readOnlyPort} must be between 0 and 65535, inclusive`, 'readOnlyPort')
      : undefined,
  (c) => (c.registryBurst < 0 ? invalid(`registryBurst (--registry-burst) ${c.registryBurst} must not be a negative number`, 'registryBurst') : undefined),
  (c) => (c.registryPullQPS < 0 ? invalid(`registryPullQPS (--registry-qps) ${c.registryPullQPS} must not be a negative number`, 'registryPullQPS') : undefined),
  (c) =>
    c.maxParallelImagePulls !== undefined && c.maxParallelImagePulls < 1
      ? invalid(`maxParallelImagePulls ${c.maxParallelImagePulls} must be a positive number`, 'maxParallelImagePulls')
      : undefined,
  (c) =>
    c.serializeImagePulls && c.maxParallelImagePulls !== undefined && c.maxParallelImagePulls > 1
      ? invalid(
          'maxParallelImagePulls cannot be larger than 1 unless SerializeImagePulls (--serialize-image-pulls) is set to false',
          'maxParallelImagePulls',
          'serializeImagePulls',
        )
      : undefined,
  (c, g) =>
    c.serverTLSBootstrap && !g.RotateKubeletServerCertificate
      ? invalid(`serverTLSBootstrap ${c.serverTLSBootstrap} requires feature gate RotateKubeletServerCertificate`, 'serverTLSBootstrap')
      : undefined,
  (c) => (c.runOnce ? invalid(`runOnce (--runOnce) ${c.runOnce}, Runonce mode has been deprecated and should not be set`, 'runOnce') : undefined),
  (c) =>
    (c.registerWithTaints ?? []).flatMap((taint) => [
      ...(taintError(taint) === undefined ? [] : [{ message: `invalid taint: {${taint.key} ${taint.value} ${taint.effect} <nil>}`, fields: ['registerWithTaints'] }]),
      ...(taint.timeAdded === undefined ? [] : [invalid('taint.TimeAdded is not nil', 'registerWithTaints')]),
    ]),
  (c) =>
    topologyManagerPolicies.includes(c.topologyManagerPolicy)
      ? undefined
      : invalid(
          `topologyManagerPolicy (--topology-manager-policy) ${goQuote(c.topologyManagerPolicy)} must be one of: [${topologyManagerPolicies.map(goQuote).join(' ')}]`,
          'topologyManagerPolicy',
        ),
  (c) =>
    c.topologyManagerScope === 'container' || c.topologyManagerScope === 'pod'
      ? undefined
      : invalid(`topologyManagerScope (--topology-manager-scope) ${goQuote(c.topologyManagerScope)} must be one of: "container", or "pod"`, 'topologyManagerScope'),
  (c, g) => {
    if (!g.GracefulNodeShutdown) return undefined;
    const found: Violation[] = [];
    const { shutdownGracePeriod: period, shutdownGracePeriodCriticalPods: critical } = c;
    if (critical > period) {
      found.push(
        invalid(
          `shutdownGracePeriodCriticalPods ${duration(critical)} must be <= shutdownGracePeriod ${duration(period)}`,
          'shutdownGracePeriodCriticalPods',
          'shutdownGracePeriod',
        ),
      );
    }
    if (period < 0 || (period > 0 && period < 1000))
      found.push(invalid(`shutdownGracePeriod ${duration(period)} must be either zero or otherwise >= 1 sec`, 'shutdownGracePeriod'));
    if (critical < 0 || (critical > 0 && critical < 1000)) {
      found.push(invalid(`shutdownGracePeriodCriticalPods ${duration(critical)} must be either zero or otherwise >= 1 sec`, 'shutdownGracePeriodCriticalPods'));
    }
    return found;
  },
  (c, g) =>
    (c.shutdownGracePeriod > 0 || c.shutdownGracePeriodCriticalPods > 0) && !g.GracefulNodeShutdown
      ? invalid(
          'specifying shutdownGracePeriod or shutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown',
          'shutdownGracePeriod',
          'shutdownGracePeriodCriticalPods',
        )
      : undefined,
  (c, g) =>
    g.GracefulNodeShutdownBasedOnPodPriority && (c.shutdownGracePeriodByPodPriority ?? []).length > 0 && (c.shutdownGracePeriod > 0 || c.shutdownGracePeriodCriticalPods > 0)
      ? invalid('Cannot specify both shutdownGracePeriodByPodPriority and shutdownGracePeriod at the same time', 'shutdownGracePeriodByPodPriority', 'shutdownGracePeriod')
      : undefined,
  (c, g) =>
    !g.GracefulNodeShutdownBasedOnPodPriority && (c.shutdownGracePeriodByPodPriority ?? []).length > 0
      ? invalid('Specifying shutdownGracePeriodByPodPriority requires feature gate GracefulNodeShutdownBasedOnPodPriority', 'shutdownGracePeriodByPodPriority')
      : undefined,
  (c, g) => {
    const behavior = c.memorySwap.swapBehavior;
    if (g.NodeSwap) {
      return ['', 'NoSwap', 'LimitedSwap'].includes(behavior)
        ? undefined
        : invalid(`memorySwap.swapBehavior ${goQuote(behavior)} must be one of: "", "LimitedSwap" or "NoSwap"`, 'memorySwap.swapBehavior');
    }
    return behavior !== '' ? invalid('memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled', 'memorySwap.swapBehavior') : undefined;
  },
  (c, g) => {
    const period = c.crashLoopBackOff.maxContainerRestartPeriod;
    const field = 'crashLoopBackOff.maxContainerRestartPeriod';
    if (!g.KubeletCrashLoopBackOffMax) {
      return period === undefined ? undefined : invalid('FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set', field);
    }
    if (period === undefined) return invalid('FeatureGate KubeletCrashLoopBackOffMax is enabled, CrashLoopBackOff.MaxContainerRestartPeriod must be set', field);
    return period < 1000 || period > 300_000
      ? invalid(`CrashLoopBackOff.MaxContainerRestartPeriod (got: ${period / 1000} seconds) must be set between 1s and 300s`, field)
      : undefined;
  },
  (c) => enforceNodeAllocatableViolations(c),
  (c) =>
    ['none', 'hairpin-veth', 'promiscuous-bridge'].includes(c.hairpinMode)
      ? undefined
      : invalid(`option ${goQuote(c.hairpinMode)} specified for hairpinMode (--hairpin-mode). Valid options are "none", "hairpin-veth" or "promiscuous-bridge"`, 'hairpinMode'),
  (c, g) => pulledImagesViolations(c, g),
  (c) => {
    if (c.reservedSystemCPUs === '') return undefined;
    const found: Violation[] = [];
    if (c.systemReservedCgroup !== '' || c.kubeReservedCgroup !== '') {
      found.push(
        invalid(
          "can't use reservedSystemCPUs (--reserved-cpus) with systemReservedCgroup (--system-reserved-cgroup) or kubeReservedCgroup (--kube-reserved-cgroup)",
          'reservedSystemCPUs',
          'systemReservedCgroup',
          'kubeReservedCgroup',
        ),
      );
    }
    const cpusetError = parseCpuSetError(c.reservedSystemCPUs);
    if (cpusetError !== undefined) found.push(invalid(`unable to parse reservedSystemCPUs (--reserved-cpus) ${c.reservedSystemCPUs}, error: ${cpusetError}`, 'reservedSystemCPUs'));
    return found;
  },
  (c) => {
    const allowed = previousMinor();
    return c.showHiddenMetricsForVersion === '' || c.showHiddenMetricsForVersion === allowed
      ? undefined
      : {
          message: `--show-hidden-metrics-for-version must be omitted or have the value '${allowed}'. Only the previous minor version is allowed`,
          fields: ['showHiddenMetricsForVersion'],
        };
  },
  (c) => loggingViolations(c),
  (c, g) =>
    g.MemoryQoS && c.memoryThrottlingFactor === undefined
      ? invalid('memoryThrottlingFactor is required when MemoryQoS feature flag is enabled', 'memoryThrottlingFactor')
      : undefined,
  (c) =>
    c.memoryThrottlingFactor !== undefined && (c.memoryThrottlingFactor <= 0 || c.memoryThrottlingFactor > 1)
      ? invalid(`memoryThrottlingFactor ${c.memoryThrottlingFactor} must be greater than 0 and less than or equal to 1.0`, 'memoryThrottlingFactor')
      : undefined,
  (c) => (c.containerRuntimeEndpoint === '' ? invalid('the containerRuntimeEndpoint was not specified or empty', 'containerRuntimeEndpoint') : undefined),
  (c, g) => (c.enableSystemLogQuery === true && !g.NodeLogQuery ? invalid('NodeLogQuery feature gate is required for enableSystemLogQuery', 'enableSystemLogQuery') : undefined),
  (c) =>
    c.enableSystemLogQuery === true && !c.enableSystemLogHandler
      ? invalid('enableSystemLogHandler is required for enableSystemLogQuery', 'enableSystemLogQuery', 'enableSystemLogHandler')
      : undefined,
  (c) => (c.containerLogMaxWorkers < 1 ? invalid('containerLogMaxWorkers must be greater than or equal to 1', 'containerLogMaxWorkers') : undefined),
  (c) =>
    c.containerLogMonitorInterval < 3000
      ? invalid('containerLogMonitorInterval must be a positive time duration greater than or equal to 3s', 'containerLogMonitorInterval')
      : undefined,
  (c) => (c.containerLogMaxFiles <= 1 ? invalid('containerLogMaxFiles must be greater than 1', 'containerLogMaxFiles') : undefined),
  (c) => {
    const dir = c.podLogsDir;
    const found: Violation[] = [];
    if (dir === '') found.push(invalid('podLogsDir was not specified', 'podLogsDir'));
    if (!isAbsolute(dir)) found.push(invalid(`pod logs path ${goQuote(dir)} must be absolute path`, 'podLogsDir'));
    if (normalize(dir).replace(/(.)\/$/, '$1') !== dir) found.push(invalid(`pod logs path ${goQuote(dir)} must be normalized`, 'podLogsDir'));
    // "mut" is the kubelet's own spelling.
    if (/[^\x00-\x7f]/.test(dir)) found.push(invalid(`pod logs path ${goQuote(dir)} mut contains ASCII characters only`, 'podLogsDir'));
    return found;
  },
];

/** The configuration's violations, in the kubelet's order; empty when it is valid. */
export function validateConfiguration(config: KubeletConfiguration, gates: AgentFeatureGates): Violation[] {
  return checks.flatMap((check) => {
    const found = check(config, gates);
    return found === undefined ? [] : Array.isArray(found) ? found : [found as Violation];
  });
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several in brackets. */
export function aggregateMessage(violations: readonly Violation[]): string {
  return isSingle(violations) ? violations[0].message : `[${violations.map((violation) => violation.message).join(', ')}]`;
}

const topologyManagerPolicies = ['none', 'best-effort', 'restricted', 'single-numa-node'];

function taintError(taint: { readonly key: string; readonly value: string; readonly effect: string }): string | undefined {
  const keyErrors = isQualifiedName(taint.key);
  if (keyErrors.length > 0) return `invalid taint key: ${keyErrors.join('; ')}`;
  if (taint.value !== '') {
    const valueErrors = isValidLabelValue(taint.value);
    if (valueErrors.length > 0) return `invalid taint value: ${valueErrors.join('; ')}`;
  }
  if (taint.effect !== '' && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(taint.effect)) return `invalid taint effect: ${taint.effect}`;
  return undefined;
}

function enforceNodeAllocatableViolations(c: KubeletConfiguration): Violation[] {
  const found: Violation[] = [];
  const enforced = c.enforceNodeAllocatable ?? [];
  const seen = new Set<string>();
  const field = 'enforceNodeAllocatable';
  for (const value of enforced) {
    if (seen.has(value)) {
      found.push(invalid(`duplicated enforcements ${goQuote(value)} in enforceNodeAllocatable (--enforce-node-allocatable)`, field));
      continue;
    }
    seen.add(value);
    switch (value) {
      case 'pods':
        break;
      case 'system-reserved':
        if (c.systemReservedCgroup === '') {
          found.push(
            invalid(
              'systemReservedCgroup (--system-reserved-cgroup) must be specified when "system-reserved" contained in enforceNodeAllocatable (--enforce-node-allocatable)',
              field,
              'systemReservedCgroup',
            ),
          );
        }
        break;
      case 'kube-reserved':
        if (c.kubeReservedCgroup === '') {
          found.push(
            invalid(
              'kubeReservedCgroup (--kube-reserved-cgroup) must be specified when "kube-reserved" contained in enforceNodeAllocatable (--enforce-node-allocatable)',
              field,
              'kubeReservedCgroup',
            ),
          );
        }
        break;
      case 'none':
        if (enforced.length > 1) found.push(invalid('enforceNodeAllocatable (--enforce-node-allocatable) may not contain additional enforcements when "none" is specified', field));
        continue;
      default:
        found.push(
          invalid(
            `option ${goQuote(value)} specified for enforceNodeAllocatable (--enforce-node-allocatable). Valid options are "pods", "system-reserved", "kube-reserved", or "none"`,
            field,
          ),
        );
        continue;
    }
    if (!c.cgroupsPerQOS) {
      found.push(
        invalid(
          `cgroupsPerQOS (--cgroups-per-qos) must be set to true when ${goQuote(value)} contained in enforceNodeAllocatable (--enforce-node-allocatable)`,
          field,
          'cgroupsPerQOS',
        ),
      );
    }
  }
  return found;
}

const imagePullPolicies = ['NeverVerify', 'NeverVerifyPreloadedImages', 'NeverVerifyAllowlistedImages', 'AlwaysVerify'];

function pulledImagesViolations(c: KubeletConfiguration, g: AgentFeatureGates): Violation[] {
  const policy = c.imagePullCredentialsVerificationPolicy;
  const allowlist = c.preloadedImagesVerificationAllowlist ?? [];
  const found: Violation[] = [];
  if (g.KubeletEnsureSecretPulledImages) {
    if (!imagePullPolicies.includes(policy)) {
      found.push(
        invalid(
          `option ${goQuote(policy)} specified for imagePullCredentialsVerificationPolicy. Valid options are "NeverVerify", "NeverVerifyPreloadedImages", "NeverVerifyAllowlistedImages" or "AlwaysVerify"`,
          'imagePullCredentialsVerificationPolicy',
        ),
      );
    }
    if (allowlist.length > 0 && policy !== 'NeverVerifyAllowlistedImages') {
      found.push(
        invalid(
          'can\'t set `preloadedImagesVerificationAllowlist` if `imagePullCredentialsVertificationPolicy` is not "NeverVerifyAllowlistedImages"',
          'preloadedImagesVerificationAllowlist',
          'imagePullCredentialsVerificationPolicy',
        ),
      );
    }
    return found;
  }
  if (policy !== '') {
    found.push(
      invalid('`imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled', 'imagePullCredentialsVerificationPolicy'),
    );
  }
  if (allowlist.length > 0) {
    found.push(
      invalid('`preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled', 'preloadedImagesVerificationAllowlist'),
    );
  }
  return found;
}

function loggingViolations(c: KubeletConfiguration): Violation[] {
  const { format, vmodule = [] } = c.logging;
  const errors = [];
  if (format !== 'text' && format !== 'json') errors.push(fieldInvalid('logging.format', format, 'Unsupported log format'));
  if (vmodule.length > 0 && format !== '' && format !== 'text') errors.push(fieldForbidden('logging.vmodule', 'Only supported for text log format'));
  vmodule.forEach((item, index) => {
    if (item.filePattern === '') errors.push(fieldRequired(`logging.vmodule[${index}]`, 'File pattern must not be empty'));
    if (/[=,]/.test(item.filePattern)) errors.push(fieldInvalid(`logging.vmodule[${index}]`, item.filePattern, 'File pattern must not contain equal sign or comma'));
  });
  return errors.map((error) => ({ message: fieldErrorMessage(error), fields: ['logging'] }));
}

/** cpuset.Parse's error for a CPU list such as "0-3,7", or undefined when it parses. */
function parseCpuSetError(text: string): string | undefined {
  for (const part of text.split(',')) {
    const bounds = part.split('-');
    if (bounds.length > 2) return `invalid range ${goQuote(part)}`;
    for (const bound of bounds) if (!/^[+-]?\d+$/.test(bound)) return `strconv.Atoi: parsing ${goQuote(bound)}: invalid syntax`;
    const [start, end] = bounds.map(Number);
    if (end !== undefined && (start as number) > end) return `invalid range ${goQuote(part)} (${start} > ${end})`;
  }
  return undefined;
}

function previousMinor(): string {
  const [major, minor] = kubernetesMinor.split('.').map(Number);
  return `${major}.${(minor as number) - 1}`;
}
