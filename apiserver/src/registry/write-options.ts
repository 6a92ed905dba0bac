// The options of a write in its query (CreateOptions, UpdateOptions, PatchOptions), checked as
// kube's ValidateCreateOptions checks them, every error in one 422: dryRun ("All" runs every stage
// but the write) and fieldValidation (what unknown fields cost: Ignore, Warn by default, Strict).

import { fieldNotSupported, newInvalid, type FieldError } from '@capstan/common';

export type WriteOptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions';
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface WriteOptions {
  readonly dryRun: boolean;
  readonly fieldValidation: FieldValidation;
}

const fieldValidations: readonly string[] = ['', 'Ignore', 'Strict', 'Warn'];

export function writeOptionsOf(query: URLSearchParams, kind: WriteOptionsKind): WriteOptions {
  const errors: FieldError[] = [];
  const dryRun = query.getAll('dryRun').filter((value) => value !== '');
  if (!dryRun.every((value) => value === 'All')) errors.push(fieldNotSupported('dryRun', dryRun, ['All']));
  const fieldValidation = query.get('fieldValidation') ?? '';
  if (!fieldValidations.includes(fieldValidation)) errors.push(fieldNotSupported('fieldValidation', fieldValidation, fieldValidations));
  if (errors.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind }, '', errors);
  return { dryRun: dryRun.length > 0, fieldValidation: fieldValidation === '' ? 'Warn' : (fieldValidation as FieldValidation) };
}
