// kube-controller-manager's deployment-controller: each Deployment gets ReplicaSets named by its
// pod template's hash and rolls from one to the next as its strategy says (see sync-deployment.ts).
// A Deployment is synced when it changes, when a ReplicaSet it controls (or could adopt) changes,
// when a Recreate Deployment's last pod goes, and when its progress deadline would pass.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { controllerRefOf, deploymentKind, namespacedKey, replicaSetKind, resolveControllerRef } from '../workload/controller-ref.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { podsResource } from '../workload/pod-control.ts';
import { isRecreate } from './rollout-limits.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';
import type { SyncContext } from './sync-context.ts';
import { type DeploymentStores, podMapForDeployment, selectsEverything, syncDeployment } from './sync-deployment.ts';

/** kube drops a Deployment from the queue after this many failed syncs in a row (until it changes again). */
const maxRetries = 15;
/** client-go's DefaultControllerRateLimiter caps the per-item backoff at 1000 s. */
const maxRetryDelayMs = 1_000_000;

export const deploymentController: ControllerDefinition = {
  name: 'deployment-controller',
  aliases: ['deployment'],
  clientName: 'deployment-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const deployments = context.informers.informer<Deployment>(deploymentKind.resource);
    const replicaSets = context.informers.informer<ReplicaSet>(replicaSetKind.resource);
    const pods = context.informers.informer<Pod>(podsResource);
    const stores: DeploymentStores = { deployments: deployments.store, replicaSets: replicaSets.store, pods: pods.store };
    const queue = new WorkQueue({ name: 'deployment', maxDelayMs: maxRetryDelayMs });
    const enqueue = (deployment: Deployment | undefined): void => {
      if (deployment !== undefined) queue.add(namespacedKey(deployment));
    };
    const ownerOf = (object: ReplicaSet): Deployment | undefined => resolveControllerRef(object, deploymentKind, (namespace, name) => deployments.store.get(namespace, name));
    /** getDeploymentsForReplicaSet: the Deployments whose (non-empty) selector matches the orphan's labels. */
    const deploymentsSelecting = (rs: ReplicaSet): Deployment[] => {
      if (Object.keys(rs.metadata?.labels ?? {}).length === 0) return [];
      return deployments.store.list(rs.metadata?.namespace ?? '').filter((d) => !selectsEverything(d) && labelSelectorMatcher(d.spec?.selector)(rs.metadata?.labels));
    };
    const replicaSetGone = (rs: ReplicaSet): void => {
      if (controllerRefOf(rs) !== undefined) enqueue(ownerOf(rs));
    };

    deployments.addEventHandler({ onAdd: enqueue, onUpdate: (_old, d) => enqueue(d), onDelete: enqueue });
    replicaSets.addEventHandler({
      onAdd: (rs) => {
        if (rs.metadata?.deletionTimestamp) return replicaSetGone(rs);
        if (controllerRefOf(rs) !== undefined) return enqueue(ownerOf(rs));
        for (const d of deploymentsSelecting(rs)) enqueue(d);
      },
      onUpdate: (old, rs) => {
        if (old.metadata?.resourceVersion === rs.metadata?.resourceVersion) return;
        const oldRef = controllerRefOf(old);
        const ref = controllerRefOf(rs);
        const refChanged = JSON.stringify(oldRef) !== JSON.stringify(ref);
        if (refChanged && oldRef !== undefined) enqueue(ownerOf(old));
        if (ref !== undefined) return enqueue(ownerOf(rs));
        if (refChanged || JSON.stringify(old.metadata?.labels ?? {}) !== JSON.stringify(rs.metadata?.labels ?? {})) for (const d of deploymentsSelecting(rs)) enqueue(d);
      },
      onDelete: replicaSetGone,
    });
    pods.addEventHandler({
      // A Recreate Deployment waits for its old pods to be gone: the last one going wakes it.
      onDelete: (pod) => {
        const ref = controllerRefOf(pod);
        if (ref?.kind !== replicaSetKind.kind) return;
        const rs = replicaSets.store.get(pod.metadata?.namespace ?? '', ref.name);
        if (rs === undefined || rs.metadata?.uid !== ref.uid) return;
        const d = ownerOf(rs);
        if (d === undefined || !isRecreate(d)) return;
        const owned = replicaSets.store.list(d.metadata?.namespace ?? '').filter((candidate) => controllerRefOf(candidate)?.uid === d.metadata?.uid);
        const left = [...podMapForDeployment(stores, d, owned).values()].reduce((total, list) => total + list.length, 0);
        if (left === 0) enqueue(d);
      },
    });

    const syncContext: SyncContext = {
      client,
      events: context.eventRecorder('deployment-controller'),
      replicaSets: replicaSets.store,
      requeueAfter: (d, delayMs) => queue.addAfter(namespacedKey(d), delayMs),
      requeueRateLimited: (d) => queue.addRateLimited(namespacedKey(d)),
      now: Date.now,
    };
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      try {
        await syncDeployment(syncContext, stores, namespace, name);
      } catch (error) {
        // A namespace being deleted refuses every create: nothing to retry.
        if (isNamespaceTerminating(error)) return;
        if (queue.failures(key) < maxRetries) throw error;
        logger.warn({ err: error, deployment: key }, 'dropping deployment out of the queue');
      }
    };
    try {
      await queue.run(context.options.concurrentDeploymentSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.debug({ err: error, deployment: key }, 'error syncing deployment');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
