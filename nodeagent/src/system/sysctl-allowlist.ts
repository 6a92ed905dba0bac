// Pod sysctls as the kubelet admits them (pkg/kubelet/sysctl): the safe set, less the sysctls the
// running kernel does not namespace yet, plus the node's allowedUnsafeSysctls; anything else
// rejects the pod with reason SysctlForbidden.

import { goQuote } from '@capstan/common';
import type { PodSpec } from '@capstan/common/api-types/core-v1';
import { kernelAtLeast, type KernelVersion } from './kernel-version.ts';

export interface SafeSysctl {
  readonly name: string;
  /** The kernel that namespaced it, when that is newer than any the kubelet supports. */
  readonly minimumKernel?: string;
}

/** The safe sysctls of Kubernetes 1.35, in the kubelet's order. */
export const safeSysctls: readonly SafeSysctl[] = [
  { name: 'kernel.shm_rmid_forced' },
  { name: 'net.ipv4.ip_local_port_range' },
  { name: 'net.ipv4.tcp_syncookies' },
  { name: 'net.ipv4.ping_group_range' },
  { name: 'net.ipv4.ip_unprivileged_port_start' },
  { name: 'net.ipv4.ip_local_reserved_ports', minimumKernel: '3.16' },
  { name: 'net.ipv4.tcp_keepalive_time', minimumKernel: '4.5' },
  { name: 'net.ipv4.tcp_fin_timeout', minimumKernel: '4.6' },
  { name: 'net.ipv4.tcp_keepalive_intvl', minimumKernel: '4.5' },
  { name: 'net.ipv4.tcp_keepalive_probes', minimumKernel: '4.5' },
  { name: 'net.ipv4.tcp_rmem', minimumKernel: '4.15' },
  { name: 'net.ipv4.tcp_wmem', minimumKernel: '4.15' },
];

export const sysctlForbiddenReason = 'SysctlForbidden';

export interface SafeSysctlSelection {
  readonly allowed: readonly string[];
  /** Dropped for this kernel; the kubelet logs "kernel version is too old, dropping the sysctl from safe sysctl list". */
  readonly dropped: readonly SafeSysctl[];
}

/** SafeSysctlAllowlist: with an unknown kernel, every sysctl that needs a minimum kernel is dropped. */
export function safeSysctlAllowlist(kernel: KernelVersion | undefined): SafeSysctlSelection {
  const allowed: string[] = [];
  const dropped: SafeSysctl[] = [];
  for (const sysctl of safeSysctls) {
    if (sysctl.minimumKernel === undefined || (kernel !== undefined && kernelAtLeast(kernel, sysctl.minimumKernel))) allowed.push(sysctl.name);
    else dropped.push(sysctl);
  }
  return { allowed, dropped };
}

/** sysctl.NormalizeName: "net/ipv4/conf/eno2.100/rp_filter" is "net.ipv4.conf.eno2/100.rp_filter". */
export function normalizeSysctlName(name: string): string {
  const separator = /[./]/.exec(name);
  if (separator === null || separator[0] === '.') return name;
  return name.replace(/[./]/g, (ch) => (ch === '.' ? '/' : '.'));
}

type SysctlNamespace = 'ipc' | 'net';

const namespacedSysctls: ReadonlyMap<string, SysctlNamespace> = new Map([['kernel.sem', 'ipc']]);
const namespacedPrefixes: ReadonlyArray<readonly [string, SysctlNamespace]> = [
  ['kernel.shm', 'ipc'],
  ['kernel.msg', 'ipc'],
  ['fs.mqueue.', 'ipc'],
  ['net.', 'net'],
];

/** The kernel namespace a sysctl lives in, or undefined when it is not known to be namespaced. */
export function sysctlNamespace(name: string): SysctlNamespace | undefined {
  return namespacedSysctls.get(name) ?? namespacedPrefixes.find(([prefix]) => name.startsWith(prefix))?.[1];
}

const sysctlMaxLength = 253;
const segment = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
/** policy validation's SysctlContainSlashPatternFmt, which the kubelet quotes in its error. */
const sysctlPatternFormat = `(${segment}[\\./])*([a-z0-9][-_a-z0-9]*)?[a-z0-9*]`;
const sysctlPattern = new RegExp(`^${sysctlPatternFormat}$`);

export interface SysctlAllowlist {
  readonly sysctls: ReadonlyMap<string, SysctlNamespace>;
  readonly prefixes: ReadonlyMap<string, SysctlNamespace>;
}

/**
 * NewAllowlist from sysctls and patterns ending in "*" (the safe set plus allowedUnsafeSysctls).
 * Throws the kubelet's start-up errors for a bad pattern or one not known to be namespaced.
 */
export function newSysctlAllowlist(patterns: readonly string[]): SysctlAllowlist {
  const sysctls = new Map<string, SysctlNamespace>();
  const prefixes = new Map<string, SysctlNamespace>();
  for (const pattern of patterns) {
    if (pattern.length > sysctlMaxLength || !sysctlPattern.test(pattern)) {
      throw new Error(`sysctl ${goQuote(pattern)} must have at most ${sysctlMaxLength} characters and match regex ${sysctlPatternFormat}`);
    }
    const name = normalizeSysctlName(pattern);
    if (name.endsWith('*')) {
      const prefix = name.slice(0, -1);
      const namespace = sysctlNamespace(prefix);
      if (namespace === undefined) throw new Error(`the sysctls ${goQuote(name)} are not known to be namespaced`);
      prefixes.set(prefix, namespace);
    } else {
      const namespace = sysctlNamespace(name);
      if (namespace === undefined) throw new Error(`the sysctl ${goQuote(name)} are not known to be namespaced`);
      sysctls.set(name, namespace);
    }
  }
  return { sysctls, prefixes };
}

/** The allowlist the kubelet builds at start: the safe sysctls this kernel namespaces, then the unsafe ones allowed. */
export function nodeSysctlAllowlist(kernel: KernelVersion | undefined, allowedUnsafeSysctls: readonly string[] = []): SysctlAllowlist {
  return newSysctlAllowlist([...safeSysctlAllowlist(kernel).allowed, ...allowedUnsafeSysctls]);
}

/** Why a sysctl is refused for a pod, or undefined when it is allowed. */
export function sysctlRefusal(allowlist: SysctlAllowlist, sysctl: string, hostNetwork: boolean, hostIPC: boolean): string | undefined {
  const name = normalizeSysctlName(sysctl);
  const hostConflict = (namespace: SysctlNamespace): string | undefined =>
    (namespace === 'ipc' && hostIPC) || (namespace === 'net' && hostNetwork) ? `${goQuote(name)} not allowed with host ${namespace} enabled` : undefined;
  const exact = allowlist.sysctls.get(name);
  if (exact !== undefined) return hostConflict(exact);
  for (const [prefix, namespace] of allowlist.prefixes) {
    if (name.startsWith(prefix)) return hostConflict(namespace);
  }
  return `${goQuote(name)} not allowlisted`;
}

/** The part of a pod the sysctl admission reads. */
export interface PodSysctlSpec {
  readonly spec?: Pick<PodSpec, 'hostNetwork' | 'hostIPC' | 'securityContext'>;
}

export type PodAdmitResult = { readonly admit: true } | { readonly admit: false; readonly reason: string; readonly message: string };

/** The kubelet's sysctl admit handler: the first refused sysctl rejects the pod. */
export function admitPodSysctls(allowlist: SysctlAllowlist, pod: PodSysctlSpec): PodAdmitResult {
  const spec = pod.spec;
  for (const { name } of spec?.securityContext?.sysctls ?? []) {
    const refusal = sysctlRefusal(allowlist, name, spec?.hostNetwork === true, spec?.hostIPC === true);
    if (refusal !== undefined) return { admit: false, reason: sysctlForbiddenReason, message: `forbidden sysctl: ${refusal}` };
  }
  return { admit: true };
}
