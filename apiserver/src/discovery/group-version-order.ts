// The order discovery lists API groups and versions in: kube's built-in APIService group
// priorities (highest first, ties by name) and its kube-aware version order (GA > beta > alpha).

/**
 * GroupPriorityMinimum of kube-apiserver's auto-registered APIServices (cmd/kube-apiserver's
 * apiVersionPriorities merged over controlplane's DefaultGenericAPIServicePriorities).
 * apiregistration.k8s.io is the aggregator's own group, which it always lists first.
 */
const builtinGroupPriorities: ReadonlyMap<string, number> = new Map([
  ['', 18000],
  ['apiregistration.k8s.io', 18000],
  ['apps', 17800],
  ['events.k8s.io', 17750],
  ['authentication.k8s.io', 17700],
  ['authorization.k8s.io', 17600],
  ['autoscaling', 17500],
  ['batch', 17400],
  ['certificates.k8s.io', 17300],
  ['networking.k8s.io', 17200],
  ['policy', 17100],
  ['rbac.authorization.k8s.io', 17000],
  ['storage.k8s.io', 16800],
  ['admissionregistration.k8s.io', 16700],
  ['apiextensions.k8s.io', 16700],
  ['scheduling.k8s.io', 16600],
  ['coordination.k8s.io', 16500],
  ['node.k8s.io', 16300],
  ['discovery.k8s.io', 16200],
  ['resource.k8s.io', 16200],
  ['flowcontrol.apiserver.k8s.io', 16100],
  ['internal.apiserver.k8s.io', 16000],
  ['storagemigration.k8s.io', 15800],
]);

/** kube's crdregistration controller registers CRD groups at GroupPriorityMinimum 1000. */
const defaultGroupPriority = 1000;

export function groupPriority(group: string): number {
  return builtinGroupPriorities.get(group) ?? defaultGroupPriority;
}

/** Sort comparator for group names: apiregistration.k8s.io first, then priority desc, then name. */
export function compareGroups(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'apiregistration.k8s.io') return -1;
  if (b === 'apiregistration.k8s.io') return 1;
  const byPriority = groupPriority(b) - groupPriority(a);
  if (byPriority !== 0) return byPriority;
  return a < b ? -1 : 1;
}

const kubeVersion = /^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$/;

interface ParsedVersion {
  /** 2 for GA, 1 for beta, 0 for alpha. */
  readonly stability: number;
  readonly major: number;
  readonly minor: number;
}

function parseVersion(version: string): ParsedVersion | undefined {
  const match = kubeVersion.exec(version);
  if (match === null) return undefined;
  const stability = match[2] === undefined ? 2 : match[2] === 'beta' ? 1 : 0;
  return { stability, major: Number(match[1]), minor: match[3] === undefined ? 0 : Number(match[3]) };
}

/**
 * Sort comparator putting the most preferred version first, as apimachinery's
 * CompareKubeAwareVersionStrings: v10, v2, v1, v11beta2, v10beta3, v3beta1, v12alpha1, v11alpha2,
 * then anything else in lexical order.
 */
export function compareKubeAwareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (pa === undefined && pb === undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (pa === undefined) return 1;
  if (pb === undefined) return -1;
  if (pa.stability !== pb.stability) return pb.stability - pa.stability;
  if (pa.major !== pb.major) return pb.major - pa.major;
  return pb.minor - pa.minor;
}
