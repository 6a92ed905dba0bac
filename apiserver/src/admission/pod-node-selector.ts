// kube-apiserver's PodNodeSelector admission: a pod created in a namespace annotated
// scheduler.alpha.kubernetes.io/node-selector ("key=value,...") gets those labels added to its
// nodeSelector; a pod selecting another value for one of the keys is refused. Capstan reads no
// admission configuration file, so there is no cluster default selector and no per-namespace
// whitelist (kube's PodNodeSelectorPluginConfig).

import { fieldErrorMessage, fieldInvalid, isQualifiedName, isValidLabelValue, newForbidden, newUnclassifiedError, type StatusError } from '@capstan/common';
import { isObject, objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { namespaceOfPod } from './namespace-annotations.ts';

export const namespaceNodeSelectorAnnotation = 'scheduler.alpha.kubernetes.io/node-selector';

/** kube's labels.ConvertSelectorToLabelsMap: "k=v,k2=v2", every key a label key and every value a label value. */
export function selectorLabels(selector: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (selector === '') return labels;
  for (const term of selector.split(',')) {
    const parts = term.split('=');
    if (parts.length !== 2) throw new Error(`invalid selector: [${parts.join(' ')}]`);
    const key = (parts[0] as string).trim();
    const keyErrors = isQualifiedName(key);
    if (keyErrors.length > 0) throw new Error(fieldErrorMessage(fieldInvalid('', key, keyErrors.join('; '))));
    const value = (parts[1] as string).trim();
    const valueErrors = isValidLabelValue(value);
    if (valueErrors.length > 0) throw new Error(fieldErrorMessage(fieldInvalid(`[${key}]`, value, valueErrors.join('; '))));
    labels[key] = value;
  }
  return labels;
}

/** The namespace's selector; a malformed annotation is kube's error that is no Status (a 500). */
function namespaceSelector(namespace: JsonObject): Record<string, string> {
  const annotations = objectOf(metadataOf(namespace).annotations);
  if (!(namespaceNodeSelectorAnnotation in annotations)) return {};
  try {
    return selectorLabels(stringOf(annotations[namespaceNodeSelectorAnnotation]));
  } catch (error) {
    throw newUnclassifiedError((error as Error).message);
  }
}

/** kube's refusal here names the pod by its own name (none yet for a generateName before it is made). */
const conflict = (pod: JsonObject): StatusError =>
  newForbidden({ group: '', resource: 'pods' }, stringOf(metadataOf(pod).name), 'pod node label selector conflicts with its namespace node label selector');

const conflicts = (namespace: Record<string, string>, pod: Record<string, unknown>): boolean => Object.entries(namespace).some(([key, value]) => key in pod && pod[key] !== value);

export function podNodeSelector(namespaces: GenericStore): AdmissionPlugin {
  const selectorFor = async (attributes: AdmissionAttributes) => namespaceSelector(await namespaceOfPod(namespaces, attributes.namespace, true));
  return {
    name: 'PodNodeSelector',
    operations: ['CREATE'],
    mutates: isPods,
    validates: isPods,
    admit: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      const selector = await selectorFor(attributes);
      if (!isObject(pod.spec)) pod.spec = {};
      const spec = pod.spec as JsonObject;
      const own = objectOf(spec.nodeSelector);
      if (conflicts(selector, own)) throw conflict(pod);
      const merged = { ...selector, ...own };
      // kube's map is omitted from JSON when empty.
      if (Object.keys(merged).length > 0) spec.nodeSelector = merged;
      else delete spec.nodeSelector;
    },
    validate: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      if (conflicts(await selectorFor(attributes), objectOf(objectOf(pod.spec).nodeSelector))) throw conflict(pod);
    },
  };
}
