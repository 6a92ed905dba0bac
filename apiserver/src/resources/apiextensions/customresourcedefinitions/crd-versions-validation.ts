// A CRD's versions (their names, exactly one storage version, deprecation warnings), subresources
// (the scale subresource's JSON paths), additional printer columns, selectable fields and the
// stored versions in its status, worded as kube-apiserver 1.35 words them.

import { fieldDuplicate, fieldInvalid, fieldRequired, fieldTooMany, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1035Label } from '../../../registry/name-validation.ts';
import { goStringsValue, goVersionsValue } from './crd-go-json.ts';
import type { InternalSpec, InternalVersion } from './crd-internal.ts';

export const maxSelectableFields = 8;
const columnTypes = ['boolean', 'date', 'integer', 'number', 'string'];
const columnFormats = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

/** A version name (or spec.version): a DNS-1035 label. */
export function versionNameErrors(name: string, path: string): FieldError[] {
  const messages = isDNS1035Label(name);
  return messages.length > 0 ? [fieldInvalid(path, name, messages.join(','))] : [];
}

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const control = /^\p{Cc}$/u;

/** validateDeprecationWarning: set only on a deprecated version, 1 to 256 printable bytes. */
export function deprecationWarningErrors(version: InternalVersion, path: string): FieldError[] {
  const warning = version.deprecationWarning;
  if (!version.deprecated && warning !== undefined) return [fieldInvalid(path, warning, 'can only be set for deprecated versions')];
  if (warning === undefined) return [];
  const messages: string[] = [];
  if (byteLength(warning) > 256) messages.push('must be <= 256 characters long');
  if (warning.length === 0) messages.push('must not be an empty string');
  let index = 0;
  for (const character of warning) {
    if (!printable.test(character)) {
      messages.push(`must only contain printable UTF-8 characters; non-printable character found at index ${index}`);
      break;
    }
    if (control.test(character)) {
      messages.push(`must only contain printable UTF-8 characters; control character found at index ${index}`);
      break;
    }
    index += byteLength(character);
  }
  return messages.map((message) => fieldInvalid(path, warning, message));
}

/** validateSimpleJSONPath: empty, or not starting with a dot. */
function simpleJsonPathErrors(text: string, path: string): FieldError[] {
  if (text.length === 0) return [fieldInvalid(path, text, 'must not be empty')];
  if (!text.startsWith('.')) return [fieldInvalid(path, text, 'must be a simple json path starting with .')];
  return [];
}

/** ValidateCustomResourceDefinitionSubresources: the scale subresource's three paths. */
export function subresourcesErrors(subresources: JsonObject | undefined, path: string): FieldError[] {
  if (subresources === undefined || !isObject(subresources.scale)) return [];
  const scale = subresources.scale;
  const errors: FieldError[] = [];
  const underPath = (key: 'specReplicasPath' | 'statusReplicasPath', prefix: string) => {
    const text = stringOf(scale[key]);
    const at = `${path}.scale.${key}`;
    if (text === '') {
      errors.push(fieldRequired(at));
      return;
    }
    const formatErrors = simpleJsonPathErrors(text, at);
    if (formatErrors.length > 0) errors.push(...formatErrors);
    else if (!text.startsWith(`${prefix}.`)) errors.push(fieldInvalid(at, text, `should be a json path under ${prefix}`));
  };
  underPath('specReplicasPath', '.spec');
  underPath('statusReplicasPath', '.status');
  const selector = stringOf(scale.labelSelectorPath);
  if (selector !== '') {
    const at = `${path}.scale.labelSelectorPath`;
    const formatErrors = simpleJsonPathErrors(selector, at);
    if (formatErrors.length > 0) errors.push(...formatErrors);
    else if (!selector.startsWith('.spec.') && !selector.startsWith('.status.')) errors.push(fieldInvalid(at, selector, 'should be a json path under either .spec or .status'));
  }
  return errors;
}

/** ValidateCustomResourceColumnDefinition: name, type, format and JSONPath (so named in the path). */
export function printerColumnErrors(column: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(column.name);
  const type = stringOf(column.type);
  const format = stringOf(column.format);
  const jsonPath = stringOf(column.jsonPath);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  const types = `must be one of ${columnTypes.join(',')}`;
  if (type === '') errors.push(fieldRequired(`${path}.type`, types));
  else if (!columnTypes.includes(type)) errors.push(fieldInvalid(`${path}.type`, type, types));
  if (format !== '' && !columnFormats.includes(format)) errors.push(fieldInvalid(`${path}.format`, format, `must be one of ${columnFormats.join(',')}`));
  if (jsonPath === '') errors.push(fieldRequired(`${path}.JSONPath`));
  else errors.push(...simpleJsonPathErrors(jsonPath, `${path}.JSONPath`));
  return errors;
}

export const printerColumnsErrors = (columns: readonly JsonObject[] | undefined, path: string): FieldError[] =>
  (columns ?? []).flatMap((column, i) => printerColumnErrors(column, `${path}[${i}]`));

interface FoundField {
  readonly path: string;
  readonly schema: JsonObject | undefined;
}

/** The tokens of a field path: the delimiters '.', '[' and ']', single-quoted strings, and the text between. */
function fieldPathTokens(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "'") {
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j - 1] !== '\\')) j++;
      tokens.push(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === '.' || c === '[' || c === ']') {
      tokens.push(c);
      i++;
    } else {
      let j = i;
      while (j < text.length && !'.[]'.includes(text[j] as string)) j++;
      tokens.push(text.slice(i, j));
      i = j;
    }
  }
  return tokens;
}

/**
 * cel.ValidFieldPath: a path of `.name` (and, when allowed, `['name']`) steps through the schema's
 * properties (or its additionalProperties, as a key), to the schema it names; a string is why it
 * is not one.
 */
export function fieldPathInSchema(jsonPath: string, root: JsonObject | undefined, allowArrayNotation = false): FoundField | string {
  const tokens = fieldPathTokens(jsonPath);
  let schema = root;
  let path = '';
  const step = (name: string): string | undefined => {
    const properties = isObject(schema?.properties) && Object.keys(schema.properties).length > 0 ? schema.properties : undefined;
    if (properties !== undefined) {
      if (!isObject(properties[name])) return 'does not refer to a valid field';
      schema = properties[name];
      path = path === '' ? name : `${path}.${name}`;
    } else if (schema?.additionalProperties !== undefined && schema.additionalProperties !== null) {
      schema = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
      path = `${path}[${name}]`;
    } else {
      return 'does not refer to a valid field';
    }
    return undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (token === '[') {
      if (!allowArrayNotation) return 'array notation is not allowed';
      const quoted = tokens[++i];
      if (quoted === undefined) return 'unexpected end of JSON path';
      if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'")) return `expected single quoted string but got ${quoted}`;
      const failure = step(quoted.slice(1, -1).replaceAll("\\'", "'").replaceAll('\\\\', '\\'));
      if (failure !== undefined) return failure;
      const close = tokens[++i];
      if (close === undefined) return 'unexpected end of JSON path';
      if (close !== ']') return `expected ] but got ${close}`;
    } else if (token === '.') {
      const name = tokens[++i];
      if (name === undefined) return 'unexpected end of JSON path';
      const failure = step(name);
      if (failure !== undefined) return failure;
    } else {
      return `expected [ or . but got: ${token}`;
    }
  }
  return { path, schema };
}

/** ValidateCustomResourceSelectableFields: each a path to a string, boolean or integer outside metadata, unique, at most eight. */
export function selectableFieldsErrors(fields: readonly JsonObject[], schema: JsonObject | undefined, path: string, tooManyAllowed: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const unique = new Set<string>();
  fields.forEach((selectable, i) => {
    const at = `${path}[${i}].jsonPath`;
    const jsonPath = stringOf(selectable.jsonPath);
    if (jsonPath === '') {
      errors.push(fieldRequired(at));
      return;
    }
    const found = fieldPathInSchema(jsonPath, schema);
    if (typeof found === 'string') {
      errors.push(fieldInvalid(at, jsonPath, `is an invalid path: ${found}`));
      return;
    }
    if (found.path.split(/[.[]/)[0] === 'metadata') errors.push(fieldInvalid(at, jsonPath, 'must not point to fields in metadata'));
    const type = stringOf(found.schema?.type);
    if (!['string', 'boolean', 'integer'].includes(type)) {
      errors.push(fieldInvalid(at, jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    if (unique.has(found.path)) errors.push(fieldDuplicate(at, jsonPath));
    else unique.add(found.path);
  });
  if (unique.size > maxSelectableFields && !tooManyAllowed) errors.push(fieldTooMany(path, unique.size, maxSelectableFields));
  return errors;
}

/** Unique version names, exactly one storage version, and spec.version (the first version's name). */
export function versionsSetErrors(spec: InternalSpec): FieldError[] {
  const errors: FieldError[] = [];
  const names = spec.versions.map((version) => version.name);
  if (new Set(names).size !== names.length) errors.push(fieldInvalid('spec.versions', goVersionsValue(spec.versions), 'must contain unique version names'));
  if (spec.versions.filter((version) => version.storage).length !== 1) {
    errors.push(fieldInvalid('spec.versions', goVersionsValue(spec.versions), 'must have exactly one version marked as storage version'));
  }
  if (spec.version !== '') errors.push(...versionNameErrors(spec.version, 'spec.version'));
  return errors;
}

/** ValidateCustomResourceDefinitionStoredVersions: at least one, the storage version among them, none dropped from spec.versions. */
export function storedVersionsErrors(stored: readonly string[] | undefined, versions: readonly InternalVersion[]): FieldError[] {
  const path = 'status.storedVersions';
  if (stored === undefined || stored.length === 0) return [fieldInvalid(path, goStringsValue(stored), 'must have at least one stored version')];
  const errors: FieldError[] = [];
  const remaining = new Map<string, number>();
  stored.forEach((name, i) => remaining.set(name, i));
  for (const version of versions) {
    const isStored = remaining.has(version.name);
    if (version.storage && !isStored) errors.push(fieldInvalid(path, goStringsValue(stored), `must have the storage version ${version.name}`));
    remaining.delete(version.name);
  }
  for (const [name, i] of remaining) {
    errors.push(
      fieldInvalid(
        `${path}[${i}]`,
        name,
        `missing from spec.versions; ${name} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${name} and removes ${name} from status.storedVersions`,
      ),
    );
  }
  return errors;
}
