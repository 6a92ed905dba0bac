// What a pod bound to a node lets the node read (kube's podutil.VisitPodSecretNames,
// VisitPodConfigmapNames, and the claims the node authorizer's graph adds for a pod): the names,
// in the pod's namespace, of the secrets, configmaps, persistent volume claims, service account and
// resource claims it uses. A mirror pod (made by the node from a static manifest) references nothing.

import { objectOf, objectsAt, stringOf } from '../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';

export interface PodReferences {
  readonly secrets: ReadonlySet<string>;
  readonly configmaps: ReadonlySet<string>;
  readonly persistentvolumeclaims: ReadonlySet<string>;
  readonly serviceaccounts: ReadonlySet<string>;
  readonly resourceclaims: ReadonlySet<string>;
}

export const mirrorPodAnnotation = 'kubernetes.io/config.mirror';

/** A volume's secret reference, by its source (a volume has one source; kube looks at the first it knows). */
const volumeSecretRefs: readonly (readonly [source: string, name: (source: JsonObject) => unknown])[] = [
  ['azureFile', (source) => source.secretName],
  ['cephfs', (source) => objectOf(source.secretRef).name],
  ['cinder', (source) => objectOf(source.secretRef).name],
  ['flexVolume', (source) => objectOf(source.secretRef).name],
  ['rbd', (source) => objectOf(source.secretRef).name],
  ['secret', (source) => source.secretName],
  ['scaleIO', (source) => objectOf(source.secretRef).name],
  ['iscsi', (source) => objectOf(source.secretRef).name],
  ['storageos', (source) => objectOf(source.secretRef).name],
  ['csi', (source) => objectOf(source.nodePublishSecretRef).name],
];

/** Adds a name unless it is empty (kube's skipEmptyNames). */
const addName = (names: Set<string>, name: unknown): void => {
  if (typeof name === 'string' && name !== '') names.add(name);
};

export function podReferences(pod: JsonObject): PodReferences {
  const references = {
    secrets: new Set<string>(),
    configmaps: new Set<string>(),
    persistentvolumeclaims: new Set<string>(),
    serviceaccounts: new Set<string>(),
    resourceclaims: new Set<string>(),
  };
  const metadata = metadataOf(pod);
  if (objectOf(metadata.annotations)[mirrorPodAnnotation] !== undefined) return references;
  const spec = objectOf(pod.spec);
  addName(references.serviceaccounts, spec.serviceAccountName);
  for (const pullSecret of objectsAt(spec, 'imagePullSecrets')) addName(references.secrets, pullSecret.name);
  for (const container of [...objectsAt(spec, 'initContainers'), ...objectsAt(spec, 'containers'), ...objectsAt(spec, 'ephemeralContainers')]) {
    for (const envFrom of objectsAt(container, 'envFrom')) {
      if (envFrom.secretRef !== undefined) addName(references.secrets, objectOf(envFrom.secretRef).name);
      if (envFrom.configMapRef !== undefined) addName(references.configmaps, objectOf(envFrom.configMapRef).name);
    }
    for (const env of objectsAt(container, 'env')) {
      const valueFrom = objectOf(env.valueFrom);
      if (valueFrom.secretKeyRef !== undefined) addName(references.secrets, objectOf(valueFrom.secretKeyRef).name);
      if (valueFrom.configMapKeyRef !== undefined) addName(references.configmaps, objectOf(valueFrom.configMapKeyRef).name);
    }
  }
  const podName = stringOf(metadata.name);
  for (const volume of objectsAt(spec, 'volumes')) {
    if (volume.projected !== undefined) {
      for (const source of objectsAt(objectOf(volume.projected), 'sources')) {
        if (source.secret !== undefined) addName(references.secrets, objectOf(source.secret).name);
        if (source.configMap !== undefined) addName(references.configmaps, objectOf(source.configMap).name);
      }
    } else if (volume.configMap !== undefined) {
      addName(references.configmaps, objectOf(volume.configMap).name);
    } else {
      const secretRef = volumeSecretRefs.find(([source]) => volume[source] !== undefined);
      if (secretRef !== undefined) addName(references.secrets, secretRef[1](objectOf(volume[secretRef[0]])));
    }
    // An ephemeral volume's claim is named after the pod and the volume (kube's ephemeral.VolumeClaimName).
    if (volume.persistentVolumeClaim !== undefined) addName(references.persistentvolumeclaims, objectOf(volume.persistentVolumeClaim).claimName);
    else if (volume.ephemeral !== undefined) addName(references.persistentvolumeclaims, `${podName}-${stringOf(volume.name)}`);
  }
  const status = objectOf(pod.status);
  // A claim made from a template is named in the pod's status once the claim controller made it.
  const generatedClaims = new Map(objectsAt(status, 'resourceClaimStatuses').map((claim) => [stringOf(claim.name), claim.resourceClaimName]));
  for (const claim of objectsAt(spec, 'resourceClaims')) {
    if (typeof claim.resourceClaimName === 'string') addName(references.resourceclaims, claim.resourceClaimName);
    else if (claim.resourceClaimTemplateName !== undefined) addName(references.resourceclaims, generatedClaims.get(stringOf(claim.name)));
  }
  addName(references.resourceclaims, objectOf(status.extendedResourceClaimStatus).resourceClaimName);
  return references;
}
