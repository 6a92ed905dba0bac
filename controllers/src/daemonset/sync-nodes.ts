// syncNodes: creates the daemon pods nodes need and deletes the pods that must go, at most
// BurstReplicas (250) of each per sync, with expectations set first so that the next sync waits
// for the informer to see them. Creations go in slow-start batches; the ones a failed batch skips
// are no longer expected.

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import { isNotFound, type RestClient } from '@capstan/common/client';
import { daemonSetKind, namespacedKey, newControllerRef } from '../workload/controller-ref.ts';
import type { ControllerExpectations } from '../workload/expectations.ts';
import type { PodControl } from '../workload/pod-control.ts';
import { slowStartBatch } from '../workload/slow-start.ts';
import { daemonPodTemplate, withNodeNameAffinity } from './daemon-pod.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';

/** kube's BurstReplicas: the most pods created or deleted in one sync. */
const burstReplicas = 250;

export interface DaemonSetWork {
  readonly client: RestClient;
  readonly podControl: PodControl;
  /** What syncNodes created and has not seen yet. */
  readonly creations: ControllerExpectations;
  /** What syncNodes deleted and has not seen go yet. */
  readonly deletions: ControllerExpectations;
}

export async function syncNodes(work: DaemonSetWork, ds: DaemonSet, podsToDelete: readonly string[], nodesNeedingPods: readonly string[], hash: string): Promise<void> {
  const key = namespacedKey(ds);
  const namespace = ds.metadata?.namespace ?? '';
  const creating = nodesNeedingPods.slice(0, burstReplicas);
  const deleting = podsToDelete.slice(0, burstReplicas);
  work.creations.expectCreations(key, creating.length);
  work.deletions.expectDeletions(
    key,
    deleting.map((name) => `${namespace}/${name}`),
  );
  const errors: unknown[] = [];
  const template = daemonPodTemplate(ds, hash);
  let next = 0;
  const { error } = await slowStartBatch(creating.length, async () => {
    const node = creating[next++] as string;
    const podTemplate = { ...template, spec: { ...template.spec, containers: template.spec?.containers ?? [], affinity: withNodeNameAffinity(template.spec?.affinity, node) } };
    try {
      await work.podControl.createPodFromTemplate(ds, podTemplate, newControllerRef(ds, daemonSetKind));
    } catch (failure) {
      // The namespace going away fails every creation; nothing to retry.
      if (isNamespaceTerminating(failure)) return;
      work.creations.creationObserved(key);
      throw failure;
    }
  });
  if (error !== undefined) {
    errors.push(error);
    // The creations a failed batch kept from being tried are not expected any more.
    for (let skipped = creating.length - next; skipped > 0; skipped--) work.creations.creationObserved(key);
  }
  await Promise.all(
    deleting.map(async (name) => {
      try {
        await work.podControl.deletePod(ds, namespace, name);
      } catch (failure) {
        work.deletions.deletionObserved(key, `${namespace}/${name}`);
        if (!isNotFound(failure)) errors.push(failure);
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
}
