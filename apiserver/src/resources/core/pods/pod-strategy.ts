// Pods start with their QoS class, and are deleted gracefully: a scheduled, running pod gets a
// deletionTimestamp and a grace period, and its node agent removes it once the containers have stopped.

import type { JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';
import { podQosClass } from './pod-qos.ts';

/** spec.terminationGracePeriodSeconds' default. */
const defaultTerminationGracePeriodSeconds = 30;

export const podStrategy: ResourceStrategy = {
  returnsDeletedObject: true,
  prepareForCreate(pod) {
    pod.status = { ...((pod.status ?? {}) as JsonObject), qosClass: podQosClass(pod) };
  },
  gracePeriodSeconds(pod, requested) {
    const spec = (pod.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
    const phase = ((pod.status ?? {}) as { phase?: string }).phase;
    let period = requested ?? spec.terminationGracePeriodSeconds ?? defaultTerminationGracePeriodSeconds;
    // No node runs it, or it has finished: nothing to wait for.
    if (spec.nodeName === undefined || spec.nodeName === '') period = 0;
    if (phase === 'Failed' || phase === 'Succeeded') period = 0;
    return period < 0 ? 1 : period;
  },
};
