// The secrets a pod refers to, for the ServiceAccount admission: whether a mirror pod names any
// (kube's VisitPodSecretNames), and kube's refusal of secrets an account with
// kubernetes.io/enforce-mountable-secrets does not list.

import { isPlainObject } from '../patch/merge-patch.ts';
import type { JsonObject } from '../registry/object-meta.ts';

const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);
const nameOf = (value: unknown, key = 'name'): string | undefined => (isPlainObject(value) && typeof value[key] === 'string' ? (value[key] as string) : undefined);

/** The volume sources that name a secret, and the field that names it. */
const secretVolumeRefs: readonly (readonly [string, string, string])[] = [
  ['secret', '', 'secretName'],
  ['azureFile', '', 'secretName'],
  ['cephfs', 'secretRef', 'name'],
  ['cinder', 'secretRef', 'name'],
  ['flexVolume', 'secretRef', 'name'],
  ['rbd', 'secretRef', 'name'],
  ['scaleIO', 'secretRef', 'name'],
  ['iscsi', 'secretRef', 'name'],
  ['storageos', 'secretRef', 'name'],
  ['csi', 'nodePublishSecretRef', 'name'],
];

/** Whether the pod names any secret: pull secrets, containers' env, volumes (kube's VisitPodSecretNames). */
export function podReferencesSecrets(spec: JsonObject): boolean {
  if (objects(spec.imagePullSecrets).some((ref) => nameOf(ref))) return true;
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const container of objects(spec[key])) {
      if (objects(container.envFrom).some((source) => nameOf(source.secretRef))) return true;
      if (objects(container.env).some((env) => isPlainObject(env.valueFrom) && nameOf(env.valueFrom.secretKeyRef))) return true;
    }
  }
  for (const volume of objects(spec.volumes)) {
    for (const [source, ref, field] of secretVolumeRefs) {
      const value = volume[source];
      if (isPlainObject(value) && nameOf(ref === '' ? value : value[ref], field)) return true;
    }
    if (isPlainObject(volume.projected) && objects(volume.projected.sources).some((projection) => nameOf(projection.secret))) return true;
  }
  return false;
}

/** kube's limitSecretReferences: the first reference the account does not list, in kube's words; undefined when all are listed. */
export function limitSecretReferences(account: JsonObject, spec: JsonObject): string | undefined {
  const accountName = nameOf(account.metadata) ?? '';
  const mountable = new Set(objects(account.secrets).map((ref) => nameOf(ref) ?? ''));
  const refused = (what: string): string => `${what} is not allowed because service account ${accountName} does not reference that secret`;
  for (const volume of objects(spec.volumes)) {
    const secretName = isPlainObject(volume.secret) ? (nameOf(volume.secret, 'secretName') ?? '') : undefined;
    if (secretName !== undefined && !mountable.has(secretName)) return refused(`volume with secret.secretName="${secretName}"`);
  }
  for (const [key, label] of [
    ['initContainers', 'init container'],
    ['containers', 'container'],
  ] as const) {
    for (const container of objects(spec[key])) {
      const containerName = nameOf(container) ?? '';
      for (const env of objects(container.env)) {
        const secret = isPlainObject(env.valueFrom) ? nameOf(env.valueFrom.secretKeyRef) : undefined;
        if (secret !== undefined && !mountable.has(secret)) return refused(`${label} ${containerName} with envVar ${nameOf(env) ?? ''} referencing secret.secretName="${secret}"`);
      }
      for (const source of objects(container.envFrom)) {
        const secret = nameOf(source.secretRef);
        if (secret !== undefined && !mountable.has(secret)) return refused(`${label} ${containerName} with envFrom referencing secret.secretName="${secret}"`);
      }
    }
  }
  const pullSecrets = new Set(objects(account.imagePullSecrets).map((ref) => nameOf(ref) ?? ''));
  const pods = objects(spec.imagePullSecrets);
  for (const [index, ref] of pods.entries()) {
    const name = nameOf(ref) ?? '';
    if (!pullSecrets.has(name)) return `imagePullSecrets[${index}].name="${name}" is not allowed because service account ${accountName} does not reference that imagePullSecret`;
  }
  return undefined;
}
