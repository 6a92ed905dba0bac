// ValidateReplicationController (and its update): minReadySeconds and replicas not negative, a
// selector that is there and picks the template's labels, and a template whose pods always
// restart and have no deadline. The counts are declared too (kube 1.35's +k8s:minimum and
// +k8s:required tags), so both validations run and their differences are counted.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { isObject, objectOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { validateDeclared, type DeclaredField } from '../../../registry/validation/declarative/declared-fields.ts';
import { withDeclarativeValidation } from '../../../registry/validation/declarative/migration-checks.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';
import { stringMapValue } from '../../../registry/validation/value-formats.ts';
import { longRunningTemplateErrors, templatedWorkloadErrors } from '../../../registry/validation/workload-validation.ts';

/** ReplicationControllerSpec's declared checks. */
export const replicationControllerDeclaredFields: readonly DeclaredField[] = [
  { path: ['spec', 'replicas'], rules: [{ rule: 'required' }, { rule: 'minimum', value: 0 }] },
  { path: ['spec', 'minReadySeconds'], rules: [{ rule: 'minimum', value: 0 }] },
];

const covered = (error: FieldError): FieldError => ({ ...error, coveredByDeclarative: true });
const negative = (field: string, value: number): FieldError => covered({ ...fieldInvalid(field, value, 'must be greater than or equal to 0'), origin: 'minimum' });

/** The hand-written checks, in kube's order. */
function handWrittenErrors(rc: JsonObject): FieldError[] {
  const spec = objectOf(rc.spec);
  const errors: FieldError[] = [];
  if (typeof spec.minReadySeconds === 'number' && spec.minReadySeconds < 0) errors.push(negative('spec.minReadySeconds', spec.minReadySeconds));
  const selector = objectOf(spec.selector) as Record<string, unknown>;
  const selects = Object.keys(selector).length > 0;
  if (!selects) errors.push(fieldRequired('spec.selector'));
  if (spec.replicas === undefined || spec.replicas === null) errors.push(covered(fieldRequired('spec.replicas')));
  else if (typeof spec.replicas === 'number' && spec.replicas < 0) errors.push(negative('spec.replicas', spec.replicas));
  if (!isObject(spec.template)) {
    errors.push(fieldRequired('spec.template'));
    return errors;
  }
  const labels = objectOf(objectOf(spec.template.metadata).labels) as Record<string, unknown>;
  if (selects && !Object.entries(selector).every(([key, value]) => labels[key] === value)) {
    errors.push(fieldInvalid('spec.template.metadata.labels', stringMapValue(labels), '`selector` does not match template `labels`'));
  }
  return [...errors, ...templatedWorkloadErrors(rc), ...longRunningTemplateErrors(rc, 'ReplicationController')];
}

const errorsOf = (rc: JsonObject, old?: JsonObject): FieldError[] =>
  withDeclarativeValidation(old === undefined ? 'replicationcontroller_create' : 'replicationcontroller_update', handWrittenErrors(rc), () =>
    validateDeclared(replicationControllerDeclaredFields, rc, old),
  );

export const replicationControllerValidation: KindValidation = {
  validateCreate: (rc) => errorsOf(rc),
  validateUpdate: (next, old, metadataErrors) => [...metadataErrors, ...errorsOf(next, old)],
};
