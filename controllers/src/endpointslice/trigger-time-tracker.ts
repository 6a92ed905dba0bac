// kube's TriggerTimeTracker: the endpoints.kubernetes.io/last-change-trigger-time of a Service's
// Endpoints and EndpointSlices is the time of the earliest change that this sync is the first to
// see: a pod's Ready condition moving, or the Service being created. Each controller keeps its own.

import type { Pod, Service } from '@capstan/common/api-types/core-v1';

export const lastChangeTriggerTimeAnnotation = 'endpoints.kubernetes.io/last-change-trigger-time';

interface ServiceState {
  serviceTime: number | undefined;
  podTimes: Map<string, number>;
}

const timeOf = (value: string | null | undefined): number | undefined => {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
};

/** A pod's trigger time: when its Ready condition last changed. */
const podTriggerTime = (pod: Pod): number | undefined => timeOf(pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime);

export class TriggerTimeTracker {
  readonly #states = new Map<string, ServiceState>();

  /** The trigger time for this sync of the Service (ms), or undefined when nothing new triggered it. */
  compute(serviceKey: string, service: Service, pods: readonly Pod[]): number | undefined {
    const known = this.#states.get(serviceKey);
    const state: ServiceState = { serviceTime: timeOf(service.metadata?.creationTimestamp), podTimes: new Map() };
    let earliest: number | undefined;
    const consider = (time: number): void => {
      if (earliest === undefined || time < earliest) earliest = time;
    };
    for (const pod of pods) {
      const time = podTriggerTime(pod);
      if (time === undefined) continue;
      state.podTimes.set(pod.metadata?.name ?? '', time);
      if (time > (known?.podTimes.get(pod.metadata?.name ?? '') ?? Number.NEGATIVE_INFINITY)) consider(time);
    }
    if (state.serviceTime !== undefined && state.serviceTime > (known?.serviceTime ?? Number.NEGATIVE_INFINITY)) consider(state.serviceTime);
    this.#states.set(serviceKey, state);
    return known === undefined ? state.serviceTime : earliest;
  }

  delete(serviceKey: string): void {
    this.#states.delete(serviceKey);
  }
}

/** The annotation's value: RFC 3339 with the nanoseconds Go prints (none when whole seconds). */
export function formatTriggerTime(time: number): string {
  const iso = new Date(time).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso.replace(/0+Z$/, 'Z');
}
