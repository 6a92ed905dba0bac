// The VolumeBinding plugin's PreFilter, as far as Capstan's scheduler takes it: a pod whose claim
// is missing, Lost or being deleted, or that has an unbound claim of a class that binds at once
// (Immediate), fits no node (UnschedulableAndUnresolvable) until the claim changes. Claims that wait
// for their first consumer are left to the persistentvolume-binder-controller, which binds or
// provisions them once the pod has its node (controllers/src/persistentvolume/first-consumer.ts);
// the scheduler does not pick volumes by node, nor wait in PreBind.

import type { Informer, ReadonlyObjectStore } from '@capstan/common/client';
import type { ControllerContext } from '../controller.ts';
import type { PersistentVolumeClaim as Claim } from '@capstan/common/api-types/core-v1';
import type { StorageClass } from '@capstan/common/api-types/storage-v1';
import type { Pod } from './api-types.ts';

const claimsResource = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
const classesResource = { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses' };

export class VolumeBindingPreFilter {
  readonly #claims: ReadonlyObjectStore<Claim>;
  readonly #classes: ReadonlyObjectStore<StorageClass>;

  /** `changed`: a claim or class changed, which may let unschedulable pods fit; `event` is kube's label of that cluster event. */
  constructor(context: ControllerContext, changed: (event: string) => void) {
    const claims: Informer<Claim> = context.informers.informer<Claim>(claimsResource);
    const classes: Informer<StorageClass> = context.informers.informer<StorageClass>(classesResource);
    for (const [informer, resource] of [
      [claims, 'PersistentVolumeClaim'],
      [classes, 'storage.k8s.io/StorageClass'],
    ] as [Informer, string][])
      informer.addEventHandler({ onAdd: () => changed(`${resource}Add`), onUpdate: () => changed(`${resource}Update`) });
    this.#claims = claims.store;
    this.#classes = classes.store;
  }

  /** Why the pod fits no node, if a claim says so (podHasPVCs, then GetPodVolumeClaims). */
  reject(pod: Pod): string | undefined {
    const namespace = pod.metadata?.namespace ?? '';
    let unboundImmediate = false;
    for (const volume of pod.spec?.volumes ?? []) {
      const ephemeral = volume.persistentVolumeClaim === undefined && volume.ephemeral !== undefined;
      const name = volume.persistentVolumeClaim?.claimName ?? (ephemeral ? `${pod.metadata?.name}-${volume.name}` : undefined);
      if (name === undefined) continue;
      const claim = this.#claims.get(namespace, name);
      if (claim === undefined) {
        return ephemeral ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${name}"` : `persistentvolumeclaim "${name}" not found`;
      }
      if (claim.status?.phase === 'Lost') return `persistentvolumeclaim "${name}" bound to non-existent persistentvolume "${claim.spec?.volumeName ?? ''}"`;
      if (claim.metadata?.deletionTimestamp !== undefined) return `persistentvolumeclaim "${name}" is being deleted`;
      if (ephemeral && !(claim.metadata?.ownerReferences ?? []).some((owner) => owner.controller === true && owner.uid === pod.metadata?.uid)) {
        return `PVC ${namespace}/${name} was not created for pod ${namespace}/${pod.metadata?.name} (pod is not owner)`;
      }
      const bound = Boolean(claim.spec?.volumeName) && claim.metadata?.annotations?.['pv.kubernetes.io/bind-completed'] !== undefined;
      if (!bound && (claim.spec?.volumeName || !this.#delayBinding(claim))) unboundImmediate = true;
    }
    return unboundImmediate ? 'pod has unbound immediate PersistentVolumeClaims' : undefined;
  }

  /** IsDelayBindingMode (a class without a binding mode counts as Immediate here). */
  #delayBinding(claim: Claim): boolean {
    const className = claim.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? claim.spec?.storageClassName ?? '';
    return className !== '' && this.#classes.get(undefined, className)?.volumeBindingMode === 'WaitForFirstConsumer';
  }
}
