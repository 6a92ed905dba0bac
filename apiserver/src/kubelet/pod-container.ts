// The container a log, exec or attach request is for, chosen as kube's validateContainer chooses
// it: the one named (among init, regular and ephemeral containers), or the pod's only container.

import { isSingle, newBadRequest } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';

export function podContainer(pod: JsonObject, requested: string): string {
  const spec = objectOf(pod.spec);
  const podName = metadataOf(pod).name ?? '';
  const names = ['initContainers', 'containers', 'ephemeralContainers'].flatMap((list) => objectsAt(spec, list).map((container) => stringOf(container.name)));
  if (requested !== '') {
    if (!names.includes(requested)) throw newBadRequest(`container ${requested} is not valid for pod ${podName}`);
    return requested;
  }
  const containers = objectsAt(spec, 'containers');
  if (isSingle(containers)) return stringOf(containers[0].name);
  if (containers.length === 0) throw newBadRequest(`a container name must be specified for pod ${podName}`);
  throw newBadRequest(`a container name must be specified for pod ${podName}, choose one of: [${names.join(' ')}]`);
}

/** spec.nodeName: the node whose agent runs the pod, '' while it is unscheduled. */
export const podNodeName = (pod: JsonObject): string => stringOf(objectOf(pod.spec).nodeName);
