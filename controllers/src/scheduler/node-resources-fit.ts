// The NodeResourcesFit filter: one more pod within allocatable pods, and each resource the pod
// requests within the node's allocatable minus what its pods already request. A node too small for
// the pod even when empty is UnschedulableAndUnresolvable (preemption cannot help there).

import type { FilterStatus } from './filter-status.ts';
import type { Allocatable, Resources } from './resource-requests.ts';

/** What a node offers and what its pods already take. */
export interface NodeUsage {
  readonly allocatable: Allocatable;
  readonly requested: Resources;
  readonly podCount: number;
}

export function requestsAnything(request: Resources): boolean {
  return request.milliCpu > 0n || request.memory > 0n || request.ephemeralStorage > 0n || request.scalar.size > 0;
}

export function resourcesFitFilter(request: Resources, usage: NodeUsage): FilterStatus | undefined {
  const { allocatable, requested } = usage;
  let reasons: string[] | undefined;
  let unresolvable = false;
  const insufficient = (reason: string, wanted: bigint, total: bigint): void => {
    (reasons ??= []).push(reason);
    if (wanted > total) unresolvable = true;
  };
  if (usage.podCount + 1 > allocatable.pods) (reasons ??= []).push('Too many pods');
  if (requestsAnything(request)) {
    if (request.milliCpu > 0n && request.milliCpu > allocatable.milliCpu - requested.milliCpu) insufficient('Insufficient cpu', request.milliCpu, allocatable.milliCpu);
    if (request.memory > 0n && request.memory > allocatable.memory - requested.memory) insufficient('Insufficient memory', request.memory, allocatable.memory);
    if (request.ephemeralStorage > 0n && request.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage) {
      insufficient('Insufficient ephemeral-storage', request.ephemeralStorage, allocatable.ephemeralStorage);
    }
    for (const [name, wanted] of request.scalar) {
      if (wanted === 0n) continue;
      const total = allocatable.scalar.get(name) ?? 0n;
      if (wanted > total - (requested.scalar.get(name) ?? 0n)) insufficient(`Insufficient ${name}`, wanted, total);
    }
  }
  if (reasons === undefined) return undefined;
  return { code: unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable', reasons };
}
