// The checks of the baseline level of the Pod Security Standards, as Kubernetes 1.35 has them
// (k8s.io/pod-security-admission/policy): what a pod may not do to escape its isolation, each
// with the policy versions its variants apply from and kube's wording of what it finds.

import { goQuote } from '@capstan/common';
import type { PodSpec, SELinuxOptions } from '@capstan/common/api-types/core-v1';
import { containersText, joinQuote, pluralize, settersText, sortedSet } from './check-text.ts';
import { containersWhere, inUserNamespace, podContainers, type Check, type PodCheck, type Violation } from './pod-check.ts';

const appArmorAnnotationPrefix = 'container.apparmor.security.beta.kubernetes.io/';
const allowedAppArmorTypes: ReadonlySet<string> = new Set(['RuntimeDefault', 'Localhost']);
const allowedAppArmorAnnotation = (value: string): boolean => value === '' || value === 'runtime/default' || value.startsWith('localhost/');

/** AppArmor may only be the runtime's default or a profile of the node, by field or (deprecated) annotation. */
const appArmorProfile: PodCheck = (metadata, spec) => {
  const badValues = new Set<string>();
  const badType = (type: string | undefined): boolean => {
    if (allowedAppArmorTypes.has(type ?? '')) return false;
    badValues.add(type ?? '');
    return true;
  };
  const podType = spec.securityContext?.appArmorProfile;
  const pod = podType != null && badType(podType.type);
  const containers = containersWhere(spec, (c) => c.securityContext?.appArmorProfile != null && badType(c.securityContext.appArmorProfile.type));
  const annotations = Object.entries(metadata.annotations ?? {})
    .filter(([key, value]) => key.startsWith(appArmorAnnotationPrefix) && !allowedAppArmorAnnotation(value))
    .map(([key, value]) => `${key}=${goQuote(value)}`);
  const values = [...sortedSet(badValues), ...sortedSet(annotations)];
  const setters = settersText(pod, containers, ...(annotations.length > 0 ? [pluralize('annotation', 'annotations', annotations.length)] : []));
  if (setters.length === 0) return undefined;
  return {
    reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length),
    detail: `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`,
  };
};

const defaultCapabilities: ReadonlySet<string> = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

/** Capabilities beyond the runtime's default set may not be added. */
const capabilitiesBaseline: PodCheck = (_metadata, spec) => {
  const added = new Set<string>();
  const containers = containersWhere(spec, (c) => {
    const extra = (c.securityContext?.capabilities?.add ?? []).filter((capability) => !defaultCapabilities.has(capability));
    for (const capability of extra) added.add(capability);
    return extra.length > 0;
  });
  if (containers.length === 0) return undefined;
  return { reason: 'non-default capabilities', detail: `${containersText(containers)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add` };
};

/** The host's network, PID and IPC namespaces may not be shared. */
const hostNamespaces: PodCheck = (_metadata, spec) => {
  const shared = [spec.hostNetwork === true && 'hostNetwork=true', spec.hostPID === true && 'hostPID=true', spec.hostIPC === true && 'hostIPC=true'].filter(
    (text): text is string => text !== false,
  );
  return shared.length === 0 ? undefined : { reason: 'host namespaces', detail: shared.join(', ') };
};

/** No hostPath volumes. */
const hostPathVolumes: PodCheck = (_metadata, spec) => {
  const volumes = (spec.volumes ?? []).filter((volume) => volume.hostPath != null).map((volume) => volume.name);
  if (volumes.length === 0) return undefined;
  return { reason: 'hostPath volumes', detail: `${pluralize('volume', 'volumes', volumes.length)} ${joinQuote(volumes)}` };
};

/** No ports of the host. */
const hostPorts: PodCheck = (_metadata, spec) => {
  const ports = new Set<string>();
  const containers = containersWhere(spec, (c) => {
    const used = (c.ports ?? []).filter((port) => (port.hostPort ?? 0) !== 0);
    for (const port of used) ports.add(String(port.hostPort));
    return used.length > 0;
  });
  if (containers.length === 0) return undefined;
  return {
    reason: 'hostPort',
    detail: `${containersText(containers)} ${pluralize('uses', 'use', containers.length)} ${pluralize('hostPort', 'hostPorts', ports.size)} ${sortedSet(ports).join(', ')}`,
  };
};

interface HostHandler {
  readonly httpGet?: { readonly host?: string } | null;
  readonly tcpSocket?: { readonly host?: string } | null;
}

/** The hosts a probe or lifecycle handler reaches other than the pod's own. */
const handlerHosts = (handler: HostHandler | null | undefined): string[] =>
  [handler?.httpGet?.host, handler?.tcpSocket?.host].filter((host): host is string => host !== undefined && host !== null && host !== '');

/** Probes and lifecycle handlers may not reach another host (policy v1.34). */
const hostProbesAndHostLifecycle: PodCheck = (_metadata, spec) => {
  const containers = new Set<string>();
  const hosts = new Set<string>();
  for (const c of podContainers(spec)) {
    const found = [c.livenessProbe, c.readinessProbe, c.startupProbe, c.lifecycle?.postStart, c.lifecycle?.preStop].flatMap(handlerHosts);
    if (found.length === 0) continue;
    containers.add(c.name);
    for (const host of found) hosts.add(host);
  }
  if (containers.size === 0) return undefined;
  return {
    reason: 'probe or lifecycle host',
    detail: `${containersText(sortedSet(containers))} ${pluralize('uses', 'use', containers.size)} ${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', hosts.size)} ${joinQuote(sortedSet(hosts))}`,
  };
};

/** No privileged containers. */
const privileged: PodCheck = (_metadata, spec) => {
  const containers = containersWhere(spec, (c) => c.securityContext?.privileged === true);
  if (containers.length === 0) return undefined;
  return { reason: 'privileged', detail: `${containersText(containers)} must not set securityContext.privileged=true` };
};

/** /proc keeps its default masks. Shared by the restricted level, where it holds in user namespaces too. */
export const procMountDefault: PodCheck = (_metadata, spec) => {
  const types = new Set<string>();
  const containers = containersWhere(spec, (c) => {
    const procMount = c.securityContext?.procMount;
    if (procMount == null || procMount === 'Default') return false;
    types.add(procMount);
    return true;
  });
  if (containers.length === 0) return undefined;
  return { reason: 'procMount', detail: `${containersText(containers)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}` };
};

const selinuxTypes = ['', 'container_t', 'container_init_t', 'container_kvm_t'];

/** SELinux: only the container types, and no user or role. */
const seLinuxOptionsAllowing =
  (allowedTypes: ReadonlySet<string>): PodCheck =>
  (_metadata, spec) => {
    const badTypes = new Set<string>();
    let setUser = false;
    let setRole = false;
    const forbidden = (options: SELinuxOptions | null | undefined): boolean => {
      if (options == null) return false;
      let bad = false;
      if (!allowedTypes.has(options.type ?? '')) {
        badTypes.add(options.type ?? '');
        bad = true;
      }
      if ((options.user ?? '') !== '') bad = setUser = true;
      if ((options.role ?? '') !== '') bad = setRole = true;
      return bad;
    };
    const pod = forbidden(spec.securityContext?.seLinuxOptions);
    const containers = containersWhere(spec, (c) => forbidden(c.securityContext?.seLinuxOptions));
    const setters = settersText(pod, containers);
    if (setters.length === 0) return undefined;
    const what = [
      ...(badTypes.size > 0 ? [`${pluralize('type', 'types', badTypes.size)} ${joinQuote(sortedSet(badTypes))}`] : []),
      ...(setUser ? ['user may not be set'] : []),
      ...(setRole ? ['role may not be set'] : []),
    ];
    return { reason: 'seLinuxOptions', detail: `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${what.join('; ')}` };
  };

const seccompPodAnnotation = 'seccomp.security.alpha.kubernetes.io/pod';
const seccompContainerAnnotationPrefix = 'container.seccomp.security.alpha.kubernetes.io/';
const allowedSeccompAnnotation = (value: string): boolean => value === 'runtime/default' || value === 'docker/default' || value.startsWith('localhost/');

/** Before policy v1.19, seccomp was set by annotations: only the runtime's default or a node's profile. */
const seccompAnnotations: PodCheck = (metadata, spec) => {
  const annotations = metadata.annotations ?? {};
  const keys = [seccompPodAnnotation, ...podContainers(spec).map((c) => seccompContainerAnnotationPrefix + c.name)];
  const forbidden = keys.filter((key) => key in annotations && !allowedSeccompAnnotation(annotations[key] ?? '')).map((key) => `${key}=${goQuote(annotations[key] ?? '')}`);
  if (forbidden.length === 0) return undefined;
  const sorted = sortedSet(forbidden);
  return { reason: 'seccompProfile', detail: `forbidden ${pluralize('annotation', 'annotations', sorted.length)} ${sorted.join(', ')}` };
};

export const allowedSeccompTypes: ReadonlySet<string> = new Set(['RuntimeDefault', 'Localhost']);

/**
 * The pod's and containers' seccomp types that are set and not allowed: who sets them and which
 * (shared by the restricted check, which also requires one to be set).
 */
export function forbiddenSeccompTypes(spec: PodSpec): { readonly pod: boolean; readonly containers: string[]; readonly types: Set<string> } {
  const types = new Set<string>();
  const bad = (profile: { readonly type?: string } | null | undefined): boolean => {
    if (profile == null || allowedSeccompTypes.has(profile.type ?? '')) return false;
    types.add(profile.type ?? '');
    return true;
  };
  const pod = bad(spec.securityContext?.seccompProfile);
  const containers = containersWhere(spec, (c) => bad(c.securityContext?.seccompProfile));
  return { pod, containers, types };
}

export const seccompTypeViolation = (setters: readonly string[], types: Set<string>): Violation => ({
  reason: 'seccompProfile',
  detail: `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(types))}`,
});

/** From policy v1.19: a seccomp profile, where set, is the runtime's default or a node's. */
const seccompProfileBaseline: PodCheck = (_metadata, spec) => {
  const { pod, containers, types } = forbiddenSeccompTypes(spec);
  const setters = settersText(pod, containers);
  return setters.length === 0 ? undefined : seccompTypeViolation(setters, types);
};

const safeSysctls10 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const safeSysctls127 = [...safeSysctls10, 'net.ipv4.ip_local_reserved_ports'];
const safeSysctls129 = [...safeSysctls127, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const safeSysctls132 = [...safeSysctls129, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

/** Only the sysctls namespaced to the pod and isolated from other pods. */
const sysctlsAllowing =
  (safe: readonly string[]): PodCheck =>
  (_metadata, spec) => {
    const forbidden = (spec.securityContext?.sysctls ?? []).map((sysctl) => sysctl.name).filter((name) => !safe.includes(name));
    return forbidden.length === 0 ? undefined : { reason: 'forbidden sysctls', detail: forbidden.join(', ') };
  };

/** No Windows host processes. */
const windowsHostProcess: PodCheck = (_metadata, spec) => {
  const pod = spec.securityContext?.windowsOptions?.hostProcess === true;
  const containers = containersWhere(spec, (c) => c.securityContext?.windowsOptions?.hostProcess === true);
  const setters = settersText(pod, containers);
  if (setters.length === 0) return undefined;
  return { reason: 'hostProcess', detail: `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true` };
};

export const baselineChecks: readonly Check[] = [
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minimumMinor: 0, check: appArmorProfile }] },
  { id: 'capabilities_baseline', level: 'baseline', versions: [{ minimumMinor: 0, check: capabilitiesBaseline }] },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minimumMinor: 0, check: hostNamespaces }] },
  { id: 'hostPathVolumes', level: 'baseline', versions: [{ minimumMinor: 0, check: hostPathVolumes }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minimumMinor: 0, check: hostPorts }] },
  { id: 'hostProbesAndHostLifecycle', level: 'baseline', versions: [{ minimumMinor: 34, check: hostProbesAndHostLifecycle }] },
  { id: 'privileged', level: 'baseline', versions: [{ minimumMinor: 0, check: privileged }] },
  {
    id: 'procMount',
    level: 'baseline',
    versions: [
      { minimumMinor: 0, check: procMountDefault },
      // In a user namespace, /proc unmasked exposes nothing of the host.
      { minimumMinor: 35, check: (metadata, spec) => (inUserNamespace(spec) ? undefined : procMountDefault(metadata, spec)) },
    ],
  },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    versions: [
      { minimumMinor: 0, check: seLinuxOptionsAllowing(new Set(selinuxTypes)) },
      { minimumMinor: 31, check: seLinuxOptionsAllowing(new Set([...selinuxTypes, 'container_engine_t'])) },
    ],
  },
  {
    id: 'seccompProfile_baseline',
    level: 'baseline',
    versions: [
      { minimumMinor: 0, check: seccompAnnotations },
      { minimumMinor: 19, check: seccompProfileBaseline },
    ],
  },
  {
    id: 'sysctls',
    level: 'baseline',
    versions: [
      { minimumMinor: 0, check: sysctlsAllowing(safeSysctls10) },
      { minimumMinor: 27, check: sysctlsAllowing(safeSysctls127) },
      { minimumMinor: 29, check: sysctlsAllowing(safeSysctls129) },
      { minimumMinor: 32, check: sysctlsAllowing(safeSysctls132) },
    ],
  },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minimumMinor: 0, check: windowsHostProcess }] },
];
