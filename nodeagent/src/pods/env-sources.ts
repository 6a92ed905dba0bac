// The ConfigMaps and Secrets a container's environment refers to (envFrom, configMapKeyRef,
// secretKeyRef) and the Services whose variables it gets, fetched once each before its
// configuration is generated; a failed fetch is kept
// as its error, which the configuration raises (or skips, for an optional reference to an object
// that does not exist) where the kubelet would.

import type { Container } from '@capstan/common/api-types/core-v1';
import { isStaticPod, type Pod } from './pod-types.ts';
import type { ConfigMapData, PodObjects, SecretData } from './pod-objects.ts';
import { servicesForPod, type ServiceData } from './service-env.ts';

export interface EnvSources {
  readonly configMaps: ReadonlyMap<string, ConfigMapData | Error>;
  readonly secrets: ReadonlyMap<string, SecretData | Error>;
  /** The Services whose variables the container gets, or why they could not be read. */
  readonly services: readonly ServiceData[] | Error;
}

export const noEnvSources: EnvSources = { configMaps: new Map(), secrets: new Map(), services: [] };

const settle = <T>(fetch: Promise<T>): Promise<T | Error> => fetch.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

export async function fetchEnvSources(pod: Pod, container: Container, objects: PodObjects): Promise<EnvSources> {
  const configMapNames = new Set<string>();
  const secretNames = new Set<string>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef !== undefined) configMapNames.add(source.configMapRef.name ?? '');
    if (source.secretRef !== undefined) secretNames.add(source.secretRef.name ?? '');
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined && variable.value !== '') continue;
    const from = variable.valueFrom;
    if (from?.configMapKeyRef !== undefined) configMapNames.add(from.configMapKeyRef.name ?? '');
    if (from?.secretKeyRef !== undefined) secretNames.add(from.secretKeyRef.name ?? '');
  }
  const namespace = pod.metadata.namespace;
  const links = pod.spec.enableServiceLinks !== false;
  const [configMaps, secrets, services] = await Promise.all([
    Promise.all([...configMapNames].map(async (name) => [name, await settle(objects.configMap(namespace, name))] as const)),
    Promise.all([...secretNames].map(async (name) => [name, await settle(objects.secret(namespace, name))] as const)),
    settle(objects.services(namespace, isStaticPod(pod)).then(({ inNamespace, master }) => servicesForPod(namespace, links, inNamespace, master))),
  ]);
  return { configMaps: new Map(configMaps), secrets: new Map(secrets), services };
}
