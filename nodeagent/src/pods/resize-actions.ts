// computePodResizeAction: what a running pod's resized containers need. A running container whose
// allocated cpu or memory differs from what the runtime was given is updated in place
// (UpdateContainerResources), unless the resizePolicy of a resource that changed is
// RestartContainer: then it is killed ("Container <name> resize requires restart") and started
// again with its new resources. A container the agent has no record of (an agent restarted) is
// taken to run with its allocation.

import type { Container } from '@capstan/common/api-types/core-v1';
import type { PodActions, ContainerToKill } from './compute-pod-actions.ts';
import { resizableContainers, sameActuation, type ResizeManager } from './pod-resize.ts';
import type { Pod } from './pod-types.ts';
import { findContainerStatus, type RuntimeContainerStatus, type RuntimePodStatus } from './runtime-pod-status.ts';

export interface ContainerToUpdate {
  readonly container: Container;
  readonly status: RuntimeContainerStatus;
}

export interface ResizeActions {
  readonly kill: readonly ContainerToKill[];
  readonly start: readonly Container[];
  readonly update: readonly ContainerToUpdate[];
}

type Requirements = Container['resources'];
type ResourceList = NonNullable<Requirements>['requests'];

/** Whether the resize changes the resource's request or limit. */
const changes = (resource: 'cpu' | 'memory', desired: Requirements, current: Requirements): boolean =>
  !sameActuation(
    { requests: pick(desired?.requests, resource), limits: pick(desired?.limits, resource) },
    { requests: pick(current?.requests, resource), limits: pick(current?.limits, resource) },
  );

const pick = (list: ResourceList, resource: string): ResourceList => {
  const value = list?.[resource];
  return value === undefined ? {} : { [resource]: value };
};

/** The policy of a resource when the container names none: NotRequired. */
const restartsFor = (container: Container, resource: string): boolean =>
  container.resizePolicy?.find((policy) => policy.resourceName === resource)?.restartPolicy === 'RestartContainer';

/** `pod` runs with its allocated resources; `actions` are computePodActions' for it. */
export function computeResizeActions(pod: Pod, status: RuntimePodStatus, actions: PodActions, resize: ResizeManager): ResizeActions {
  const kill: ContainerToKill[] = [];
  const start: Container[] = [];
  const update: ContainerToUpdate[] = [];
  const uid = pod.metadata.uid;
  for (const container of resizableContainers(pod)) {
    const latest = findContainerStatus(status, container.name);
    if (latest?.state !== 'running') continue;
    if (actions.containersToKill.some((planned) => planned.status.id === latest.id)) continue;
    const actuated = resize.actuated(uid, container.name);
    if (actuated === undefined) {
      resize.setActuated(uid, container.name, container.resources);
      continue;
    }
    if (sameActuation(container.resources, actuated)) continue;
    const changed = (['cpu', 'memory'] as const).filter((resource) => changes(resource, container.resources, actuated));
    if (changed.some((resource) => restartsFor(container, resource))) {
      kill.push({ status: latest, message: `Container ${container.name} resize requires restart` });
      start.push(container);
    } else update.push({ container, status: latest });
  }
  return { kill, start, update };
}
