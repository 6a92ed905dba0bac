// ValidateNamespace beyond its name: each of spec.finalizers is a qualified name, and one of kube's
// standard finalizers unless it has a prefix (kube reports them at the unindexed list).

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { standardFinalizerErrors } from '../../../registry/validation/object-meta-validation.ts';
import { invalidEach, isQualifiedName } from '../../../registry/validation/value-formats.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';

/** validateFinalizerName: apimachinery's qualified-name check, then kube's standard names. */
const finalizerNameErrors = (name: string, path: string): FieldError[] => [...invalidEach(path, name, isQualifiedName(name)), ...standardFinalizerErrors(name, path)];

function namespaceErrors(namespace: JsonObject): FieldError[] {
  const finalizers = stringsOf(objectOf(namespace.spec).finalizers);
  return finalizers.flatMap((finalizer) => finalizerNameErrors(finalizer, 'spec.finalizers'));
}

export const namespaceValidation: KindValidation = { validate: namespaceErrors };
