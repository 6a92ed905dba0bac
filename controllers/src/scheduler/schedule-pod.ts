// One scheduling cycle's decision, as kube-scheduler's schedulePod makes it: filter the nodes,
// starting where the previous cycle stopped and stopping once enough fit (all nodes below 100, else
// an adaptive share of at least 100), score those that fit and pick the best, ties at random. When
// none fits, the answer is the FailedScheduling message and the plugins that rejected the pod. The
// time each extension point takes goes to scheduler_framework_extension_point_duration_seconds.

import { isSingle } from '@capstan/common';
import { fitErrorMessage, type Diagnosis } from './fit-error.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';
import { leastAllocatedScore } from './least-allocated.ts';
import { affinityTermsConflict } from './node-affinity.ts';
import type { PodInfo } from './pod-info.ts';
import { postFilterMessage } from './post-filter.ts';
import { filterRejection } from './run-filters.ts';
import type { NodeInfo, SchedulerCache } from './scheduler-cache.ts';
import { schedulerMetrics, secondsSince } from './scheduler-metrics.ts';

export type ScheduleResult =
  | { readonly node: string }
  | {
      readonly unschedulable: string;
      /** The plugins that rejected the pod on some node, or in PreFilter (none when there is no node at all). */
      readonly plugins: ReadonlySet<string>;
    };

/** ErrNoNodesAvailable. */
export const noNodesAvailable = 'no nodes available to schedule pods';

const minFeasibleNodesToFind = 100;
const minFeasibleNodesPercentageToFind = 5;

/** numFeasibleNodesToFind with the default percentageOfNodesToScore (0: adaptive). */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  if (numAllNodes < minFeasibleNodesToFind) return numAllNodes;
  const percentage = Math.max(minFeasibleNodesPercentageToFind, 50 - Math.trunc(numAllNodes / 125));
  return Math.max(minFeasibleNodesToFind, Math.trunc((numAllNodes * percentage) / 100));
}

export class SchedulingAlgorithm {
  readonly #cache: SchedulerCache;
  /** PreFilters beyond the node-affinity one: why the pod fits no node, if it fits none (volume-binding.ts). */
  readonly #preFilter: ((pod: PodInfo) => string | undefined) | undefined;
  readonly #profile: string;
  #nextStartNodeIndex = 0;

  constructor(cache: SchedulerCache, preFilter?: (pod: PodInfo) => string | undefined, profile = 'default-scheduler') {
    this.#cache = cache;
    this.#preFilter = preFilter;
    this.#profile = profile;
  }

  schedule(pod: PodInfo): ScheduleResult {
    const allNodes = this.#cache.nodes();
    if (allNodes.length === 0) return { unschedulable: noNodesAvailable, plugins: new Set() };
    const preFilterStart = performance.now();
    const rejected = this.#preFilter?.(pod);
    if (rejected !== undefined) {
      this.#observe('PreFilter', 'UnschedulableAndUnresolvable', preFilterStart);
      return this.#unschedulable(pod, { statuses: new Map(), absent: unresolvable(rejected), preFilterMessage: rejected }, new Set(['VolumeBinding']));
    }
    let nodes = allNodes;
    let absent: FilterStatus | undefined;
    if (pod.affinityNodeNames !== undefined) {
      if (pod.affinityNodeNames.size === 0) {
        this.#observe('PreFilter', 'UnschedulableAndUnresolvable', preFilterStart);
        return this.#unschedulable(pod, { statuses: new Map(), absent: unresolvable(affinityTermsConflict), preFilterMessage: affinityTermsConflict }, new Set(['NodeAffinity']));
      }
      const named: NodeInfo[] = [];
      for (const name of pod.affinityNodeNames) {
        const info = this.#cache.node(name);
        if (info?.node !== undefined) named.push(info);
      }
      nodes = named;
      absent = unresolvable("node(s) didn't satisfy plugin(s) [NodeAffinity]");
    }
    this.#observe('PreFilter', 'Success', preFilterStart);

    const filterStart = performance.now();
    const statuses = new Map<string, FilterStatus>();
    const plugins = new Set<string>(absent === undefined ? [] : ['NodeAffinity']);
    const feasible: NodeInfo[] = [];
    const wanted = numFeasibleNodesToFind(nodes.length);
    for (let i = 0; i < nodes.length && feasible.length < wanted; i++) {
      const node = nodes[(this.#nextStartNodeIndex + i) % nodes.length] as NodeInfo;
      const rejection = filterRejection(pod, node);
      if (rejection === undefined) feasible.push(node);
      else {
        statuses.set(node.name, rejection.status);
        plugins.add(rejection.plugin);
      }
    }
    this.#nextStartNodeIndex = (this.#nextStartNodeIndex + feasible.length + statuses.size) % allNodes.length;
    // kube's Filter status is Success unless a plugin failed with an error, rejections or not.
    this.#observe('Filter', 'Success', filterStart);

    if (feasible.length === 0) return this.#unschedulable(pod, absent === undefined ? { statuses } : { statuses, absent }, plugins);
    if (isSingle(feasible)) return { node: feasible[0].name };
    const scoreStart = performance.now();
    const node = selectHost(pod, feasible);
    this.#observe('Score', 'Success', scoreStart);
    return { node };
  }

  #unschedulable(pod: PodInfo, diagnosis: Diagnosis, plugins: ReadonlySet<string>): ScheduleResult {
    const numAllNodes = this.#cache.nodes().length;
    // The PostFilter plugins run: DefaultPreemption's attempt counts even when it finds nothing to preempt.
    const postFilterStart = performance.now();
    const message = fitErrorMessage(numAllNodes, diagnosis, postFilterMessage(pod, diagnosis, this.#cache, numAllNodes));
    schedulerMetrics.preemptionAttempted();
    this.#observe('PostFilter', 'Unschedulable', postFilterStart);
    return { unschedulable: message, plugins };
  }

  #observe(point: 'PreFilter' | 'Filter' | 'PostFilter' | 'Score', status: 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable', start: number): void {
    schedulerMetrics.extensionPoint(point, status, this.#profile, secondsSince(start));
  }
}

/** The node with the highest score; among equals, each is as likely (reservoir sampling, as kube's selectHost). */
function selectHost(pod: PodInfo, feasible: readonly NodeInfo[]): string {
  let best = '';
  let bestScore = -1;
  let ties = 0;
  for (const node of feasible) {
    const score = leastAllocatedScore(pod.requests, node);
    if (score > bestScore) {
      best = node.name;
      bestScore = score;
      ties = 1;
    } else if (score === bestScore) {
      ties += 1;
      if (Math.random() * ties < 1) best = node.name;
    }
  }
  return best;
}
