// What a pod asks of a node, counted as kube-scheduler counts it (component-helpers' PodRequests):
// the sum of its containers and sidecars (restartable init containers), or the largest init
// container plus the sidecars started before it if that is more, pod-level requests in place of
// those for cpu, memory and hugepages when set, plus the overhead. CPU in millicores and the rest
// in units, rounded up as Quantity.MilliValue() and Value() round.

import { addQuantities, compareQuantities, decodeQuantity, newQuantity, parseQuantity, quantityMilliValue, quantityValue, type Quantity } from '@capstan/common';
import type { Container, PodSpec, ResourceList } from './api-types.ts';

/** Whole numbers, as kube-scheduler's int64s: cpu in millicores, the rest in units. */
export interface Resources {
  readonly milliCpu: bigint;
  readonly memory: bigint;
  readonly ephemeralStorage: bigint;
  /** Extended resources, hugepages and other scalar resources; empty for most pods. */
  readonly scalar: ReadonlyMap<string, bigint>;
}

export interface PodRequests {
  /** What NodeResourcesFit checks against a node's free allocatable. */
  readonly fit: Resources;
  /** For scoring, a container without a cpu or memory request counts 100m and 200Mi (schedutil's defaults). */
  readonly nonZeroMilliCpu: bigint;
  readonly nonZeroMemory: bigint;
}

export const noResources: Resources = { milliCpu: 0n, memory: 0n, ephemeralStorage: 0n, scalar: new Map() };

function parsed(text: string): Quantity {
  const result = parseQuantity(text);
  if ('error' in result) throw new Error(result.error);
  return result.quantity;
}
const defaultMilliCpuRequest = parsed('100m');
const defaultMemoryRequest = parsed('200Mi');
const zero = newQuantity(0n, 'DecimalSI');

/** Scalar resources are counted by name: hugepages, attachable volumes and domain-prefixed (extended) names. */
export function isScalarResource(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('/');
}

function isPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

// Sums are exact, as Quantity.Add; only the totals become whole numbers (MilliValue, Value).
type Amounts = Map<string, Quantity>;

function add(target: Amounts, list: ReadonlyMap<string, Quantity>): void {
  for (const [name, value] of list) {
    const current = target.get(name);
    target.set(name, current === undefined ? value : addQuantities(current, value));
  }
}

function keepMax(target: Amounts, list: ReadonlyMap<string, Quantity>): void {
  for (const [name, value] of list) {
    const current = target.get(name);
    if (current === undefined || compareQuantities(value, current) > 0) target.set(name, value);
  }
}

/** A resource list's quantities; one that does not parse counts as zero. */
function amountsOf(list: ResourceList | undefined): Amounts {
  const amounts: Amounts = new Map();
  if (list !== undefined) for (const name of Object.keys(list)) amounts.set(name, decodeQuantity(list[name]) ?? zero);
  return amounts;
}

/** Requests of one container; with `defaults`, the resources it does not name are given those values. */
function containerAmounts(container: Container, defaults: ReadonlyMap<string, Quantity> | undefined): Amounts {
  const amounts = amountsOf(container.resources?.requests);
  if (defaults !== undefined) for (const [name, value] of defaults) if (!amounts.has(name)) amounts.set(name, value);
  return amounts;
}

function aggregate(spec: PodSpec, defaults: ReadonlyMap<string, Quantity> | undefined): Amounts {
  const result: Amounts = new Map();
  for (const container of spec.containers ?? []) add(result, containerAmounts(container, defaults));
  const sidecars: Amounts = new Map();
  const initPeak: Amounts = new Map();
  for (const container of spec.initContainers ?? []) {
    const amounts = containerAmounts(container, defaults);
    if (container.restartPolicy === 'Always') {
      add(result, amounts);
      add(sidecars, amounts);
      keepMax(initPeak, sidecars);
    } else {
      add(amounts, sidecars);
      keepMax(initPeak, amounts);
    }
  }
  keepMax(result, initPeak);
  const podLevel = spec.resources?.requests;
  if (podLevel !== undefined) for (const [name, value] of amountsOf(podLevel)) if (isPodLevelResource(name)) result.set(name, value);
  add(result, amountsOf(spec.overhead));
  return result;
}

const milliValueOf = (amounts: ReadonlyMap<string, Quantity>, name: string): bigint => quantityMilliValue(amounts.get(name) ?? zero);
const valueOf = (amounts: ReadonlyMap<string, Quantity>, name: string): bigint => quantityValue(amounts.get(name) ?? zero);

function resourcesOf(amounts: ReadonlyMap<string, Quantity>, scalarNames: (name: string) => boolean): Resources {
  let scalar: Map<string, bigint> | undefined;
  for (const [name, value] of amounts) {
    if (!scalarNames(name)) continue;
    scalar ??= new Map();
    scalar.set(name, quantityValue(value));
  }
  return {
    milliCpu: milliValueOf(amounts, 'cpu'),
    memory: valueOf(amounts, 'memory'),
    ephemeralStorage: valueOf(amounts, 'ephemeral-storage'),
    scalar: scalar ?? noResources.scalar,
  };
}

export function podRequests(spec: PodSpec): PodRequests {
  const fit = resourcesOf(aggregate(spec, undefined), isScalarResource);
  // With pod-level requests, only what neither the container nor the pod level names gets a default.
  const podLevel = spec.resources?.requests ?? {};
  const defaults = new Map<string, Quantity>();
  if (podLevel.cpu === undefined) defaults.set('cpu', defaultMilliCpuRequest);
  if (podLevel.memory === undefined) defaults.set('memory', defaultMemoryRequest);
  const nonZero = aggregate(spec, defaults);
  return { fit, nonZeroMilliCpu: milliValueOf(nonZero, 'cpu'), nonZeroMemory: valueOf(nonZero, 'memory') };
}

/** A node's status.allocatable: resources plus the number of pods it takes. */
export interface Allocatable extends Resources {
  readonly pods: number;
}

export function allocatableOf(list: ResourceList | undefined): Allocatable {
  const amounts = amountsOf(list);
  return { ...resourcesOf(amounts, isScalarResource), pods: Number(valueOf(amounts, 'pods')) };
}
