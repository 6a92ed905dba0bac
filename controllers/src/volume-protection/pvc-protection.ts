// kube-controller-manager's persistentvolumeclaim-protection-controller: a claim being deleted
// keeps its kubernetes.io/pvc-protection finalizer while a pod scheduled to a node mounts it (by
// a persistentVolumeClaim volume, or an ephemeral volume's claim of a pod not shut down), asked of
// the pod informer, then of the API server (the informer may lag behind a new pod).

import type { KubeObject } from '@capstan/common/client';
import { protectionController } from './protection-controller.ts';

const pods = { group: '', version: 'v1', resource: 'pods' };

type Volume = { name?: string; persistentVolumeClaim?: { claimName?: string }; ephemeral?: unknown };
type Pod = KubeObject & {
  spec?: { nodeName?: string; volumes?: Volume[] };
  status?: { phase?: string };
};

/** kube's ephemeral.VolumeClaimName: the claim of a pod's ephemeral volume is named `<pod>-<volume>`. */
const ephemeralClaimName = (pod: Pod, volume: Volume): string => `${pod.metadata?.name}-${volume.name}`;

/** A pod deleted at once (grace period 0): its ephemeral volumes no longer hold their claims. */
const isShutDown = (pod: Pod): boolean => pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionGracePeriodSeconds === 0;

/** kube's ephemeral.VolumeIsForPod: the claim is the pod's own (the pod controls it). */
const isOwnedBy = (claim: KubeObject, pod: Pod): boolean => (claim.metadata?.ownerReferences ?? []).some((owner) => owner.controller === true && owner.uid === pod.metadata?.uid);

/** kube's podUsesPVC. */
function podUsesClaim(pod: Pod, claim: KubeObject): boolean {
  if (!pod.spec?.nodeName) return false;
  const name = claim.metadata?.name;
  return (pod.spec.volumes ?? []).some(
    (volume) =>
      volume.persistentVolumeClaim?.claimName === name || (!isShutDown(pod) && volume.ephemeral !== undefined && ephemeralClaimName(pod, volume) === name && isOwnedBy(claim, pod)),
  );
}

const isTerminated = (pod: Pod): boolean => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

export const pvcProtectionController = protectionController({
  name: 'persistentvolumeclaim-protection-controller',
  queueName: 'pvcprotection',
  aliases: ['pvc-protection'],
  clientName: 'pvc-protection-controller',
  resource: { group: '', version: 'v1', resource: 'persistentvolumeclaims' },
  finalizer: 'kubernetes.io/pvc-protection',
  watchUsers(context, enqueue) {
    const podInformer = context.informers.informer<Pod>(pods);
    // The claims of a pod that went, ended or is not scheduled may be free now.
    const released = (pod: Pod, deleted: boolean): void => {
      if (!deleted && !isTerminated(pod) && pod.spec?.nodeName) return;
      for (const volume of pod.spec?.volumes ?? []) {
        const claim = volume.persistentVolumeClaim?.claimName ?? (volume.ephemeral === undefined ? undefined : ephemeralClaimName(pod, volume));
        if (claim !== undefined) enqueue(`${pod.metadata?.namespace}/${claim}`);
      }
    };
    podInformer.addEventHandler({
      onAdd: (pod) => released(pod, false),
      onUpdate: (_old, pod) => released(pod, false),
      onDelete: (pod) => released(pod, true),
    });
    return async (claim) => {
      const namespace = claim.metadata?.namespace ?? '';
      if (podInformer.store.list(namespace).some((pod) => podUsesClaim(pod, claim))) return true;
      const live = await context.client.list<Pod>({ ...pods, namespace });
      return live.items.some((pod) => podUsesClaim(pod, claim));
    };
  },
});
