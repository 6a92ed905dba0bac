// The Node's conditions as the kubelet's setters write them (MemoryPressure, DiskPressure,
// PIDPressure, then Ready, in that order when new), with their reasons, messages, transition
// times and the events each transition records.

import { metaTime } from '@capstan/common';
import type { PressureCondition } from './eviction-signals.ts';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface NodeCondition {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly reason?: string;
  readonly message?: string;
  readonly lastHeartbeatTime?: string;
  readonly lastTransitionTime?: string;
}

export interface NodeEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** metav1.Time as JSON: RFC 3339 with seconds. */

/** recordNodeStatusEvent's message. */
const statusEvent = (nodeName: string, reason: string): NodeEvent => ({ type: 'Normal', reason, message: `Node ${nodeName} status is now: ${reason}` });

/** The Warning event recorded when the boot ID changed since the last status. */
export const nodeRebootedEvent = (nodeName: string, bootID: string): NodeEvent => ({
  type: 'Warning',
  reason: 'Rebooted',
  message: `Node ${nodeName} has been rebooted, boot id: ${bootID}`,
});

interface PressureTexts {
  readonly pressure: { readonly reason: string; readonly message: string; readonly event: string };
  readonly normal: { readonly reason: string; readonly message: string; readonly event: string };
}

const pressureTexts: Readonly<Record<PressureCondition, PressureTexts>> = {
  MemoryPressure: {
    pressure: { reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available', event: 'NodeHasInsufficientMemory' },
    normal: { reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', event: 'NodeHasSufficientMemory' },
  },
  DiskPressure: {
    pressure: { reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure', event: 'NodeHasDiskPressure' },
    normal: { reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', event: 'NodeHasNoDiskPressure' },
  },
  PIDPressure: {
    pressure: { reason: 'KubeletHasInsufficientPID', message: 'kubelet has insufficient PID available', event: 'NodeHasInsufficientPID' },
    normal: { reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', event: 'NodeHasSufficientPID' },
  },
};

/** utilerrors.NewAggregate(...).Error(): one message as it is, several deduplicated in brackets. */
export function aggregateMessages(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  if (messages.length === 1 || unique.length === 1) return unique[0] ?? '';
  return `[${unique.join(', ')}]`;
}

export interface ReadyInput {
  /** Runtime, network, storage and shutdown-manager errors, in that order (runtimeState's texts). */
  readonly errors: readonly string[];
  /** The capacity names present; cpu, memory, pods (and ephemeral-storage) are required. */
  readonly capacityNames: Iterable<string>;
  readonly localStorageCapacityIsolation?: boolean;
  /** The host validates AppArmor: ". AppArmor enabled" is appended while Ready. */
  readonly appArmorEnabled?: boolean;
  /** The container manager's unmet soft requirement (". WARNING: ..."). */
  readonly softRequirement?: string;
}

/** The kubelet's runtimeState texts, for building ReadyInput.errors. */
export const readyErrors = {
  runtimeNotChecked: 'container runtime status check may not have completed yet',
  runtimeDown: 'container runtime is down',
  networkUnknown: 'network state unknown',
  /** fmt "container runtime not ready: %v" of the CRI RuntimeReady condition. */
  runtimeNotReady: (reason: string, message: string): string => `container runtime not ready: RuntimeReady=false reason:${reason} message:${message}`,
  /** fmt "container runtime network not ready: %v" of the CRI NetworkReady condition. */
  networkNotReady: (reason: string, message: string): string => `container runtime network not ready: NetworkReady=false reason:${reason} message:${message}`,
  /** A registered health check (PLEG) failing. */
  unhealthy: (name: string, error: string): string => `${name} is not healthy: ${error}`,
} as const;

function readyCondition(input: ReadyInput): { status: ConditionStatus; reason: string; message: string } {
  const required = ['cpu', 'memory', 'pods', ...(input.localStorageCapacityIsolation === false ? [] : ['ephemeral-storage'])];
  const present = new Set(input.capacityNames);
  const missing = required.filter((name) => !present.has(name));
  const errors = [...input.errors, ...(missing.length > 0 ? [`missing node capacity for resources: ${missing.join(', ')}`] : [])];
  let condition: { status: ConditionStatus; reason: string; message: string } =
    errors.length === 0
      ? { status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }
      : { status: 'False', reason: 'KubeletNotReady', message: aggregateMessages(errors) };
  if (input.appArmorEnabled === true && condition.status === 'True') condition = { ...condition, message: `${condition.message}. AppArmor enabled` };
  if (input.softRequirement !== undefined) condition = { ...condition, message: `${condition.message}. WARNING: ${input.softRequirement}` };
  return condition;
}

export interface ConditionsInput {
  readonly nodeName: string;
  readonly now: Date;
  /** The pressure conditions in force (PressureConditions.update). */
  readonly pressures: ReadonlySet<PressureCondition>;
  readonly ready: ReadyInput;
}

/** Applies the condition setters to the Node's current conditions; answers the new list and the events to record. */
export function updateNodeConditions(current: readonly NodeCondition[], input: ConditionsInput): { conditions: NodeCondition[]; events: NodeEvent[] } {
  const conditions = current.map((condition) => ({ ...condition }));
  const events: NodeEvent[] = [];
  const now = metaTime(input.now);
  for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure'] as const) {
    const index = conditions.findIndex((condition) => condition.type === type);
    const existing = (index >= 0 ? conditions[index] : undefined) ?? { type, status: 'Unknown' as const };
    let next: NodeCondition = { ...existing, lastHeartbeatTime: now };
    const underPressure = input.pressures.has(type);
    const wanted = underPressure ? 'True' : 'False';
    if (existing.status !== wanted) {
      const texts = underPressure ? pressureTexts[type].pressure : pressureTexts[type].normal;
      next = { ...next, status: wanted, reason: texts.reason, message: texts.message, lastTransitionTime: now };
      events.push(statusEvent(input.nodeName, texts.event));
    }
    if (index >= 0) conditions[index] = next;
    else conditions.push(next);
  }
  const ready = readyCondition(input.ready);
  const index = conditions.findIndex((condition) => condition.type === 'Ready');
  const previous = index >= 0 ? conditions[index] : undefined;
  const transitioned = previous !== undefined && previous.status !== ready.status;
  const next: NodeCondition = {
    type: 'Ready',
    ...ready,
    lastHeartbeatTime: now,
    lastTransitionTime: previous === undefined || transitioned ? now : (previous.lastTransitionTime ?? now),
  };
  if (index >= 0) conditions[index] = next;
  else conditions.push(next);
  if (transitioned) events.push(statusEvent(input.nodeName, ready.status === 'True' ? 'NodeReady' : 'NodeNotReady'));
  return { conditions, events };
}
