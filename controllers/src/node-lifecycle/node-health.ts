// What the node lifecycle controller remembers of each Node's health (kube's nodeHealthData): when,
// on the controller's own clock, it last saw the Node report (a new Ready heartbeat or a renewed
// Lease), and the conditions a silent Node gets once its grace period is over.

import type { Lease, Node, NodeCondition } from './api-types.ts';
import { metaTime, microTimeValue, timeValue } from './meta-time.ts';

export interface NodeHealth {
  /** When a report was last seen (controller clock, ms). */
  readonly probeTimestamp: number;
  /** When the Ready condition was last seen changing (controller clock, ms). */
  readonly readyTransitionTimestamp: number;
  /** The Ready condition of the status last seen. */
  readonly readyCondition: NodeCondition | undefined;
  readonly lease: Lease | undefined;
}

export interface GracePeriods {
  readonly monitorGracePeriodMs: number;
  readonly startupGracePeriodMs: number;
}

export interface HealthObservation {
  readonly health: NodeHealth;
  readonly gracePeriodMs: number;
  /** The Ready condition as the Node had it; for a Node that never posted one, Unknown since its creation. */
  readonly observedReady: NodeCondition;
}

/** The conditions kube-controller-manager sets to Unknown on a silent Node (NetworkUnavailable is the network's own). */
const conditionsSetUnknown = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

export function nodeCondition(node: Node, type: string): NodeCondition | undefined {
  return node.status?.conditions?.find((condition) => condition.type === type);
}

function leaseRenewed(saved: Lease | undefined, observed: Lease): boolean {
  if (saved === undefined) return true;
  const before = microTimeValue(saved.spec?.renewTime);
  const after = microTimeValue(observed.spec?.renewTime);
  return before !== undefined && after !== undefined && before < after;
}

/**
 * The Node's health after looking at it now: a changed Ready heartbeat or a renewed Lease is a
 * report seen `now`. As in kube, a new heartbeat starts the record afresh (the Lease included, so
 * the next look counts the Lease as renewed once more).
 */
export function observeNodeHealth(node: Node, saved: NodeHealth | undefined, lease: Lease | undefined, now: number, periods: GracePeriods): HealthObservation {
  const current = nodeCondition(node, 'Ready');
  const created = node.metadata?.creationTimestamp ?? null;
  const createdAt = timeValue(created) ?? now;
  let observedReady: NodeCondition;
  let gracePeriodMs: number;
  let health = saved;
  if (current === undefined) {
    observedReady = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: created, lastTransitionTime: created };
    gracePeriodMs = periods.startupGracePeriodMs;
    health = { probeTimestamp: createdAt, readyTransitionTimestamp: createdAt, lease: undefined, ...saved, readyCondition: undefined };
  } else {
    observedReady = current;
    gracePeriodMs = periods.monitorGracePeriodMs;
  }
  const savedCondition = health?.readyCondition;
  const savedLease = health?.lease;
  if (health === undefined || (savedCondition === undefined) !== (current === undefined)) {
    health = { probeTimestamp: now, readyTransitionTimestamp: now, readyCondition: current, lease: undefined };
  } else if (savedCondition !== undefined && current !== undefined && savedCondition.lastHeartbeatTime !== current.lastHeartbeatTime) {
    const transitioned = savedCondition.lastTransitionTime !== current.lastTransitionTime;
    health = { probeTimestamp: now, readyTransitionTimestamp: transitioned ? now : health.readyTransitionTimestamp, readyCondition: current, lease: undefined };
  }
  if (lease !== undefined && leaseRenewed(savedLease, lease)) health = { ...health, lease, probeTimestamp: now };
  return { health, gracePeriodMs, observedReady };
}

/**
 * The conditions of a Node silent past its grace period: Ready and the pressure conditions Unknown
 * (NodeStatusUnknown, keeping their heartbeat), or added as NodeStatusNeverUpdated when the kubelet
 * never set them.
 */
export function silentNodeConditions(node: Node, now: number): NodeCondition[] {
  const conditions = [...(node.status?.conditions ?? [])];
  const transition = metaTime(now);
  for (const type of conditionsSetUnknown) {
    const index = conditions.findIndex((condition) => condition.type === type);
    const condition = conditions[index];
    if (condition === undefined) {
      conditions.push({
        type,
        status: 'Unknown',
        lastHeartbeatTime: node.metadata?.creationTimestamp ?? null,
        lastTransitionTime: transition,
        reason: 'NodeStatusNeverUpdated',
        message: 'Kubelet never posted node status.',
      });
    } else if (condition.status !== 'Unknown') {
      conditions[index] = { ...condition, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: transition };
    }
  }
  return conditions;
}

export function sameCondition(a: NodeCondition | undefined, b: NodeCondition | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.type === b.type &&
    a.status === b.status &&
    (a.reason ?? '') === (b.reason ?? '') &&
    (a.message ?? '') === (b.message ?? '') &&
    timeValue(a.lastHeartbeatTime) === timeValue(b.lastHeartbeatTime) &&
    timeValue(a.lastTransitionTime) === timeValue(b.lastTransitionTime)
  );
}
