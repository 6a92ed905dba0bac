// kube-controller-manager's volumeattributesclass-protection-controller: a VolumeAttributesClass
// being deleted keeps its kubernetes.io/vac-protection finalizer while a claim (its spec, its
// current class, or the class a modification targets) or a PersistentVolume names it.

import type { KubeObject } from '@capstan/common/client';
import { protectionController } from './protection-controller.ts';

type Claim = KubeObject & {
  spec?: { volumeAttributesClassName?: string };
  status?: { currentVolumeAttributesClassName?: string; modifyVolumeStatus?: { targetVolumeAttributesClassName?: string } };
};
type Volume = KubeObject & { spec?: { volumeAttributesClassName?: string } };

const claimClasses = (claim: Claim): (string | undefined)[] => [
  claim.spec?.volumeAttributesClassName,
  claim.status?.currentVolumeAttributesClassName,
  claim.status?.modifyVolumeStatus?.targetVolumeAttributesClassName,
];

export const vacProtectionController = protectionController({
  name: 'volumeattributesclass-protection-controller',
  queueName: 'vacprotection',
  aliases: ['vac-protection'],
  clientName: 'volumeattributesclass-protection-controller',
  resource: { group: 'storage.k8s.io', version: 'v1', resource: 'volumeattributesclasses' },
  finalizer: 'kubernetes.io/vac-protection',
  watchUsers(context, enqueue) {
    const claims = context.informers.informer<Claim>({ group: '', version: 'v1', resource: 'persistentvolumeclaims' });
    const volumes = context.informers.informer<Volume>({ group: '', version: 'v1', resource: 'persistentvolumes' });
    // A class a claim or volume named before a change, or before it went, may be free now.
    const released = (names: (string | undefined)[]): void => {
      for (const name of names) if (name) enqueue(name);
    };
    claims.addEventHandler({ onUpdate: (old) => released(claimClasses(old)), onDelete: (claim) => released(claimClasses(claim)) });
    volumes.addEventHandler({ onUpdate: (old) => released([old.spec?.volumeAttributesClassName]), onDelete: (volume) => released([volume.spec?.volumeAttributesClassName]) });
    return async (vac) => {
      const name = vac.metadata?.name;
      return claims.store.list().some((claim) => claimClasses(claim).includes(name)) || volumes.store.list().some((volume) => volume.spec?.volumeAttributesClassName === name);
    };
  },
});
