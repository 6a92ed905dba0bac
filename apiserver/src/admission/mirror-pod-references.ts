// Whether a mirror pod references other API objects (kube's podutil.HasAPIObjectReference): a node
// may create mirror pods of its static manifests only when they need nothing from the API, or it
// could reach secrets and service accounts the Node authorizer would otherwise keep from it.

import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { podReferences } from '../authorization/node/pod-references.ts';

/** Volume sources that need no API object. */
const localVolumeSources = [
  'awsElasticBlockStore',
  'azureDisk',
  'cephfs',
  'cinder',
  'downwardAPI',
  'emptyDir',
  'fc',
  'flexVolume',
  'flocker',
  'gcePersistentDisk',
  'gitRepo',
  'hostPath',
  'image',
  'iscsi',
  'nfs',
  'photonPersistentDisk',
  'portworxVolume',
  'quobyte',
  'rbd',
  'scaleIO',
  'storageos',
  'vsphereVolume',
];

/** Volume sources that reference API objects, with kube's words for what they reference. */
const referencingVolumeSources: readonly (readonly [string, string])[] = [
  ['configMap', 'configmaps (via configmap volumes)'],
  ['secret', 'secrets (via secret volumes)'],
  ['csi', 'csidrivers (via CSI volumes)'],
  ['glusterfs', 'endpoints (via glusterFS volumes)'],
  ['persistentVolumeClaim', 'persistentvolumeclaims'],
  ['ephemeral', 'persistentvolumeclaims (via ephemeral volumes)'],
  ['azureFile', 'secrets (via azureFile volumes)'],
];

const projectedSources: readonly (readonly [string, string | undefined])[] = [
  ['configMap', 'configmaps (via projected volumes)'],
  ['secret', 'secrets (via projected volumes)'],
  ['serviceAccountToken', 'serviceaccounts (via projected volumes)'],
  ['clusterTrustBundle', 'clustertrustbundles'],
  ['podCertificate', 'podcertificates'],
  ['downwardAPI', undefined],
];

/** What kind of API object the pod references first, undefined when none; throws kube's error for a volume it does not know. */
export function apiObjectReference(pod: JsonObject): string | undefined {
  const spec = objectOf(pod.spec);
  if (stringOf(spec.serviceAccountName) !== '') return 'serviceaccounts';
  // The pod's references, as if it were not a mirror pod (which references nothing in the graph).
  const references = podReferences({ ...pod, metadata: { ...objectOf(pod.metadata), annotations: {} } });
  if (references.secrets.size > 0) return 'secrets';
  if (references.configmaps.size > 0) return 'configmaps';
  if (objectsAt(spec, 'resourceClaims').length > 0) return 'resourceclaims';
  for (const volume of objectsAt(spec, 'volumes')) {
    if (localVolumeSources.some((source) => volume[source] !== undefined)) continue;
    const referencing = referencingVolumeSources.find(([source]) => volume[source] !== undefined);
    if (referencing !== undefined) return referencing[1];
    if (volume.projected === undefined) throw new Error(`unknown volume type for volume  ${JSON.stringify(stringOf(volume.name))}`);
    for (const source of objectsAt(objectOf(volume.projected), 'sources')) {
      const projected = projectedSources.find(([name]) => source[name] !== undefined);
      if (projected === undefined) throw new Error(`unknown source for projected volume ${JSON.stringify(stringOf(volume.name))}`);
      if (projected[1] !== undefined) return projected[1];
    }
  }
  return undefined;
}
