// The shape of a kind's own validation, for the tables that register kinds by group: the checks of
// every write, those kube makes of a new object only, and those of an update (the fields that may
// not change), which also decide where the new object's own errors go in kube's order.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import type { BuiltinKindKey } from '../../resources/builtin-keys.ts';

export type KindValidator = (object: JsonObject) => FieldError[];

/** The errors of an update: the new object's own (`objectErrors`) and the update's, in kube's order. */
export type UpdateValidator = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]) => FieldError[];

export interface KindValidation {
  readonly validate?: KindValidator;
  readonly validateCreate?: KindValidator;
  readonly validateUpdate?: UpdateValidator;
}

/** Kinds keyed `group/Kind` (`/Kind` for core). */
export type KindValidations = Readonly<Partial<Record<BuiltinKindKey, KindValidation>>>;
