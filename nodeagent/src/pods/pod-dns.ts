// A pod's DNS settings as the kubelet's dns configurer gives them to its sandbox: by dnsPolicy,
// the cluster's DNS servers and search path (ClusterFirst), the node's resolv.conf (Default, and
// ClusterFirst for host-network pods), or nothing (None); then the pod's own dnsConfig merged in.

import { readFileSync } from 'node:fs';
import type { DNSConfig } from '../cri/index.ts';
import type { Pod } from './pod-types.ts';

export interface ClusterDNS {
  readonly clusterDNS: readonly string[];
  readonly clusterDomain: string;
  /** The node's resolv.conf ('' for none). */
  readonly resolvConf: string;
}

/** The kubelet's options for cluster DNS: ndots 5. */
const clusterFirstOptions = ['ndots:5'];
/** The kubelet keeps at most 32 search domains of at most 2048 characters in all. */
const maxSearchDomains = 32;
const maxSearchLength = 2048;

export interface ResolvConf {
  readonly servers: readonly string[];
  readonly searches: readonly string[];
  readonly options: readonly string[];
}

/** parseResolvConf: nameserver, search (and domain), options lines; comments and the rest ignored. */
export function parseResolvConf(text: string): ResolvConf {
  const servers: string[] = [];
  let searches: string[] = [];
  const options: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    const [keyword, ...fields] = line.split(/\s+/);
    if (keyword === 'nameserver' && fields[0] !== undefined) servers.push(fields[0]);
    else if (keyword === 'search' || keyword === 'domain') searches = fields.map((domain) => domain.replace(/\.$/, ''));
    else if (keyword === 'options') options.push(...fields);
  }
  return { servers, searches, options };
}

function hostResolvConf(path: string): ResolvConf {
  if (path === '') return { servers: [], searches: [], options: [] };
  try {
    return parseResolvConf(readFileSync(path, 'utf8'));
  } catch {
    return { servers: [], searches: [], options: [] };
  }
}

export type DnsPolicyResult = { readonly config: DNSConfig; readonly warning?: string };

/** GetPodDNS. `warning` is the MissingClusterDNS event's message when ClusterFirst falls back. */
export function podDNSConfig(pod: Pod, dns: ClusterDNS): DnsPolicyResult {
  const policy = pod.spec.dnsPolicy ?? 'ClusterFirst';
  let type: 'cluster' | 'host' | 'none';
  if (policy === 'None') type = 'none';
  else if (policy === 'ClusterFirstWithHostNet' || (policy === 'ClusterFirst' && pod.spec.hostNetwork !== true)) type = 'cluster';
  else type = 'host';
  let warning: string | undefined;
  if (type === 'cluster' && dns.clusterDNS.length === 0) {
    warning = `pod: "${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})". kubelet does not have ClusterDNS IP configured and cannot create Pod using "${policy}" policy. Falling back to "Default" policy.`;
    type = 'host';
  }
  let servers: string[] = [];
  let searches: string[] = [];
  let options: string[] = [];
  if (type !== 'none') {
    const host = hostResolvConf(dns.resolvConf);
    if (type === 'host') {
      servers = [...host.servers];
      searches = [...host.searches];
      options = [...host.options];
    } else {
      servers = [...dns.clusterDNS];
      const domain = dns.clusterDomain;
      searches = domain === '' ? [...host.searches] : [`${pod.metadata.namespace}.svc.${domain}`, `svc.${domain}`, domain, ...host.searches];
      options = [...clusterFirstOptions];
    }
  }
  const own = pod.spec.dnsConfig;
  if (own !== undefined) {
    servers = dedupe([...servers, ...(own.nameservers ?? [])]);
    searches = dedupe([...searches, ...(own.searches ?? [])]);
    options = mergeOptions(
      options,
      (own.options ?? []).map((option) => (option.value === undefined ? (option.name ?? '') : `${option.name ?? ''}:${option.value}`)),
    );
  }
  return { config: { servers, searches: trimSearches(searches), options }, ...(warning === undefined ? {} : { warning }) };
}

const dedupe = (values: readonly string[]): string[] => [...new Set(values)];

/** mergeDNSOptions: the pod's options replace the ones of the same name. */
function mergeOptions(base: readonly string[], extra: readonly string[]): string[] {
  const byName = new Map<string, string>();
  for (const option of [...base, ...extra]) byName.set(option.split(':')[0] as string, option);
  return [...byName.values()];
}

function trimSearches(searches: readonly string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const search of searches.slice(0, maxSearchDomains)) {
    if (length + search.length + (kept.length > 0 ? 1 : 0) > maxSearchLength) break;
    length += search.length + (kept.length > 0 ? 1 : 0);
    kept.push(search);
  }
  return kept;
}

/** GeneratePodHostNameAndDomain's host name: spec.hostname or the pod's name, at most 63 characters. */
export function podHostname(pod: Pod): string {
  const name = pod.spec.hostname ?? pod.metadata.name;
  return name.length <= 63 ? name : name.slice(0, 63).replace(/[-.]+$/, '');
}
