// A CustomResourceDefinition (apiextensions.k8s.io/v1) checked as kube-apiserver 1.35 checks it
// (ValidateCustomResourceDefinition, ValidateCustomResourceDefinitionUpdate): on the internal
// version it converts to (crd-internal.ts), so a schema every version shares is reported at
// spec.validation.openAPIV3Schema, as kube reports it. The metadata name rule is the declaration's
// `names`; what an update may not change and what it tolerates of an old CRD are here.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { allowsInvalidCABundle, conversionErrors, hasRecognizedReviewVersionOrNone } from './crd-conversion-validation.ts';
import { hasUnprunedDefaults } from './crd-defaults-validation.ts';
import { internalSpecOf, openAPIV3SchemaOf, type InternalSpec } from './crd-internal.ts';
import { groupAndScopeErrors, namesErrors, requiredNamesErrors } from './crd-names-validation.ts';
import { customResourceValidationErrors, schemaHas, type CrdSchemaOptions } from './crd-schema-validation.ts';
import {
  deprecationWarningErrors,
  maxSelectableFields,
  printerColumnsErrors,
  selectableFieldsErrors,
  storedVersionsErrors,
  subresourcesErrors,
  versionNameErrors,
  versionsSetErrors,
} from './crd-versions-validation.ts';
import { mapListKeysMapSetErrors } from './openapi-schema-validation.ts';
import { structuralConversionError, structuralSchemaErrors } from './structural-schema-validation.ts';

const approvalAnnotation = 'api-approved.kubernetes.io';
const openAPIV3Types = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** What kube relaxes for an update of a CRD that was accepted under older rules (validationOptions). */
interface CrdOptions extends CrdSchemaOptions {
  readonly requireRecognizedConversionReviewVersion: boolean;
  /** A conversion webhook's caBundle may be invalid: on create, before the CRD is established, or when it was invalid already. */
  readonly allowInvalidCABundle: boolean;
  readonly requireImmutableNames: boolean;
  readonly requireOpenAPISchema: boolean;
  /** The versions ('' for the top-level fields) whose more than eight selectable fields an update keeps unchanged. */
  readonly tooManySelectableFieldsAllowed: ReadonlySet<string>;
}

const createOptions: CrdOptions = {
  allowDefaults: true,
  requireRecognizedConversionReviewVersion: true,
  allowInvalidCABundle: true,
  requireImmutableNames: false,
  requireOpenAPISchema: true,
  requireValidPropertyType: true,
  requireStructuralSchema: true,
  requirePrunedDefaults: true,
  requireAtomicSetType: true,
  requireMapListKeysMapSetValidation: true,
  tooManySelectableFieldsAllowed: new Set(),
};

/** Every root schema of the spec: the shared one and each version's. */
function schemasOf(spec: InternalSpec): JsonObject[] {
  return [openAPIV3SchemaOf(spec.validation), ...spec.versions.map((version) => openAPIV3SchemaOf(version.schema))].filter((s): s is JsonObject => s !== undefined);
}

const anySchemaHas = (spec: InternalSpec, test: (node: JsonObject) => boolean) => schemasOf(spec).some((schema) => schemaHas(schema, test));
const present = (value: unknown) => value !== undefined && value !== null;

const hasKubernetesExtensions = (node: JsonObject) =>
  node['x-kubernetes-embedded-resource'] === true ||
  typeof node['x-kubernetes-preserve-unknown-fields'] === 'boolean' ||
  node['x-kubernetes-int-or-string'] === true ||
  stringsOf(node['x-kubernetes-list-map-keys']).length > 0 ||
  present(node['x-kubernetes-list-type']) ||
  (Array.isArray(node['x-kubernetes-validations']) && node['x-kubernetes-validations'].length > 0);

const hasStatus = (subresources: JsonObject | undefined) => isObject(subresources?.status);

function versionErrors(spec: InternalSpec, options: CrdOptions): FieldError[] {
  const errors: FieldError[] = [];
  const perVersionSubresources = spec.versions.some((version) => version.subresources !== undefined);
  spec.versions.forEach((version, i) => {
    const path = `spec.versions[${i}]`;
    errors.push(...versionNameErrors(version.name, `${path}.name`));
    errors.push(...deprecationWarningErrors(version, `${path}.deprecationWarning`));
    const subresources = perVersionSubresources ? version.subresources : spec.subresources;
    errors.push(...customResourceValidationErrors(version.schema, hasStatus(subresources), options, `${path}.schema`));
    errors.push(...subresourcesErrors(version.subresources, `${path}.subresources`));
    errors.push(...printerColumnsErrors(version.additionalPrinterColumns, `${path}.additionalPrinterColumns`));
    const selectable = version.selectableFields ?? [];
    if (selectable.length > 0) {
      const schema = openAPIV3SchemaOf(version.schema);
      if (schema === undefined) {
        errors.push(fieldInvalid(`${path}.selectableFields`, '', 'may only be set when `version.schema.openAPIV3Schema` is not included'));
      } else {
        const conversionError = structuralConversionError(schema);
        if (conversionError !== undefined) errors.push(fieldInvalid(`${path}.schema.openAPIV3Schema`, '', conversionError));
        errors.push(...selectableFieldsErrors(selectable, schema, `${path}.selectableFields`, options.tooManySelectableFieldsAllowed.has(version.name)));
      }
    }
  });
  return errors;
}

/** validateCustomResourceDefinitionSpec. */
function specErrors(spec: InternalSpec, given: CrdOptions): FieldError[] {
  let options = given;
  const errors = groupAndScopeErrors(spec);
  if (!spec.preserveUnknownFields) options = { ...options, requireStructuralSchema: true };
  if (openAPIV3SchemaOf(spec.validation) === undefined) {
    spec.versions.forEach((version, i) => {
      const missing = openAPIV3SchemaOf(version.schema) === undefined;
      const path = `spec.versions[${i}].schema.openAPIV3Schema`;
      if (options.requireOpenAPISchema && missing) errors.push(fieldRequired(path));
      else if (!options.requireOpenAPISchema && !spec.preserveUnknownFields && version.served && missing)
        errors.push(fieldRequired(path, 'because otherwise all fields are pruned'));
    });
  }
  if (options.allowDefaults && anySchemaHas(spec, (node) => present(node.default))) {
    options = { ...options, requireStructuralSchema: true };
    if (spec.preserveUnknownFields) errors.push(fieldInvalid('spec.preserveUnknownFields', true, 'must be false in order to use defaults in the schema'));
  }
  if (anySchemaHas(spec, hasKubernetesExtensions)) options = { ...options, requireStructuralSchema: true };
  errors.push(...versionErrors(spec, options));
  errors.push(...versionsSetErrors(spec));
  errors.push(...requiredNamesErrors(spec.names));
  errors.push(...namesErrors(spec.names, 'spec.names'));
  const anyStatus = hasStatus(spec.subresources) || spec.versions.some((version) => hasStatus(version.subresources));
  errors.push(...customResourceValidationErrors(spec.validation, anyStatus, options, 'spec.validation'));
  errors.push(...subresourcesErrors(spec.subresources, 'spec.subresources'));
  errors.push(...printerColumnsErrors(spec.additionalPrinterColumns, 'spec.additionalPrinterColumns'));
  const selectable = spec.selectableFields ?? [];
  if (selectable.length > 0) {
    const schema = openAPIV3SchemaOf(spec.validation);
    if (spec.validation === undefined) errors.push(fieldInvalid('spec.selectableFields', '', 'may only be set when validations.schema is included'));
    else {
      const conversionError = schema === undefined ? undefined : structuralConversionError(schema);
      if (conversionError !== undefined) errors.push(fieldInvalid('spec.schema.openAPIV3Schema', '', conversionError));
      errors.push(...selectableFieldsErrors(selectable, schema, 'spec.selectableFields', options.tooManySelectableFieldsAllowed.has('')));
    }
  }
  if (spec.conversion !== undefined && spec.conversion.strategy !== 'None' && spec.preserveUnknownFields) {
    errors.push(fieldInvalid('spec.conversion.strategy', spec.conversion.strategy, 'must be None if spec.preserveUnknownFields is true'));
  }
  errors.push(...conversionErrors(spec.conversion, options.requireRecognizedConversionReviewVersion, options.allowInvalidCABundle));
  return errors;
}

type ApprovalState = 'invalid' | 'approved' | 'bypassed' | 'missing';

/** apihelpers.GetAPIApprovalState: a URL approves, "unapproved..." bypasses. */
function approvalOf(object: JsonObject): { state: ApprovalState; reason: string; annotation: string } {
  const annotation = stringOf(objectOf(objectOf(object.metadata).annotations)[approvalAnnotation]);
  if (annotation === '') {
    return {
      state: 'missing',
      annotation,
      reason: `protected groups must have approval annotation "${approvalAnnotation}", see https://github.com/kubernetes/enhancements/pull/1111`,
    };
  }
  if (annotation.startsWith('unapproved')) return { state: 'bypassed', annotation, reason: `not approved: "${annotation}"` };
  // url.ParseRequestURI: an absolute URL with a scheme and a host.
  const url = URL.canParse(annotation) ? new URL(annotation) : undefined;
  if (url !== undefined && url.host !== '' && /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(annotation)) return { state: 'approved', annotation, reason: `approved in ${annotation}` };
  return {
    state: 'invalid',
    annotation,
    reason: `protected groups must have approval annotation "${approvalAnnotation}" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`,
  };
}

const isProtectedGroup = (group: string) => group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');

/** validateAPIApproval: a CRD in a *.k8s.io or *.kubernetes.io group needs the approval annotation (unless an update leaves its state as it was). */
function apiApprovalErrors(spec: InternalSpec, object: JsonObject, old?: JsonObject): FieldError[] {
  if (!isProtectedGroup(spec.group)) return [];
  const approval = approvalOf(object);
  if (old !== undefined && approvalOf(old).state === approval.state) return [];
  const path = `metadata.annotations[${approvalAnnotation}]`;
  if (approval.state === 'missing') return [fieldRequired(path, approval.reason)];
  if (approval.state === 'invalid') return [fieldInvalid(path, approval.annotation, approval.reason)];
  return [];
}

/** validatePreserveUnknownFields: true only where an old CRD had it already. */
function preserveUnknownFieldsErrors(spec: InternalSpec, old?: InternalSpec): FieldError[] {
  if (old?.preserveUnknownFields === true || !spec.preserveUnknownFields) return [];
  return [fieldInvalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead')];
}

/** The status' accepted names (the names rules, none required) and stored versions. */
function statusErrors(object: JsonObject, spec: InternalSpec): FieldError[] {
  const status = objectOf(object.status);
  const stored = Array.isArray(status.storedVersions) ? status.storedVersions.map(String) : undefined;
  return [...namesErrors(objectOf(status.acceptedNames), 'status.acceptedNames'), ...storedVersionsErrors(stored, spec.versions)];
}

function crdErrors(object: JsonObject, options: CrdOptions, old?: { object: JsonObject; spec: InternalSpec }): FieldError[] {
  const spec = internalSpecOf(object);
  const errors = specErrors(spec, options);
  if (old !== undefined) {
    const immutable = (path: string, next: string, previous: string) => {
      if (next !== previous) errors.push(fieldInvalid(path, next, 'field is immutable'));
    };
    if (options.requireImmutableNames) {
      immutable('spec.scope', spec.scope, old.spec.scope);
      immutable('spec.names.kind', stringOf(spec.names.kind), stringOf(old.spec.names.kind));
    }
    immutable('spec.group', spec.group, old.spec.group);
    immutable('spec.names.plural', stringOf(spec.names.plural), stringOf(old.spec.names.plural));
  }
  return [...errors, ...statusErrors(object, spec), ...apiApprovalErrors(spec, object, old?.object), ...preserveUnknownFieldsErrors(spec, old?.spec)];
}

/** The errors of a new CRD besides its metadata's. */
export function customResourceDefinitionErrors(object: JsonObject): FieldError[] {
  return crdErrors(object, createOptions);
}

const isEstablished = (object: JsonObject) =>
  Array.isArray(objectOf(object.status).conditions) &&
  (objectOf(object.status).conditions as unknown[]).some((c) => isObject(c) && c.type === 'Established' && c.status === 'True');

const nonStructural = (schema: JsonObject) => structuralConversionError(schema) !== undefined || structuralSchemaErrors(schema, '').length > 0;
const invalidType = (node: JsonObject) => typeof node.type === 'string' && node.type !== '' && !openAPIV3Types.includes(node.type);
const nonAtomicSet = (node: JsonObject) => {
  if (node['x-kubernetes-list-type'] !== 'set' || !isObject(node.items)) return false;
  const items = node.items;
  if (items.type === 'array') return present(items['x-kubernetes-list-type']) && items['x-kubernetes-list-type'] !== 'atomic';
  if (items.type === 'object') return items['x-kubernetes-map-type'] !== 'atomic';
  return false;
};

/** The versions whose more than eight selectable fields an update leaves as they were ('' for the top-level ones). */
function tooManySelectableFieldsKept(next: InternalSpec, old: InternalSpec): Set<string> {
  const kept = new Set<string>();
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  if ((old.selectableFields ?? []).length > maxSelectableFields && same(next.selectableFields, old.selectableFields)) kept.add('');
  for (const version of next.versions) {
    const previous = old.versions.find((v) => v.name === version.name);
    if (previous !== undefined && (previous.selectableFields ?? []).length > maxSelectableFields && same(version.selectableFields, previous.selectableFields))
      kept.add(version.name);
  }
  return kept;
}

/** The errors of an update: the metadata's (`objectErrors`), then the CRD's, with what kube tolerates of the old CRD. */
export function customResourceDefinitionUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const oldSpec = internalSpecOf(old);
  const nextSpec = internalSpecOf(next);
  const oldConversion = oldSpec.conversion;
  const options: CrdOptions = {
    allowDefaults: true,
    requireRecognizedConversionReviewVersion: oldConversion === undefined || hasRecognizedReviewVersionOrNone(oldConversion.conversionReviewVersions),
    allowInvalidCABundle: allowsInvalidCABundle(oldConversion, isEstablished(old)),
    requireImmutableNames: isEstablished(old),
    requireOpenAPISchema: openAPIV3SchemaOf(oldSpec.validation) !== undefined || oldSpec.versions.every((version) => openAPIV3SchemaOf(version.schema) !== undefined),
    requireValidPropertyType: !anySchemaHas(oldSpec, invalidType),
    requireStructuralSchema: !schemasOf(oldSpec).some(nonStructural),
    requirePrunedDefaults: !schemasOf(oldSpec).some(hasUnprunedDefaults),
    requireAtomicSetType: !anySchemaHas(oldSpec, nonAtomicSet),
    requireMapListKeysMapSetValidation: !anySchemaHas(oldSpec, (node) => mapListKeysMapSetErrors(node, '').length > 0),
    tooManySelectableFieldsAllowed: tooManySelectableFieldsKept(nextSpec, oldSpec),
  };
  return [...objectErrors, ...crdErrors(next, options, { object: old, spec: oldSpec })];
}
