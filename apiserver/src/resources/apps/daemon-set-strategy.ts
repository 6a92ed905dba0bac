// DaemonSets keep kube's internal spec.templateGeneration, which apps/v1 shows as the annotation
// deprecated.daemonset.template.generation: 1 on create (or the annotation's value if higher),
// one more each time an update changes the pod template, never what an update sends. The
// DaemonSet controller labels its pods with it (pod-template-generation).

import { newBadRequest } from '@capstan/common';
import { objectOf } from '../../registry/defaulting/json-fields.ts';
import { semanticEqual } from '../../registry/generation-policy.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../registry/strategy.ts';

export const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

/** The generation an object's annotation says, or undefined without one; a value that is no integer fails as kube's conversion does. */
function templateGeneration(object: JsonObject): number | undefined {
  const value = objectOf(metadataOf(object).annotations)[templateGenerationAnnotation];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw newBadRequest(`${templateGenerationAnnotation} must be a string`);
  if (!/^[+-]?\d+$/.test(value)) throw newBadRequest(`strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
  return Number(value);
}

function setTemplateGeneration(object: JsonObject, generation: number): void {
  const metadata = metadataOf(object);
  object.metadata = { ...metadata, annotations: { ...objectOf(metadata.annotations), [templateGenerationAnnotation]: String(generation) } };
}

export const daemonSetStrategy: ResourceStrategy = {
  prepareForCreate(daemonSet) {
    setTemplateGeneration(daemonSet, Math.max(1, templateGeneration(daemonSet) ?? 0));
  },
  prepareForUpdate(daemonSet, old) {
    // Objects stored before Capstan kept the annotation count as generation 1.
    const current = templateGeneration(old) ?? 1;
    const changed = !semanticEqual(objectOf(objectOf(old.spec).template), objectOf(objectOf(daemonSet.spec).template));
    setTemplateGeneration(daemonSet, changed ? current + 1 : current);
  },
};
