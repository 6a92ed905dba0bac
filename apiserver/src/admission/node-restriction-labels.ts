// The Node labels a node agent may not set or change itself (kube's NodeRestriction
// getForbiddenLabels): those under node-restriction.kubernetes.io/, meant for administrators to
// steer workloads to nodes with, and any other kubernetes.io or k8s.io label that is not one of the
// kubelet's own (kube's IsKubeletLabel).

/** The labels the kubelet sets itself (kube's kubeletLabels). */
const kubeletLabels: ReadonlySet<string> = new Set([
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'beta.kubernetes.io/instance-type',
  'node.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
]);

const kubeletLabelNamespaces = ['kubelet.kubernetes.io', 'node.kubernetes.io'];

const nodeRestrictionNamespace = 'node-restriction.kubernetes.io';

/** The prefix of a label key, "" when it has none. */
const namespaceOf = (key: string): string => {
  const slash = key.indexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
};

/** Whether a label's prefix is the domain or one of its subdomains. */
const isUnder = (namespace: string, domain: string): boolean => namespace === domain || namespace.endsWith(`.${domain}`);

const isKubeletLabel = (key: string): boolean => kubeletLabels.has(key) || kubeletLabelNamespaces.some((domain) => isUnder(namespaceOf(key), domain));

const isKubernetesLabel = (key: string): boolean => isUnder(namespaceOf(key), 'kubernetes.io') || isUnder(namespaceOf(key), 'k8s.io');

/** The keys whose value differs between the two label sets (added, removed or changed). */
export function modifiedLabels(labels: Readonly<Record<string, unknown>>, old: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(labels), ...Object.keys(old)]);
  return [...keys].filter((key) => labels[key] !== old[key]);
}

/** The modified labels a node may not touch, sorted (kube lists them so). */
export function forbiddenNodeLabels(modified: readonly string[]): string[] {
  return modified.filter((key) => isUnder(namespaceOf(key), nodeRestrictionNamespace) || (isKubernetesLabel(key) && !isKubeletLabel(key))).sort();
}
