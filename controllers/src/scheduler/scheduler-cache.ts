// kube-scheduler's cache: per node, its labels, taints and allocatable, and the running sums of what
// its pods request (bound ones from the informer, plus "assumed" ones this scheduler has just placed
// and whose binding has not come back yet), so that a decision never rescans the pods. A node the
// informer has not shown yet still collects the pods bound to it.

import type { Node, Taint } from './api-types.ts';
import { HostPorts, type HostPort } from './node-ports.ts';
import type { NodeUsage } from './node-resources-fit.ts';
import { allocatableOf, type Allocatable, type PodRequests } from './resource-requests.ts';

/** A pod counted on a node. */
export interface CountedPod {
  readonly key: string;
  readonly nodeName: string;
  readonly requests: PodRequests;
  readonly priority: number;
  readonly ports: readonly HostPort[];
  /** Placed by this scheduler, not yet seen bound. */
  readonly assumed: boolean;
}

interface MutableRequested {
  milliCpu: bigint;
  memory: bigint;
  ephemeralStorage: bigint;
  scalar: Map<string, bigint>;
}

export class NodeInfo implements NodeUsage {
  readonly name: string;
  /** undefined while only pods bound to it are known. */
  node: Node | undefined;
  labels: Readonly<Record<string, string>> = {};
  taints: readonly Taint[] = [];
  unschedulable = false;
  allocatable: Allocatable = allocatableOf(undefined);
  readonly requested: MutableRequested = { milliCpu: 0n, memory: 0n, ephemeralStorage: 0n, scalar: new Map() };
  nonZeroMilliCpu = 0n;
  nonZeroMemory = 0n;
  podCount = 0;
  readonly pods = new Map<string, CountedPod>();
  readonly usedPorts = new HostPorts();
  /** status.allocatable as last parsed, to parse it again only when it changes. */
  #allocatableList: Readonly<Record<string, unknown>> | undefined;

  constructor(name: string) {
    this.name = name;
  }

  /** Takes the node's fields; answers whether anything a filter reads changed. */
  setNode(node: Node): boolean {
    const first = this.node === undefined;
    this.node = node;
    const labels = node.metadata?.labels ?? {};
    const taints = node.spec?.taints ?? [];
    const unschedulable = node.spec?.unschedulable === true;
    const allocatable = node.status?.allocatable;
    let changed = first || unschedulable !== this.unschedulable;
    if (first || !sameRecord(labels, this.labels)) {
      this.labels = labels;
      changed = true;
    }
    if (first || JSON.stringify(taints) !== JSON.stringify(this.taints)) {
      this.taints = taints;
      changed = true;
    }
    if (first || !sameRecord(allocatable ?? {}, this.#allocatableList ?? {})) {
      this.#allocatableList = allocatable;
      this.allocatable = allocatableOf(allocatable);
      changed = true;
    }
    this.unschedulable = unschedulable;
    return changed;
  }

  addPod(pod: CountedPod, sign: 1 | -1 = 1): void {
    const { fit, nonZeroMilliCpu, nonZeroMemory } = pod.requests;
    const requested = this.requested;
    const by = BigInt(sign);
    requested.milliCpu += by * fit.milliCpu;
    requested.memory += by * fit.memory;
    requested.ephemeralStorage += by * fit.ephemeralStorage;
    for (const [name, value] of fit.scalar) requested.scalar.set(name, (requested.scalar.get(name) ?? 0n) + by * value);
    this.nonZeroMilliCpu += by * nonZeroMilliCpu;
    this.nonZeroMemory += by * nonZeroMemory;
    this.podCount += sign;
    this.usedPorts.add(pod.ports, sign);
    if (sign === 1) this.pods.set(pod.key, pod);
    else this.pods.delete(pod.key);
  }
}

export function sameRecord(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

export class SchedulerCache {
  readonly #nodes = new Map<string, NodeInfo>();
  readonly #pods = new Map<string, CountedPod>();
  #nodeList: NodeInfo[] | undefined;

  /** The nodes the informer has shown, in a stable order. */
  nodes(): readonly NodeInfo[] {
    this.#nodeList ??= [...this.#nodes.values()].filter((info) => info.node !== undefined);
    return this.#nodeList;
  }

  node(name: string): NodeInfo | undefined {
    return this.#nodes.get(name);
  }

  /** Adds or updates a node; answers whether the change might let a waiting pod fit. */
  setNode(node: Node): boolean {
    const name = node.metadata?.name ?? '';
    const info = this.#infoOf(name);
    if (info.node === undefined) this.#nodeList = undefined;
    return info.setNode(node);
  }

  deleteNode(name: string): void {
    const info = this.#nodes.get(name);
    if (info === undefined) return;
    info.node = undefined;
    this.#nodeList = undefined;
    if (info.podCount === 0) this.#nodes.delete(name);
  }

  pod(key: string): CountedPod | undefined {
    return this.#pods.get(key);
  }

  isAssumed(key: string): boolean {
    return this.#pods.get(key)?.assumed === true;
  }

  /** Counts a pod on its node (replacing what was counted for it before); answers what that was. */
  setPod(pod: CountedPod): CountedPod | undefined {
    const old = this.removePod(pod.key);
    this.#pods.set(pod.key, pod);
    this.#infoOf(pod.nodeName).addPod(pod);
    return old;
  }

  /** Stops counting a pod; answers what was counted. */
  removePod(key: string): CountedPod | undefined {
    const old = this.#pods.get(key);
    if (old === undefined) return undefined;
    this.#pods.delete(key);
    const info = this.#nodes.get(old.nodeName);
    if (info !== undefined) {
      info.addPod(old, -1);
      if (info.node === undefined && info.podCount === 0) this.#nodes.delete(old.nodeName);
    }
    return old;
  }

  /** What scheduler_cache_size reports: node entries (those only pods still name included), pods counted, and of those the assumed ones. */
  sizes(): { readonly nodes: number; readonly pods: number; readonly assumed_pods: number } {
    let assumed = 0;
    for (const pod of this.#pods.values()) if (pod.assumed) assumed++;
    return { nodes: this.#nodes.size, pods: this.#pods.size, assumed_pods: assumed };
  }

  #infoOf(name: string): NodeInfo {
    let info = this.#nodes.get(name);
    if (info === undefined) {
      info = new NodeInfo(name);
      this.#nodes.set(name, info);
    }
    return info;
  }
}
