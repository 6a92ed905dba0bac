// ValidateControllerRevision: data is required and the revision not negative; once created, the
// data may not change.

import { isDeepStrictEqual } from 'node:util';
import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';
import { rawJsonValue } from '../../../registry/validation/internal-type-values.ts';

function controllerRevisionErrors(revision: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  if (revision.data === undefined || revision.data === null) errors.push(fieldRequired('data', 'data is mandatory'));
  if (typeof revision.revision === 'number' && revision.revision < 0) errors.push(fieldInvalid('revision', revision.revision, 'must be greater than or equal to 0'));
  return errors;
}

/** kube quotes the data as the client sent it (a runtime.Unknown, which marshals to its raw bytes). */
function dataChangeErrors(next: JsonObject, old: JsonObject): FieldError[] {
  if (isDeepStrictEqual(next.data ?? null, old.data ?? null)) return [];
  const value = next.data === undefined || next.data === null ? null : { json: rawJsonValue(next.data) };
  return [fieldInvalid('data', value, 'field is immutable')];
}

export const controllerRevisionValidation: KindValidation = {
  validate: controllerRevisionErrors,
  validateUpdate: (next, old, objectErrors) => [...objectErrors, ...dataChangeErrors(next, old)],
};
