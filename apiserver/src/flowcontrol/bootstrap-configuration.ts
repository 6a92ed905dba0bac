// kube-apiserver's bootstrap API priority and fairness configuration (k8s.io/apiserver's
// apis/flowcontrol/bootstrap): the mandatory FlowSchemas and PriorityLevelConfigurations the
// server always restores, and the suggested ones it creates when missing. Each carries the
// autoupdate annotation "true", as kube's do. The specs are already in their v1 defaulted form.

import type { JsonObject } from '../registry/object-meta.ts';

/** The annotation that says whether the server keeps an object's spec (kube's AutoUpdateAnnotationKey). */
export const autoUpdateAnnotation = 'apf.kubernetes.io/autoupdate-spec';

const everyResource = { verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true };
const everyNonResource = { verbs: ['*'], nonResourceURLs: ['*'] };
const groups = (...names: string[]) => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]) => names.map((name) => ({ kind: 'User', user: { name } }));
const kubeSystemServiceAccounts = [{ kind: 'ServiceAccount', serviceAccount: { name: '*', namespace: 'kube-system' } }];

function withMeta(name: string, spec: JsonObject): JsonObject {
  return { metadata: { name, annotations: { [autoUpdateAnnotation]: 'true' } }, spec };
}

function flowSchema(name: string, level: string, matchingPrecedence: number, distinguisher: string | undefined, rule: JsonObject): JsonObject {
  return withMeta(name, {
    priorityLevelConfiguration: { name: level },
    matchingPrecedence,
    ...(distinguisher === undefined ? {} : { distinguisherMethod: { type: distinguisher } }),
    rules: [rule],
  });
}

function queuingLevel(name: string, shares: number, lendablePercent: number, queues: number, handSize: number): JsonObject {
  return withMeta(name, {
    type: 'Limited',
    limited: { nominalConcurrencyShares: shares, lendablePercent, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } } },
  });
}

export const mandatoryPriorityLevels: readonly JsonObject[] = [
  withMeta('catch-all', { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } }),
  withMeta('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } }),
];

export const mandatoryFlowSchemas: readonly JsonObject[] = [
  flowSchema('exempt', 'exempt', 1, undefined, { subjects: groups('system:masters'), resourceRules: [everyResource], nonResourceRules: [everyNonResource] }),
  flowSchema('catch-all', 'catch-all', 10000, 'ByUser', {
    subjects: groups('system:unauthenticated', 'system:authenticated'),
    resourceRules: [everyResource],
    nonResourceRules: [everyNonResource],
  }),
];

export const suggestedPriorityLevels: readonly JsonObject[] = [
  queuingLevel('system', 30, 33, 64, 6),
  queuingLevel('node-high', 40, 25, 64, 6),
  queuingLevel('leader-election', 10, 0, 16, 4),
  queuingLevel('workload-high', 40, 50, 128, 6),
  queuingLevel('workload-low', 100, 90, 128, 6),
  queuingLevel('global-default', 20, 50, 128, 6),
];

const everything = { resourceRules: [everyResource], nonResourceRules: [everyNonResource] };

export const suggestedFlowSchemas: readonly JsonObject[] = [
  flowSchema('system-nodes', 'system', 500, 'ByUser', { subjects: groups('system:nodes'), ...everything }),
  flowSchema('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groups('system:nodes'),
    resourceRules: [
      { verbs: ['*'], apiGroups: [''], resources: ['nodes', 'nodes/status'], namespaces: ['*'], clusterScope: true },
      { verbs: ['*'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] },
    ],
  }),
  flowSchema('probes', 'exempt', 2, undefined, {
    subjects: groups('system:unauthenticated', 'system:authenticated'),
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
  }),
  flowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...users('system:kube-controller-manager', 'system:kube-scheduler'), ...kubeSystemServiceAccounts],
    resourceRules: [{ verbs: ['get', 'create', 'update'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] }],
  }),
  flowSchema('kube-controller-manager', 'workload-high', 800, 'ByNamespace', { subjects: users('system:kube-controller-manager'), ...everything }),
  flowSchema('kube-scheduler', 'workload-high', 800, 'ByNamespace', { subjects: users('system:kube-scheduler'), ...everything }),
  flowSchema('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', { subjects: kubeSystemServiceAccounts, ...everything }),
  flowSchema('service-accounts', 'workload-low', 9000, 'ByUser', { subjects: groups('system:serviceaccounts'), ...everything }),
  flowSchema('global-default', 'global-default', 9900, 'ByUser', { subjects: groups('system:unauthenticated', 'system:authenticated'), ...everything }),
];
