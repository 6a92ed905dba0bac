// kube-apiserver's ServiceAccount admission (plugin/pkg/admission/serviceaccount): a pod created
// without serviceAccountName runs as `default`; its ServiceAccount must exist (the `default` one
// is waited for, up to 10 tries 100-200 ms apart, as the serviceaccount controller may not have
// made it yet), else the pod is refused (403); unless automountServiceAccountToken says no (the
// pod's, else the account's), a projected volume `kube-api-access-xxxxx` (the token, the cluster's
// CA, the namespace) is mounted read-only at /var/run/secrets/kubernetes.io/serviceaccount in every
// container and init container that has nothing mounted there; the account's imagePullSecrets go
// to a pod without any. Mirror pods (a node agent's static pods) get nothing and may name no
// account, secret or token projection. An account annotated kubernetes.io/enforce-mountable-secrets
// limits the pod to the secrets it lists.

import { newForbidden, newNotFound, type StatusError, isNotFound } from '@capstan/common';
import { isPlainObject } from '../patch/merge-patch.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { limitSecretReferences, podReferencesSecrets } from './service-account-secrets.ts';

export const defaultServiceAccountName = 'default';
export const serviceAccountVolumePrefix = 'kube-api-access-';
export const serviceAccountTokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
const mirrorPodAnnotation = 'kubernetes.io/config.mirror';
const enforceMountableSecretsAnnotation = 'kubernetes.io/enforce-mountable-secrets';

/** kube's retries for the default account: 10 tries, one random interval of 100-200 ms between them. */
const defaultAccountAttempts = 10;

/** kube's SimpleNameGenerator: 5 characters of an alphabet without vowels or look-alikes. */
const nameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';
export const randomNameSuffix = (): string => Array.from({ length: 5 }, () => nameAlphabet[Math.floor(Math.random() * nameAlphabet.length)]).join('');

/** The volume kube's TokenVolumeSource makes, as stored (defaulted). */
export function tokenVolume(name: string): JsonObject {
  return {
    name,
    projected: {
      defaultMode: 0o644,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
        { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
      ],
    },
  };
}

export function serviceAccountAdmission(serviceAccounts: GenericStore, sleep: (ms: number) => Promise<void> = defaultSleep): AdmissionPlugin {
  const lookUp = (attributes: AdmissionAttributes, name: string): Promise<JsonObject> =>
    serviceAccountOf(serviceAccounts, attributes.namespace, name, sleep).catch((error: unknown) => {
      throw forbidden(attributes, `error looking up service account ${attributes.namespace}/${name}: ${(error as Error).message}`);
    });
  return {
    name: 'ServiceAccount',
    operations: ['CREATE', 'UPDATE'],
    mutates: isPods,
    validates: isPods,
    admit: async (attributes) => {
      const pod = createdPod(attributes);
      if (pod === undefined || isMirrorPod(pod)) return;
      const spec = pod.spec as JsonObject;
      if (typeof spec.serviceAccountName !== 'string' || spec.serviceAccountName === '') {
        spec.serviceAccountName = defaultServiceAccountName;
        spec.serviceAccount = defaultServiceAccountName;
      }
      const account = await lookUp(attributes, spec.serviceAccountName as string);
      if (shouldAutomount(account, spec)) mountServiceAccountToken(spec);
      const pullSecrets = account.imagePullSecrets;
      if ((!Array.isArray(spec.imagePullSecrets) || spec.imagePullSecrets.length === 0) && Array.isArray(pullSecrets) && pullSecrets.length > 0) {
        spec.imagePullSecrets = pullSecrets.map((secret) => ({ name: isPlainObject(secret) && typeof secret.name === 'string' ? secret.name : '' }));
      }
    },
    validate: async (attributes) => {
      const pod = createdPod(attributes);
      if (pod === undefined) return;
      const spec = pod.spec as JsonObject;
      if (isMirrorPod(pod)) return validateMirrorPod(attributes, spec);
      const name = typeof spec.serviceAccountName === 'string' ? spec.serviceAccountName : '';
      if (name === '') throw forbidden(attributes, `no service account specified for pod ${attributes.namespace}/${attributes.name}`);
      const account = await lookUp(attributes, name);
      const annotations = ((account.metadata as JsonObject | undefined)?.annotations ?? {}) as Record<string, string>;
      if (parseGoBool(annotations[enforceMountableSecretsAnnotation])) {
        const refused = limitSecretReferences(account, spec);
        if (refused !== undefined) throw forbidden(attributes, refused);
      }
    },
  };
}

const isPods = (group: string, resource: string): boolean => group === '' && resource === 'pods';

/** The pod of a create of pods (not a subresource), with a spec; undefined for anything else. */
function createdPod(attributes: AdmissionAttributes): JsonObject | undefined {
  if (!isPods(attributes.resource.group, attributes.resource.resource) || attributes.subresource !== '' || attributes.operation !== 'CREATE') return undefined;
  const pod = attributes.object;
  return pod !== undefined && isPlainObject(pod.spec) ? pod : undefined;
}

function isMirrorPod(pod: JsonObject): boolean {
  const annotations = (pod.metadata as JsonObject | undefined)?.annotations;
  return isPlainObject(annotations) && mirrorPodAnnotation in annotations;
}

function validateMirrorPod(attributes: AdmissionAttributes, spec: JsonObject): void {
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName !== '') throw forbidden(attributes, 'a mirror pod may not reference service accounts');
  if (podReferencesSecrets(spec)) throw forbidden(attributes, 'a mirror pod may not reference secrets');
  const projectsToken = volumesOf(spec).some(
    (volume) =>
      isPlainObject(volume.projected) &&
      Array.isArray(volume.projected.sources) &&
      volume.projected.sources.some((source) => isPlainObject(source) && source.serviceAccountToken !== undefined),
  );
  if (projectsToken) throw forbidden(attributes, 'a mirror pod may not use ServiceAccountToken volume projections');
}

/** The pod's automountServiceAccountToken, else the account's, else true. */
function shouldAutomount(account: JsonObject, spec: JsonObject): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  if (typeof account.automountServiceAccountToken === 'boolean') return account.automountServiceAccountToken;
  return true;
}

const volumesOf = (spec: JsonObject): JsonObject[] => (Array.isArray(spec.volumes) ? spec.volumes.filter(isPlainObject) : []);
const containersOf = (spec: JsonObject, key: string): JsonObject[] => (Array.isArray(spec[key]) ? (spec[key] as unknown[]).filter(isPlainObject) : []);

/** kube's mountServiceAccountToken: a pod's existing kube-api-access-* volume is reused. */
function mountServiceAccountToken(spec: JsonObject): void {
  const existing = volumesOf(spec).find((volume) => typeof volume.name === 'string' && volume.name.startsWith(serviceAccountVolumePrefix));
  const volumeName = typeof existing?.name === 'string' ? existing.name : `${serviceAccountVolumePrefix}${randomNameSuffix()}`;
  let mounted = false;
  for (const container of [...containersOf(spec, 'initContainers'), ...containersOf(spec, 'containers')]) {
    const mounts = Array.isArray(container.volumeMounts) ? container.volumeMounts : [];
    if (mounts.some((mount) => isPlainObject(mount) && mount.mountPath === serviceAccountTokenMountPath)) continue;
    container.volumeMounts = [...mounts, { mountPath: serviceAccountTokenMountPath, name: volumeName, readOnly: true }];
    mounted = true;
  }
  if (existing === undefined && mounted) spec.volumes = [...(Array.isArray(spec.volumes) ? spec.volumes : []), tokenVolume(volumeName)];
}

/**
 * The account from the watch cache, as kube reads its lister; when the cache does not have it, from
 * the store, waiting for `default` a while as kube does; the 404 of a serviceaccount otherwise.
 */
async function serviceAccountOf(store: GenericStore, namespace: string, name: string, sleep: (ms: number) => Promise<void>): Promise<JsonObject> {
  try {
    return await store.get(namespace, name, 0);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const attempts = name === defaultServiceAccountName ? defaultAccountAttempts : 1;
  const interval = 100 + Math.floor(Math.random() * 100);
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(interval);
    try {
      return await store.get(namespace, name);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  // kube names the resource in the singular here.
  throw newNotFound({ group: '', resource: 'serviceaccount' }, name);
}

/** admission.NewForbidden: the pod named by its name, or its generateName before it has one. */
function forbidden(attributes: AdmissionAttributes, message: string): StatusError {
  const metadata = (attributes.object?.metadata ?? {}) as { name?: string; generateName?: string };
  const name = metadata.name || metadata.generateName || 'Unknown';
  return newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, name, message);
}

const parseGoBool = (value: string | undefined): boolean => value !== undefined && ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
