// LimitRanger's mutating half (kube's PodMutateLimitFunc): each container and init container of a
// new pod gets the Container items' default limits and default requests it does not set, and the
// pod is annotated with what was set, in kube's words.

import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

export const limitRangerAnnotation = 'kubernetes.io/limit-ranger';

type Requirements = { readonly limits: JsonObject; readonly requests: JsonObject };

/** The defaults of the LimitRange's Container items (a later item's value for a resource wins). */
export function containerDefaults(limitRange: JsonObject): Requirements {
  const limits: JsonObject = {};
  const requests: JsonObject = {};
  const items = isObject(limitRange.spec) && Array.isArray(limitRange.spec.limits) ? limitRange.spec.limits : [];
  for (const item of items) {
    if (!isObject(item) || item.type !== 'Container') continue;
    if (isObject(item.defaultRequest)) Object.assign(requests, item.defaultRequest);
    if (isObject(item.default)) Object.assign(limits, item.default);
  }
  return { limits, requests };
}

/** Sets what a container lacks; answers the annotation parts, requests first. */
function mergeContainer(container: JsonObject, defaults: Requirements, kind: string): string[] {
  const resources: JsonObject = isObject(container.resources) ? container.resources : {};
  const set = (field: 'limits' | 'requests'): string[] => {
    const current: JsonObject = isObject(resources[field]) ? resources[field] : {};
    const added = Object.keys(defaults[field]).filter((name) => !(name in current));
    for (const name of added) current[name] = defaults[field][name];
    if (Object.keys(current).length > 0) resources[field] = current;
    return added.sort();
  };
  const limits = set('limits');
  const requests = set('requests');
  container.resources = resources;
  const name = typeof container.name === 'string' ? container.name : '';
  const parts: string[] = [];
  if (requests.length > 0) parts.push(`${requests.join(', ')} request for ${kind} ${name}`);
  if (limits.length > 0) parts.push(`${limits.join(', ')} limit for ${kind} ${name}`);
  return parts;
}

/** Applies one LimitRange's container defaults to the pod. */
export function applyContainerDefaults(pod: JsonObject, limitRange: JsonObject): void {
  const defaults = containerDefaults(limitRange);
  const spec = isObject(pod.spec) ? pod.spec : undefined;
  if (spec === undefined) return;
  const each = (field: string, kind: string): string[] =>
    (Array.isArray(spec[field]) ? spec[field] : []).flatMap((container) => (isObject(container) ? mergeContainer(container, defaults, kind) : []));
  const parts = [...each('containers', 'container'), ...each('initContainers', 'init container')];
  if (parts.length === 0) return;
  const metadata: JsonObject = isObject(pod.metadata) ? pod.metadata : {};
  const annotations: JsonObject = isObject(metadata.annotations) ? metadata.annotations : {};
  annotations[limitRangerAnnotation] = `LimitRanger plugin set: ${parts.join('; ')}`;
  metadata.annotations = annotations;
  pod.metadata = metadata;
}
