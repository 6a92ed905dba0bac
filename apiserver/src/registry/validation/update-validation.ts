// The checks kube makes only on update: the fields that may not change once an object exists, in
// kube's order relative to the checks of the new object (some kinds report them first, some after).

import { isDeepStrictEqual } from 'node:util';
import { fieldForbidden, fieldInvalid, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectOf } from '../defaulting/json-fields.ts';
import { labelSelectorValue } from './value-formats.ts';

export const immutable = 'field is immutable';
const immutableWhenSet = 'field is immutable when `immutable` is set';

/** An absent map and an empty one are the same: kube never stores an empty map. */
const sameMap = (a: unknown, b: unknown): boolean => isDeepStrictEqual(objectOf(a), objectOf(b));

/** ConfigMaps and Secrets marked immutable keep their data and the mark. */
export function immutableDataErrors(next: JsonObject, old: JsonObject, dataFields: readonly string[]): FieldError[] {
  if (old.immutable !== true) return [];
  const errors: FieldError[] = [];
  if (next.immutable !== true) errors.push(fieldForbidden('immutable', immutableWhenSet));
  for (const field of dataFields) if (!sameMap(next[field], old[field])) errors.push(fieldForbidden(field, immutableWhenSet));
  return errors;
}

/** ValidateImmutableField on spec.selector, its value the JSON of the v1.LabelSelector. */
export function selectorErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const selector = objectOf(next.spec).selector;
  if (isDeepStrictEqual(selector ?? null, objectOf(old.spec).selector ?? null)) return [];
  const value: FieldBadValue = isObject(selector) ? labelSelectorValue(selector) : null;
  return [fieldInvalid('spec.selector', value, immutable)];
}

const statefulSetMutableFields = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

export function statefulSetSpecErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const fixed = (spec: JsonObject): JsonObject => Object.fromEntries(Object.entries(spec).filter(([key]) => !statefulSetMutableFields.includes(key)));
  if (isDeepStrictEqual(fixed(objectOf(next.spec)), fixed(objectOf(old.spec)))) return [];
  return [
    fieldForbidden(
      'spec',
      "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ),
  ];
}

const podUpdatableFields =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/**
 * A pod's spec is fixed but for its images, a deadline, added tolerations, a negative grace period
 * set to 1, and scheduling gates taken away. kube follows the message with a cmp.Diff of its
 * internal PodSpec; we list the fields that changed instead.
 */
export function podUpdateErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const newSpec = objectOf(next.spec);
  const oldSpec = objectOf(old.spec);
  const comparable: JsonObject = { ...newSpec };
  for (const list of ['containers', 'initContainers'] as const) {
    const newContainers = newSpec[list];
    const oldContainers = oldSpec[list];
    if (Array.isArray(newContainers) && Array.isArray(oldContainers) && newContainers.length === oldContainers.length) {
      comparable[list] = newContainers.map((container: unknown, index) =>
        isObject(container) && isObject(oldContainers[index]) ? { ...container, image: oldContainers[index].image } : container,
      );
    }
  }
  for (const field of ['activeDeadlineSeconds', 'tolerations', 'schedulingGates'] as const) {
    if (field in oldSpec) comparable[field] = oldSpec[field];
    else delete comparable[field];
  }
  const oldGrace = oldSpec.terminationGracePeriodSeconds;
  if (typeof oldGrace === 'number' && oldGrace < 0 && newSpec.terminationGracePeriodSeconds === 1) comparable.terminationGracePeriodSeconds = oldGrace;
  if (isDeepStrictEqual(comparable, oldSpec)) return [];
  const changed = [...new Set([...Object.keys(comparable), ...Object.keys(oldSpec)])].filter((key) => !isDeepStrictEqual(comparable[key], oldSpec[key])).sort();
  return [fieldForbidden('spec', `${podUpdatableFields}\n  changed: ${changed.map((key) => `spec.${key}`).join(', ')}`)];
}

/** Of a suspended Job that never started, kube lets the template's scheduling directives change. */
const jobSchedulingFields = ['nodeSelector', 'affinity', 'tolerations', 'schedulingGates'];

/**
 * A Job's pod template is fixed. kube quotes the whole internal PodTemplateSpec (%#v, pointers as
 * addresses); we quote its type only.
 */
export function jobTemplateErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const newTemplate = objectOf(next.spec).template;
  const oldTemplate = objectOf(old.spec).template;
  if (isDeepStrictEqual(newTemplate, oldTemplate)) return [];
  const neverStarted = objectOf(old.spec).suspend === true && !(isObject(old.status) && old.status.startTime !== undefined);
  if (neverStarted && isObject(newTemplate) && isObject(oldTemplate)) {
    const fixedPart = (template: JsonObject): JsonObject => {
      const spec = objectOf(template.spec);
      const metadata = objectOf(template.metadata);
      const { labels: _labels, annotations: _annotations, ...fixedMetadata } = metadata;
      return { ...template, metadata: fixedMetadata, spec: Object.fromEntries(Object.entries(spec).filter(([key]) => !jobSchedulingFields.includes(key))) };
    };
    if (isDeepStrictEqual(fixedPart(newTemplate), fixedPart(oldTemplate))) return [];
  }
  return [fieldInvalid('spec.template', { goSyntax: 'core.PodTemplateSpec{...}' }, immutable)];
}
