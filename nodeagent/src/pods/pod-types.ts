// The pods the agent works on: the generated v1 Pod with what the agent relies on made required
// (the API server always sets a pod's name, namespace, uid and spec, and the file source sets them
// on static pods), and the kubelet's helpers over pods (kubetypes, format, podutil).

import type { Container, Pod as ApiPod, PodSpec } from '@capstan/common/api-types/core-v1';
import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';

/** The metadata of a pod on the node: its name, namespace and uid are always set. */
export type PodMetadata = ObjectMeta & Required<Pick<ObjectMeta, 'name' | 'namespace' | 'uid'>>;

/** A pod as the agent holds it: one from the API server or a static pod from a file. */
export type Pod = ApiPod & { readonly metadata: PodMetadata; readonly spec: PodSpec };

/** The kubelet's annotations on static and mirror pods (kubetypes). */
export const configSourceAnnotation = 'kubernetes.io/config.source';
export const configHashAnnotation = 'kubernetes.io/config.hash';
export const configMirrorAnnotation = 'kubernetes.io/config.mirror';
export const configSeenAnnotation = 'kubernetes.io/config.seen';

export const isMirrorPod = (pod: Pod): boolean => pod.metadata.annotations?.[configMirrorAnnotation] !== undefined;

/** kubetypes.IsStaticPod: a pod from a source other than the API server. */
export function isStaticPod(pod: Pod): boolean {
  const source = pod.metadata.annotations?.[configSourceAnnotation];
  return source !== undefined && source !== 'api';
}

export const isTerminalPhase = (phase: string | undefined): boolean => phase === 'Succeeded' || phase === 'Failed';

/** format.Pod: `name_namespace(uid)`, how the kubelet names a pod in messages. */
export const formatPod = (pod: Pod): string => `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;

/** Containers an init, regular or ephemeral container may be. */
export function allContainers(spec: PodSpec): readonly Container[] {
  return [...(spec.initContainers ?? []), ...spec.containers, ...(spec.ephemeralContainers ?? [])];
}

/** podutil.IsRestartableInitContainer: a sidecar. */
export const isRestartableInitContainer = (container: Container): boolean => container.restartPolicy === 'Always';

/** The API path of pods: the collection of a namespace, one pod, or one of its subresources. */
export const podsTarget = (namespace?: string, name?: string, subresource?: string) => ({
  group: '',
  version: 'v1',
  resource: 'pods',
  ...(namespace === undefined ? {} : { namespace }),
  ...(name === undefined ? {} : { name }),
  ...(subresource === undefined ? {} : { subresource }),
});
