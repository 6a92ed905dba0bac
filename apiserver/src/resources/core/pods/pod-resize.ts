// pods/resize: the in-place resize of a pod's containers (InPlacePodVerticalScaling, GA in 1.35),
// as kube's podResizeStrategy and ValidatePodResize have it. Of what a client sends, only the
// containers' (and sidecars') resources and resizePolicy are taken; everything else is the stored
// pod's, the status and metadata included. The new resources may not remove a request or limit,
// change anything but cpu and memory, or change the pod's QoS class; static and Windows pods are
// never resized. Generation is bumped as for any spec change.

import { fieldForbidden, fieldInvalid, newInvalid, type FieldError } from '@capstan/common';
import { generationOnUpdate, semanticEqual } from '../../../registry/generation-policy.ts';
import { isObject, objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceDefinition } from '../../resource-definition.ts';
import { podQosClass } from './pod-qos.ts';
import { podSpecErrors } from './pod-validation.ts';

const mirrorPodAnnotation = 'kubernetes.io/config.mirror';
const resizableResources = ['cpu', 'memory'];

const isRestartable = (container: JsonObject): boolean => container.restartPolicy === 'Always';

/**
 * dropNonResizeUpdates: the stored containers with the sent resources and resizePolicy. Containers
 * added, removed, renamed or reordered leave the sent list as it is, for validation to refuse.
 */
function resizedContainers(sent: unknown, stored: unknown): unknown {
  if (!Array.isArray(sent) || sent.length === 0) return sent;
  if (!Array.isArray(stored) || stored.length !== sent.length) return sent;
  const merged: unknown[] = [];
  for (const [i, container] of sent.entries()) {
    const old = stored[i];
    if (!isObject(container) || !isObject(old) || container.name !== old.name) return sent;
    const next: JsonObject = { ...old };
    for (const field of ['resources', 'resizePolicy'] as const) {
      if (field in container) next[field] = container[field];
      else delete next[field];
    }
    merged.push(next);
  }
  return merged;
}

function resizedSpec(sentSpec: JsonObject, oldSpec: JsonObject): JsonObject {
  const sameCount = (key: string): boolean => (Array.isArray(sentSpec[key]) ? sentSpec[key].length : 0) === (Array.isArray(oldSpec[key]) ? oldSpec[key].length : 0);
  if (!sameCount('containers') || !sameCount('initContainers')) return sentSpec;
  const spec: JsonObject = { ...oldSpec };
  for (const key of ['containers', 'initContainers']) {
    const merged = resizedContainers(sentSpec[key], oldSpec[key]);
    if (merged === undefined) delete spec[key];
    else spec[key] = merged;
  }
  return spec;
}

/** The pod a resize write stores: the stored pod with the sent containers' resources, generation bumped when they changed. */
export function resizedPod(definition: ResourceDefinition, sent: JsonObject, old: JsonObject): JsonObject {
  const next: JsonObject = { ...old, spec: resizedSpec(objectOf(sent.spec), objectOf(old.spec)) };
  const metadata = { ...metadataOf(old) };
  const generation = generationOnUpdate(definition, old, next, 'resize');
  if (generation === undefined) delete metadata.generation;
  else metadata.generation = generation;
  next.metadata = metadata;
  const errors = podResizeErrors(next, old);
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, stringOf(metadata.name), errors);
  return next;
}

/** ValidatePodResize, on pods whose metadata is the stored one. */
export function podResizeErrors(next: JsonObject, old: JsonObject): FieldError[] {
  const errors = podSpecErrors(next.spec, 'spec');
  const annotations = objectOf(metadataOf(old).annotations);
  if (mirrorPodAnnotation in annotations) return [fieldForbidden('', 'static pods cannot be resized')];
  const oldSpec = objectOf(old.spec);
  const newSpec = objectOf(next.spec);
  if (objectOf(oldSpec.os).name === 'windows') return [fieldForbidden('', 'windows pods cannot be resized')];
  const oldStatus = objectOf(old.status);
  const oldQos = stringOf(oldStatus.qosClass) || podQosClass(old);
  if (oldQos !== podQosClass(next)) errors.push(fieldInvalid('spec', stringOf(objectOf(next.status).qosClass), 'Pod QOS Class may not change as a result of resizing'));
  if (!resizeSupported(oldStatus)) errors.push(fieldForbidden('spec', 'Pod running on node without support for resize'));
  if (hasPodLevelResources(oldSpec) || hasPodLevelResources(newSpec)) {
    // InPlacePodLevelResourcesVerticalScaling is alpha in 1.35, off by default.
    errors.push(fieldForbidden('', 'resize of pods with pod-level resources is forbidden when InPlacePodLevelResourcesVerticalScalingEnabled feature gate is disabled'));
    return errors;
  }
  const orderErrors = containerOrderErrors(newSpec, oldSpec);
  if (orderErrors.length > 0) return [...errors, ...orderErrors];

  const oldInit = objectsAt(oldSpec, 'initContainers');
  const newInit = objectsAt(newSpec, 'initContainers');
  const oldContainers = objectsAt(oldSpec, 'containers');
  const newContainers = objectsAt(newSpec, 'containers');
  oldInit.forEach((container, i) => {
    if (isRestartable(container)) errors.push(...removalErrors(newInit[i] ?? {}, container, `spec.initContainers[${i}].resources`));
  });
  oldContainers.forEach((container, i) => errors.push(...removalErrors(newContainers[i] ?? {}, container, `spec.containers[${i}].resources`)));

  newContainers.forEach((container, i) => {
    const old = oldContainers[i] ?? {};
    if (!semanticEqual(withStoredCpuMemory(container, old), old)) errors.push(fieldForbidden('spec', 'only cpu and memory resources are mutable'));
  });
  newInit.forEach((container, i) => {
    const old = oldInit[i] ?? {};
    if (isRestartable(container)) {
      if (!semanticEqual(withStoredCpuMemory(container, old), old)) errors.push(fieldForbidden('spec', 'only cpu and memory resources for sidecar containers are mutable'));
    } else if (!semanticEqual(container, old)) errors.push(fieldForbidden('spec', 'resources for non-sidecar init containers are immutable'));
  });
  if (errors.length > 0) return errors;
  // Nothing outside the containers may change (a spec sent with another number of containers).
  const rest = (spec: JsonObject): JsonObject => ({ ...spec, containers: undefined, initContainers: undefined });
  if (!semanticEqual(rest(newSpec), rest(oldSpec))) errors.push(fieldForbidden('spec', 'only cpu and memory resources are mutable'));
  return errors;
}

/** isPodResizeRequestSupported: a running container without status resources is on a node that cannot resize. */
function resizeSupported(status: JsonObject): boolean {
  for (const container of objectsAt(status, 'containerStatuses')) {
    if (isObject(objectOf(container.state).running)) return isObject(container.resources);
  }
  return true;
}

function hasPodLevelResources(spec: JsonObject): boolean {
  const resources = objectOf(spec.resources);
  return Object.keys(objectOf(resources.requests)).length + Object.keys(objectOf(resources.limits)).length > 0;
}

function containerOrderErrors(newSpec: JsonObject, oldSpec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, label] of [
    ['containers', 'containers'],
    ['initContainers', 'initContainers'],
  ] as const) {
    const next = objectsAt(newSpec, key);
    const old = objectsAt(oldSpec, key);
    if (next.length !== old.length) {
      errors.push(fieldForbidden(`spec.${key}`, `${label} may not be added or removed on resize`));
      continue;
    }
    old.forEach((container, i) => {
      if (next[i]?.name !== container.name) errors.push(fieldForbidden(`spec.${key}[${i}].name`, `${label} may not be renamed or reordered on resize`));
    });
  }
  return errors;
}

/** validateContainerResize: no request or limit the container had may go. */
function removalErrors(next: JsonObject, old: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const removed = (list: string): boolean => {
    const before = Object.keys(objectOf(objectOf(old.resources)[list]));
    const after = objectOf(objectOf(next.resources)[list]);
    return before.some((name) => !(name in after));
  };
  if (removed('requests')) errors.push(fieldForbidden(`${path}.requests`, 'resource requests cannot be removed'));
  if (removed('limits')) errors.push(fieldForbidden(`${path}.limits`, 'resource limits cannot be removed'));
  return errors;
}

/** dropCPUMemoryResourcesFromContainer: the container with the stored cpu and memory, so that what differs is anything else. */
function withStoredCpuMemory(container: JsonObject, old: JsonObject): JsonObject {
  const resources = objectOf(container.resources);
  const oldResources = objectOf(old.resources);
  const list = (name: 'limits' | 'requests'): JsonObject | undefined => {
    const sent = resources[name];
    const stored = objectOf(oldResources[name]);
    if (!isObject(sent) && !isObject(oldResources[name])) return undefined;
    const merged: JsonObject = { ...objectOf(sent) };
    for (const resource of resizableResources) {
      if (resource in stored) merged[resource] = stored[resource];
      else delete merged[resource];
    }
    return merged;
  };
  const limits = list('limits');
  const requests = list('requests');
  const { claims } = resources;
  return { ...container, resources: { ...(limits === undefined ? {} : { limits }), ...(requests === undefined ? {} : { requests }), ...(claims === undefined ? {} : { claims }) } };
}
