// The secrets a persistent volume lets the node that uses it read (kube's
// VisitPVSecretNames, the references it calls kubelet-visible): the namespace is the reference's
// own, or else the namespace of the claim the volume is bound to.

import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

/** Sources whose secretRef may name its namespace (the claim's namespace otherwise). */
const secretRefSources = ['cephfs', 'flexVolume', 'rbd', 'scaleIO', 'iscsi'] as const;
/** Sources whose secretRef names its namespace itself. */
const namespacedSecretRefSources = ['cinder', 'storageos'] as const;
/** The CSI secrets the node uses (the controller's publish and expand secrets are not for it). */
const csiNodeSecretRefs = ['nodePublishSecretRef', 'nodeStageSecretRef', 'nodeExpandSecretRef'] as const;

/** "namespace/name" of each secret the node may read for the volume. */
export function persistentVolumeSecrets(pv: JsonObject): string[] {
  const spec = objectOf(pv.spec);
  const claimNamespace = stringOf(objectOf(spec.claimRef).namespace);
  const secrets: string[] = [];
  const add = (namespace: string, name: unknown): void => {
    if (typeof name === 'string' && name !== '') secrets.push(`${namespace}/${name}`);
  };
  if (spec.azureFile !== undefined) {
    const azureFile = objectOf(spec.azureFile);
    add(stringOf(azureFile.secretNamespace) || claimNamespace, azureFile.secretName);
    return secrets;
  }
  for (const source of secretRefSources) {
    if (spec[source] === undefined) continue;
    const ref = objectOf(objectOf(spec[source]).secretRef);
    if (Object.keys(ref).length > 0) add(stringOf(ref.namespace) || claimNamespace, ref.name);
    return secrets;
  }
  for (const source of namespacedSecretRefSources) {
    if (spec[source] === undefined) continue;
    const ref = objectOf(objectOf(spec[source]).secretRef);
    add(stringOf(ref.namespace), ref.name);
    return secrets;
  }
  if (spec.csi !== undefined) {
    const csi = objectOf(spec.csi);
    for (const field of csiNodeSecretRefs) add(stringOf(objectOf(csi[field]).namespace), objectOf(csi[field]).name);
  }
  return secrets;
}
