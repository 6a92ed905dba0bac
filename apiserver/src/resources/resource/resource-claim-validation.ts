// ResourceClaim and ResourceClaimTemplate (resource.k8s.io/v1): the claim spec's requests, the
// constraints and configuration that refer to them, and the template's metadata. Both specs are
// fixed once created; kube does not validate a claim's spec again on update, only compares it.

import { isDeepStrictEqual } from 'node:util';
import { fieldInvalid, fieldRequired, type FieldError, type GoStruct } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import { boundedListErrors, boundedSetErrors, listAt } from '../../registry/validation/bounded-list-validation.ts';
import { fullyQualifiedNameErrors } from '../../registry/validation/device-attribute-validation.ts';
import { deviceRequestErrors, requestNameErrors, requestReferences } from '../../registry/validation/device-request-validation.ts';
import { deviceConfigurationErrors } from '../../registry/validation/opaque-configuration-validation.ts';
import { templateObjectMetaErrors } from '../../registry/validation/template-object-meta-validation.ts';
import { withoutSpecErrors } from '../../registry/validation/resource-update-order.ts';
import { claimSpecJson, claimTemplateSpecJson } from './resource-claim-spec-values.ts';

const maxRequests = 32;
const maxConstraints = 32;
const maxConfigurations = 32;
const immutable = 'field is immutable';
const unknownReference = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

/** A reference to `<request>` or `<request>/<alternative>` of this claim. */
function referenceErrors(reference: string, path: string, references: ReadonlySet<string>): FieldError[] {
  const segments = reference.split('/');
  if (segments.length > 2) return [fieldInvalid(path, reference, unknownReference)];
  const errors = segments.flatMap((segment) => requestNameErrors(segment, path));
  if (!references.has(reference)) errors.push(fieldInvalid(path, reference, unknownReference));
  return errors;
}

const referencesErrors = (list: unknown, path: string, references: ReadonlySet<string>): FieldError[] =>
  boundedSetErrors(listAt(list).map(stringOf), maxRequests, path, (reference, itemPath) => referenceErrors(reference, itemPath, references), String);

/** distinctAttribute belongs to DRAConsumableCapacity, off in 1.35, and is dropped before validation. */
function constraintErrors(item: unknown, path: string, references: ReadonlySet<string>): FieldError[] {
  const constraint = objectOf(item);
  const errors = referencesErrors(constraint.requests, `${path}.requests`, references);
  if (typeof constraint.matchAttribute === 'string') errors.push(...fullyQualifiedNameErrors(constraint.matchAttribute, `${path}.matchAttribute`));
  else errors.push(fieldRequired(`${path}.matchAttribute`));
  return errors;
}

function claimConfigurationErrors(item: unknown, path: string, references: ReadonlySet<string>): FieldError[] {
  const configuration = objectOf(item);
  return [...referencesErrors(configuration.requests, `${path}.requests`, references), ...deviceConfigurationErrors(configuration, path)];
}

/** A ResourceClaimSpec at `path`. */
function claimSpecErrors(spec: JsonObject, path: string): FieldError[] {
  const devices = objectOf(spec.devices);
  const requests = listAt(devices.requests);
  const references = requestReferences(requests);
  const devicesPath = `${path}.devices`;
  return [
    ...boundedSetErrors(requests, maxRequests, `${devicesPath}.requests`, deviceRequestErrors, (request) => stringOf(objectOf(request).name)),
    ...boundedListErrors(listAt(devices.constraints), maxConstraints, `${devicesPath}.constraints`, (constraint, itemPath) => constraintErrors(constraint, itemPath, references)),
    ...boundedListErrors(listAt(devices.config), maxConfigurations, `${devicesPath}.config`, (configuration, itemPath) =>
      claimConfigurationErrors(configuration, itemPath, references),
    ),
  ];
}

export const resourceClaimErrors = (claim: JsonObject): FieldError[] => claimSpecErrors(objectOf(claim.spec), 'spec');

export function resourceClaimTemplateErrors(template: JsonObject): FieldError[] {
  const spec = objectOf(template.spec);
  return [...templateObjectMetaErrors(spec.metadata, 'spec.metadata'), ...claimSpecErrors(objectOf(spec.spec), 'spec.spec')];
}

/** kube quotes the whole new spec: the JSON of its internal type. */
function immutableSpecErrors(next: JsonObject, old: JsonObject, specJson: (spec: JsonObject) => GoStruct): FieldError[] {
  if (isDeepStrictEqual(next.spec ?? {}, old.spec ?? {})) return [];
  return [fieldInvalid('spec', { json: specJson(objectOf(next.spec)) }, immutable)];
}

/** A claim's update is its metadata and the unchanged spec; the spec is not validated again. */
export const resourceClaimUpdateErrors = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] => [
  ...withoutSpecErrors(objectErrors),
  ...immutableSpecErrors(next, old, claimSpecJson),
];

/** A template's update is validated whole, then its spec compared. */
export const resourceClaimTemplateUpdateErrors = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] => [
  ...objectErrors,
  ...immutableSpecErrors(next, old, claimTemplateSpecJson),
];
