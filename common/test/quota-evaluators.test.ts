// kube's quota evaluators and arithmetic (pkg/quota/v1/evaluator/core, k8s.io/apiserver/pkg/quota/v1):
// what a pod, service or claim uses under which names, which scopes an object falls in, what a
// quota makes containers set, and the sums and messages of resource lists.

import test from 'ava';
import {
  calculateUsage,
  lessThanOrEqual,
  prettyPrintResourceList,
  QuotaEvaluators,
  resourceListJson,
  resourceListOf,
  scopeRequirementsOf,
  subtractWithNonNegativeResult,
} from '../src/quota/index.ts';

const evaluators = new QuotaEvaluators();
const pods = evaluators.of('', 'pods');
const services = evaluators.of('', 'services');
const claims = evaluators.of('', 'persistentvolumeclaims');
const now = new Date('2026-01-01T00:00:00Z');

const usageOf = (evaluator: typeof pods, object: Record<string, unknown>) => resourceListJson(evaluator?.usage(object, now) ?? {});

test('a pod uses its containers sum, or its largest init container with the sidecars before it, plus its overhead', (t) => {
  const pod = {
    spec: {
      initContainers: [
        { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '100m', memory: '64Mi' } } },
        { name: 'setup', resources: { requests: { cpu: '2' }, limits: { cpu: '3' } } },
      ],
      containers: [
        { name: 'a', resources: { requests: { cpu: '250m', 'hugepages-2Mi': '4Mi', 'example.com/gpu': '1' }, limits: { cpu: '500m', memory: '1Gi' } } },
        { name: 'b', resources: { requests: { cpu: '250m', 'ephemeral-storage': '1Gi' } } },
      ],
      overhead: { cpu: '10m' },
    },
  };
  t.deepEqual(usageOf(pods, pod), {
    'count/pods': '1',
    cpu: '2110m',
    'ephemeral-storage': '1Gi',
    'hugepages-2Mi': '4Mi',
    'limits.cpu': '3010m',
    'limits.memory': '1Gi',
    memory: '64Mi',
    pods: '1',
    'requests.cpu': '2110m',
    'requests.ephemeral-storage': '1Gi',
    'requests.example.com/gpu': '1',
    'requests.hugepages-2Mi': '4Mi',
    'requests.memory': '64Mi',
  });
  // An ended pod, or one past its deletion grace period, counts only as an object.
  t.deepEqual(usageOf(pods, { ...pod, status: { phase: 'Succeeded' } }), { 'count/pods': '1' });
  t.deepEqual(usageOf(pods, { ...pod, metadata: { deletionTimestamp: '2025-12-31T23:59:00Z', deletionGracePeriodSeconds: 30 } }), { 'count/pods': '1' });
});

test('a quota makes every container set the cpu and memory requests and limits it constrains, in kube words', (t) => {
  const pod = {
    spec: { containers: [{ name: 'b', resources: { limits: { cpu: '1' } } }, { name: 'a' }], initContainers: [{ name: 'init', resources: { requests: { memory: '1Mi' } } }] },
  };
  t.is(
    pods?.constraints(['requests.cpu', 'limits.cpu', 'pods', 'requests.memory'], pod),
    'must specify limits.cpu for: a,init; requests.cpu for: a,b,init; requests.memory for: a,b',
  );
  t.is(pods?.constraints(['pods', 'count/pods'], pod), undefined);
});

test('scopes: terminating, best effort, priority class by operator, cross-namespace affinity', (t) => {
  const scoped = (spec: Record<string, unknown>) => scopeRequirementsOf({ spec });
  const matches = (spec: Record<string, unknown>, pod: Record<string, unknown>) => scoped(spec).every((requirement) => pods?.matchesScope(requirement, pod));
  const bestEffort = { spec: { containers: [{ name: 'c' }], activeDeadlineSeconds: 10 } };
  const burstable = { spec: { containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }], priorityClassName: 'high' } };
  t.true(matches({ scopes: ['Terminating', 'BestEffort'] }, bestEffort));
  t.false(matches({ scopes: ['NotTerminating'] }, bestEffort));
  t.true(matches({ scopes: ['NotBestEffort', 'NotTerminating'] }, burstable));
  const priority = (operator: string, values?: string[]) => ({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator, ...(values ? { values } : {}) }] } });
  t.true(matches(priority('In', ['high', 'low']), burstable));
  t.false(matches(priority('In', ['high']), bestEffort));
  t.true(matches(priority('NotIn', ['high']), bestEffort));
  t.false(matches(priority('NotIn', ['high']), burstable));
  t.true(matches(priority('Exists'), burstable));
  t.true(matches(priority('DoesNotExist'), bestEffort));
  const affinity = {
    spec: { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { namespaceSelector: {}, topologyKey: 'k' } }] } } },
  };
  t.true(matches({ scopes: ['CrossNamespacePodAffinity'] }, affinity));
  t.false(matches({ scopes: ['CrossNamespacePodAffinity'] }, burstable));
});

test('services count node ports and load balancers; claims count storage, also by storage class', (t) => {
  const ports = [{ port: 80 }, { port: 81, nodePort: 30001 }];
  t.deepEqual(usageOf(services, { spec: { type: 'NodePort', ports } }), { 'count/services': '1', services: '1', 'services.loadbalancers': '0', 'services.nodeports': '2' });
  t.deepEqual(usageOf(services, { spec: { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports } }), {
    'count/services': '1',
    services: '1',
    'services.loadbalancers': '1',
    'services.nodeports': '1',
  });
  t.deepEqual(usageOf(claims, { spec: { storageClassName: 'fast', resources: { requests: { storage: '1500m' } } } }), {
    'count/persistentvolumeclaims': '1',
    'fast.storageclass.storage.k8s.io/persistentvolumeclaims': '1',
    'fast.storageclass.storage.k8s.io/requests.storage': '2',
    persistentvolumeclaims: '1',
    'requests.storage': '2',
  });
  t.deepEqual(claims?.matchingResources(['requests.storage', 'gold.storageclass.storage.k8s.io/requests.storage', 'pods']), [
    'requests.storage',
    'gold.storageclass.storage.k8s.io/requests.storage',
  ]);
  // Any other resource is counted per object created, and only on create.
  const deployments = evaluators.of('apps', 'deployments');
  t.deepEqual(usageOf(deployments, {}), { 'count/deployments.apps': '1' });
  t.false(deployments?.handles('UPDATE', '', {}, {}));
  t.is(evaluators.of('', 'events'), undefined);
});

test('resource lists add, subtract without going below zero, compare and print as kube does', async (t) => {
  const used = resourceListOf({ 'requests.cpu': '950m', pods: '2' });
  t.deepEqual(resourceListJson(subtractWithNonNegativeResult(used, resourceListOf({ 'requests.cpu': '1', memory: '1Gi' }))), { memory: '0', pods: '2', 'requests.cpu': '0' });
  t.deepEqual(lessThanOrEqual(resourceListOf({ 'requests.cpu': '1050m', pods: '2' }), resourceListOf({ 'requests.cpu': '1', pods: '2' })), {
    allowed: false,
    exceeded: ['requests.cpu'],
  });
  t.is(prettyPrintResourceList(resourceListOf({ 'requests.cpu': '1050m', 'limits.memory': '1Gi', pods: 3 })), 'limits.memory=1Gi,pods=3,requests.cpu=1050m');
  const scopes = scopeRequirementsOf({ spec: { scopes: ['NotBestEffort'] } });
  const objects = [
    { spec: { containers: [{ name: 'c', resources: { requests: { cpu: '300m' } } }] } },
    { spec: { containers: [{ name: 'c' }] } },
    { spec: { containers: [{ name: 'c', resources: { requests: { cpu: '200m' } } }] } },
  ];
  const { usage, errors } = await calculateUsage(['pods', 'requests.cpu', 'count/secrets'], scopes, evaluators.all, (evaluator) => (evaluator === pods ? objects : []), now);
  t.deepEqual(resourceListJson(usage), { 'count/secrets': '0', pods: '2', 'requests.cpu': '500m' });
  t.deepEqual(errors, []);
});

test('a resource claim counts its devices per device class: exact counts, All as 32, the most of its alternatives', (t) => {
  const claims = evaluators.of('resource.k8s.io', 'resourceclaims');
  const claim = {
    spec: {
      devices: {
        requests: [
          { name: 'a', exactly: { deviceClassName: 'gpu', count: 2 } },
          { name: 'b', exactly: { deviceClassName: 'gpu' } },
          { name: 'c', exactly: { deviceClassName: 'nic', allocationMode: 'All' } },
          {
            name: 'd',
            firstAvailable: [
              { name: 'big', deviceClassName: 'gpu', count: 4 },
              { name: 'small', deviceClassName: 'gpu', count: 1 },
              { name: 'other', deviceClassName: 'fpga' },
            ],
          },
        ],
      },
    },
  };
  t.deepEqual(usageOf(claims, claim), {
    'count/resourceclaims.resource.k8s.io': '1',
    'fpga.deviceclass.resource.k8s.io/devices': '1',
    'gpu.deviceclass.resource.k8s.io/devices': '7',
    'nic.deviceclass.resource.k8s.io/devices': '32',
  });
  t.deepEqual(claims?.matchingResources(['gpu.deviceclass.resource.k8s.io/devices', 'count/resourceclaims.resource.k8s.io', 'pods']), [
    'gpu.deviceclass.resource.k8s.io/devices',
    'count/resourceclaims.resource.k8s.io',
  ]);
});
