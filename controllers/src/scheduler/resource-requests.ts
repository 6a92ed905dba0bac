// What a pod asks of a node, counted as kube-scheduler counts it (component-helpers' PodRequests):
// the sum of its containers and sidecars (restartable init containers), or the largest init
// container plus the sidecars started before it if that is more, pod-level requests in place of
// those for cpu, memory and hugepages when set, plus the overhead. CPU in millicores and the rest
// in units, rounded up as Quantity.MilliValue() and Value() round.

import { quantityValue } from '@capstan/common';
import type { Container, PodSpec, ResourceList } from './api-types.ts';

export interface Resources {
  readonly milliCpu: number;
  readonly memory: number;
  readonly ephemeralStorage: number;
  /** Extended resources, hugepages and other scalar resources; empty for most pods. */
  readonly scalar: ReadonlyMap<string, number>;
}

export interface PodRequests {
  /** What NodeResourcesFit checks against a node's free allocatable. */
  readonly fit: Resources;
  /** For scoring, a container without a cpu or memory request counts 100m and 200Mi (schedutil's defaults). */
  readonly nonZeroMilliCpu: number;
  readonly nonZeroMemory: number;
}

export const noResources: Resources = { milliCpu: 0, memory: 0, ephemeralStorage: 0, scalar: new Map() };

const defaultMilliCpuRequest = 100;
const defaultMemoryRequest = 200 * 1024 * 1024;

/** Scalar resources are counted by name: hugepages, attachable volumes and domain-prefixed (extended) names. */
export function isScalarResource(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('/');
}

function isPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/** A quantity times 10^scale, rounded up; float noise (0.1 * 1000) is not taken for a fraction. */
function scaledUp(value: number, scale: number): number {
  const scaledValue = value * scale;
  const nearest = Math.round(scaledValue);
  return Math.abs(scaledValue - nearest) <= 1e-9 * Math.max(1, Math.abs(nearest)) ? nearest : Math.ceil(scaledValue);
}

type Amounts = Map<string, number>;

function add(target: Amounts, list: ReadonlyMap<string, number>): void {
  for (const [name, value] of list) target.set(name, (target.get(name) ?? 0) + value);
}

function keepMax(target: Amounts, list: ReadonlyMap<string, number>): void {
  for (const [name, value] of list) {
    const current = target.get(name);
    if (current === undefined || value > current) target.set(name, value);
  }
}

function amountsOf(list: ResourceList | undefined): Amounts {
  const amounts: Amounts = new Map();
  if (list !== undefined) for (const name of Object.keys(list)) amounts.set(name, quantityValue(list[name]) ?? 0);
  return amounts;
}

/** Requests of one container; with `defaults`, the resources it does not name are given those values. */
function containerAmounts(container: Container, defaults: ReadonlyMap<string, number> | undefined): Amounts {
  const amounts = amountsOf(container.resources?.requests);
  if (defaults !== undefined) for (const [name, value] of defaults) if (!amounts.has(name)) amounts.set(name, value);
  return amounts;
}

function aggregate(spec: PodSpec, defaults: ReadonlyMap<string, number> | undefined): Amounts {
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

function resourcesOf(amounts: ReadonlyMap<string, number>, scalarNames: (name: string) => boolean): Resources {
  let scalar: Map<string, number> | undefined;
  for (const [name, value] of amounts) {
    if (!scalarNames(name)) continue;
    scalar ??= new Map();
    scalar.set(name, scaledUp(value, 1));
  }
  return {
    milliCpu: scaledUp(amounts.get('cpu') ?? 0, 1000),
    memory: scaledUp(amounts.get('memory') ?? 0, 1),
    ephemeralStorage: scaledUp(amounts.get('ephemeral-storage') ?? 0, 1),
    scalar: scalar ?? noResources.scalar,
  };
}

export function podRequests(spec: PodSpec): PodRequests {
  const fit = resourcesOf(aggregate(spec, undefined), isScalarResource);
  // With pod-level requests, only what neither the container nor the pod level names gets a default.
  const podLevel = spec.resources?.requests ?? {};
  const defaults = new Map<string, number>();
  if (podLevel.cpu === undefined) defaults.set('cpu', defaultMilliCpuRequest / 1000);
  if (podLevel.memory === undefined) defaults.set('memory', defaultMemoryRequest);
  const nonZero = aggregate(spec, defaults);
  return { fit, nonZeroMilliCpu: scaledUp(nonZero.get('cpu') ?? 0, 1000), nonZeroMemory: scaledUp(nonZero.get('memory') ?? 0, 1) };
}

/** A node's status.allocatable: resources plus the number of pods it takes. */
export interface Allocatable extends Resources {
  readonly pods: number;
}

export function allocatableOf(list: ResourceList | undefined): Allocatable {
  const amounts = amountsOf(list);
  return { ...resourcesOf(amounts, isScalarResource), pods: scaledUp(amounts.get('pods') ?? 0, 1) };
}
