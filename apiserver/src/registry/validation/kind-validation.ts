// The shape of a kind's own validation (a resource declaration's `behaviour.validation`): the checks of
// every write, those kube makes of a new object only, and those of an update (the fields that may
// not change), which also decide where the new object's own errors go in kube's order.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';

export type KindValidator = (object: JsonObject) => FieldError[];

/** The errors of an update: the new object's own (`objectErrors`) and the update's, in kube's order. */
export type UpdateValidator = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]) => FieldError[];

export interface KindValidation {
  readonly validate?: KindValidator;
  readonly validateCreate?: KindValidator;
  readonly validateUpdate?: UpdateValidator;
}

/**
 * A kind whose checks read the old object on update (admission policies and webhooks, whose old
 * object decides how their CEL is compiled): run once per write, after the metadata's.
 */
export const withOldObject = (errors: (object: JsonObject, old?: JsonObject) => FieldError[]): KindValidation => ({
  validateCreate: (object) => errors(object),
  validateUpdate: (next, old, metadataErrors) => [...metadataErrors, ...errors(next, old)],
});
