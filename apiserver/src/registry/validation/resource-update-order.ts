// resource.k8s.io validates an update from the new metadata and its own comparison of the specs,
// not from the new object's errors alone: this keeps the metadata part of those errors.

import type { FieldError } from '@capstan/common';

/** The metadata errors of the new object, which come first in every resource.k8s.io update. */
export const withoutSpecErrors = (objectErrors: readonly FieldError[]): FieldError[] => objectErrors.filter((error) => error.field !== 'spec' && !error.field.startsWith('spec.'));
