// kube's defaultStatefulSetControl.UpdateStatefulSet: one pass over a StatefulSet's pods. Missing
// ordinals are created (their claims first) and failed or succeeded pods deleted; pods beyond the
// ordinal range are condemned and deleted from the highest ordinal; under OrderedReady (monotonic)
// each step waits for the pods before it to be Running, Ready and available, one pod at a time,
// while Parallel acts on all at once. Then RollingUpdate deletes, from the highest ordinal down to
// the partition, one pod not of the update revision at a time (the MaxUnavailableStatefulSet gate,
// beta but off by default in 1.35, is left out); OnDelete leaves that to the user.

import type { ControllerRevision, StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { Pod, PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import { isNotFound, type ReadonlyObjectStore, type RestClient } from '@capstan/common/client';
import { revisionTemplate } from '../workload/controller-revision.ts';
import { slowStartBatch } from '../workload/slow-start.ts';
import type { StatefulPodControl } from './stateful-pod-control.ts';
import { endOrdinal, identityMatches, newStatefulSetPod, ordinalOf, podInOrdinalRange, podRevision, startOrdinal, storageMatches } from './stateful-pod-identity.ts';
import { countReplicas, isCreated, isRunningAndReady, isTerminating, isUnavailable, type MutableStatus, writeStatus } from './stateful-set-status.ts';
import { statefulSetRevisions, truncateHistory } from './stateful-set-revisions.ts';
import { isPodAvailable } from '../workload/pod-state.ts';

export interface StatefulSetControl {
  readonly client: RestClient;
  readonly podControl: StatefulPodControl;
  readonly sets: ReadonlyObjectStore<StatefulSet>;
}

interface Pass {
  readonly control: StatefulSetControl;
  readonly set: StatefulSet;
  readonly monotonic: boolean;
  readonly minReadySeconds: number;
  readonly now: number;
}

/** Runs `step` on each item: in order, stopping at the first that says so (monotonic), or all in slow-start batches. */
async function runForAll<T>(items: readonly T[], step: (item: T) => Promise<boolean>, monotonic: boolean): Promise<boolean> {
  if (monotonic) {
    for (const item of items) if (await step(item)) return true;
    return false;
  }
  let next = 0;
  const { error } = await slowStartBatch(items.length, async () => {
    await step(items[next++] as T);
  });
  if (error !== undefined) throw error;
  return false;
}

/** processReplica: answers true when the pass must stop here. */
async function processReplica(pass: Pass, pod: Pod): Promise<boolean> {
  const { control, set, monotonic } = pass;
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') {
    // Evicted or otherwise stopped pods come back, whatever their exit code; the next pass recreates it.
    if (!isTerminating(pod)) await control.podControl.deletePod(set, pod);
    return true;
  }
  if (!isCreated(pod)) {
    if (control.podControl.podClaimIsStale(set, pod)) return true;
    await control.podControl.createPod(set, pod);
    if (monotonic) return true;
  }
  if (phase === 'Pending') await control.podControl.createMissingClaims(set, pod);
  if (monotonic && (isTerminating(pod) || !isRunningAndReady(pod) || !isPodAvailable(pod, pass.minReadySeconds, pass.now))) return true;
  if (identityMatches(set, pod) && storageMatches(set, pod) && control.podControl.claimsMatchRetentionPolicy(set, pod)) return false;
  await control.podControl.updatePod(set, structuredClone(pod));
  return false;
}

/** processCondemned: deletes a pod beyond the range; monotonic waits for terminations and for unhealthy pods other than the first. */
async function processCondemned(pass: Pass, pod: Pod, firstUnhealthy: Pod | undefined): Promise<boolean> {
  const { control, set, monotonic } = pass;
  if (isTerminating(pod)) return monotonic;
  if (monotonic && pod !== firstUnhealthy && (!isRunningAndReady(pod) || !isPodAvailable(pod, pass.minReadySeconds, pass.now))) return true;
  await control.podControl.deletePod(set, pod);
  return true;
}

/** newVersionedStatefulSetPod: ordinals below the partition get the current revision, the others the update revision. */
function newVersionedPod(set: StatefulSet, current: ControllerRevision, update: ControllerRevision, ordinal: number): Pod {
  const strategy = set.spec?.updateStrategy;
  const start = startOrdinal(set);
  const atCurrent =
    ((strategy?.type ?? 'RollingUpdate') === 'RollingUpdate' && strategy?.rollingUpdate === undefined && ordinal < start + (set.status?.currentReplicas ?? 0)) ||
    (strategy?.rollingUpdate !== undefined && ordinal < start + (strategy.rollingUpdate.partition ?? 0));
  const revision = atCurrent ? current : update;
  const template: PodTemplateSpec | undefined = revisionTemplate(revision) ?? set.spec?.template;
  return newStatefulSetPod(set, template, ordinal, revision.metadata?.name ?? '');
}

async function updatePods(pass: Pass, current: ControllerRevision, update: ControllerRevision, pods: readonly Pod[], status: MutableStatus): Promise<void> {
  const { set, minReadySeconds, now } = pass;
  const start = startOrdinal(set);
  const replicas: Pod[] = [];
  const condemned: Pod[] = [];
  for (const pod of pods) {
    if (podInOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
    else if (ordinalOf(pod) >= 0) condemned.push(pod);
  }
  for (let ordinal = start; ordinal <= endOrdinal(set); ordinal++) replicas[ordinal - start] ??= newVersionedPod(set, current, update, ordinal);
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));
  const firstUnhealthy = replicas.find((pod) => isUnavailable(pod, minReadySeconds, now)) ?? condemned.findLast((pod) => isUnavailable(pod, minReadySeconds, now));
  const recount = (): void => countReplicas(status, [...replicas, ...condemned], minReadySeconds, now);

  if (set.metadata?.deletionTimestamp) return;
  try {
    if (await runForAll(replicas, (pod) => processReplica(pass, pod), pass.monotonic)) return recount();
    const fixClaims = async (pod: Pod): Promise<boolean> => {
      if (!pass.control.podControl.claimsMatchRetentionPolicy(set, pod)) await pass.control.podControl.updateClaimsForRetentionPolicy(set, pod);
      return false;
    };
    if (await runForAll(condemned, fixClaims, pass.monotonic)) return recount();
    if (await runForAll(condemned, (pod) => processCondemned(pass, pod, firstUnhealthy), pass.monotonic)) return recount();
  } catch (error) {
    recount();
    throw error;
  }
  recount();
  if (set.spec?.updateStrategy?.type === 'OnDelete') return;
  const updateMin = set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
  for (let target = replicas.length - 1; target >= updateMin; target--) {
    const pod = replicas[target] as Pod;
    if (podRevision(pod) !== update.metadata?.name && !isTerminating(pod)) {
      try {
        await pass.control.podControl.deletePod(set, pod);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      status.currentReplicas = (status.currentReplicas ?? 0) - 1;
      return;
    }
    if (isUnavailable(pod, minReadySeconds, now)) return;
  }
}

/**
 * One sync of the set with the pods it owns: revisions, pods, the status (written even when the
 * pass failed part-way), and the history truncated. Answers the status.
 */
export async function updateStatefulSet(
  control: StatefulSetControl,
  set: StatefulSet,
  pods: readonly Pod[],
  sortedRevisions: readonly ControllerRevision[],
  now: number,
): Promise<MutableStatus> {
  const { current, update, collisionCount } = await statefulSetRevisions(control.client, set, sortedRevisions);
  const status: MutableStatus = {
    observedGeneration: set.metadata?.generation,
    currentRevision: current.metadata?.name,
    updateRevision: update.metadata?.name,
    collisionCount,
    replicas: 0,
  };
  const minReadySeconds = set.spec?.minReadySeconds ?? 0;
  countReplicas(status, pods, minReadySeconds, now);
  const pass: Pass = { control, set, monotonic: set.spec?.podManagementPolicy !== 'Parallel', minReadySeconds, now };
  let failure: unknown;
  try {
    await updatePods(pass, current, update, pods, status);
  } catch (error) {
    failure = error;
  }
  try {
    await writeStatus(control.client, control.sets, set, status);
  } catch (error) {
    failure ??= error;
  }
  await truncateHistory(control.client, set, pods, sortedRevisions, [current, update]);
  if (failure !== undefined) throw failure;
  return status;
}
