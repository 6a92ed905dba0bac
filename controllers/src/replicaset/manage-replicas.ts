// kube's manageReplicas: brings a set's active pods to spec.replicas, at most burstReplicas (500)
// per sync. Creations go in slow-start batches and are expected before they are made; deletions
// take the cheapest pods and are expected by pod key; what fails or will never be seen lowers the
// expectations at once, so that the next sync is not held back.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { isNotFound } from '@capstan/common/client';
import { namespacedKey, newControllerRef } from '../workload/controller-ref.ts';
import type { ControllerExpectations } from '../workload/expectations.ts';
import type { PodControl } from '../workload/pod-control.ts';
import { slowStartBatch } from '../workload/slow-start.ts';
import { podsToDelete } from './pods-to-delete.ts';
import type { ReplicatedKind, ReplicatedSet } from './replicated-kind.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';

/** kube's BurstReplicas: the most pods created or deleted by one sync. */
export const burstReplicas = 500;

export interface ManageReplicasInput {
  readonly kind: ReplicatedKind;
  readonly podControl: PodControl;
  readonly expectations: ControllerExpectations;
  readonly set: ReplicatedSet;
  /** The set's key ("namespace/name"), what expectations are kept by. */
  readonly key: string;
  readonly activePods: readonly Pod[];
  /** The pods of the set's siblings (for the deletion ranks), read only when deleting. */
  readonly relatedPods: () => readonly Pod[];
}

export async function manageReplicas(input: ManageReplicasInput): Promise<void> {
  const { set, key, expectations } = input;
  const diff = input.activePods.length - (set.spec?.replicas ?? 1);
  if (diff < 0) await createPods(input, Math.min(-diff, burstReplicas));
  else if (diff > 0) {
    const victims = podsToDelete(input.activePods, input.relatedPods(), Math.min(diff, burstReplicas), Date.now());
    expectations.expectDeletions(key, victims.map(namespacedKey));
    const errors: unknown[] = [];
    await Promise.all(
      victims.map(async (pod) => {
        try {
          await input.podControl.deletePod(set, pod.metadata?.namespace ?? '', pod.metadata?.name ?? '');
        } catch (error) {
          // Its deletion will never be seen: stop waiting for it.
          expectations.deletionObserved(key, namespacedKey(pod));
          if (!isNotFound(error)) errors.push(error);
        }
      }),
    );
    if (errors.length > 0) throw errors[0];
  }
}

async function createPods(input: ManageReplicasInput, count: number): Promise<void> {
  const { set, key, expectations } = input;
  expectations.expectCreations(key, count);
  const controllerRef = newControllerRef(set, input.kind.kind);
  const { successes, error } = await slowStartBatch(count, async () => {
    try {
      await input.podControl.createPodFromTemplate(set, set.spec?.template, controllerRef);
    } catch (failure) {
      if (!isNamespaceTerminating(failure)) throw failure;
    }
  });
  // The pods not attempted (after a failed batch) or refused will never be seen.
  for (let skipped = count - successes; skipped > 0; skipped -= 1) expectations.creationObserved(key);
  if (error !== undefined) throw error;
}
