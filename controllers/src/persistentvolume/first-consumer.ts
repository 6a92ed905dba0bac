// Claims that wait for their first consumer (WaitForFirstConsumer classes). In kube the scheduler's
// VolumeBinding plugin picks, while scheduling a pod, a volume for each such claim or the node to
// provision on (the claim's volume.kubernetes.io/selected-node), and the binder finishes. Capstan's
// scheduler only checks that a pod's claims exist and that Immediate ones are bound
// (scheduler/volume-binding.ts), so the binder takes that part once a pod using the claim has a
// node: it binds a volume that fits the node, or selects the node for provisioning, as the
// scheduler would have written it.

import type { Pod, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import type { BinderContext } from './binder-context.ts';

type PodVolume = NonNullable<NonNullable<Pod['spec']>['volumes']>[number];

const isTerminated = (pod: Pod): boolean => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/** The claims a pod uses (kube's PodPVCIndexFunc): its claim volumes and its ephemeral volumes' claims, as namespace/name keys. */
export function podClaimKeys(pod: Pod): string[] {
  const namespace = pod.metadata?.namespace ?? '';
  const name = (volume: PodVolume): string | undefined =>
    volume.persistentVolumeClaim?.claimName ?? (volume.ephemeral === undefined ? undefined : `${pod.metadata?.name}-${volume.name}`);
  return (pod.spec?.volumes ?? []).flatMap((volume) => {
    const claim = name(volume);
    return claim === undefined ? [] : [`${namespace}/${claim}`];
  });
}

/** The pods (not terminated) that use the claim. */
export function claimUsers(context: BinderContext, claim: PersistentVolumeClaim): Pod[] {
  const key = `${claim.metadata?.namespace}/${claim.metadata?.name}`;
  return context.pods.list(claim.metadata?.namespace).filter((pod) => !isTerminated(pod) && podClaimKeys(pod).includes(key));
}

/** The node of the first scheduled pod using the claim, if one is. */
export function consumerNode(context: BinderContext, claim: PersistentVolumeClaim): string | undefined {
  return claimUsers(context, claim).find((pod) => pod.spec?.nodeName)?.spec?.nodeName;
}

/** emitEventForUnboundDelayBindingClaim's words. */
export function waitingForConsumer(context: BinderContext, claim: PersistentVolumeClaim): { reason: string; message: string } {
  const unscheduled = claimUsers(context, claim)
    .filter((pod) => !pod.spec?.nodeName)
    .map((pod) => pod.metadata?.name ?? '');
  if (unscheduled.length === 0) return { reason: 'WaitForFirstConsumer', message: 'waiting for first consumer to be created before binding' };
  return {
    reason: 'WaitForPodScheduled',
    message: unscheduled.length === 1 ? `waiting for pod ${unscheduled[0]} to be scheduled` : `waiting for pods ${unscheduled.join(',')} to be scheduled`,
  };
}
