// The Linux security settings the kubelet gives a sandbox and its containers: namespaces, users
// and groups, capabilities, masked paths, and the seccomp profile (the container's own over the
// pod's; RuntimeDefault when unset only with seccompDefault; Localhost profiles under
// <root-dir>/seccomp).

import { join } from 'node:path';
import type { MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import type { Container, SeccompProfile } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';

type NamespaceOption = MessageInit<cri.NamespaceOption>;

/** namespacesForPod: the node's namespaces where the pod asks for them. */
export function podNamespaces(pod: Pod, userNamespace?: MessageInit<cri.UserNamespace>): NamespaceOption {
  const spec = pod.spec;
  return {
    network: spec.hostNetwork === true ? 'NODE' : 'POD',
    pid: spec.hostPID === true ? 'NODE' : spec.shareProcessNamespace === true ? 'POD' : 'CONTAINER',
    ipc: spec.hostIPC === true ? 'NODE' : 'POD',
    ...(userNamespace === undefined ? {} : { usernsOptions: userNamespace }),
  };
}

export class SeccompProfileError extends Error {
  override name = 'SeccompProfileError';
}

/** fieldSeccompProfile. */
function fieldSeccompProfile(profile: SeccompProfile | undefined, profileRoot: string, fallbackToRuntimeDefault: boolean): MessageInit<cri.SecurityProfile> {
  if (profile === undefined) return { profileType: fallbackToRuntimeDefault ? 'RuntimeDefault' : 'Unconfined' };
  if (profile.type === 'RuntimeDefault') return { profileType: 'RuntimeDefault' };
  if (profile.type === 'Localhost') {
    if (profile.localhostProfile === undefined || profile.localhostProfile === '') {
      throw new SeccompProfileError('localhostProfile must be set if seccompProfile type is Localhost.');
    }
    return { profileType: 'Localhost', localhostRef: join(profileRoot, profile.localhostProfile) };
  }
  return { profileType: 'Unconfined' };
}

/** getSeccompProfile: the container's profile, else the pod's, else the default. */
export function seccompProfile(pod: Pod, container: Container | undefined, profileRoot: string, seccompDefault: boolean): MessageInit<cri.SecurityProfile> {
  const own = container?.securityContext?.seccompProfile;
  if (own !== undefined) return fieldSeccompProfile(own, profileRoot, seccompDefault);
  return fieldSeccompProfile(pod.spec.securityContext?.seccompProfile, profileRoot, seccompDefault);
}

/** The supplemental groups: the pod's, then its fsGroup. */
function supplementalGroups(pod: Pod): number[] {
  const context = pod.spec.securityContext;
  return [...(context?.fsGroup === undefined ? [] : [context.fsGroup]), ...(context?.supplementalGroups ?? [])];
}

const hasPrivilegedContainer = (pod: Pod): boolean =>
  [...(pod.spec.initContainers ?? []), ...pod.spec.containers].some((container) => container.securityContext?.privileged === true);

/** The sandbox's security context (generatePodSandboxLinuxConfig). */
export function sandboxSecurityContext(pod: Pod, namespaces: NamespaceOption, profileRoot: string, seccompDefault: boolean): MessageInit<cri.LinuxSandboxSecurityContext> {
  const context = pod.spec.securityContext;
  return {
    namespaceOptions: namespaces,
    privileged: hasPrivilegedContainer(pod),
    seccomp: seccompProfile(pod, undefined, profileRoot, seccompDefault),
    ...(context?.runAsUser === undefined ? {} : { runAsUser: { value: context.runAsUser } }),
    ...(context?.runAsGroup === undefined ? {} : { runAsGroup: { value: context.runAsGroup } }),
    ...(context?.seLinuxOptions === undefined ? {} : { selinuxOptions: context.seLinuxOptions }),
    supplementalGroups: supplementalGroups(pod),
    ...(context?.supplementalGroupsPolicy === 'Strict' ? { supplementalGroupsPolicy: 'Strict' as const } : {}),
  };
}

/** The paths masked and made read-only with the default /proc mount (securitycontext's defaults). */
const defaultMaskedPaths = [
  '/proc/asound',
  '/proc/acpi',
  '/proc/interrupts',
  '/proc/kcore',
  '/proc/keys',
  '/proc/latency_stats',
  '/proc/timer_list',
  '/proc/timer_stats',
  '/proc/sched_debug',
  '/proc/scsi',
  '/sys/firmware',
  '/sys/devices/virtual/powercap',
];
const defaultReadonlyPaths = ['/proc/bus', '/proc/fs', '/proc/irq', '/proc/sys', '/proc/sysrq-trigger'];

/** determineEffectiveSecurityContext: the container's settings over the pod's. */
export function containerSecurityContext(
  pod: Pod,
  container: Container,
  namespaces: NamespaceOption,
  profileRoot: string,
  seccompDefault: boolean,
): MessageInit<cri.LinuxContainerSecurityContext> {
  const podContext = pod.spec.securityContext;
  const own = container.securityContext;
  const runAsUser = own?.runAsUser ?? podContext?.runAsUser;
  const runAsGroup = own?.runAsGroup ?? podContext?.runAsGroup;
  const seLinux = own?.seLinuxOptions ?? podContext?.seLinuxOptions;
  const privileged = own?.privileged === true;
  // The runtime ignores them for a privileged container; the kubelet sends them all the same.
  const unmasked = own?.procMount === 'Unmasked';
  return {
    privileged,
    namespaceOptions: namespaces,
    seccomp: seccompProfile(pod, container, profileRoot, seccompDefault),
    ...(own?.capabilities === undefined ? {} : { capabilities: { addCapabilities: own.capabilities.add ?? [], dropCapabilities: own.capabilities.drop ?? [] } }),
    ...(runAsUser === undefined ? {} : { runAsUser: { value: runAsUser } }),
    ...(runAsGroup === undefined ? {} : { runAsGroup: { value: runAsGroup } }),
    ...(seLinux === undefined ? {} : { selinuxOptions: seLinux }),
    readonlyRootfs: own?.readOnlyRootFilesystem === true,
    supplementalGroups: supplementalGroups(pod),
    ...(podContext?.supplementalGroupsPolicy === 'Strict' ? { supplementalGroupsPolicy: 'Strict' as const } : {}),
    noNewPrivs: own?.allowPrivilegeEscalation === false,
    maskedPaths: unmasked ? [] : defaultMaskedPaths,
    readonlyPaths: unmasked ? [] : defaultReadonlyPaths,
  };
}
