// What the allocation manager records of the pods the agent runs: the resources allocated to each
// admitted pod (its containers that can be resized: regular containers and sidecars, and its
// pod-level resources), and the resources actuated, i.e. of the containers the runtime has
// started: what their statuses say was applied (an in-place resize), else their spec's. Read from
// the pods the workers hold.

import type { PodDirectory } from '../pods/index.ts';
import { isObject } from './checkpoint-errors.ts';
import type { PodResourceInfo, PodResourceInfoMap, ResourceRequirements } from './pod-allocation-state.ts';

const requirementsOf = (value: unknown): ResourceRequirements => (isObject(value) ? (value as ResourceRequirements) : {});

export function podAllocations(pods: PodDirectory): { readonly allocated: PodResourceInfoMap; readonly actuated: PodResourceInfoMap } {
  const allocated = new Map<string, PodResourceInfo>();
  const actuated = new Map<string, PodResourceInfo>();
  for (const pod of pods.listPods()) {
    const metadata = isObject(pod['metadata']) ? pod['metadata'] : {};
    const spec = isObject(pod['spec']) ? pod['spec'] : {};
    const status = isObject(pod['status']) ? pod['status'] : {};
    if (status['phase'] === 'Succeeded' || status['phase'] === 'Failed' || typeof metadata['uid'] !== 'string') continue;
    const containers = [
      ...(Array.isArray(spec['initContainers']) ? spec['initContainers'] : []).filter((container) => isObject(container) && container['restartPolicy'] === 'Always'),
      ...(Array.isArray(spec['containers']) ? spec['containers'] : []),
    ].filter(isObject);
    const started = new Map(
      [
        ...(Array.isArray(status['containerStatuses']) ? status['containerStatuses'] : []),
        ...(Array.isArray(status['initContainerStatuses']) ? status['initContainerStatuses'] : []),
      ]
        .filter(isObject)
        .filter((container) => typeof container['containerID'] === 'string' && container['containerID'] !== '')
        .map((container) => [String(container['name']), container['resources']] as const),
    );
    const podLevel = isObject(spec['resources']) ? requirementsOf(spec['resources']) : null;
    const resources = new Map(containers.map((container) => [String(container['name']), requirementsOf(container['resources'])]));
    allocated.set(metadata['uid'], { containerResources: resources, podLevelResources: podLevel });
    const running = new Map(
      [...resources].filter(([name]) => started.has(name)).map(([name, spec]) => [name, isObject(started.get(name)) ? requirementsOf(started.get(name)) : spec] as const),
    );
    if (running.size > 0) actuated.set(metadata['uid'], { containerResources: running, podLevelResources: podLevel });
  }
  return { allocated, actuated };
}
