// kube-apiserver's PodTolerationRestriction admission: a pod created in a namespace annotated
// scheduler.alpha.kubernetes.io/defaultTolerations (a JSON list) gets those tolerations merged
// into its own; a pod that is not BestEffort tolerates node.kubernetes.io/memory-pressure
// (NoSchedule); and where the namespace's scheduler.alpha.kubernetes.io/tolerationsWhitelist
// lists tolerations, each of the pod's must be covered by one of them. Capstan reads no admission
// configuration file, so there are no cluster-wide defaults or whitelist.

import { errorMessage, newUnclassifiedError } from '@capstan/common';
import { goJsonSyntaxError } from '../registry/go-json-syntax.ts';
import { isObject, objectOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { podQosClass } from '../resources/core/pods/pod-qos.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { isSuperset, mergeTolerations } from './merge-tolerations.ts';
import { namespaceOfPod } from './namespace-annotations.ts';

export const defaultTolerationsAnnotation = 'scheduler.alpha.kubernetes.io/defaultTolerations';
export const tolerationsWhitelistAnnotation = 'scheduler.alpha.kubernetes.io/tolerationsWhitelist';

const memoryPressure = { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' };

/** kube's extractNSTolerations: undefined without the annotation, [] for an empty one; bad JSON is kube's 500. */
function namespaceTolerations(namespace: JsonObject, annotation: string): JsonObject[] | undefined {
  const annotations = objectOf(metadataOf(namespace).annotations);
  if (!(annotation in annotations)) return undefined;
  const text = String(annotations[annotation] ?? '');
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Go's words for the syntax error.
    throw newUnclassifiedError(goJsonSyntaxError(new TextEncoder().encode(text)) ?? errorMessage(error));
  }
  if (parsed === null) return [];
  if (!Array.isArray(parsed) || !parsed.every(isObject)) throw newUnclassifiedError('json: cannot unmarshal the annotation into Go value of type []v1.Toleration');
  return parsed;
}

/** kube's VerifyAgainstWhitelist: every toleration is covered by one of the whitelist's (an empty whitelist allows all). */
const allowedBy = (tolerations: readonly JsonObject[], whitelist: readonly JsonObject[]): boolean =>
  whitelist.length === 0 || tolerations.every((toleration) => whitelist.some((allowed) => isSuperset(allowed, toleration)));

export function podTolerationRestriction(namespaces: GenericStore): AdmissionPlugin {
  return {
    name: 'PodTolerationRestriction',
    operations: ['CREATE', 'UPDATE'],
    mutates: isPods,
    validates: isPods,
    admit: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      const extra: JsonObject[] = [];
      if (attributes.operation === 'CREATE')
        extra.push(...structuredClone(namespaceTolerations(await namespaceOfPod(namespaces, attributes.namespace), defaultTolerationsAnnotation) ?? []));
      if (podQosClass(pod) !== 'BestEffort') extra.push({ ...memoryPressure });
      if (extra.length === 0) return;
      if (!isObject(pod.spec)) pod.spec = {};
      const spec = pod.spec as JsonObject;
      spec.tolerations = mergeTolerations(Array.isArray(spec.tolerations) ? spec.tolerations : [], extra);
    },
    validate: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      const tolerations = Array.isArray(objectOf(pod.spec).tolerations) ? (objectOf(pod.spec).tolerations as unknown[]).filter(isObject) : [];
      if (tolerations.length === 0) return;
      const whitelist = namespaceTolerations(await namespaceOfPod(namespaces, attributes.namespace), tolerationsWhitelistAnnotation);
      if (whitelist === undefined || allowedBy(tolerations, whitelist)) return;
      // kube's refusal here is a plain error, so a 500 without a reason.
      throw newUnclassifiedError('pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist');
    },
  };
}
