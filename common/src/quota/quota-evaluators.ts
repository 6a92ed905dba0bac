// kube's quota evaluators (pkg/quota/v1/evaluator/core and the generic object count evaluator):
// for each resource, which writes it is charged on, which quota resource names it counts, which
// scopes it falls in, what one object uses, and what a quota requires its objects to set.

import { quantityScaledValue } from '../quantity/quantity-scaled-value.ts';
import { newQuantity, quantitySign, type Quantity } from '../quantity/resource-quantity.ts';
import { objectCountName } from './object-count-name.ts';
import { containersOf, containerResources, hasPodLevelResources, podResources } from './pod-resources.ts';
import { scopeValueMatches, type ScopeRequirement } from './quota-scopes.ts';
import { resourceClaimEvaluator } from './resource-claim-evaluator.ts';
import { addResourceLists, oneQuantity, resourceListOf, zeroQuantity, type ResourceList } from './resource-list.ts';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf = (value: unknown): JsonObject => (isObject(value) ? value : {});

export type QuotaOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface QuotaEvaluator {
  readonly group: string;
  readonly resource: string;
  /** Whether a write is charged to quota (kube's Handles). */
  handles(operation: QuotaOperation, subresource: string, object: JsonObject | undefined, oldObject: JsonObject | undefined): boolean;
  /** The names among `names` this evaluator counts. */
  matchingResources(names: readonly string[]): string[];
  /** Whether the object falls in the scope; throws for a requirement that cannot be read. */
  matchesScope(requirement: ScopeRequirement, object: JsonObject): boolean;
  /** What the object uses. */
  usage(object: JsonObject, now: Date): ResourceList;
  /** kube's Constraints: the message of what the object must set for the resources a quota limits, if anything. */
  constraints(required: readonly string[], object: JsonObject): string | undefined;
}

const noScope = (): boolean => false;
const intersection = (names: readonly string[], known: ReadonlySet<string>): string[] => names.filter((name) => known.has(name));

/** The generic evaluator: one per object created, under count/<resource>(.<group>) and the legacy alias. */
export function objectCountEvaluator(group: string, resource: string, alias?: string): QuotaEvaluator {
  const names = [objectCountName(group, resource), ...(alias === undefined ? [] : [alias])];
  const known = new Set(names);
  return {
    group,
    resource,
    handles: (operation, subresource) => subresource === '' && operation === 'CREATE',
    matchingResources: (input) => intersection(input, known),
    matchesScope: noScope,
    usage: () => Object.fromEntries(names.map((name) => [name, oneQuantity])),
    constraints: () => undefined,
  };
}

// Pods.

const podCountName = objectCountName('', 'pods');
/** What a pod counts: itself, and cpu, memory and ephemeral storage as requests (with the bare names) and limits. */
const podResourceNames: ReadonlySet<string> = new Set([
  podCountName,
  'pods',
  ...['cpu', 'memory', 'ephemeral-storage'].flatMap((resource) => [resource, `requests.${resource}`, `limits.${resource}`]),
]);
const hugePagesPrefix = 'hugepages-';
const requestsPrefix = 'requests.';
const deviceClassPrefix = 'deviceclass.resource.kubernetes.io/';
/** The resources a quota makes every container set (kube's validationSet). */
const constrainedResources = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

const isNativeResource = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/');
/** kube's IsExtendedResourceName (the qualified-name check of requests.<name> aside). */
const isExtendedResourceName = (name: string): boolean => !isNativeResource(name) && !name.startsWith(requestsPrefix);
const isExtendedResourceNameForQuota = (name: string): boolean =>
  (!isNativeResource(name) || name.startsWith(requestsPrefix + deviceClassPrefix)) && name.startsWith(requestsPrefix);

/** kube's podComputeUsageHelper: a pod's (or container's) requests and limits under their quota names. */
function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const result: Record<string, Quantity> = { pods: oneQuantity };
  const both = (resource: string): void => {
    const request = requests[resource];
    if (request !== undefined) {
      result[resource] = request;
      result[`requests.${resource}`] = request;
    }
    const limit = limits[resource];
    if (limit !== undefined) result[`limits.${resource}`] = limit;
  };
  both('cpu');
  both('memory');
  both('ephemeral-storage');
  for (const [resource, request] of Object.entries(requests)) {
    if (resource.startsWith(hugePagesPrefix)) {
      result[resource] = request;
      result[requestsPrefix + resource] = request;
    }
    if (isExtendedResourceName(resource) || resource.startsWith(deviceClassPrefix)) result[requestsPrefix + resource] = request;
  }
  return result;
}

const activeDeadlineSeconds = (pod: JsonObject): unknown => objectOf(pod.spec).activeDeadlineSeconds;
/** kube's IsTerminating: an active deadline of 0 or more. */
export const isTerminatingPod = (pod: JsonObject): boolean => {
  const deadline = activeDeadlineSeconds(pod);
  return typeof deadline === 'number' && deadline >= 0;
};

/** kube's GetPodQOS is BestEffort: no container (nor the pod) asks for or limits cpu or memory. */
export function isBestEffortPod(pod: JsonObject): boolean {
  const qosClass = objectOf(pod.status).qosClass;
  if (typeof qosClass === 'string' && qosClass !== '') return qosClass === 'BestEffort';
  const spec = objectOf(pod.spec);
  const { containers, initContainers } = containersOf(spec);
  const lists = [...containers, ...initContainers].flatMap((container) => [containerResources(container, 'requests'), containerResources(container, 'limits')]);
  if (hasPodLevelResources(spec)) lists.push(podResources({ resources: spec.resources }, 'requests'), podResources({ resources: spec.resources }, 'limits'));
  return !lists.some((list) =>
    ['cpu', 'memory'].some((resource) => {
      const quantity = list[resource];
      return quantity !== undefined && quantitySign(quantity) !== 0;
    }),
  );
}

const crossNamespaceTerm = (term: unknown): boolean => {
  const t = objectOf(term);
  return (Array.isArray(t.namespaces) && t.namespaces.length > 0) || isObject(t.namespaceSelector);
};
/** kube's usesCrossNamespacePodAffinity: a pod (anti-)affinity term naming namespaces or a namespace selector. */
export function usesCrossNamespacePodAffinity(pod: JsonObject): boolean {
  const affinity = objectOf(objectOf(pod.spec).affinity);
  return [affinity.podAffinity, affinity.podAntiAffinity].some((part) => {
    const terms = objectOf(part);
    const required = Array.isArray(terms.requiredDuringSchedulingIgnoredDuringExecution) ? terms.requiredDuringSchedulingIgnoredDuringExecution : [];
    const preferred = Array.isArray(terms.preferredDuringSchedulingIgnoredDuringExecution) ? terms.preferredDuringSchedulingIgnoredDuringExecution : [];
    return required.some(crossNamespaceTerm) || preferred.some((weighted) => crossNamespaceTerm(objectOf(weighted).podAffinityTerm));
  });
}

function podMatchesScope(requirement: ScopeRequirement, pod: JsonObject): boolean {
  switch (requirement.scopeName) {
    case 'Terminating':
      return isTerminatingPod(pod);
    case 'NotTerminating':
      return !isTerminatingPod(pod);
    case 'BestEffort':
      return isBestEffortPod(pod);
    case 'NotBestEffort':
      return !isBestEffortPod(pod);
    case 'PriorityClass': {
      const name = objectOf(pod.spec).priorityClassName;
      const priorityClass = typeof name === 'string' && name !== '' ? name : undefined;
      return scopeValueMatches(requirement, priorityClass);
    }
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespacePodAffinity(pod);
    default:
      return false;
  }
}

/** kube's QuotaV1Pod: a pod that has ended, or whose deletion grace period has passed, uses only its count. */
export function podUsesResources(pod: JsonObject, now: Date): boolean {
  const phase = objectOf(pod.status).phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const metadata = objectOf(pod.metadata);
  if (typeof metadata.deletionTimestamp === 'string' && typeof metadata.deletionGracePeriodSeconds === 'number') {
    const deadline = Date.parse(metadata.deletionTimestamp) + metadata.deletionGracePeriodSeconds * 1000;
    if (now.getTime() > deadline) return false;
  }
  return true;
}

export const podEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'pods',
  handles(operation, subresource, object, oldObject) {
    if (subresource === 'resize') return operation === 'UPDATE';
    if (subresource !== '') return false;
    // An update that makes a pod terminating (or not) moves it between scopes.
    if (operation === 'UPDATE' && object !== undefined && oldObject !== undefined) return isTerminatingPod(object) !== isTerminatingPod(oldObject);
    return operation === 'CREATE';
  },
  matchingResources: (input) =>
    input.filter(
      (name) => podResourceNames.has(name) || name.startsWith(hugePagesPrefix) || name.startsWith(requestsPrefix + hugePagesPrefix) || isExtendedResourceNameForQuota(name),
    ),
  matchesScope: podMatchesScope,
  usage(pod, now) {
    const count: ResourceList = { [podCountName]: oneQuantity };
    if (!podUsesResources(pod, now)) return count;
    const spec = objectOf(pod.spec);
    const overhead = resourceListOf(spec.overhead);
    const requests = addResourceLists(podResources(spec, 'requests'), overhead);
    const limits: Record<string, Quantity> = { ...podResources(spec, 'limits') };
    // Overhead adds to a limit only where one is set.
    for (const [name, quantity] of Object.entries(overhead)) {
      const limit = limits[name];
      if (limit !== undefined && quantitySign(limit) !== 0) limits[name] = addResourceLists({ [name]: limit }, { [name]: quantity })[name] as Quantity;
    }
    return addResourceLists(count, computeUsage(requests, limits));
  },
  constraints(required, pod) {
    const spec = objectOf(pod.spec);
    if (hasPodLevelResources(spec)) return undefined;
    const requiredSet = required.filter((name) => constrainedResources.includes(name));
    const missing = new Map<string, Set<string>>();
    const { containers, initContainers } = containersOf(spec);
    for (const container of [...containers, ...initContainers]) {
      const usage = computeUsage(containerResources(container, 'requests'), containerResources(container, 'limits'));
      for (const resource of requiredSet) {
        if (resource in usage) continue;
        const names = missing.get(resource) ?? new Set<string>();
        names.add(typeof container.name === 'string' ? container.name : '');
        missing.set(resource, names);
      }
    }
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((resource) => `${resource} for: ${[...(missing.get(resource) as Set<string>)].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
};

// Services.

const serviceResourceNames: ReadonlySet<string> = new Set([objectCountName('', 'services'), 'services', 'services.nodeports', 'services.loadbalancers']);

export const serviceEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'services',
  handles: (operation, subresource) => subresource === '' && (operation === 'CREATE' || operation === 'UPDATE'),
  matchingResources: (input) => intersection(input, serviceResourceNames),
  matchesScope: noScope,
  usage(service) {
    const spec = objectOf(service.spec);
    const ports = Array.isArray(spec.ports) ? spec.ports : [];
    let nodePorts = 0;
    let loadBalancers = 0;
    if (spec.type === 'NodePort') nodePorts = ports.length;
    if (spec.type === 'LoadBalancer') {
      loadBalancers = 1;
      nodePorts =
        spec.allocateLoadBalancerNodePorts === false ? ports.filter((port) => typeof objectOf(port).nodePort === 'number' && objectOf(port).nodePort !== 0).length : ports.length;
    }
    return {
      [objectCountName('', 'services')]: oneQuantity,
      services: oneQuantity,
      'services.loadbalancers': loadBalancers === 0 ? zeroQuantity : newQuantity(BigInt(loadBalancers), 'DecimalSI'),
      'services.nodeports': nodePorts === 0 ? zeroQuantity : newQuantity(BigInt(nodePorts), 'DecimalSI'),
    };
  },
  constraints: () => undefined,
};

// PersistentVolumeClaims.

const pvcCountName = objectCountName('', 'persistentvolumeclaims');
const storageClassSuffix = '.storageclass.storage.k8s.io/';
const pvcResourceNames = ['persistentvolumeclaims', 'requests.storage'];

/** A claim's storage class: spec.storageClassName, else the beta annotation. */
function storageClassOf(claim: JsonObject): string {
  const name = objectOf(claim.spec).storageClassName;
  if (typeof name === 'string') return name;
  const annotation = objectOf(objectOf(claim.metadata).annotations)['volume.beta.kubernetes.io/storage-class'];
  return typeof annotation === 'string' ? annotation : '';
}

/** The storage a claim counts: its request (or, when larger, what was allocated), rounded up to a whole byte. */
function claimStorage(claim: JsonObject): Quantity | undefined {
  const requested = resourceListOf(objectOf(objectOf(claim.spec).resources).requests).storage;
  if (requested === undefined) return undefined;
  const allocated = resourceListOf(objectOf(claim.status).allocatedResources).storage;
  const larger = allocated !== undefined && quantityScaledValue(allocated, -9) > quantityScaledValue(requested, -9) ? allocated : requested;
  return roundUpToUnit(larger);
}

/** Quantity.RoundUp(0): a fraction of a byte becomes a whole one, in the quantity's format. */
function roundUpToUnit(quantity: Quantity): Quantity {
  const whole = quantityScaledValue(quantity, 0);
  if (quantityScaledValue(quantity, -9) === whole * 1_000_000_000n) return quantity;
  return newQuantity(whole, quantity.format);
}

function claimVolumeAttributesClasses(claim: JsonObject): Set<string> {
  const names = new Set<string>();
  const specName = objectOf(claim.spec).volumeAttributesClassName;
  if (typeof specName === 'string' && specName !== '') names.add(specName);
  const status = objectOf(claim.status);
  if (typeof status.currentVolumeAttributesClassName === 'string' && status.currentVolumeAttributesClassName !== '') names.add(status.currentVolumeAttributesClassName);
  const target = objectOf(status.modifyVolumeStatus).targetVolumeAttributesClassName;
  if (typeof target === 'string' && target !== '') names.add(target);
  return names;
}

export const persistentVolumeClaimEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'persistentvolumeclaims',
  handles(operation, subresource, object, oldObject) {
    if (subresource === '') return operation === 'CREATE' || operation === 'UPDATE';
    if (subresource !== 'status' || object === undefined || oldObject === undefined) return false;
    const storage = (claim: JsonObject): unknown => objectOf(objectOf(claim.status).allocatedResources).storage;
    const classes = (claim: JsonObject): string => [...claimVolumeAttributesClasses(claim)].sort().join(',');
    return storage(object) !== storage(oldObject) || classes(object) !== classes(oldObject);
  },
  matchingResources: (input) =>
    input.filter((name) => name === pvcCountName || pvcResourceNames.includes(name) || pvcResourceNames.some((resource) => name.endsWith(storageClassSuffix + resource))),
  matchesScope(requirement, claim) {
    if (requirement.scopeName !== 'VolumeAttributesClass') return false;
    const names = claimVolumeAttributesClasses(claim);
    if (requirement.operator === 'Exists') return names.size > 0;
    if (names.size === 0) return scopeValueMatches(requirement, undefined);
    return [...names].some((name) => scopeValueMatches(requirement, name));
  },
  usage(claim) {
    const result: Record<string, Quantity> = { persistentvolumeclaims: oneQuantity, [pvcCountName]: oneQuantity };
    const storageClass = storageClassOf(claim);
    if (storageClass !== '') result[`${storageClass}${storageClassSuffix}persistentvolumeclaims`] = oneQuantity;
    const storage = claimStorage(claim);
    if (storage !== undefined) {
      result['requests.storage'] = storage;
      if (storageClass !== '') result[`${storageClass}${storageClassSuffix}requests.storage`] = storage;
    }
    return result;
  },
  constraints: () => undefined,
};

/** kube's registry: the core evaluators, the legacy counted kinds with their aliases; any other resource is counted by a generic evaluator made on demand. */
const coreEvaluators: readonly QuotaEvaluator[] = [
  podEvaluator,
  serviceEvaluator,
  persistentVolumeClaimEvaluator,
  objectCountEvaluator('', 'configmaps', 'configmaps'),
  objectCountEvaluator('', 'resourcequotas', 'resourcequotas'),
  objectCountEvaluator('', 'replicationcontrollers', 'replicationcontrollers'),
  objectCountEvaluator('', 'secrets', 'secrets'),
  resourceClaimEvaluator,
];

/** Resources quota never charges (kube's DefaultIgnoredResources). */
const ignoredResources: ReadonlySet<string> = new Set([
  '/bindings',
  '/componentstatuses',
  'authentication.k8s.io/tokenreviews',
  'authentication.k8s.io/selfsubjectreviews',
  'authorization.k8s.io/subjectaccessreviews',
  'authorization.k8s.io/selfsubjectaccessreviews',
  'authorization.k8s.io/localsubjectaccessreviews',
  'authorization.k8s.io/selfsubjectrulesreviews',
  '/events',
  'events.k8s.io/events',
]);

export class QuotaEvaluators {
  readonly #evaluators = new Map<string, QuotaEvaluator>(coreEvaluators.map((evaluator) => [`${evaluator.group}/${evaluator.resource}`, evaluator]));

  /** The core evaluators and the generic ones made so far. */
  get all(): readonly QuotaEvaluator[] {
    return [...this.#evaluators.values()];
  }

  /** The evaluator of a resource, undefined for an ignored one. */
  of(group: string, resource: string): QuotaEvaluator | undefined {
    const key = `${group}/${resource}`;
    if (ignoredResources.has(key)) return undefined;
    let evaluator = this.#evaluators.get(key);
    if (evaluator === undefined) {
      evaluator = objectCountEvaluator(group, resource);
      this.#evaluators.set(key, evaluator);
    }
    return evaluator;
  }
}

/** kube's generic Matches: the quota limits something the evaluator counts, and every scope of the quota matches the object. */
export function quotaMatches(evaluator: QuotaEvaluator, hard: readonly string[], scopes: readonly ScopeRequirement[], object: JsonObject): boolean {
  if (evaluator.matchingResources(hard).length === 0) return false;
  return scopes.every((requirement) => evaluator.matchesScope(requirement, object));
}
