// ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1) as kube checks it on create and
// update: failure policy, param kind, match constraints and conditions, variables, validations and
// audit annotations, each CEL expression compiled (admission-cel-validation.ts) where kube compiles it.
// MutatingAdmissionPolicy shares the checks up to the variables (admissionPolicySpecErrors).

import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, goJson, type FieldError } from '@capstan/common';
import { isObject, objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { PolicyExpressions } from '../../../registry/validation/admission-cel-validation.ts';
import { matchConditionsErrors } from '../../../registry/validation/match-condition-validation.ts';
import { matchResourcesErrors } from '../../../registry/validation/match-resources-validation.ts';
import { isQualifiedName } from '../../../registry/validation/value-formats.ts';

const failurePolicies = ['Fail', 'Ignore'];
const validationReasons = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const maxAuditAnnotations = 20;
const maxValueExpressionLength = 5 * 1024;
const celIdentifier = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const celReserved = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

/** validateParamKind: an apiVersion "group/version" (or "version") and a kind, as APIService names them. */
function paramKindErrors(paramKind: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const apiVersion = stringOf(paramKind.apiVersion);
  const parts = apiVersion.split('/');
  if (apiVersion === '') errors.push(fieldRequired(`${path}.apiVersion`));
  else if (parts.length > 2) errors.push(fieldInvalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  else {
    const [group, version] = parts.length === 1 ? ['', apiVersion] : (parts as [string, string]);
    const groupErrors = group === '' ? [] : isDNS1123Subdomain(group);
    if (groupErrors.length > 0) errors.push(fieldInvalid(`${path}.apiVersion`, group, groupErrors.join(',')));
    const versionErrors = isDNS1035Label(version);
    if (version === '') errors.push(fieldInvalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
    else if (versionErrors.length > 0) errors.push(fieldInvalid(`${path}.apiVersion`, version, versionErrors.join(',')));
  }
  const kind = stringOf(paramKind.kind);
  const kindErrors = isDNS1035Label(kind.toLowerCase());
  if (kind === '') errors.push(fieldRequired(`${path}.kind`));
  else if (kindErrors.length > 0) errors.push(fieldInvalid(`${path}.kind`, kind, `may have mixed case, but should otherwise match: ${kindErrors.join(',')}`));
  return errors;
}

function variableErrors(variable: JsonObject, path: string, cel: PolicyExpressions): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(variable.name);
  if (name.trim() === '') errors.push(fieldRequired(`${path}.name`, 'name is not specified'));
  else if (!celIdentifier.test(name) || celReserved.has(name)) errors.push(fieldInvalid(`${path}.name`, name, 'must be a valid CEL identifier'));
  const expression = stringOf(variable.expression);
  if (expression.trim() === '') errors.push(fieldRequired(`${path}.expression`, 'expression is not specified'));
  else errors.push(...cel.variable(name, expression, `${path}.expression`));
  return errors;
}

function validationErrors(validation: JsonObject, path: string, cel: PolicyExpressions): FieldError[] {
  const errors: FieldError[] = [];
  const expression = stringOf(validation.expression);
  if (expression.trim() === '') errors.push(fieldRequired(`${path}.expression`, 'expression is not specified'));
  else errors.push(...cel.validation(expression, `${path}.expression`));
  const messageExpression = stringOf(validation.messageExpression);
  if (messageExpression !== '' && messageExpression.trim() === '') errors.push(fieldInvalid(`${path}.messageExpression`, messageExpression, 'must be non-empty if specified'));
  else if (messageExpression !== '') errors.push(...cel.messageExpression(messageExpression, `${path}.messageExpression`));
  const message = stringOf(validation.message);
  if (message !== '' && message.trim() === '') errors.push(fieldInvalid(`${path}.message`, message, 'message must be non-empty if specified'));
  else if (/[\n\r]/.test(message.trim())) errors.push(fieldInvalid(`${path}.message`, message, 'message must not contain line breaks'));
  if (typeof validation.reason === 'string' && !validationReasons.includes(validation.reason))
    errors.push(fieldNotSupported(`${path}.reason`, validation.reason, validationReasons));
  return errors;
}

/** The key becomes the audit annotation "<policy name>/<key>", which must be a qualified name. */
function auditAnnotationErrors(annotation: JsonObject, policyName: string, path: string, cel: PolicyExpressions): FieldError[] {
  const errors: FieldError[] = [];
  const key = stringOf(annotation.key);
  if (policyName === '') errors.push(fieldInvalid(`${path}.key`, key, 'requires metadata.name be non-empty'));
  else for (const message of isQualifiedName(`${policyName}/${key}`)) errors.push(fieldInvalid(`${path}.key`, `${policyName}/${key}`, message));
  const valueExpression = stringOf(annotation.valueExpression);
  const trimmed = valueExpression.trim();
  if (trimmed === '') errors.push(fieldRequired(`${path}.valueExpression`, 'valueExpression is not specified'));
  else if (Buffer.byteLength(trimmed) > maxValueExpressionLength)
    errors.push(fieldRequired(`${path}.valueExpression`, `must not exceed ${maxValueExpressionLength} bytes in length`));
  else errors.push(...cel.auditAnnotation(valueExpression, `${path}.valueExpression`));
  return errors;
}

function auditAnnotationsErrors(spec: JsonObject, policyName: string, cel: PolicyExpressions): FieldError[] {
  const annotations = objectsAt(spec, 'auditAnnotations');
  const errors: FieldError[] = [];
  if (annotations.length > maxAuditAnnotations) {
    errors.push(
      // kube's json.Marshal of its internal type, whose fields have no JSON names.
      fieldInvalid(
        'spec.auditAnnotations',
        { goSyntax: goJson(annotations.map((annotation) => ({ Key: stringOf(annotation.key), ValueExpression: stringOf(annotation.valueExpression) }))) },
        `must not have more than ${maxAuditAnnotations} auditAnnotations`,
      ),
    );
  }
  const keys = new Set<string>();
  annotations.forEach((annotation, i) => {
    errors.push(...auditAnnotationErrors(annotation, policyName, `spec.auditAnnotations[${i}]`, cel));
    const key = stringOf(annotation.key);
    if (keys.has(key)) errors.push(fieldDuplicate(`spec.auditAnnotations[${i}].key`, key));
    keys.add(key);
  });
  return errors;
}

/**
 * The checks of the spec fields ValidatingAdmissionPolicy and MutatingAdmissionPolicy share, in
 * kube's order: failurePolicy, paramKind, matchConstraints (with the kind's own checks of them,
 * `constraintErrors`), matchConditions and variables.
 */
export function admissionPolicySpecErrors(spec: JsonObject, cel: PolicyExpressions, constraintErrors?: (constraints: JsonObject) => FieldError[]): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof spec.failurePolicy !== 'string') errors.push(fieldRequired('spec.failurePolicy'));
  else if (!failurePolicies.includes(spec.failurePolicy)) errors.push(fieldNotSupported('spec.failurePolicy', spec.failurePolicy, failurePolicies));
  if (isObject(spec.paramKind)) errors.push(...paramKindErrors(spec.paramKind, 'spec.paramKind'));
  if (!isObject(spec.matchConstraints)) errors.push(fieldRequired('spec.matchConstraints'));
  else {
    errors.push(...matchResourcesErrors(spec.matchConstraints, 'spec.matchConstraints'));
    // At least one resource rule gives the expressions their type information.
    if (objectsAt(spec.matchConstraints, 'resourceRules').length === 0) errors.push(fieldRequired('spec.matchConstraints.resourceRules'));
    if (constraintErrors !== undefined) errors.push(...constraintErrors(spec.matchConstraints));
  }
  if (cel.checksMatchConditions) errors.push(...matchConditionsErrors(spec, 'matchConditions', 'spec.matchConditions', cel.matchCondition));
  objectsAt(spec, 'variables').forEach((variable, i) => errors.push(...variableErrors(variable, `spec.variables[${i}]`, cel)));
  return errors;
}

/** On update, `old` decides the CEL environment of each expression and whether match conditions are checked. */
export function validatingAdmissionPolicyErrors(policy: JsonObject, old?: JsonObject): FieldError[] {
  const spec = objectOf(policy.spec);
  const cel = new PolicyExpressions(policy, old);
  const policyName = stringOf(objectOf(policy.metadata).name);
  const errors = admissionPolicySpecErrors(spec, cel);
  const validations = objectsAt(spec, 'validations');
  if (validations.length === 0 && objectsAt(spec, 'auditAnnotations').length === 0) {
    const detail = 'validations or auditAnnotations must contain at least one item';
    errors.push(fieldRequired('spec.validations', detail), fieldRequired('spec.auditAnnotations', detail));
    return errors;
  }
  validations.forEach((validation, i) => errors.push(...validationErrors(validation, `spec.validations[${i}]`, cel)));
  errors.push(...auditAnnotationsErrors(spec, policyName, cel));
  return errors;
}
