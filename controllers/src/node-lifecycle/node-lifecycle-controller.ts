// kube-controller-manager's node-lifecycle-controller: every --node-monitor-period it checks each
// Node's heartbeats (its Ready condition and its Lease), marks a silent Node Unknown and its pods
// not Ready, keeps the NoSchedule taints in step with the conditions, and puts the NoExecute
// not-ready / unreachable taints on failed Nodes through a per-zone rate limiter that slows down
// or stops when a zone, or the whole cluster, looks broken rather than its Nodes.

import { sleep } from '@capstan/common';
import type { Informer } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import type { NodeLifecycleOptions } from '../controller-options.ts';
import type { EventRecorder, InvolvedObject } from '../event-recorder.ts';
import { WorkQueue } from '../work-queue.ts';
import {
  nodeLeaseNamespace,
  nodeLeasesResource,
  nodesResource,
  podsResource,
  type ConditionStatus,
  type Lease,
  type Node,
  type NodeCondition,
  type Pod,
  type Taint,
} from './api-types.ts';
import { markPodsNotReady } from './mark-pods-not-ready.ts';
import { nodeLifecycleMetrics } from './node-lifecycle-metrics.ts';
import { nodeCondition, observeNodeHealth, sameCondition, silentNodeConditions, type NodeHealth } from './node-health.ts';
import { reconcileNodeLabels } from './node-labels.ts';
import { removeTaintOffNode, swapNodeControllerTaint } from './node-taint-updates.ts';
import { noScheduleTaintChanges } from './no-schedule-taints.ts';
import { PodsByNode } from './pods-by-node.ts';
import { RateLimitedTimedQueue, type ActionResult, type TimedValue } from './rate-limited-timed-queue.ts';
import { shutDownOnAbort } from './shut-down-on-abort.ts';
import { notReadyNoExecute, taintExists, unreachableNoExecute } from './taints.ts';
import { computeZoneState, excludedFromDisruptionChecks, zoneKey, zoneName, type ZoneState } from './zone-state.ts';

/** How often the queued NoExecute taints are tried (kube's NodeEvictionPeriod). */
const noExecuteTaintingPeriodMs = 100;
/** Tries of a Node's health update within one pass, 20 ms apart. */
const nodeHealthUpdateRetries = 5;
const nodeHealthRetryDelayMs = 20;
const nodeUpdateWorkers = 8;
const podUpdateWorkers = 4;

interface ReadyConditions {
  readonly observed: NodeCondition;
  readonly current: NodeCondition | undefined;
}

class NodeLifecycleController {
  readonly #context: ControllerContext;
  readonly #recorder: EventRecorder;
  readonly #options: NodeLifecycleOptions;
  readonly #nodes: Informer<Node>;
  readonly #leases: Informer<Lease>;
  readonly #pods: Informer<Pod>;
  readonly #podsByNode: PodsByNode;
  readonly #knownNodes = new Map<string, Node>();
  readonly #health = new Map<string, NodeHealth>();
  readonly #zoneTainters = new Map<string, RateLimitedTimedQueue>();
  readonly #zoneStates = new Map<string, ZoneState>();
  /** Nodes whose pods could not all be marked not Ready: tried again at the next pass. */
  readonly #nodesToRetry = new Set<string>();
  readonly #nodeQueue = new WorkQueue({ name: 'node_lifecycle_controller' });
  readonly #podQueue = new WorkQueue({ name: 'node_lifecycle_controller_pods' });

  constructor(context: ControllerContext) {
    this.#context = context;
    this.#recorder = context.eventRecorder('node-controller');
    this.#options = context.options.nodeLifecycle;
    this.#nodes = context.informers.informer<Node>(nodesResource);
    this.#leases = context.informers.informer<Lease>(nodeLeasesResource);
    this.#pods = context.informers.informer<Pod>(podsResource);
    this.#podsByNode = new PodsByNode(this.#pods);
    nodeLifecycleMetrics.register();
    this.#nodes.addEventHandler({
      onAdd: (node) => this.#nodeQueue.add(node.metadata?.name ?? ''),
      onUpdate: (_old, node) => this.#nodeQueue.add(node.metadata?.name ?? ''),
      onDelete: (node) => this.#nodesToRetry.delete(node.metadata?.name ?? ''),
    });
    this.#pods.addEventHandler({
      onAdd: (pod) => this.#podUpdated(undefined, pod),
      onUpdate: (old, pod) => this.#podUpdated(old, pod),
    });
  }

  async run(): Promise<void> {
    if (!(await this.#context.informers.waitForSync(this.#context.signal))) return;
    const onError = (what: string) => (key: string, error: unknown) => this.#context.logger.error({ err: error, key }, what);
    const running = [
      this.#nodeQueue.run(nodeUpdateWorkers, (name) => this.#doNodeProcessingPass(name), onError('failed to process node, requeuing it')),
      this.#podQueue.run(podUpdateWorkers, (key) => this.#processPod(key), onError('unable to mark pod NotReady, requeuing it')),
      this.#every(noExecuteTaintingPeriodMs, 'Error tainting nodes NoExecute', () => this.#doNoExecuteTaintingPass()),
      this.#every(this.#options.monitorPeriodMs, 'Error monitoring node health', () => this.#monitorNodeHealth()),
    ];
    shutDownOnAbort(this.#context.signal, [this.#nodeQueue, this.#podQueue]);
    await Promise.all(running);
  }

  /** Runs `pass` now and then `periodMs` after each pass ends, until the controller stops. */
  async #every(periodMs: number, failure: string, pass: () => Promise<void>): Promise<void> {
    while (!this.#context.signal.aborted) {
      try {
        await pass();
      } catch (error) {
        this.#context.logger.error({ err: error }, failure);
      }
      await sleep(periodMs, this.#context.signal);
    }
  }

  // --- NoSchedule taints and labels, on every Node change ---

  async #doNodeProcessingPass(name: string): Promise<void> {
    const node = this.#nodes.store.get(undefined, name);
    if (node === undefined) return;
    const failures: string[] = [];
    const { toAdd, toRemove } = noScheduleTaintChanges(node);
    if ((toAdd.length > 0 || toRemove.length > 0) && !(await this.#swapTaints(toAdd, toRemove, node))) failures.push(`failed to swap taints of node ${name}`);
    try {
      await reconcileNodeLabels(this.#context.client, node);
    } catch (error) {
      this.#context.logger.error({ err: error, node: name }, 'Failed to reconcile labels for node, requeue it');
      failures.push(`failed update labels for node ${name}`);
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
  }

  #swapTaints(toAdd: readonly Taint[], toRemove: readonly Taint[], node: Node): Promise<boolean> {
    return swapNodeControllerTaint(this.#context.client, toAdd, toRemove, node, (message, error) => this.#context.logger.error({ err: error }, message));
  }

  // --- Pods bound to a Node that is not Ready ---

  #podUpdated(old: Pod | undefined, pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (nodeName && (old === undefined || old.spec?.nodeName !== nodeName)) this.#podQueue.add(`${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`);
  }

  async #processPod(key: string): Promise<void> {
    const pod = this.#pods.store.getByKey(key);
    const nodeName = pod?.spec?.nodeName;
    if (pod === undefined || !nodeName) return;
    const health = this.#health.get(nodeName);
    if (health === undefined) return;
    if (this.#nodes.store.get(undefined, nodeName) === undefined) throw new Error(`node "${nodeName}" not found`);
    const ready = health.readyCondition;
    if (ready === undefined || ready.status === 'True') return;
    await markPodsNotReady(this.#context.client, this.#recorder, [pod], nodeName);
  }

  // --- The health pass ---

  async #monitorNodeHealth(): Promise<void> {
    const started = performance.now();
    try {
      await this.#monitorNodeHealthOnce();
    } finally {
      nodeLifecycleMetrics.allNodesHealthUpdated((performance.now() - started) / 1000);
    }
  }

  async #monitorNodeHealthOnce(): Promise<void> {
    const nodes = this.#nodes.store.list();
    const { added, deleted, newZoneRepresentatives } = this.#classifyNodes(nodes);
    for (const node of newZoneRepresentatives) this.#addZone(node);
    for (const node of added) {
      const name = node.metadata?.name ?? '';
      this.#context.logger.info({ node: name }, 'Controller observed a new Node');
      this.#recordNodeEvent(node, 'RegisteredNode', `Registered Node ${name} in Controller`);
      this.#knownNodes.set(name, node);
      this.#addZone(node);
      await this.#markNodeAsReachable(node).catch((error: unknown) => this.#context.logger.error({ err: error, node: name }, 'Failed to remove taints from node'));
    }
    for (const node of deleted) {
      const name = node.metadata?.name ?? '';
      this.#context.logger.info({ node: name }, 'Controller observed a Node deletion');
      this.#recordNodeEvent(node, 'RemovingNode', `Removing Node ${name} from Controller`);
      this.#knownNodes.delete(name);
      this.#health.delete(name);
    }
    const zoneConditions = new Map<string, (NodeCondition | undefined)[]>();
    await forEachConcurrently(nodes, nodeUpdateWorkers, async (node) => {
      const started = performance.now();
      try {
        await this.#updateNode(node, zoneConditions);
      } finally {
        nodeLifecycleMetrics.nodeHealthUpdated((performance.now() - started) / 1000);
      }
    });
    await this.#handleDisruption(zoneConditions, nodes);
  }

  #classifyNodes(nodes: readonly Node[]): { added: Node[]; deleted: Node[]; newZoneRepresentatives: Node[] } {
    const added: Node[] = [];
    const newZoneRepresentatives: Node[] = [];
    const present = new Set<string>();
    for (const node of nodes) {
      const name = node.metadata?.name ?? '';
      present.add(name);
      if (!this.#knownNodes.has(name)) added.push(node);
      else if (!this.#zoneStates.has(zoneKey(node))) newZoneRepresentatives.push(node);
    }
    const deleted = [...this.#knownNodes].filter(([name]) => !present.has(name)).map(([, node]) => node);
    return { added, deleted, newZoneRepresentatives };
  }

  #addZone(node: Node): void {
    const zone = zoneKey(node);
    if (this.#zoneStates.has(zone)) return;
    this.#zoneStates.set(zone, 'Initial');
    this.#zoneTainters.set(zone, new RateLimitedTimedQueue(this.#options.evictionRate));
    this.#context.logger.info({ zone: zoneName(zone) }, 'Initializing eviction metric for zone');
    nodeLifecycleMetrics.zoneAdded(zone);
  }

  #tainter(node: Node): RateLimitedTimedQueue {
    const zone = zoneKey(node);
    let tainter = this.#zoneTainters.get(zone);
    if (tainter === undefined) this.#zoneTainters.set(zone, (tainter = new RateLimitedTimedQueue(this.#options.evictionRate)));
    return tainter;
  }

  async #updateNode(listed: Node, zoneConditions: Map<string, (NodeCondition | undefined)[]>): Promise<void> {
    const name = listed.metadata?.name ?? '';
    let node = listed;
    let ready: ReadyConditions;
    for (let attempt = 1; ; attempt++) {
      try {
        ({ node, ready } = await this.#tryUpdateNodeHealth(node));
        break;
      } catch (error) {
        if (attempt >= nodeHealthUpdateRetries) {
          this.#context.logger.error({ err: error, node: name }, 'Update health of Node from Controller error, Skipping - no pods will be evicted');
          return;
        }
        await sleep(nodeHealthRetryDelayMs);
        try {
          node = await this.#context.client.get<Node>({ ...nodesResource, name });
        } catch {
          this.#context.logger.error({ node: name }, 'Failed while getting a Node to retry updating node health. Probably Node was deleted');
          return;
        }
      }
    }
    if (!excludedFromDisruptionChecks(node)) {
      const zone = zoneKey(node);
      const conditions = zoneConditions.get(zone) ?? [];
      conditions.push(ready.current);
      zoneConditions.set(zone, conditions);
    }
    const { observed, current } = ready;
    if (current !== undefined) {
      const pods = this.#podsByNode.pods(name);
      await this.#processTaintBaseEviction(node, observed);
      const becameNotReady = current.status !== 'True' && observed.status === 'True';
      if (becameNotReady) this.#recordStatusChange(node, 'NodeNotReady');
      if (becameNotReady || (this.#nodesToRetry.has(name) && observed.status !== 'True')) {
        try {
          await markPodsNotReady(this.#context.client, this.#recorder, pods, name);
        } catch (error) {
          this.#context.logger.error({ err: error, node: name }, `unable to mark all pods NotReady on node ${name}; queuing for retry`);
          this.#nodesToRetry.add(name);
          return;
        }
      }
    }
    this.#nodesToRetry.delete(name);
  }

  /**
   * Takes in the Node's latest heartbeats; past its grace period, writes its conditions Unknown
   * through nodes/{name}/status. Answers the Node as it now is and its Ready condition before and after.
   */
  async #tryUpdateNodeHealth(node: Node): Promise<{ node: Node; ready: ReadyConditions }> {
    const name = node.metadata?.name ?? '';
    const lease = this.#leases.store.get(nodeLeaseNamespace, name);
    const now = Date.now();
    const observation = observeNodeHealth(node, this.#health.get(name), lease, now, this.#options);
    let health = observation.health;
    const observed = observation.observedReady;
    this.#health.set(name, health);
    if (now <= health.probeTimestamp + observation.gracePeriodMs) return { node, ready: { observed, current: nodeCondition(node, 'Ready') } };
    this.#context.logger.debug({ node: name, silentForMs: now - health.probeTimestamp }, "Node hasn't been updated");
    const conditions = silentNodeConditions(node, now);
    const silent: Node = { ...node, status: { ...node.status, conditions } };
    const current = nodeCondition(silent, 'Ready');
    if (!sameCondition(current, observed)) {
      try {
        await this.#context.client.update<Node>({ ...nodesResource, name, subresource: 'status' }, silent);
      } catch (error) {
        this.#context.logger.error({ err: error, node: name }, 'Error updating node');
        throw error;
      }
      health = { probeTimestamp: health.probeTimestamp, readyTransitionTimestamp: Date.now(), readyCondition: current, lease };
      this.#health.set(name, health);
    }
    return { node: silent, ready: { observed, current } };
  }

  // --- NoExecute taints ---

  async #processTaintBaseEviction(node: Node, observed: NodeCondition): Promise<void> {
    const name = node.metadata?.name ?? '';
    const taints = node.spec?.taints;
    switch (observed.status) {
      case 'False':
        if (taintExists(taints, unreachableNoExecute)) {
          if (!(await this.#swapTaints([notReadyNoExecute], [unreachableNoExecute], node)))
            this.#context.logger.error({ node: name }, 'Failed to instantly swap UnreachableTaint to NotReadyTaint. Will try again in the next cycle');
        } else if (this.#markNodeForTainting(node, 'False')) {
          this.#context.logger.debug({ node: name }, 'Node is NotReady. Adding it to the Taint queue');
        }
        return;
      case 'Unknown':
        if (taintExists(taints, notReadyNoExecute)) {
          if (!(await this.#swapTaints([unreachableNoExecute], [notReadyNoExecute], node)))
            this.#context.logger.error({ node: name }, 'Failed to instantly swap NotReadyTaint to UnreachableTaint. Will try again in the next cycle');
        } else if (this.#markNodeForTainting(node, 'Unknown')) {
          this.#context.logger.debug({ node: name }, 'Node is unresponsive. Adding it to the Taint queue');
        }
        return;
      case 'True':
        try {
          if (await this.#markNodeAsReachable(node)) this.#context.logger.debug({ node: name }, 'Node is healthy again, removed all taints');
        } catch {
          this.#context.logger.error({ node: name }, 'Failed to remove taints from node. Will retry in next iteration');
        }
    }
  }

  /** Queues the Node for its NoExecute taint; one whose taint is missing is queued afresh. */
  #markNodeForTainting(node: Node, status: ConditionStatus): boolean {
    const name = node.metadata?.name ?? '';
    const tainter = this.#tainter(node);
    const taint = status === 'False' ? notReadyNoExecute : unreachableNoExecute;
    if (!taintExists(node.spec?.taints, taint)) tainter.remove(name);
    return tainter.add(name, node.metadata?.uid ?? '');
  }

  /** Removes the NoExecute taints and takes the Node out of its zone's queue; true if it was queued. */
  async #markNodeAsReachable(node: Node): Promise<boolean> {
    const name = node.metadata?.name ?? '';
    await removeTaintOffNode(this.#context.client, name, node, [unreachableNoExecute]);
    await removeTaintOffNode(this.#context.client, name, node, [notReadyNoExecute]);
    return this.#tainter(node).remove(name);
  }

  async #doNoExecuteTaintingPass(): Promise<void> {
    for (const tainter of [...this.#zoneTainters.values()]) await tainter.try((value) => this.#taintQueuedNode(value));
  }

  async #taintQueuedNode(value: TimedValue): Promise<ActionResult> {
    const node = this.#nodes.store.get(undefined, value.value);
    if (node === undefined) {
      this.#context.logger.info({ node: value.value }, 'Node no longer present in nodeLister');
      return { done: true };
    }
    const ready = nodeCondition(node, 'Ready');
    if (ready === undefined) {
      this.#context.logger.info({ node: value.value }, 'Failed to get NodeCondition from the node status');
      return { done: false, retryAfterMs: 50 };
    }
    if (ready.status === 'True') {
      this.#context.logger.debug({ node: value.value }, "Node was in a taint queue, but it's ready now. Ignoring taint request");
      return { done: true };
    }
    // The two taints mirror the Ready condition, so one replaces the other.
    const [add, remove] = ready.status === 'False' ? [notReadyNoExecute, unreachableNoExecute] : [unreachableNoExecute, notReadyNoExecute];
    if (!(await this.#swapTaints([add], [remove], node))) return { done: false, retryAfterMs: 0 };
    nodeLifecycleMetrics.evicted(zoneKey(node));
    return { done: true };
  }

  // --- Zone disruption ---

  async #handleDisruption(zoneConditions: ReadonlyMap<string, readonly (NodeCondition | undefined)[]>, nodes: readonly Node[]): Promise<void> {
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, conditions] of zoneConditions) {
      const { notReady, state } = computeZoneState(conditions, this.#options.unhealthyZoneThreshold);
      nodeLifecycleMetrics.zoneObserved(zone, conditions.length, notReady);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      if (!this.#zoneStates.has(zone)) {
        this.#context.logger.error({ zone: zoneName(zone) }, 'Setting initial state for unseen zone');
        this.#zoneStates.set(zone, 'Initial');
      }
    }
    let allWereFullyDisrupted = true;
    for (const [zone, state] of this.#zoneStates) {
      if (!zoneConditions.has(zone)) {
        nodeLifecycleMetrics.zoneEmptied(zone);
        this.#zoneStates.delete(zone);
        continue;
      }
      if (state !== 'FullDisruption') {
        allWereFullyDisrupted = false;
        break;
      }
    }
    // A cluster whose every Node went silent at once more likely lost its network or control plane
    // than all its Nodes: then nothing is evicted until some Node is Ready again.
    if (allAreFullyDisrupted && allWereFullyDisrupted) return;
    if (allAreFullyDisrupted) {
      this.#context.logger.info('Controller detected that all Nodes are not-Ready. Entering master disruption mode');
      for (const node of nodes) {
        await this.#markNodeAsReachable(node).catch(() => this.#context.logger.error({ node: node.metadata?.name }, 'Failed to remove taints from Node'));
      }
      for (const zone of this.#zoneStates.keys()) {
        this.#zoneTainters.get(zone)?.swapLimiter(0);
        this.#zoneStates.set(zone, 'FullDisruption');
      }
      return;
    }
    if (allWereFullyDisrupted) {
      this.#context.logger.info('Controller detected that some Nodes are Ready. Exiting master disruption mode');
      // Nodes silent during the disruption get a full grace period from now before they count as failed.
      const now = Date.now();
      for (const node of nodes) {
        const name = node.metadata?.name ?? '';
        const health = this.#health.get(name);
        if (health !== undefined) this.#health.set(name, { ...health, probeTimestamp: now, readyTransitionTimestamp: now });
      }
      for (const zone of this.#zoneStates.keys()) this.#enterZoneState(zone, newStates.get(zone), zoneConditions);
      return;
    }
    for (const [zone, state] of this.#zoneStates) {
      const newState = newStates.get(zone);
      if (newState === undefined || newState === state) continue;
      this.#context.logger.info({ zone: zoneName(zone), newState }, 'Controller detected that zone is now in new state');
      this.#enterZoneState(zone, newState, zoneConditions);
    }
  }

  /** Sets the zone's rate: a partly broken zone evicts slowly if large, not at all if small; any other at the normal rate. */
  #enterZoneState(zone: string, state: ZoneState | undefined, zoneConditions: ReadonlyMap<string, readonly unknown[]>): void {
    if (state === undefined) return;
    this.#zoneStates.set(zone, state);
    const tainter = this.#zoneTainters.get(zone);
    const { evictionRate, secondaryEvictionRate, largeClusterSizeThreshold } = this.#options;
    const zoneSize = zoneConditions.get(zone)?.length ?? 0;
    if (state === 'Normal' || state === 'FullDisruption') tainter?.swapLimiter(evictionRate);
    else if (state === 'PartialDisruption') tainter?.swapLimiter(zoneSize > largeClusterSizeThreshold ? secondaryEvictionRate : 0);
  }

  // --- Events ---

  #nodeReference(node: Node): InvolvedObject {
    const meta = node.metadata ?? {};
    return { apiVersion: 'v1', kind: 'Node', name: meta.name ?? '', ...(meta.uid ? { uid: meta.uid } : {}) };
  }

  #recordNodeEvent(node: Node, reason: string, event: string): void {
    void this.#recorder.record(this.#nodeReference(node), 'Normal', reason, `Node ${node.metadata?.name ?? ''} event: ${event}`);
  }

  #recordStatusChange(node: Node, status: string): void {
    void this.#recorder.record(this.#nodeReference(node), 'Normal', status, `Node ${node.metadata?.name ?? ''} status is now: ${status}`);
  }
}

/** Calls `task` for every item, at most `limit` at a time (client-go's ParallelizeUntil). */
async function forEachConcurrently<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  // One iterator shared by the workers: each takes the next item when it is free.
  const pending = items.values();
  const worker = async (): Promise<void> => {
    for (const item of pending) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const nodeLifecycleController: ControllerDefinition = {
  name: 'node-lifecycle-controller',
  clientName: 'node-controller',
  start: (context) => new NodeLifecycleController(context).run(),
};
