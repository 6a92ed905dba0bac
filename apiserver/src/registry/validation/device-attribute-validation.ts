// The names and values of device attributes (resource.k8s.io): qualified names (an optional driver
// domain, then a C identifier), the fully qualified names constraints match on, and attribute
// values, of which exactly one kind is set and versions are semantic versions.

import { fieldInvalid, fieldTooLong, type FieldError, type FieldBadValue, goStruct } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { regexError } from '../name-validation.ts';
import { csiDriverNameErrors } from '../../resources/storage/csidrivers/csi-driver-validation.ts';

const maxIdentifierLength = 32;
const maxAttributeValueLength = 64;
const cIdentifierFormat = '[A-Za-z_][A-Za-z0-9_]*';
const cIdentifier = new RegExp(`^${cIdentifierFormat}$`);

const numeric = '(0|[1-9]\\d*)';
const preRelease = '(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
const build = '[0-9a-zA-Z-]+';
const semanticVersion = new RegExp(`^${numeric}\\.${numeric}\\.${numeric}(-${preRelease}(\\.${preRelease})*)?(\\+${build}(\\.${build})*)?$`);

function cIdentifierErrors(id: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (id.length > maxIdentifierLength) errors.push(fieldTooLong(path, maxIdentifierLength));
  if (!cIdentifier.test(id)) {
    errors.push(
      fieldInvalid(
        path,
        id,
        regexError(
          "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'",
          cIdentifierFormat,
          'my_name',
          'MY_NAME',
          'MyName',
        ),
      ),
    );
  }
  return errors;
}

/** A QualifiedName: `<identifier>` or `<driver domain>/<identifier>`; 1.35 lets more slashes pass. */
export function qualifiedNameErrors(name: string, path: string): FieldError[] {
  const parts = name.split('/');
  if (parts.length === 1) return cIdentifierErrors(name, path);
  if (parts.length > 2) return [];
  const [domain = '', id = ''] = parts;
  return [
    ...(domain === '' ? [fieldInvalid(path, '', 'the domain must not be empty')] : csiDriverNameErrors(domain, path)),
    ...(id === '' ? [fieldInvalid(path, '', 'the name must not be empty')] : cIdentifierErrors(id, path)),
  ];
}

/** A FullyQualifiedName: a qualified name that names its domain. */
export function fullyQualifiedNameErrors(name: string, path: string): FieldError[] {
  const errors = qualifiedNameErrors(name, path);
  if (!name.includes('/')) errors.push(fieldInvalid(path, name, 'a fully qualified name must be a domain and a name separated by a slash'));
  return errors;
}

/** The internal resource.DeviceAttribute as a field error prints it: its JSON, Go's field names, unset values null. */
function deviceAttributeValue(attribute: JsonObject): FieldBadValue {
  const set = (value: unknown): unknown => value ?? null;
  return { json: goStruct({ IntValue: set(attribute.int), BoolValue: set(attribute.bool), StringValue: set(attribute.string), VersionValue: set(attribute.version) }) };
}

const attributeKinds = ['int', 'bool', 'string', 'version'] as const;

/** One attribute's value: exactly one of int, bool, string and version, strings and versions short. */
export function deviceAttributeErrors(attribute: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const set = attributeKinds.filter((kind) => attribute[kind] !== undefined && attribute[kind] !== null);
  const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));
  if (set.includes('string') && text(attribute.string).length > maxAttributeValueLength) errors.push(fieldTooLong(`${path}.string`, maxAttributeValueLength));
  if (set.includes('version')) {
    const version = text(attribute.version);
    if (!semanticVersion.test(version)) errors.push(fieldInvalid(`${path}.version`, version, 'must be a string compatible with semver.org spec 2.0.0'));
    if (version.length > maxAttributeValueLength) errors.push(fieldTooLong(`${path}.version`, maxAttributeValueLength));
  }
  if (set.length === 0) errors.push(fieldInvalid(path, '', 'exactly one value must be specified'));
  else if (set.length > 1) errors.push(fieldInvalid(path, deviceAttributeValue(attribute), 'exactly one value must be specified'));
  return errors;
}
