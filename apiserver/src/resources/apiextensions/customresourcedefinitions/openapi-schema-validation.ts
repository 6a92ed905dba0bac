// What kube-apiserver checks of every node of a CRD's OpenAPI v3 schema besides structurality
// (ValidateCustomResourceDefinitionOpenAPISchema): the OpenAPI features a CRD may not use (id,
// $ref, definitions, patternProperties, dependencies, additionalItems, item lists, type null,
// uniqueItems), defaults where they cannot be pruned (in top-level metadata, apiVersion and kind,
// and in additionalProperties under them), properties with additionalProperties, and the
// x-kubernetes-* extensions' (map and list types, list map keys, validation rules' static
// shape). The rules' CEL compilation is crd-schema-validation.ts's, after these errors.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { goItemsValue, goStringsValue } from './crd-go-json.ts';
import { fieldPathInSchema } from './crd-versions-validation.ts';
import { structuralConversionError, structuralSchemaErrors } from './structural-schema-validation.ts';

const openAPIV3Types = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const metaFields = new Set(['metadata', 'kind', 'apiVersion']);
const supportedRuleReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

/** How a node is checked: what its ancestors decided (kube's specStandardValidator). */
interface NodeContext {
  readonly allowDefaults: boolean;
  readonly disallowDefaultsReason: string;
  readonly insideResourceMeta: boolean;
  readonly requireValidPropertyType: boolean;
}

export interface SchemaOptions {
  readonly allowDefaults: boolean;
  readonly requireValidPropertyType: boolean;
  readonly requireAtomicSetType: boolean;
  readonly requireMapListKeysMapSetValidation: boolean;
}

const withForbiddenDefaults = (context: NodeContext, reason: string): NodeContext => ({ ...context, allowDefaults: false, disallowDefaultsReason: reason });
const present = (value: unknown) => value !== undefined && value !== null;
const nonEmptyObject = (value: unknown) => isObject(value) && Object.keys(value).length > 0;
const sortedEntries = (value: unknown): [string, JsonObject][] =>
  isObject(value)
    ? Object.keys(value)
        .sort()
        .map((name) => [name, isObject(value[name]) ? (value[name] as JsonObject) : {}])
    : [];
const schemaList = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.map((s) => (isObject(s) ? s : {})) : []);

/** specStandardValidatorV3.validate: the features a CRD schema may not use. */
function unsupportedErrors(schema: JsonObject, path: string, context: NodeContext): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(schema.type);
  if (context.requireValidPropertyType && type !== '' && !openAPIV3Types.includes(type)) errors.push(fieldNotSupported(`${path}.type`, type, openAPIV3Types));
  if (present(schema.default) && !context.allowDefaults) {
    errors.push(fieldForbidden(`${path}.default`, context.disallowDefaultsReason === '' ? 'must not be set' : `must not be set ${context.disallowDefaultsReason}`));
  }
  if (stringOf(schema.id) !== '') errors.push(fieldForbidden(`${path}.id`, 'id is not supported'));
  if (present(schema.additionalItems)) errors.push(fieldForbidden(`${path}.additionalItems`, 'additionalItems is not supported'));
  if (nonEmptyObject(schema.patternProperties)) errors.push(fieldForbidden(`${path}.patternProperties`, 'patternProperties is not supported'));
  if (nonEmptyObject(schema.definitions)) errors.push(fieldForbidden(`${path}.definitions`, 'definitions is not supported'));
  if (isObject(schema.dependencies)) errors.push(fieldForbidden(`${path}.dependencies`, 'dependencies is not supported'));
  if (typeof schema.$ref === 'string') errors.push(fieldForbidden(`${path}.$ref`, '$ref is not supported'));
  if (type === 'null') errors.push(fieldForbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(schema.items) && schema.items.length > 0) errors.push(fieldForbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (context.insideResourceMeta && schema['x-kubernetes-embedded-resource'] === true) {
    errors.push(fieldForbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  }
  return errors;
}

const hasNewlines = (text: string) => /[\n\r]/.test(text);

/** The static checks of x-kubernetes-validations rules (message, messageExpression, reason, fieldPath). */
function ruleShapeErrors(schema: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  schemaList(schema['x-kubernetes-validations']).forEach((rule, i) => {
    const at = `${path}.x-kubernetes-validations[${i}]`;
    const text = stringOf(rule.rule).trim();
    const message = stringOf(rule.message);
    const trimmedMessage = message.trim();
    const messageExpression = stringOf(rule.messageExpression);
    if (text === '') errors.push(fieldRequired(`${at}.rule`, 'rule is not specified'));
    else if (message.length > 0 && trimmedMessage === '') errors.push(fieldInvalid(`${at}.message`, message, 'must be non-empty if specified'));
    else if (hasNewlines(trimmedMessage)) errors.push(fieldInvalid(`${at}.message`, message, 'must not contain line breaks'));
    else if (hasNewlines(text) && trimmedMessage === '') errors.push(fieldRequired(`${at}.message`, 'message must be specified if rule contains line breaks'));
    if (messageExpression.length > 0 && messageExpression.trim() === '') {
      errors.push(fieldRequired(`${at}.messageExpression`, 'messageExpression must be non-empty if specified'));
    }
    if (typeof rule.reason === 'string' && !supportedRuleReasons.includes(rule.reason)) errors.push(fieldNotSupported(`${at}.reason`, rule.reason, supportedRuleReasons));
    const fieldPath = stringOf(rule.fieldPath);
    if (fieldPath.length > 0 && fieldPath.trim() === '') errors.push(fieldInvalid(`${at}.fieldPath`, fieldPath, 'must be non-empty if specified'));
    if (hasNewlines(fieldPath)) errors.push(fieldInvalid(`${at}.fieldPath`, fieldPath, 'must not contain line breaks'));
    if (fieldPath.length > 0 && structuralConversionError(schema) === undefined && typeof fieldPathInSchema(fieldPath, schema, true) === 'string') {
      errors.push(fieldInvalid(`${at}.fieldPath`, fieldPath, 'must be a valid path'));
    }
  });
  return errors;
}

/** validateMapListKeysMapSet: set and map list items are not nullable, map keys are required or defaulted and not nullable. */
export function mapListKeysMapSetErrors(schema: JsonObject, path: string): FieldError[] {
  const items = isObject(schema.items) ? schema.items : undefined;
  const listType = schema['x-kubernetes-list-type'];
  if (items === undefined || (listType !== 'set' && listType !== 'map')) return [];
  const errors: FieldError[] = [];
  if (items.nullable === true) errors.push(fieldForbidden(`${path}.items.nullable`, `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType === 'map') {
    const required = new Set(stringsOf(items.required));
    const properties = isObject(items.properties) ? items.properties : {};
    for (const name of stringsOf(schema['x-kubernetes-list-map-keys'])) {
      const property = properties[name];
      if (!isObject(property)) continue;
      const at = `${path}.items.properties[${name}]`;
      if (!required.has(name) && !present(property.default)) {
        errors.push(fieldRequired(`${at}.default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
      }
      if (property.nullable === true) errors.push(fieldForbidden(`${at}.nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
    }
  }
  return errors;
}

/** The map and list type extensions of one node. */
function collectionTypeErrors(schema: JsonObject, path: string, options: SchemaOptions): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(schema.type);
  const mapType = schema['x-kubernetes-map-type'];
  const listType = schema['x-kubernetes-list-type'];
  const mapKeys = stringsOf(schema['x-kubernetes-list-map-keys']);
  if (present(mapType) && type !== 'object') {
    if (type === '') errors.push(fieldRequired(`${path}.type`, 'must be object if x-kubernetes-map-type is specified'));
    else errors.push(fieldInvalid(`${path}.type`, type, 'must be object if x-kubernetes-map-type is specified'));
  }
  if (present(mapType) && mapType !== 'atomic' && mapType !== 'granular') errors.push(fieldNotSupported(`${path}.x-kubernetes-map-type`, String(mapType), ['atomic', 'granular']));
  const items = isObject(schema.items) ? schema.items : undefined;
  if (present(listType) && type !== 'array') {
    if (type === '') errors.push(fieldRequired(`${path}.type`, 'must be array if x-kubernetes-list-type is specified'));
    else errors.push(fieldInvalid(`${path}.type`, type, 'must be array if x-kubernetes-list-type is specified'));
  } else if (options.requireAtomicSetType && listType === 'set' && items !== undefined) {
    const itemListType = items['x-kubernetes-list-type'];
    const shownListType = typeof itemListType === 'string' ? itemListType : null;
    if (items.type === 'array' && present(itemListType) && itemListType !== 'atomic') {
      errors.push(fieldInvalid(`${path}.items.x-kubernetes-list-type`, shownListType, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
    // kube shows the item's list type here, not its map type.
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
      errors.push(fieldInvalid(`${path}.items.x-kubernetes-map-type`, shownListType, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
  }
  if (present(listType) && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    errors.push(fieldNotSupported(`${path}.x-kubernetes-list-type`, String(listType), ['atomic', 'set', 'map']));
  }
  if (mapKeys.length > 0) {
    if (!present(listType)) errors.push(fieldRequired(`${path}.x-kubernetes-list-type`, 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else if (listType !== 'map') errors.push(fieldInvalid(`${path}.x-kubernetes-list-type`, String(listType), 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'map') {
    if (mapKeys.length === 0) errors.push(fieldRequired(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    if (!present(schema.items)) errors.push(fieldRequired(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
    if (Array.isArray(schema.items)) errors.push(fieldInvalid(`${path}.items`, goItemsValue(schema.items), 'must only have a single schema if x-kubernetes-list-type is map'));
    if (items !== undefined && items.type !== 'object')
      errors.push(fieldInvalid(`${path}.items.type`, stringOf(items.type), "must be object if parent array's x-kubernetes-list-type is map"));
    if (items !== undefined && items.type === 'object') {
      const properties = isObject(items.properties) ? items.properties : {};
      const seen = new Set<string>();
      for (const name of mapKeys) {
        const property = properties[name];
        if (isObject(property)) {
          if (property.type === 'array' || property.type === 'object') {
            // kube shows the item's type here, not the key's.
            errors.push(fieldInvalid(`${path}.items.properties[${name}].type`, 'object', "must be a scalar type if parent array's x-kubernetes-list-type is map"));
          }
        } else {
          errors.push(fieldInvalid(`${path}.x-kubernetes-list-map-keys`, goStringsValue(mapKeys), 'entries must all be names of item properties'));
        }
        if (seen.has(name)) errors.push(fieldInvalid(`${path}.x-kubernetes-list-map-keys`, goStringsValue(mapKeys), 'must not contain duplicate entries'));
        seen.add(name);
      }
    }
  }
  if (options.requireMapListKeysMapSetValidation) errors.push(...mapListKeysMapSetErrors(schema, path));
  return errors;
}

function nodeErrors(schema: JsonObject, path: string, context: NodeContext, isRoot: boolean, options: SchemaOptions): FieldError[] {
  const own: FieldError[] = [...unsupportedErrors(schema, path, context)];
  const add = (child: FieldError[]) => own.push(...child);
  if (schema.uniqueItems === true) own.push(fieldForbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  const properties = sortedEntries(schema.properties);
  const additional = schema.additionalProperties;
  if (present(additional)) {
    if (properties.length > 0 && (additional === false || isObject(additional))) {
      own.push(fieldForbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
    }
    const sub = context.insideResourceMeta ? withForbiddenDefaults(context, 'inside additionalProperties applying to object metadata') : context;
    if (isObject(additional)) add(nodeErrors(additional, `${path}.additionalProperties`, sub, false, options));
  }
  for (const [name, property] of properties) {
    let sub = context;
    if ((isRoot || schema['x-kubernetes-embedded-resource'] === true) && metaFields.has(name)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = withForbiddenDefaults(sub, `in top-level ${name}`);
    }
    add(nodeErrors(property, `${path}.properties[${name}]`, sub, false, options));
  }
  if (isObject(schema.not)) add(nodeErrors(schema.not, `${path}.not`, context, false, options));
  for (const junctor of ['allOf', 'oneOf', 'anyOf'] as const) {
    schemaList(schema[junctor]).forEach((nested, i) => add(nodeErrors(nested, `${path}.${junctor}[${i}]`, context, false, options)));
  }
  for (const [name, definition] of sortedEntries(schema.definitions)) add(nodeErrors(definition, `${path}.definitions[${name}]`, context, false, options));
  if (isObject(schema.items)) add(nodeErrors(schema.items, `${path}.items`, context, false, options));
  if (Array.isArray(schema.items)) schemaList(schema.items).forEach((item, i) => add(nodeErrors(item, `${path}.items[${i}]`, context, false, options)));
  if (isObject(schema.dependencies)) {
    for (const name of Object.keys(schema.dependencies).sort()) {
      const dependency = schema.dependencies[name];
      if (isObject(dependency)) add(nodeErrors(dependency, `${path}.dependencies[${name}]`, context, false, options));
    }
  }
  if (schema['x-kubernetes-preserve-unknown-fields'] === false) own.push(fieldInvalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  own.push(...collectionTypeErrors(schema, path, options));
  own.push(...ruleShapeErrors(schema, path));
  return own;
}

/** ValidateCustomResourceDefinitionOpenAPISchema of a root schema, but for its CEL errors (the caller compiles the rules after). */
export function openAPISchemaErrors(schema: JsonObject, path: string, options: SchemaOptions): FieldError[] {
  const context: NodeContext = {
    allowDefaults: options.allowDefaults,
    disallowDefaultsReason: '',
    insideResourceMeta: false,
    requireValidPropertyType: options.requireValidPropertyType,
  };
  return nodeErrors(schema, path, context, true, options);
}

export { structuralConversionError, structuralSchemaErrors };
