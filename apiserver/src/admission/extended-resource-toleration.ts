// kube-apiserver's ExtendedResourceToleration admission: a pod whose containers (or init
// containers) request an extended resource (example.com/gpu) tolerates the NoSchedule taint of
// that name, so nodes that have the resource can be tainted to keep other pods away.

import { isObject, objectOf, objectsAt } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { isExtendedResource } from '../registry/validation/resource-names.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

/** kube's AddOrUpdateTolerationInPod: a toleration of the same key, operator, value and effect is replaced, else it is added. */
function addOrUpdateToleration(spec: JsonObject, toleration: JsonObject): void {
  const current = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  const same = (other: unknown): boolean => isObject(other) && ['key', 'operator', 'value', 'effect'].every((field) => (other[field] ?? '') === (toleration[field] ?? ''));
  const index = current.findIndex(same);
  if (index === -1) spec.tolerations = [...current, toleration];
  else if ((current[index] as JsonObject).tolerationSeconds !== undefined) spec.tolerations = current.map((other, i) => (i === index ? toleration : other));
}

export const extendedResourceToleration: AdmissionPlugin = {
  name: 'ExtendedResourceToleration',
  operations: ['CREATE', 'UPDATE'],
  mutates: isPods,
  admit: (attributes) => {
    const pod = attributes.object;
    if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
    const spec = objectOf(pod.spec);
    const resources = new Set<string>();
    for (const container of [...objectsAt(spec, 'containers'), ...objectsAt(spec, 'initContainers')]) {
      for (const name of Object.keys(objectOf(objectOf(container.resources).requests))) if (isExtendedResource(name)) resources.add(name);
    }
    if (resources.size === 0) return;
    if (!isObject(pod.spec)) pod.spec = spec;
    for (const name of [...resources].sort()) addOrUpdateToleration(spec, { key: name, operator: 'Exists', effect: 'NoSchedule' });
  },
};
