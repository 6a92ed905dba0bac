// The requests of a ResourceClaim spec (resource.k8s.io/v1): each named by a DNS label and either
// exactly one device class request or an ordered list of alternatives (DRAPrioritizedList, beta and
// on in 1.35), each with its class, selectors and allocation mode.
//
// Fields of gates off in 1.35 are left alone, as kube drops them before validating: tolerations
// (DRADeviceTaints) and capacity (DRAConsumableCapacity). adminAccess (DRAAdminAccess, on) needs
// the namespace's admin-access label, which kube checks with a namespace lookup Capstan does not make.

import { fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, numberOf, objectOf, stringOf } from '../defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../name-validation.ts';
import { boundedSetErrors, listAt } from './bounded-list-validation.ts';
import { deviceSelectorsErrors } from './device-selector-validation.ts';
import { invalidEach } from './value-formats.ts';

const maxAlternatives = 8;
const allocationModes = ['All', 'ExactCount'];

const nameOf = (item: unknown): string => stringOf(objectOf(item).name);

/** A request, alternative or reference name: a DNS label. */
export const requestNameErrors = (name: string, path: string): FieldError[] => invalidEach(path, name, isDNS1123Label(name));

function deviceClassNameErrors(name: string, path: string): FieldError[] {
  if (name === '') return [fieldRequired(path)];
  return invalidEach(path, name, isDNS1123Subdomain(name));
}

/**
 * kube defaults an unset mode to ExactCount and an unset ExactCount count to one before it
 * validates; Capstan does not default these fields yet, so the defaults are read in here.
 */
function allocationModeErrors(request: JsonObject, path: string): FieldError[] {
  const mode = stringOf(request.allocationMode) || 'ExactCount';
  const given = numberOf(request.count);
  const count = mode === 'ExactCount' && given === 0 ? 1 : given;
  if (mode === 'All') return count === 0 ? [] : [fieldInvalid(`${path}.count`, count, "must not be specified when allocationMode is 'All'")];
  if (mode === 'ExactCount') return count > 0 ? [] : [fieldInvalid(`${path}.count`, count, 'must be greater than zero')];
  return [fieldNotSupported(`${path}.allocationMode`, mode, allocationModes)];
}

function classRequestErrors(request: JsonObject, path: string): FieldError[] {
  return [
    ...deviceClassNameErrors(stringOf(request.deviceClassName), `${path}.deviceClassName`),
    ...deviceSelectorsErrors(request.selectors, `${path}.selectors`),
    ...allocationModeErrors(request, path),
  ];
}

function alternativeErrors(alternative: unknown, path: string): FieldError[] {
  const subRequest = objectOf(alternative);
  return [...requestNameErrors(stringOf(subRequest.name), `${path}.name`), ...classRequestErrors(subRequest, path)];
}

export function deviceRequestErrors(item: unknown, path: string): FieldError[] {
  const request = objectOf(item);
  const errors = requestNameErrors(stringOf(request.name), `${path}.name`);
  const alternatives = listAt(request.firstAvailable);
  const exactly = isObject(request.exactly) ? request.exactly : undefined;
  if (alternatives.length === 0 && exactly === undefined) errors.push(fieldRequired(path, 'exactly one of `exactly` or `firstAvailable` is required'));
  else if (alternatives.length > 0 && exactly !== undefined)
    errors.push(fieldInvalid(path, null, 'exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set'));
  else if (exactly !== undefined) errors.push(...classRequestErrors(exactly, `${path}.exactly`));
  else errors.push(...boundedSetErrors(alternatives, maxAlternatives, `${path}.firstAvailable`, alternativeErrors, nameOf));
  return errors;
}

/** The names a reference may use: each request, and `<request>/<alternative>` for each alternative. */
export function requestReferences(requests: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  for (const request of requests) {
    const name = nameOf(request);
    const alternatives = isObject(request) ? listAt(request.firstAvailable) : [];
    names.add(name);
    for (const alternative of alternatives) names.add(`${name}/${nameOf(alternative)}`);
  }
  return names;
}
