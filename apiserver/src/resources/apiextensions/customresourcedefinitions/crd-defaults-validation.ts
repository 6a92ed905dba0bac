// The defaults of a CRD version's structural schema, checked as kube-apiserver 1.35 checks them
// (apiextensions-apiserver's defaulting.ValidateDefaults): each default must be left as it is by
// pruning ("must not have unknown fields"), then hold well-formed embedded resources, then pass
// its schema's value validation, then its x-kubernetes-validations rules, each step only when the
// one before found nothing. The errors are at `<node>.default`, and below it for what is inside.
// additionalProperties is not followed: a default there is refused by the schema's own checks.

import { cloneJson, fieldInvalid, type FieldError } from '@capstan/common';
import { isDeepStrictEqual } from 'node:util';
import { schemaRuleValidator } from '../../../customresources/cel/index.ts';
import { hasRules, isSchemaObject, type RuleSchema } from '../../../customresources/cel/rule-schema.ts';
import {
  embeddedResourceErrors,
  fieldErrorValue,
  pruneDefaults,
  pruneUnknownFields,
  structuralOf,
  validateValues,
  type Structural,
} from '../../../customresources/schema/index.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { structuralConversionError, structuralSchemaErrors } from './structural-schema-validation.ts';

/** The fields of an embedded resource (and of the root) that are its TypeMeta and ObjectMeta. */
const metaFields: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

/**
 * The errors of the defaults of a structural schema (its JSON, at `path`, e.g.
 * `spec.validation.openAPIV3Schema`). `requirePruned` is off for an update of a CRD whose stored
 * schema already had defaults that pruning changes.
 */
export function defaultsErrors(schema: JsonObject, path: string, requirePruned: boolean): FieldError[] {
  let root: Structural;
  try {
    root = structuralOf(schema);
  } catch {
    return [];
  }
  const errors: FieldError[] = [];
  // The root is an object's root: its apiVersion, kind and metadata are the object's own.
  visit(root.embeddedResource ? root : { ...root, embeddedResource: true }, schema, path, false, requirePruned, errors);
  return errors;
}

/** Whether a schema (structural, else false) has a default that pruning changes (kube's schemaHasUnprunedDefaults). */
export function hasUnprunedDefaults(schema: JsonObject): boolean {
  if (structuralConversionError(schema) !== undefined || structuralSchemaErrors(schema, '').length > 0) return false;
  try {
    const structural = structuralOf(schema);
    return pruneDefaults(structural) !== structural;
  } catch {
    return false;
  }
}

/** `insideMeta`: the node is in an object's apiVersion, kind or metadata (its defaults are not pruned or checked as resources). */
function visit(schema: Structural, json: RuleSchema | undefined, path: string, insideMeta: boolean, requirePruned: boolean, errors: FieldError[]): void {
  const inMeta = insideMeta && schema.embeddedResource !== true;
  if (schema.default !== undefined) errors.push(...defaultErrors(schema, json, `${path}.default`, inMeta, requirePruned));
  if (schema.items !== undefined) visit(schema.items, childSchema(json?.items), `${path}.items`, inMeta, requirePruned, errors);
  for (const [name, property] of schema.properties ?? []) {
    const meta = inMeta || (schema.embeddedResource === true && metaFields.has(name));
    visit(property, childSchema(json?.properties?.[name]), `${path}.properties[${name}]`, meta, requirePruned, errors);
  }
}

const childSchema = (value: unknown): RuleSchema | undefined => (isSchemaObject(value) ? value : undefined);

/** The errors of one default, in kube's order: each step only when the steps before found nothing (the pruning aside). */
function defaultErrors(schema: Structural, json: RuleSchema | undefined, path: string, insideMeta: boolean, requirePruned: boolean): FieldError[] {
  const value = schema.default;
  const errors: FieldError[] = [];
  if (!insideMeta) {
    if (requirePruned) {
      const pruned = cloneJson(value);
      pruneUnknownFields(pruned, schema, schema.embeddedResource === true);
      if (!isDeepStrictEqual(pruned, value)) errors.push(fieldInvalid(path, fieldErrorValue(value), 'must not have unknown fields'));
    }
    const embedded = embeddedResourceErrors(value, schema);
    if (embedded.length > 0) return [...errors, ...embedded.map((error) => under(path, error))];
  }
  const values = validateValues(value, schema);
  if (values.length > 0) return [...errors, ...values.map((error) => under(path, error))];
  if (json === undefined || !hasRules(json)) return errors;
  // The rules with the default as the old object too (transition rules), then as a new one (optionalOldSelf).
  const rules = schemaRuleValidator(json);
  if (rules === undefined) return errors;
  const asUpdate = rules.validate(value, value, { path }).errors;
  return [...errors, ...(asUpdate.length > 0 ? asUpdate : rules.validate(value, undefined, { path }).errors)];
}

/** An error of a value inside a default, moved below the default's path ("<nil>" is the default itself). */
const under = (path: string, error: FieldError): FieldError => ({ ...error, field: error.field === '<nil>' || error.field === '' ? path : `${path}.${error.field}` });
