// The status manager's TerminatePod: once a pod's worker has stopped everything, a container the
// runtime could not account for (lost with the runtime's state after a restart, removed by hand)
// is reported as ended in failure rather than left waiting for ever, and a pod still Pending or
// Running is Failed (static pods keep their phase). Success is never assumed.

import type { ContainerStatus, PodStatus } from '@capstan/common/api-types/core-v1';
import { isStaticPod, type Pod } from './pod-types.ts';

const unknownTermination = {
  terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null },
};

const terminate = (status: ContainerStatus): ContainerStatus => (status.state?.terminated !== undefined ? status : { ...status, state: unknownTermination });

/** Whether the pod's containers have got past their init containers (hasPodInitialized). */
function hasPodInitialized(pod: Pod, status: PodStatus): boolean {
  if ((pod.spec.initContainers ?? []).length === 0) return true;
  return (status.containerStatuses ?? []).some((container) => container.lastState?.terminated !== undefined || container.state?.waiting === undefined);
}

/** The init containers that had started: up to the last one not waiting for its first start (at least the first). */
function initializedCount(statuses: readonly ContainerStatus[]): number {
  const last = statuses.findLastIndex((status) => status.state?.waiting === undefined || status.lastState?.terminated !== undefined);
  return last >= 0 ? last + 1 : Math.min(1, statuses.length);
}

export function terminatedPodStatus(pod: Pod, status: PodStatus): PodStatus {
  const containerStatuses = hasPodInitialized(pod, status) ? status.containerStatuses?.map(terminate) : status.containerStatuses;
  const init = status.initContainerStatuses;
  const initContainerStatuses = init === undefined ? undefined : init.map((entry, index) => (index < initializedCount(init) ? terminate(entry) : entry));
  const phase = !isStaticPod(pod) && (status.phase === 'Pending' || status.phase === 'Running' || status.phase === undefined) ? 'Failed' : status.phase;
  return {
    ...status,
    ...(phase === undefined ? {} : { phase }),
    ...(containerStatuses === undefined ? {} : { containerStatuses }),
    ...(initContainerStatuses === undefined ? {} : { initContainerStatuses }),
  };
}
