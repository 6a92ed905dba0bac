// The validation of a write besides the name: the metadata checks every kind has, and the kind's
// own from its declaration (`behaviour.validation`). A create or update with any error answers kube's 422.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import { kubeFinalizerErrors, objectMetaErrors } from './object-meta-validation.ts';

/**
 * The built-in groups whose kinds check metadata with apimachinery's ValidateObjectMeta alone
 * (admission, CRDs, the aggregator), or not at all (the reviews); the others, and not custom
 * resources, get core's ValidateObjectMeta with its standard finalizer rule.
 */
const genericMetadataGroups = new Set(['admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apiregistration.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']);

export function validationErrors(definition: Pick<ResourceDefinition, 'group' | 'behaviour'>, object: JsonObject, creating = false): FieldError[] {
  const { validate, validateCreate } = definition.behaviour.validation;
  return [
    ...objectMetaErrors(object),
    ...(genericMetadataGroups.has(definition.group) ? [] : kubeFinalizerErrors(object)),
    ...(validate === undefined ? [] : validate(object)),
    ...(creating && validateCreate !== undefined ? validateCreate(object) : []),
  ];
}

/** The errors of an update: the new object's own (`objectErrors`) and the kind's update checks, in kube's order. */
export function updateErrors(definition: Pick<ResourceDefinition, 'behaviour'>, next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const { validateUpdate } = definition.behaviour.validation;
  return validateUpdate === undefined ? objectErrors : validateUpdate(next, old, objectErrors);
}
