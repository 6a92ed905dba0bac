// The API objects a pod's containers and volumes refer to, as the kubelet's configMap and secret
// managers hand them out: fetched from the API server, their data decoded; a missing one is the
// kubelet's NotFound (`configmap "x" not found`, `secret "x" not found`, singular as its caches
// name them). Without an API server nothing can be fetched. Service account tokens come from the
// TokenRequest API (serviceaccounts/<name>/token); an API server that does not serve it answers
// `undefined`, and the token is left out.

import type { TokenRequest } from '@capstan/common/api-types/authentication-v1';
import type { ConfigMap, PersistentVolume, PersistentVolumeClaim, Secret } from '@capstan/common/api-types/core-v1';
import { ApiError, isNotFound, type KubeObject, type RestClient } from '@capstan/common/client';
import type { ServiceData } from './service-env.ts';
import type { ServiceLister } from './service-lister.ts';

export interface ConfigMapData {
  readonly data: Readonly<Record<string, string>>;
  readonly binaryData: Readonly<Record<string, Buffer>>;
}

export interface SecretData {
  readonly data: Readonly<Record<string, Buffer>>;
}

export interface ServiceAccountToken {
  readonly token: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

export interface TokenRequestSpec {
  readonly audiences: readonly string[];
  readonly expirationSeconds: number;
  readonly boundObjectRef: { readonly kind: 'Pod'; readonly apiVersion: 'v1'; readonly name: string; readonly uid: string };
}

export interface PodObjects {
  configMap(namespace: string, name: string): Promise<ConfigMapData>;
  secret(namespace: string, name: string): Promise<SecretData>;
  /**
   * The Services of a namespace and the master Service default/kubernetes (for the service
   * environment variables), from the agent's Services informer. Until it has listed once, a pod
   * from the API server fails with the kubelet's error (its containers would miss
   * KUBERNETES_SERVICE_HOST); a static pod does not wait for the API server.
   */
  services(namespace: string, staticPod: boolean): Promise<{ readonly inNamespace: ServiceData[]; readonly master: ServiceData | undefined }>;
  /** undefined when the API server does not serve TokenRequest. */
  serviceAccountToken(namespace: string, serviceAccount: string, spec: TokenRequestSpec): Promise<ServiceAccountToken | undefined>;
  /** The claim and the volume behind a pod's persistentVolumeClaim volume, from the API server (the kubelet asks it, not a cache). */
  persistentVolumeClaim(namespace: string, name: string): Promise<PersistentVolumeClaim>;
  persistentVolume(name: string): Promise<PersistentVolume>;
}

/** A referenced object that does not exist: optional references skip it, others fail with its message. */
export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
}

const decodeAll = (encoded: Readonly<Record<string, unknown>> | undefined): Record<string, Buffer> =>
  Object.fromEntries(Object.entries(encoded ?? {}).map(([key, value]) => [key, Buffer.from(typeof value === 'string' ? value : '', 'base64')]));

export function apiPodObjects(client: RestClient, services: ServiceLister): PodObjects {
  const get = async <T extends KubeObject>(resource: 'configmaps' | 'secrets', kind: string, namespace: string, name: string): Promise<T> => {
    try {
      return await client.get<T>({ group: '', version: 'v1', resource, namespace, name });
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(`${kind} ${JSON.stringify(name)} not found`);
      throw error;
    }
  };
  return {
    async services(namespace, staticPod) {
      if (!staticPod && !services.hasSynced()) throw new Error('services have not yet been read at least once, cannot construct envvars');
      return { inNamespace: services.list(namespace), master: services.master() };
    },
    persistentVolumeClaim: (namespace, name) => client.get<PersistentVolumeClaim>({ group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace, name }),
    persistentVolume: (name) => client.get<PersistentVolume>({ group: '', version: 'v1', resource: 'persistentvolumes', name }),
    async configMap(namespace, name) {
      const object = await get<ConfigMap>('configmaps', 'configmap', namespace, name);
      return { data: object.data ?? {}, binaryData: decodeAll(object.binaryData) };
    },
    async secret(namespace, name) {
      const object = await get<Secret>('secrets', 'secret', namespace, name);
      return { data: decodeAll(object.data) };
    },
    async serviceAccountToken(namespace, serviceAccount, spec) {
      try {
        const answer = await client.create<TokenRequest>(
          { group: '', version: 'v1', resource: 'serviceaccounts', namespace, name: serviceAccount, subresource: 'token' },
          { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec },
        );
        return { token: answer.status?.token ?? '', expiresAt: Date.parse(answer.status?.expirationTimestamp ?? '') || Date.now() + spec.expirationSeconds * 1000 };
      } catch (error) {
        // 404 for the path or 405 for the verb: this API server has no TokenRequest.
        if (error instanceof ApiError && (error.status.code === 405 || (error.status.code === 404 && error.status.details?.kind !== 'serviceaccounts'))) return undefined;
        throw error;
      }
    },
  };
}

/** Standalone mode: every reference fails as the kubelet's without a client. */
export const noPodObjects: PodObjects = {
  configMap: (namespace, name) => Promise.reject(new Error(`couldn't get configMap ${namespace}/${name}, no kubeClient defined`)),
  secret: (namespace, name) => Promise.reject(new Error(`couldn't get secret ${namespace}/${name}, no kubeClient defined`)),
  serviceAccountToken: () => Promise.resolve(undefined),
  services: () => Promise.resolve({ inNamespace: [], master: undefined }),
  persistentVolumeClaim: () => Promise.reject(new Error('no kubeClient defined')),
  persistentVolume: () => Promise.reject(new Error('no kubeClient defined')),
};
