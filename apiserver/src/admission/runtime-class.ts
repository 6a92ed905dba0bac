// kube-apiserver's RuntimeClass admission (plugin/pkg/admission/runtimeclass): a pod created with
// spec.runtimeClassName gets the class's overhead (spec.overhead; one the pod sets must be the
// same amounts) and its scheduling: the class's nodeSelector added to the pod's (a key both set
// differently is a conflict) and its tolerations merged. A pod naming no class, or a class without
// overhead, may not set an overhead of its own. An unknown class refuses the pod.

import { compareQuantities, decodeQuantity, errorMessage, isNotFound } from '@capstan/common';
import { isObject, objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { mergeTolerations } from './merge-tolerations.ts';
import { listerGet } from './lister-read.ts';

const overheadMismatch = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";

/** The pod's RuntimeClass: undefined when it names none; refused when it names one that does not exist. */
async function runtimeClassOf(attributes: AdmissionAttributes, runtimeClasses: GenericStore, pod: JsonObject): Promise<JsonObject | undefined> {
  const name = objectOf(pod.spec).runtimeClassName;
  if (typeof name !== 'string') return undefined;
  try {
    return await listerGet(runtimeClasses, undefined, name);
  } catch (error) {
    if (isNotFound(error)) throw admissionForbidden(attributes, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    throw new Error(errorMessage(error));
  }
}

/** Semantic equality of two resource lists: the same names with equal amounts ("100m" is "0.1"); absent and empty alike. */
function sameResources(a: unknown, b: unknown): boolean {
  const left = objectOf(a);
  const right = objectOf(b);
  const names = Object.keys(left);
  if (names.length !== Object.keys(right).length) return false;
  return names.every((name) => {
    if (!(name in right)) return false;
    const x = decodeQuantity(left[name]);
    const y = decodeQuantity(right[name]);
    return x !== undefined && y !== undefined && compareQuantities(x, y) === 0;
  });
}

const hasEntries = (value: unknown): boolean => isObject(value) && Object.keys(value).length > 0;

/** The class's overhead.podFixed, or undefined when the class defines no overhead. */
const podFixedOf = (runtimeClass: JsonObject | undefined): unknown => (isObject(runtimeClass?.overhead) ? (runtimeClass.overhead.podFixed ?? {}) : undefined);

function setOverhead(attributes: AdmissionAttributes, spec: JsonObject, runtimeClass: JsonObject): void {
  const podFixed = podFixedOf(runtimeClass);
  if (podFixed === undefined) return;
  if (hasEntries(spec.overhead) && !sameResources(podFixed, spec.overhead)) throw admissionForbidden(attributes, overheadMismatch);
  if (hasEntries(podFixed)) spec.overhead = structuredClone(podFixed);
  else delete spec.overhead;
}

function setScheduling(attributes: AdmissionAttributes, spec: JsonObject, runtimeClass: JsonObject): void {
  if (!isObject(runtimeClass.scheduling)) return;
  const scheduling = runtimeClass.scheduling;
  const classSelector = objectOf(scheduling.nodeSelector);
  if (!isObject(spec.nodeSelector)) {
    if (isObject(scheduling.nodeSelector)) spec.nodeSelector = { ...classSelector };
  } else {
    const podSelector = spec.nodeSelector;
    for (const [key, value] of Object.entries(classSelector)) {
      if (key in podSelector && podSelector[key] !== value) {
        throw admissionForbidden(
          attributes,
          `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${stringOf(value)}; pod.spec.nodeSelector[${key}] = ${stringOf(podSelector[key])}`,
        );
      }
      podSelector[key] = value;
    }
  }
  const classTolerations = Array.isArray(scheduling.tolerations) ? structuredClone(scheduling.tolerations) : [];
  const merged = mergeTolerations(Array.isArray(spec.tolerations) ? spec.tolerations : [], classTolerations);
  if (merged.length > 0) spec.tolerations = merged;
  else delete spec.tolerations;
}

function validateOverhead(attributes: AdmissionAttributes, spec: JsonObject, runtimeClass: JsonObject | undefined): void {
  const podFixed = podFixedOf(runtimeClass);
  if (podFixed !== undefined) {
    if (!sameResources(podFixed, spec.overhead)) throw admissionForbidden(attributes, overheadMismatch);
  } else if (spec.overhead !== undefined && spec.overhead !== null) {
    throw admissionForbidden(attributes, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  }
}

export function runtimeClassAdmission(runtimeClasses: GenericStore): AdmissionPlugin {
  return {
    name: 'RuntimeClass',
    operations: ['CREATE'],
    mutates: isPods,
    validates: isPods,
    admit: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      const runtimeClass = await runtimeClassOf(attributes, runtimeClasses, pod);
      if (runtimeClass === undefined) return;
      if (!isObject(pod.spec)) pod.spec = {};
      const spec = pod.spec as JsonObject;
      setOverhead(attributes, spec, runtimeClass);
      setScheduling(attributes, spec, runtimeClass);
    },
    validate: async (attributes) => {
      const pod = attributes.object;
      if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
      validateOverhead(attributes, objectOf(pod.spec), await runtimeClassOf(attributes, runtimeClasses, pod));
    },
  };
}
