// kube-controller-manager's statefulset-controller: each StatefulSet gets its pods "<set>-<ordinal>"
// with stable identities and claims (update-stateful-set.ts), its revisions as ControllerRevisions
// and its status. A set is synced when it or one of its pods changes; it adopts orphan pods and
// revisions its selector matches. --concurrent-statefulset-syncs workers (5).

import type { ControllerRevision, StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { claimObjects, recheckDeletionTimestamp } from '../workload/claim-objects.ts';
import { controllerRefOf, namespacedKey, statefulSetKind } from '../workload/controller-ref.ts';
import { controllerRevisionsResource, sortControllerRevisions } from '../workload/controller-revision.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { ownedObjectEvents } from '../workload/owned-object-events.ts';
import { podsResource } from '../workload/pod-control.ts';
import { podReadyTime, isPodReady } from '../workload/pod-state.ts';
import { claimsResource, StatefulPodControl } from './stateful-pod-control.ts';
import { isMemberOf } from './stateful-pod-identity.ts';
import { updateStatefulSet } from './update-stateful-set.ts';

/** When the next ready pod becomes available (ms from now), for the resync minReadySeconds needs. */
function nextAvailabilityCheck(pods: readonly Pod[], minReadySeconds: number, now: number): number | undefined {
  let next: number | undefined;
  for (const pod of pods) {
    const readyAt = podReadyTime(pod);
    if (readyAt === undefined) continue;
    const wait = readyAt + minReadySeconds * 1000 - now;
    if (wait > 0 && (next === undefined || wait < next)) next = wait;
  }
  return next;
}

export const statefulSetController: ControllerDefinition = {
  name: 'statefulset-controller',
  aliases: ['statefulset'],
  clientName: 'statefulset-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const sets = context.informers.informer<StatefulSet>(statefulSetKind.resource);
    const pods = context.informers.informer<Pod>(podsResource);
    const claims = context.informers.informer<PersistentVolumeClaim>(claimsResource);
    const revisions = context.informers.informer<ControllerRevision>(controllerRevisionsResource);
    const events = context.eventRecorder('statefulset-controller');
    const podControl = new StatefulPodControl(client, events, pods.store, claims.store);
    const queue = new WorkQueue({ name: 'statefulset', maxDelayMs: 1000_000 });
    const enqueue = (set: StatefulSet): void => queue.add(namespacedKey(set));
    const selecting = (pod: Pod): StatefulSet[] => sets.store.list(pod.metadata?.namespace ?? '').filter((set) => labelSelectorMatcher(set.spec?.selector)(pod.metadata?.labels));

    sets.addEventHandler({ onAdd: enqueue, onUpdate: (_old, set) => enqueue(set), onDelete: enqueue });
    pods.addEventHandler(
      ownedObjectEvents<StatefulSet, Pod>({
        kind: statefulSetKind,
        owner: (namespace, name) => sets.store.get(namespace, name),
        selecting,
        enqueue,
        updated: (set, old, pod) => {
          const minReadySeconds = set.spec?.minReadySeconds ?? 0;
          if (!isPodReady(old) && isPodReady(pod) && minReadySeconds > 0) queue.addAfter(namespacedKey(set), minReadySeconds * 1000);
        },
      }),
    );

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const set = sets.store.get(namespace, name);
      if (set === undefined) return;
      const matches = labelSelectorMatcher(set.spec?.selector);
      const canAdopt = recheckDeletionTimestamp(client, set, statefulSetKind);
      const uid = set.metadata?.uid;
      // adoptOrphanRevisions: orphan revisions the selector matches become the set's.
      const candidates = revisions.store.list(namespace).filter((revision) => matches(revision.metadata?.labels));
      const orphans = candidates.filter((revision) => controllerRefOf(revision) === undefined);
      if (orphans.length > 0) {
        await claimObjects({ client, owner: set, ownerKind: statefulSetKind, matches, target: controllerRevisionsResource, objects: orphans, canAdopt });
      }
      const history = sortControllerRevisions(candidates.filter((revision) => controllerRefOf(revision) === undefined || controllerRefOf(revision)?.uid === uid));
      // Pods the set owns or orphans, of the set by name (others are never claimed).
      const own = pods.store.list(namespace).filter((pod) => {
        const reference = controllerRefOf(pod);
        return (reference === undefined || reference.uid === uid) && isMemberOf(set, pod);
      });
      const claimed = await claimObjects({ client, owner: set, ownerKind: statefulSetKind, matches, target: podsResource, objects: own, canAdopt });
      const now = Date.now();
      const status = await updateStatefulSet({ client, podControl, sets: sets.store }, set, claimed, history, now);
      const minReadySeconds = set.spec?.minReadySeconds ?? 0;
      if (minReadySeconds > 0 && status.readyReplicas !== status.availableReplicas) {
        queue.addAfter(key, nextAvailabilityCheck(claimed, minReadySeconds, now) ?? minReadySeconds * 1000);
      }
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    try {
      await queue.run(context.options.concurrentStatefulSetSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.warn({ err: error, statefulSet: key }, 'Error syncing StatefulSet, requeuing');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
