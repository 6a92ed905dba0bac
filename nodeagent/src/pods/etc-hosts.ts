// The kubelet-managed /etc/hosts of a pod's containers (makeHostsMount): written to
// <root-dir>/pods/<uid>/etc-hosts (0644) and mounted read-write at /etc/hosts, unless the
// container mounts something there itself or the pod has no IP yet. A pod network pod gets the
// localhost entries, its IPs with its host name (and FQDN with a subdomain), then its hostAliases;
// a hostNetwork pod gets the node's own /etc/hosts under a header of its own, then its hostAliases.

import { readFile, writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';

export const etcHostsPath = '/etc/hosts';

const managedHostsHeader = '# Kubernetes-managed hosts file.\n';
const managedHostsHeaderWithHostNetwork = '# Kubernetes-managed hosts file (host network).\n';

export interface HostAlias {
  readonly ip?: string;
  readonly hostnames?: readonly string[];
}

/** shouldMountHostsFile and makeMounts' check: the pod has an IP (or the node's network), and the container does not mount /etc/hosts itself. */
export function shouldMountHostsFile(pod: Pod, container: Container, podIPs: readonly string[]): boolean {
  if (podIPs.length === 0 && pod.spec.hostNetwork !== true) return false;
  return !(container.volumeMounts ?? []).some((mount) => mount.mountPath === etcHostsPath);
}

/** GeneratePodHostNameAndDomain's domain: <subdomain>.<namespace>.svc.<cluster domain> with a subdomain, else none. */
export function podHostDomain(pod: Pod, clusterDomain: string): string {
  const subdomain = pod.spec.subdomain ?? '';
  return subdomain === '' ? '' : `${subdomain}.${pod.metadata.namespace}.svc.${clusterDomain}`;
}

function hostAliasEntries(aliases: readonly HostAlias[] | undefined): string {
  if (aliases === undefined || aliases.length === 0) return '';
  return `\n# Entries added by HostAliases.\n${aliases.map((alias) => `${alias.ip ?? ''}\t${(alias.hostnames ?? []).join('\t')}\n`).join('')}`;
}

/** managedHostsFileContent: the file of a pod on the pod network. */
export function managedHostsFileContent(podIPs: readonly string[], hostname: string, domain: string, aliases: readonly HostAlias[] | undefined): string {
  const names = domain === '' ? hostname : `${hostname}.${domain}\t${hostname}`;
  return (
    managedHostsHeader +
    '127.0.0.1\tlocalhost\n' +
    '::1\tlocalhost ip6-localhost ip6-loopback\n' +
    'fe00::0\tip6-localnet\n' +
    'fe00::0\tip6-mcastprefix\n' +
    'fe00::1\tip6-allnodes\n' +
    'fe00::2\tip6-allrouters\n' +
    podIPs.map((ip) => `${ip}\t${names}\n`).join('') +
    hostAliasEntries(aliases)
  );
}

/** nodeHostsFileContent: the file of a hostNetwork pod, the node's own hosts file inside. */
export function nodeHostsFileContent(nodeHosts: string, aliases: readonly HostAlias[] | undefined): string {
  return managedHostsHeaderWithHostNetwork + nodeHosts + hostAliasEntries(aliases);
}

/** ensureHostsFile: writes the pod's hosts file; answers its path. */
export async function ensureHostsFile(podDir: string, pod: Pod, podIPs: readonly string[], hostname: string, domain: string, nodeHostsFile = etcHostsPath): Promise<string> {
  const file = join(podDir, 'etc-hosts');
  const content =
    pod.spec.hostNetwork === true
      ? nodeHostsFileContent(await readFile(nodeHostsFile, 'utf8'), pod.spec.hostAliases)
      : managedHostsFileContent(podIPs, hostname, domain, pod.spec.hostAliases);
  await writeFile(file, content, { mode: 0o644 });
  await chmod(file, 0o644);
  return file;
}
