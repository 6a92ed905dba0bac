// The conditions the kubelet owns on a pod (status/generate.go): PodReadyToStartContainers,
// Initialized, Ready and ContainersReady, with their reasons and messages, and which condition
// types are the kubelet's.

import type { ContainerStatus, PodCondition } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';
import { isRestartableInitContainer } from './pod-types.ts';

/** kubetypes.PodConditionByKubelet. */
export const kubeletConditionTypes: ReadonlySet<string> = new Set([
  'PodScheduled',
  'Ready',
  'Initialized',
  'ContainersReady',
  'PodReadyToStartContainers',
  'PodResizePending',
  'PodResizeInProgress',
]);

type Condition = Omit<PodCondition, 'lastProbeTime' | 'lastTransitionTime'>;

/** Go's %s of a string slice: [a b]. */
const goList = (names: readonly string[]): string => `[${names.join(' ')}]`;

const byName = (statuses: readonly ContainerStatus[], name: string): ContainerStatus | undefined => statuses.find((status) => status.name === name);

export function containersReadyCondition(pod: Pod, statuses: readonly ContainerStatus[], phase: string): Condition {
  const unknown: string[] = [];
  const unready: string[] = [];
  const sidecars = (pod.spec.initContainers ?? []).filter(isRestartableInitContainer);
  for (const container of [...sidecars, ...pod.spec.containers]) {
    const status = byName(statuses, container.name);
    if (status === undefined) unknown.push(container.name);
    else if (!status.ready) unready.push(container.name);
  }
  if ((phase === 'Succeeded' && unknown.length === 0) || phase === 'Failed') {
    return { type: 'ContainersReady', status: 'False', reason: phase === 'Failed' ? 'PodFailed' : 'PodCompleted' };
  }
  const messages: string[] = [];
  if (unknown.length > 0) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (unready.length > 0) messages.push(`containers with unready status: ${goList(unready)}`);
  if (messages.length > 0) return { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: messages.join(', ') };
  return { type: 'ContainersReady', status: 'True' };
}

export function podReadyCondition(pod: Pod, conditions: readonly Condition[], statuses: readonly ContainerStatus[], phase: string): Condition {
  const containersReady = containersReadyCondition(pod, statuses, phase);
  if (containersReady.status !== 'True') {
    return {
      type: 'Ready',
      status: containersReady.status,
      ...(containersReady.reason === undefined ? {} : { reason: containersReady.reason }),
      ...(containersReady.message === undefined ? {} : { message: containersReady.message }),
    };
  }
  const messages: string[] = [];
  for (const gate of pod.spec.readinessGates ?? []) {
    const condition = conditions.find((candidate) => candidate.type === gate.conditionType);
    if (condition === undefined) messages.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`);
    else if (condition.status !== 'True') messages.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${condition.status}`);
  }
  if (messages.length > 0) return { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady', message: messages.join(', ') };
  return { type: 'Ready', status: 'True' };
}

export function initializedCondition(pod: Pod, statuses: readonly ContainerStatus[], phase: string): Condition {
  const unknown: string[] = [];
  const incomplete: string[] = [];
  for (const container of pod.spec.initContainers ?? []) {
    const status = byName(statuses, container.name);
    if (status === undefined) unknown.push(container.name);
    else if (isRestartableInitContainer(container) ? status.started !== true : !status.ready) incomplete.push(container.name);
  }
  if (phase === 'Succeeded' && unknown.length === 0) return { type: 'Initialized', status: 'True', reason: 'PodCompleted' };
  const regularStarted = pod.spec.containers.some((container) => {
    const status = byName(statuses, container.name);
    return status !== undefined && (status.state?.running !== undefined || status.state?.terminated !== undefined);
  });
  if (regularStarted) return { type: 'Initialized', status: 'True' };
  const messages: string[] = [];
  if (unknown.length > 0) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (incomplete.length > 0) messages.push(`containers with incomplete status: ${goList(incomplete)}`);
  if (messages.length > 0) return { type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: messages.join(', ') };
  return { type: 'Initialized', status: 'True' };
}
