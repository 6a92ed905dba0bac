// The Ready, Status and Restarts cells of a pod, worked out as kube's pod printer does: init
// containers first (Init:1/2, Init:CrashLoopBackOff), then the app containers' waiting or terminated
// reasons (last container wins), Completed turned back to Running while one still runs, and
// Terminating / Unknown for pods being deleted.

import { arrayAt, booleanAt, fieldAt, hasField, numberAt, stringAt, type JsonObject } from '@capstan/common';
import { humanDuration } from '../human-duration.ts';
import { timestampMillis } from './timestamp-since.ts';

export interface PodSummary {
  /** "ready/total", sidecars (restartable init containers) counted as containers. */
  readonly ready: string;
  readonly status: string;
  /** "3", or "3 (5m ago)" once a container has restarted. */
  readonly restarts: string;
}

// The node lifecycle controller's reason for pods on a node that stopped reporting.
const nodeUnreachablePodReason = 'NodeLost';

const isRestartableInitContainer = (container: unknown): boolean => stringAt(container, 'restartPolicy') === 'Always';

/** The status of the first condition of a type, as kube's condition lookups read it. */
const firstConditionStatus = (conditions: readonly unknown[], type: string): string | undefined => {
  const found = conditions.find((c) => stringAt(c, 'type') === type);
  return found === undefined ? undefined : stringAt(found, 'status');
};

const hasConditionTrue = (conditions: readonly unknown[], type: string): boolean => conditions.some((c) => stringAt(c, 'type') === type && stringAt(c, 'status') === 'True');

/** The later of two restart times; undefined stands for Go's zero time. */
const later = (current: number | undefined, candidate: number | undefined): number | undefined =>
  candidate !== undefined && (current === undefined || candidate > current) ? candidate : current;

const lastTerminationAt = (containerStatus: unknown): number | undefined => timestampMillis(fieldAt(containerStatus, 'lastState', 'terminated', 'finishedAt'));

/** "ExitCode:1" / "Signal:9" for a container that terminated without a reason. */
const terminationCode = (terminated: unknown): string => {
  const signal = numberAt(terminated, 'signal');
  return signal !== 0 ? `Signal:${signal}` : `ExitCode:${numberAt(terminated, 'exitCode')}`;
};

export function podSummary(pod: JsonObject, now: number): PodSummary {
  const status = fieldAt(pod, 'status');
  const initContainers = arrayAt(pod, 'spec', 'initContainers');
  const conditions = arrayAt(status, 'conditions');
  const phase = stringAt(status, 'phase');

  let reason = stringAt(status, 'reason') || phase;
  if (conditions.some((c) => stringAt(c, 'type') === 'PodScheduled' && stringAt(c, 'reason') === 'SchedulingGated')) reason = 'SchedulingGated';

  const initByName = new Map(initContainers.map((c) => [stringAt(c, 'name'), c] as const));
  const total = arrayAt(pod, 'spec', 'containers').length + initContainers.filter(isRestartableInitContainer).length;
  let ready = 0;
  let restarts = 0;
  let lastRestart: number | undefined;
  let sidecarRestarts = 0;
  let lastSidecarRestart: number | undefined;

  let initializing = false;
  const initStatuses = arrayAt(status, 'initContainerStatuses');
  for (const [index, container] of initStatuses.entries()) {
    restarts += numberAt(container, 'restartCount');
    lastRestart = later(lastRestart, lastTerminationAt(container));
    const restartable = isRestartableInitContainer(initByName.get(stringAt(container, 'name')));
    if (restartable) {
      sidecarRestarts += numberAt(container, 'restartCount');
      lastSidecarRestart = later(lastSidecarRestart, lastTerminationAt(container));
    }
    const terminated = fieldAt(container, 'state', 'terminated');
    const waitingReason = stringAt(container, 'state', 'waiting', 'reason');
    if (hasField(terminated) && numberAt(terminated, 'exitCode') === 0) continue;
    if (restartable && booleanAt(container, 'started')) {
      if (booleanAt(container, 'ready')) ready++;
      continue;
    }
    if (hasField(terminated)) {
      const terminatedReason = stringAt(terminated, 'reason');
      reason = `Init:${terminatedReason === '' ? terminationCode(terminated) : terminatedReason}`;
    } else if (waitingReason !== '' && waitingReason !== 'PodInitializing') {
      reason = `Init:${waitingReason}`;
    } else {
      reason = `Init:${index}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || firstConditionStatus(conditions, 'Initialized') === 'True') {
    // Only sidecars keep counting once the pod is initialized; finished init containers do not.
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses = arrayAt(status, 'containerStatuses');
    for (let i = statuses.length - 1; i >= 0; i--) {
      const container = statuses[i];
      restarts += numberAt(container, 'restartCount');
      lastRestart = later(lastRestart, lastTerminationAt(container));
      const waitingReason = stringAt(container, 'state', 'waiting', 'reason');
      const terminated = fieldAt(container, 'state', 'terminated');
      if (waitingReason !== '') {
        reason = waitingReason;
      } else if (hasField(terminated)) {
        reason = stringAt(terminated, 'reason') || terminationCode(terminated);
      } else if (booleanAt(container, 'ready') && hasField(container, 'state', 'running')) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasConditionTrue(conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  if (hasField(pod, 'metadata', 'deletionTimestamp')) {
    if (stringAt(status, 'reason') === nodeUnreachablePodReason) reason = 'Unknown';
    else if (phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  }

  const restartsCell = restarts !== 0 && lastRestart !== undefined ? `${restarts} (${humanDuration(now - lastRestart)} ago)` : String(restarts);
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsCell };
}
