// RuntimeClass (node.k8s.io/v1): a handler that is a DNS label and never changes, a pod overhead
// checked as container limits are, and scheduling constraints (node labels, unique tolerations).

import { fieldDuplicate, fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label } from '../../../registry/name-validation.ts';
import { labelErrors } from '../../../registry/validation/object-meta-validation.ts';
import { containerResourceNameErrors, resourceQuantityErrors } from '../../../registry/validation/resource-names.ts';
import { tolerationErrors, tolerationValue } from '../../../registry/validation/toleration-validation.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';

export function runtimeClassErrors(runtimeClass: JsonObject): FieldError[] {
  const handler = stringOf(runtimeClass.handler);
  const errors = invalidEach('handler', handler, isDNS1123Label(handler));
  if (isObject(runtimeClass.overhead)) errors.push(...overheadErrors(runtimeClass.overhead.podFixed, 'overhead'));
  if (isObject(runtimeClass.scheduling)) errors.push(...schedulingErrors(runtimeClass.scheduling, 'scheduling'));
  return errors;
}

export function runtimeClassUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  if (next.handler === old.handler) return objectErrors;
  return [...objectErrors, fieldInvalid('handler', stringOf(next.handler), 'field is immutable')];
}

/**
 * kube checks the overhead as the limits of a container's resource requirements, so its errors
 * name `overhead.limits[<resource>]`.
 */
function overheadErrors(podFixed: unknown, path: string): FieldError[] {
  if (!isObject(podFixed)) return [];
  return Object.entries(podFixed).flatMap(([resource, quantity]) => {
    const field = `${path}.limits[${resource}]`;
    return [...containerResourceNameErrors(resource, field), ...resourceQuantityErrors(resource, quantity, field)];
  });
}

function schedulingErrors(scheduling: JsonObject, path: string): FieldError[] {
  const errors = labelErrors(scheduling.nodeSelector, `${path}.nodeSelector`);
  errors.push(...tolerationErrors(scheduling, 'tolerations', `${path}.tolerations`));
  const seen = new Set<string>();
  objectsAt(scheduling, 'tolerations').forEach((toleration, i) => {
    const listKey = JSON.stringify(['key', 'operator', 'value', 'effect'].map((key) => stringOf(toleration[key])));
    if (seen.has(listKey)) errors.push(fieldDuplicate(`${path}.tolerations[${i}]`, tolerationValue(toleration)));
    seen.add(listKey);
  });
  return errors;
}
