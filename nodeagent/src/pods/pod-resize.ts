// In-place pod resize on the agent (InPlacePodVerticalScaling, GA in 1.35), as the kubelet's
// allocation manager and status manager keep it: the resources allocated to each admitted pod's
// resizable containers (regular containers and sidecars), a resize the API asks for accepted
// against the node's allocatable (Infeasible when the pod could never fit, Deferred while the other
// pods leave no room: the PodResizePending condition with the kubelet's reason, message and
// events), the resources actuated in the runtime, and the PodResizeInProgress condition until
// actuated and allocated agree (then a ResizeCompleted event). Pods run with their allocation.

import { decodeQuantity, metaTime, quantityMilliValue, quantityValue } from '@capstan/common';
import type { Container, PodCondition, ResourceRequirements } from '@capstan/common/api-types/core-v1';
import { canonicalRequirements } from '../root-dir/pod-allocation-state.ts';
import type { NodeAllocatable } from './downward-api.ts';
import type { RecordPodEvent } from './pod-events.ts';
import { isRestartableInitContainer, isStaticPod, type Pod } from './pod-types.ts';
import { podQOS } from '../system/index.ts';

type Resources = Pick<ResourceRequirements, 'limits' | 'requests'>;

interface ResizeConditions {
  pending?: PodCondition;
  inProgress?: PodCondition;
}

export interface ResizeManagerOptions {
  readonly allocatable: NodeAllocatable;
  /** The pods admitted to the node and not finished, the one resized among them. */
  readonly activePods: () => readonly Pod[];
  readonly recordEvent: RecordPodEvent;
  /** Told of a pod whose resize a retry allocated, for its worker to actuate it. */
  readonly onAllocated?: (uid: string) => void;
  readonly now?: () => number;
}

/** The containers a resize may change: regular containers and sidecars. */
export const resizableContainers = (pod: Pod): Container[] => [...(pod.spec.initContainers ?? []).filter(isRestartableInitContainer), ...pod.spec.containers];

const milliCpu = (list: Resources['requests'] | undefined): number => {
  const quantity = decodeQuantity(list?.['cpu']);
  return quantity === undefined ? 0 : Number(quantityMilliValue(quantity));
};
const memoryBytes = (list: Resources['requests'] | undefined): number => {
  const quantity = decodeQuantity(list?.['memory']);
  return quantity === undefined ? 0 : Number(quantityValue(quantity));
};

/** containerResourcesFromRequirements: what the runtime is given of a container's resources. */
const actuatedValues = (resources: Resources | undefined): string =>
  [milliCpu(resources?.requests), milliCpu(resources?.limits), memoryBytes(resources?.requests), memoryBytes(resources?.limits)].join('/');

/** Whether two requirements give the runtime the same cpu and memory. */
export const sameActuation = (a: Resources | undefined, b: Resources | undefined): boolean => actuatedValues(a) === actuatedValues(b);

/** resource.GetResourceRequest: the regular containers and sidecars together, or the largest init container with the sidecars before it. */
function podRequest(pod: Pod, read: (list: Resources['requests'] | undefined) => number): number {
  let sidecars = 0;
  let initPeak = 0;
  for (const container of pod.spec.initContainers ?? []) {
    const request = read(container.resources?.requests);
    if (isRestartableInitContainer(container)) sidecars += request;
    else initPeak = Math.max(initPeak, sidecars + request);
  }
  const running = sidecars + pod.spec.containers.reduce((sum, container) => sum + read(container.resources?.requests), 0);
  return Math.max(running, initPeak);
}

/** The event messages' resource summary (podResourceSummary as Go marshals it). */
function resourceSummary(pod: Pod, generation: number, error = ''): string {
  const allocation = (container: Container) => ({ name: container.name, resources: canonicalRequirements(container.resources as Parameters<typeof canonicalRequirements>[0]) });
  const init = (pod.spec.initContainers ?? []).map(allocation);
  return JSON.stringify({
    ...(init.length > 0 ? { initContainers: init } : {}),
    ...(pod.spec.containers.length > 0 ? { containers: pod.spec.containers.map(allocation) } : {}),
    generation,
    ...(error === '' ? {} : { error }),
  });
}

export class ResizeManager {
  readonly #options: ResizeManagerOptions;
  /** Pod uid → container name → the resources allocated. */
  readonly #allocated = new Map<string, Map<string, Resources>>();
  /** Pod uid → container name → the resources the runtime was last given. */
  readonly #actuated = new Map<string, Map<string, Resources>>();
  readonly #conditions = new Map<string, ResizeConditions>();
  /** podsWithPendingResizes: the pods whose resize is not allocated yet. */
  readonly #pending = new Set<string>();

  constructor(options: ResizeManagerOptions) {
    this.#options = options;
  }

  #now(): string {
    return metaTime(this.#options.now?.() ?? Date.now());
  }

  /** SetAllocatedResources: a pod admitted gets what its spec asks. */
  admit(pod: Pod): void {
    if (this.#allocated.has(pod.metadata.uid)) return;
    this.#allocated.set(pod.metadata.uid, new Map(resizableContainers(pod).map((container) => [container.name, { ...container.resources }])));
  }

  /** UpdatePodFromAllocation: the pod with its containers' allocated resources. */
  allocatedPod(pod: Pod): Pod {
    const allocated = this.#allocated.get(pod.metadata.uid);
    if (allocated === undefined) return pod;
    // The pod itself while nothing is pending: most syncs.
    if (resizableContainers(pod).every((container) => sameRequirements(container.resources, allocated.get(container.name)))) return pod;
    const withAllocation = (container: Container): Container => {
      const resources = allocated.get(container.name);
      return resources === undefined ? container : { ...container, resources };
    };
    return {
      ...pod,
      spec: {
        ...pod.spec,
        containers: pod.spec.containers.map(withAllocation),
        ...(pod.spec.initContainers === undefined ? {} : { initContainers: pod.spec.initContainers.map(withAllocation) }),
      },
    };
  }

  /**
   * PushPendingResize then RetryPendingResizes: the pod (if any) joins the pending resizes, and
   * every pending resize is tried in the kubelet's order (those that ask no more first, then by
   * priority, QoS class, and how long they were deferred), so that the room one frees goes where
   * the kubelet would give it. Deferred resizes stay pending. Answers whether `pod`'s allocation changed.
   */
  retryPendingResizes(pod?: Pod): boolean {
    if (pod !== undefined) this.#pending.add(pod.metadata.uid);
    const current = new Map(this.#options.activePods().map((candidate) => [candidate.metadata.uid, candidate]));
    if (pod !== undefined) current.set(pod.metadata.uid, pod);
    const order = [...this.#pending]
      .map((uid) => current.get(uid))
      .filter((candidate): candidate is Pod => candidate !== undefined)
      .sort((a, b) => this.#pendingOrder(a, b));
    this.#pending.clear();
    let changed = false;
    for (const candidate of order) {
      const uid = candidate.metadata.uid;
      const allocated = this.handleResize(candidate);
      if (this.#conditions.get(uid)?.pending?.reason === 'Deferred') this.#pending.add(uid);
      if (uid === pod?.metadata.uid) changed = allocated;
      else if (allocated) this.#options.onAllocated?.(uid);
    }
    return changed;
  }

  /** sortPendingResizes. */
  #pendingOrder(a: Pod, b: Pod): number {
    const increasing = (pod: Pod): number => {
      const allocated = this.allocatedPod(pod);
      return podRequest(pod, milliCpu) > podRequest(allocated, milliCpu) || podRequest(pod, memoryBytes) > podRequest(allocated, memoryBytes) ? 1 : 0;
    };
    const qosRank = (pod: Pod): number => ['Guaranteed', 'Burstable', 'BestEffort'].indexOf(podQOS(pod));
    const deferredSince = (pod: Pod): string => this.#conditions.get(pod.metadata.uid)?.pending?.lastTransitionTime ?? '\uffff';
    return increasing(a) - increasing(b) || (b.spec.priority ?? 0) - (a.spec.priority ?? 0) || qosRank(a) - qosRank(b) || deferredSince(a).localeCompare(deferredSince(b));
  }

  /**
   * handlePodResourcesResize: a pod whose spec asks other resources than allocated gets them when
   * it fits, else the PodResizePending condition. Answers whether the allocation changed.
   */
  handleResize(pod: Pod): boolean {
    const uid = pod.metadata.uid;
    const allocated = this.#allocated.get(uid);
    if (allocated === undefined) return false;
    const wanted = resizableContainers(pod);
    if (wanted.every((container) => sameRequirements(container.resources, allocated.get(container.name)))) {
      this.#clear(uid, 'pending');
      return false;
    }
    const generation = pod.metadata.generation ?? 0;
    if (isStaticPod(pod)) {
      this.#setPending(pod, 'Infeasible', 'In-place resize of static-pods is not supported', generation, false);
      return false;
    }
    const verdict = this.#canResize(pod);
    if (verdict !== undefined) {
      this.#setPending(pod, verdict.reason, verdict.message, generation, true);
      return false;
    }
    this.#allocated.set(uid, new Map(wanted.map((container) => [container.name, { ...container.resources }])));
    this.#clear(uid, 'pending');
    // A new allocation starts a new in-progress condition, at this generation.
    this.#clear(uid, 'inProgress');
    this.#setInProgress(uid, '', '', generation);
    this.#options.recordEvent(pod, undefined, { type: 'Normal', reason: 'ResizeStarted', message: `Pod resize started: ${resourceSummary(pod, generation)}` });
    return true;
  }

  /** canResizePod: Infeasible beyond the node's allocatable, Deferred beyond what the other pods' allocations leave. */
  #canResize(pod: Pod): { readonly reason: 'Infeasible' | 'Deferred'; readonly message: string } | undefined {
    const { allocatable } = this.#options;
    const cpu = podRequest(pod, milliCpu);
    const memory = podRequest(pod, memoryBytes);
    const memoryKnown = allocatable.memoryBytes > 0;
    if (memoryKnown && memory > allocatable.memoryBytes) {
      return { reason: 'Infeasible', message: `Node didn't have enough capacity: memory, requested: ${memory}, capacity: ${allocatable.memoryBytes}` };
    }
    if (cpu > allocatable.cpuMilli) return { reason: 'Infeasible', message: `Node didn't have enough capacity: cpu, requested: ${cpu}, capacity: ${allocatable.cpuMilli}` };
    const others = this.#options.activePods().filter((other) => other.metadata.uid !== pod.metadata.uid);
    const usedCpu = others.reduce((sum, other) => sum + podRequest(this.allocatedPod(other), milliCpu), 0);
    const usedMemory = others.reduce((sum, other) => sum + podRequest(this.allocatedPod(other), memoryBytes), 0);
    if (cpu + usedCpu > allocatable.cpuMilli) {
      return { reason: 'Deferred', message: `Node didn't have enough resource: cpu, requested: ${cpu}, used: ${usedCpu}, capacity: ${allocatable.cpuMilli}` };
    }
    if (memoryKnown && memory + usedMemory > allocatable.memoryBytes) {
      return { reason: 'Deferred', message: `Node didn't have enough resource: memory, requested: ${memory}, used: ${usedMemory}, capacity: ${allocatable.memoryBytes}` };
    }
    return undefined;
  }

  #setPending(pod: Pod, reason: string, message: string, generation: number, withEvent: boolean): void {
    const uid = pod.metadata.uid;
    const conditions = this.#conditions.get(uid) ?? {};
    const previous = conditions.pending;
    conditions.pending = resizeCondition('PodResizePending', previous, reason, message, generation, this.#now());
    this.#conditions.set(uid, conditions);
    const changed = previous === undefined || previous.reason !== reason || previous.observedGeneration !== generation;
    if (withEvent && changed) {
      const type = reason === 'Infeasible' ? 'ResizeInfeasible' : 'ResizeDeferred';
      this.#options.recordEvent(pod, undefined, { type: 'Warning', reason: type, message: `Pod resize ${reason}: ${resourceSummary(pod, generation, message)}` });
    }
  }

  /** SetPodResizeInProgressCondition: an existing condition keeps its generation, and its reason unless a new one is given. */
  #setInProgress(uid: string, reason: string, message: string, generation: number): { readonly generation: number; readonly changed: boolean } {
    const conditions = this.#conditions.get(uid) ?? {};
    const previous = conditions.inProgress;
    let kept = { reason, message, generation };
    if (previous !== undefined) {
      kept = reason === '' && message === '' ? { reason: previous.reason ?? '', message: previous.message ?? '', generation } : kept;
      kept.generation = previous.observedGeneration ?? generation;
    }
    conditions.inProgress = resizeCondition('PodResizeInProgress', previous, kept.reason, kept.message, kept.generation, this.#now());
    this.#conditions.set(uid, conditions);
    const changed = previous === undefined || previous.reason !== conditions.inProgress.reason || previous.message !== conditions.inProgress.message;
    return { generation: kept.generation, changed };
  }

  /** Answers the cleared condition's generation, if there was one. */
  #clear(uid: string, which: keyof ResizeConditions): number | undefined {
    const conditions = this.#conditions.get(uid);
    const cleared = conditions?.[which];
    if (conditions !== undefined) delete conditions[which];
    return cleared === undefined ? undefined : (cleared.observedGeneration ?? 0);
  }

  /** The resources the runtime was last given for the container, if any. */
  actuated(uid: string, name: string): Resources | undefined {
    return this.#actuated.get(uid)?.get(name);
  }

  setActuated(uid: string, name: string, resources: Resources | undefined): void {
    let containers = this.#actuated.get(uid);
    if (containers === undefined) this.#actuated.set(uid, (containers = new Map()));
    containers.set(name, { ...resources });
  }

  /**
   * IsPodResizeInProgress, then the condition: set while a running container's actuated resources
   * differ from its allocation; cleared (with a ResizeCompleted event) once they agree.
   * `allocatedPod` is the pod as it runs; `running` names its running containers.
   */
  observeActuation(allocatedPod: Pod, running: ReadonlySet<string>): void {
    const uid = allocatedPod.metadata.uid;
    const inProgress = resizableContainers(allocatedPod).some(
      (container) => running.has(container.name) && !sameActuation(container.resources, this.actuated(uid, container.name)),
    );
    if (inProgress) {
      this.#setInProgress(uid, '', '', allocatedPod.metadata.generation ?? 0);
      return;
    }
    const generation = this.#clear(uid, 'inProgress');
    if (generation === undefined) return;
    this.#options.recordEvent(allocatedPod, undefined, {
      type: 'Normal',
      reason: 'ResizeCompleted',
      message: `Pod resize completed: ${resourceSummary(allocatedPod, generation)}`,
    });
  }

  /** A failed UpdateContainerResources: PodResizeInProgress with reason Error, and a ResizeError event. */
  resizeFailed(allocatedPod: Pod, message: string): void {
    const { generation, changed } = this.#setInProgress(allocatedPod.metadata.uid, 'Error', message, allocatedPod.metadata.generation ?? 0);
    if (!changed) return;
    this.#options.recordEvent(allocatedPod, undefined, {
      type: 'Warning',
      reason: 'ResizeError',
      message: `Pod resize error: ${resourceSummary(allocatedPod, generation, message)}`,
    });
  }

  /** The pod's resize conditions for its status (none once it is terminal). */
  conditions(uid: string, podIsTerminal: boolean): PodCondition[] {
    if (podIsTerminal) this.#conditions.delete(uid);
    const conditions = this.#conditions.get(uid);
    return [conditions?.pending, conditions?.inProgress].filter((condition): condition is PodCondition => condition !== undefined);
  }

  forget(uid: string): void {
    this.#pending.delete(uid);
    this.#allocated.delete(uid);
    this.#actuated.delete(uid);
    this.#conditions.delete(uid);
  }
}

/** Semantic equality of two requirements' requests and limits (quantities by value). */
function sameRequirements(a: Resources | undefined, b: Resources | undefined): boolean {
  const same = (x: Record<string, unknown> | undefined, y: Record<string, unknown> | undefined): boolean => {
    const keys = new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})]);
    for (const key of keys) {
      const left = decodeQuantity(x?.[key]);
      const right = decodeQuantity(y?.[key]);
      if (left === undefined || right === undefined) {
        if (x?.[key] !== y?.[key]) return false;
      } else if (quantityMilliValue(left) !== quantityMilliValue(right)) return false;
    }
    return true;
  };
  return same(a?.requests, b?.requests) && same(a?.limits, b?.limits);
}

/** updatedPodResizeCondition: True, probed now, its transition time kept while the reason stays. */
function resizeCondition(type: string, old: PodCondition | undefined, reason: string, message: string, generation: number, now: string): PodCondition {
  return {
    type,
    status: 'True',
    ...(generation > 0 ? { observedGeneration: generation } : {}),
    lastProbeTime: now,
    lastTransitionTime: old === undefined || old.reason !== (reason === '' ? undefined : reason) ? now : old.lastTransitionTime,
    ...(reason === '' ? {} : { reason }),
    ...(message === '' ? {} : { message }),
  };
}
