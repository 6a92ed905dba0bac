// ValidateNamespace beyond its name: each of spec.finalizers is a qualified name, and one of kube's
// standard finalizers unless it has a prefix (kube reports them at the unindexed list).

import { fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject } from '../defaulting/json-fields.ts';
import { isQualifiedName } from './value-formats.ts';
import type { KindValidation } from './kind-validation.ts';

const standardFinalizers = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** validateFinalizerName: apimachinery's qualified-name check, then kube's standard names. */
export function finalizerNameErrors(name: string, path: string): FieldError[] {
  const errors = isQualifiedName(name).map((message) => fieldInvalid(path, name, message));
  if (!name.includes('/') && !standardFinalizers.includes(name)) errors.push(fieldInvalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified'));
  return errors;
}

function namespaceErrors(namespace: JsonObject): FieldError[] {
  const finalizers = isObject(namespace.spec) && Array.isArray(namespace.spec.finalizers) ? namespace.spec.finalizers.map(String) : [];
  return finalizers.flatMap((finalizer) => finalizerNameErrors(finalizer, 'spec.finalizers'));
}

export const namespaceValidation: KindValidation = { validate: namespaceErrors };
