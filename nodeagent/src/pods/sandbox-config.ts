// generatePodSandboxConfig: what the kubelet runs a pod's sandbox with: its identity and attempt,
// host name (none for host-network pods), log directory, DNS, port mappings, the labels and
// annotations it finds the pod by again, sysctls and the Linux security context.

import { join } from 'node:path';
import type { MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { podDNSConfig, podHostname, type ClusterDNS } from './pod-dns.ts';
import type { Pod } from './pod-types.ts';
import { sandboxLabels } from './runtime-labels.ts';
import { podNamespaces, sandboxSecurityContext } from './security-context.ts';

export interface SandboxSettings {
  readonly dns: ClusterDNS;
  /** podLogsDir: /var/log/pods by default. */
  readonly podLogsDir: string;
  /** <root-dir>/seccomp. */
  readonly seccompProfileRoot: string;
  readonly seccompDefault: boolean;
}

/** BuildPodLogsDirectory: <podLogsDir>/<namespace>_<name>_<uid>. */
export const podLogsDirectory = (podLogsDir: string, pod: Pod): string => join(podLogsDir, `${pod.metadata.namespace}_${pod.metadata.name}_${pod.metadata.uid}`);

/** MakePortMappings of every container: one mapping per named (or distinct unnamed) port. */
function portMappings(pod: Pod): MessageInit<cri.PortMapping>[] {
  const mappings: MessageInit<cri.PortMapping>[] = [];
  for (const container of pod.spec.containers) {
    const names = new Set<string>();
    for (const port of container.ports ?? []) {
      const protocol = port.protocol ?? 'TCP';
      const name = port.name ?? `${protocol}-${port.hostIP ?? ''}:${port.containerPort}:${port.hostPort ?? 0}`;
      if (names.has(name)) continue;
      names.add(name);
      mappings.push({ protocol: protocol as cri.Protocol, containerPort: port.containerPort, hostPort: port.hostPort ?? 0, hostIp: port.hostIP ?? '' });
    }
  }
  return mappings;
}

export interface GeneratedSandboxConfig {
  readonly config: MessageInit<cri.PodSandboxConfig>;
  /** MissingClusterDNS, when ClusterFirst fell back to the node's resolv.conf. */
  readonly dnsWarning?: string;
}

export function generatePodSandboxConfig(pod: Pod, attempt: number, settings: SandboxSettings, userNamespace?: MessageInit<cri.UserNamespace>): GeneratedSandboxConfig {
  const dns = podDNSConfig(pod, settings.dns);
  const namespaces = podNamespaces(pod, userNamespace);
  const sysctls = Object.fromEntries((pod.spec.securityContext?.sysctls ?? []).map((sysctl) => [sysctl.name, sysctl.value]));
  const config: MessageInit<cri.PodSandboxConfig> = {
    metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid, attempt },
    ...(pod.spec.hostNetwork === true ? {} : { hostname: podHostname(pod) }),
    logDirectory: podLogsDirectory(settings.podLogsDir, pod),
    dnsConfig: dns.config,
    portMappings: portMappings(pod),
    labels: sandboxLabels(pod),
    annotations: pod.metadata.annotations ?? {},
    linux: {
      securityContext: sandboxSecurityContext(pod, namespaces, settings.seccompProfileRoot, settings.seccompDefault),
      sysctls,
    },
  };
  return { config, ...(dns.warning === undefined ? {} : { dnsWarning: dns.warning }) };
}
