// kube-controller-manager's daemonset-controller: one pod of each DaemonSet on every node that
// should run it (node-should-run.ts), pinned to its node by node affinity for the scheduler to
// bind; failed pods replaced with a back-off, pods on nodes that no longer fit deleted, RollingUpdate
// (maxUnavailable, maxSurge) or OnDelete across ControllerRevisions, and kube's status. A node
// whose labels or taints change wakes the DaemonSets it now gains or loses.
// --concurrent-daemonset-syncs workers (2) for DaemonSets and as many for node changes.

import type { ControllerRevision, DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Node, Pod } from '@capstan/common/api-types/core-v1';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { WorkQueue } from '../work-queue.ts';
import { claimObjects, recheckDeletionTimestamp } from '../workload/claim-objects.ts';
import { controllerRefOf, daemonSetKind, namespacedKey } from '../workload/controller-ref.ts';
import { controllerRevisionsResource } from '../workload/controller-revision.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { ownedObjectEvents } from '../workload/owned-object-events.ts';
import { PodControl, podsResource } from '../workload/pod-control.ts';
import { isPodReady } from '../workload/pod-state.ts';
import { cleanupHistory, constructHistory } from './daemon-set-history.ts';
import { countDaemonPods, storeStatus } from './daemon-set-status.ts';
import { targetNodeName } from './daemon-pod.ts';
import { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { type ManageContext, manage } from './manage.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';
import { rollingUpdate } from './rolling-update.ts';

const nodesResource = { group: '', version: 'v1', resource: 'nodes' } as const;

/** kube's BackoffGCInterval. */
const backoffGcIntervalMs = 60_000;

function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

function sameTaintsAndLabels(a: Node, b: Node): boolean {
  return JSON.stringify(a.metadata?.labels ?? {}) === JSON.stringify(b.metadata?.labels ?? {}) && JSON.stringify(a.spec?.taints ?? []) === JSON.stringify(b.spec?.taints ?? []);
}

export const daemonSetController: ControllerDefinition = {
  name: 'daemonset-controller',
  aliases: ['daemonset'],
  clientName: 'daemon-set-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const daemonSets = context.informers.informer<DaemonSet>(daemonSetKind.resource);
    const revisions = context.informers.informer<ControllerRevision>(controllerRevisionsResource);
    const pods = context.informers.informer<Pod>(podsResource);
    const nodes = context.informers.informer<Node>(nodesResource);
    const events = context.eventRecorder('daemonset-controller');
    const podControl = new PodControl(client, events, daemonSetKind);
    const creations = new ControllerExpectations();
    const deletions = new ControllerExpectations();
    const backoff = new FailedPodsBackoff();
    const queue = new WorkQueue({ name: 'daemonset', maxDelayMs: 1000_000 });
    const nodeQueue = new WorkQueue({ name: 'daemonset-node-updates', maxDelayMs: 1000_000 });
    const enqueue = (ds: DaemonSet): void => queue.add(namespacedKey(ds));
    const enqueueAfter = (ds: DaemonSet, delayMs: number): void => queue.addAfter(namespacedKey(ds), delayMs);
    const forget = (key: string): void => {
      creations.delete(key);
      deletions.delete(key);
    };
    const selecting = <O extends Pod | ControllerRevision>(object: O): DaemonSet[] =>
      daemonSets.store.list(object.metadata?.namespace ?? '').filter((ds) => labelSelectorMatcher(ds.spec?.selector)(object.metadata?.labels));
    const owner = (namespace: string, name: string): DaemonSet | undefined => daemonSets.store.get(namespace, name);

    daemonSets.addEventHandler({
      onAdd: enqueue,
      onUpdate: (old, ds) => {
        // The same name, another object: the old one's expectations go with it.
        if (old.metadata?.uid !== ds.metadata?.uid) forget(namespacedKey(old));
        enqueue(ds);
      },
      onDelete: (ds) => {
        forget(namespacedKey(ds));
        enqueue(ds);
      },
    });
    revisions.addEventHandler(ownedObjectEvents<DaemonSet, ControllerRevision>({ kind: daemonSetKind, owner, selecting, enqueue }));
    pods.addEventHandler(
      ownedObjectEvents<DaemonSet, Pod>({
        kind: daemonSetKind,
        owner,
        selecting,
        enqueue,
        deletingIsDeleted: true,
        created: (ds) => creations.creationObserved(namespacedKey(ds)),
        deleted: (ds, pod) => deletions.deletionObserved(namespacedKey(ds), namespacedKey(pod)),
        updated: (ds, old, pod) => {
          const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
          // A second more, against the clock skew of AddAfter.
          if (!isPodReady(old) && isPodReady(pod) && minReadySeconds > 0) enqueueAfter(ds, (minReadySeconds + 1) * 1000);
        },
      }),
    );
    nodes.addEventHandler({
      onAdd: (node) => nodeQueue.add(node.metadata?.name ?? ''),
      onUpdate: (old, node) => {
        if (!sameTaintsAndLabels(old, node)) nodeQueue.add(node.metadata?.name ?? '');
      },
    });

    /** The DaemonSet's pods (claimed: adopted and released) by the node they are for. */
    const podsByNode = async (ds: DaemonSet, includeDeletedTerminal: boolean): Promise<Map<string, Pod[]>> => {
      const uid = ds.metadata?.uid;
      const candidates = pods.store.list(ds.metadata?.namespace ?? '').filter((pod) => {
        const reference = controllerRefOf(pod);
        return reference === undefined || reference.uid === uid;
      });
      const claimed = await claimObjects({
        client,
        owner: ds,
        ownerKind: daemonSetKind,
        matches: labelSelectorMatcher(ds.spec?.selector),
        target: podsResource,
        objects: candidates,
        canAdopt: recheckDeletionTimestamp(client, ds, daemonSetKind),
      });
      const byNode = new Map<string, Pod[]>();
      for (const pod of claimed) {
        // Terminal and being deleted: the kubelet or the pod GC is done with it, and so are we.
        if (!includeDeletedTerminal && isTerminal(pod) && pod.metadata?.deletionTimestamp) continue;
        const node = targetNodeName(pod);
        if (node === undefined) continue;
        byNode.set(node, [...(byNode.get(node) ?? []), pod]);
      }
      return byNode;
    };

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const ds = daemonSets.store.get(namespace, name);
      if (ds === undefined) return forget(key);
      const nodeList = nodes.store.list();
      const selector = ds.spec?.selector;
      if (selector !== undefined && Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0) {
        void events.record(involvedObjectOf(ds, 'DaemonSet', 'apps/v1'), 'Warning', 'SelectingAll', 'This daemon set is selecting all pods. A non-empty selector is required.');
        return;
      }
      // Being deleted: its revisions may be gone already, so its status cannot be trusted.
      if (ds.metadata?.deletionTimestamp) return;
      const controlled = await claimObjects({
        client,
        owner: ds,
        ownerKind: daemonSetKind,
        matches: labelSelectorMatcher(selector),
        target: controllerRevisionsResource,
        objects: revisions.store.list(namespace),
        canAdopt: recheckDeletionTimestamp(client, ds, daemonSetKind),
      });
      const history = await constructHistory(client, ds, controlled, async () => [...(await podsByNode(ds, false)).values()].flat());
      const { hash } = history;
      const work: ManageContext = { client, podControl, creations, deletions, events, backoff, enqueueAfter, now: Date.now() };
      const satisfied = (): boolean => creations.satisfied(key) && deletions.satisfied(key);
      const writeStatus = async (observed: boolean): Promise<void> => {
        const now = Date.now();
        const counts = countDaemonPods(ds, nodeList, await podsByNode(ds, false), hash, now);
        await storeStatus(client, ds, counts, observed);
        // A last resort against clock skew: look again once the ready pods should be available.
        const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
        if (minReadySeconds > 0 && counts.numberReady !== counts.numberAvailable) enqueueAfter(ds, minReadySeconds * 1000);
      };
      if (!satisfied()) return writeStatus(false);
      let failure: unknown;
      try {
        await manage(work, ds, nodeList, await podsByNode(ds, false), hash);
        if (satisfied() && (ds.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate') {
          await rollingUpdate({ ...work, now: Date.now() }, ds, nodeList, await podsByNode(ds, false), hash);
        }
        await cleanupHistory(client, ds, history.old, [...(await podsByNode(ds, true)).values()].flat());
      } catch (error) {
        failure = error;
      }
      try {
        await writeStatus(true);
      } catch (error) {
        if (failure === undefined) throw error;
        logger.warn({ err: error, daemonSet: key }, 'Failed to update status');
      }
      if (failure !== undefined) throw failure;
    };

    /** syncNodeUpdate: the DaemonSets the node now needs a pod of, must lose one of, or miscounted. */
    const syncNode = async (nodeName: string): Promise<void> => {
      const node = nodes.store.get(undefined, nodeName);
      if (node === undefined) return;
      const onNode = new Map<string, number>();
      for (const pod of pods.store.list()) {
        const reference = controllerRefOf(pod);
        if (pod.spec?.nodeName !== nodeName || reference?.kind !== 'DaemonSet') continue;
        const dsKey = `${pod.metadata?.namespace ?? ''}/${reference.name}`;
        onNode.set(dsKey, (onNode.get(dsKey) ?? 0) + 1);
      }
      for (const ds of daemonSets.store.list()) {
        const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
        const scheduled = (onNode.get(namespacedKey(ds)) ?? 0) > 0;
        if ((shouldRun && !scheduled) || (!shouldContinueRunning && scheduled) || (scheduled && (ds.status?.numberMisscheduled ?? 0) > 0)) enqueue(ds);
      }
    };

    const gc = setInterval(() => backoff.gc(Date.now()), backoffGcIntervalMs);
    gc.unref();
    const stop = (): void => {
      queue.shutDown();
      nodeQueue.shutDown();
      clearInterval(gc);
    };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    const workers = context.options.concurrentDaemonSetSyncs;
    const onError = (what: string) => (key: string, error: unknown) => {
      if (!signal.aborted) logger.warn({ err: error, [what]: key }, `${key} failed; requeuing`);
    };
    try {
      await Promise.all([queue.run(workers, sync, onError('daemonSet')), nodeQueue.run(workers, syncNode, onError('node'))]);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
