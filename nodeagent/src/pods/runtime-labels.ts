// The labels and annotations the kubelet puts on sandboxes and containers (kuberuntime labels.go
// and kubetypes), by which it finds a pod's sandboxes and containers again and reads back what it
// created them with.

import { fnv32a } from '../root-dir/go-spew-hash.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { StringMap } from '../cri/messages/message-init.ts';
import type { Pod } from './pod-types.ts';

export const podNameLabel = 'io.kubernetes.pod.name';
export const podNamespaceLabel = 'io.kubernetes.pod.namespace';
export const podUidLabel = 'io.kubernetes.pod.uid';
export const containerNameLabel = 'io.kubernetes.container.name';

export const containerHashAnnotation = 'io.kubernetes.container.hash';
export const containerRestartCountAnnotation = 'io.kubernetes.container.restartCount';
export const containerTerminationMessagePathAnnotation = 'io.kubernetes.container.terminationMessagePath';
export const containerTerminationMessagePolicyAnnotation = 'io.kubernetes.container.terminationMessagePolicy';
const containerPortsAnnotation = 'io.kubernetes.container.ports';
const containerTypeAnnotation = 'io.kubernetes.container.type';
const podDeletionGracePeriodAnnotation = 'io.kubernetes.pod.deletionGracePeriod';
export const podTerminationGracePeriodAnnotation = 'io.kubernetes.pod.terminationGracePeriod';

/** newPodLabels: the pod's labels and its identity. */
export function sandboxLabels(pod: Pod): StringMap {
  return { ...pod.metadata.labels, [podNameLabel]: pod.metadata.name, [podNamespaceLabel]: pod.metadata.namespace, [podUidLabel]: pod.metadata.uid };
}

export function containerLabels(pod: Pod, container: Container): StringMap {
  return { [podNameLabel]: pod.metadata.name, [podNamespaceLabel]: pod.metadata.namespace, [podUidLabel]: pod.metadata.uid, [containerNameLabel]: container.name };
}

export type ContainerType = 'init' | 'container' | 'ephemeral';

/** newContainerAnnotations. */
export function containerAnnotations(pod: Pod, container: Container, restartCount: number, type: ContainerType): StringMap {
  const annotations: Record<string, string> = {
    [containerHashAnnotation]: containerHash(container),
    [containerRestartCountAnnotation]: String(restartCount),
    [containerTerminationMessagePathAnnotation]: container.terminationMessagePath ?? '/dev/termination-log',
    [containerTerminationMessagePolicyAnnotation]: container.terminationMessagePolicy ?? 'File',
  };
  if (pod.metadata.deletionGracePeriodSeconds !== undefined) annotations[podDeletionGracePeriodAnnotation] = String(pod.metadata.deletionGracePeriodSeconds);
  if (pod.spec.terminationGracePeriodSeconds !== undefined) annotations[podTerminationGracePeriodAnnotation] = String(pod.spec.terminationGracePeriodSeconds);
  if (container.ports !== undefined && container.ports.length > 0) annotations[containerPortsAnnotation] = JSON.stringify(container.ports);
  annotations[containerTypeAnnotation] = type;
  return annotations;
}

/** Go's json.Marshal escapes these in strings; JSON.stringify does not. */
const goJsonEscapes: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The kubelet's HashContainer, hexadecimal as it writes it: FNV-32a of what go-spew prints for the
 * JSON of the fields whose change restarts a running container (its name and image), so a new image
 * (`kubectl set image`) and nothing else kills and recreates it.
 */
export function containerHash(container: Pick<Container, 'name' | 'image'>): string {
  const json = JSON.stringify({ image: container.image ?? '', name: container.name }).replace(/[<>&\u2028\u2029]/g, (ch) => goJsonEscapes[ch] as string);
  return fnv32a(`([]uint8)[${[...Buffer.from(json, 'utf8')].join(' ')}]`).toString(16);
}
