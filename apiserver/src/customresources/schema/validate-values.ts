// OpenAPI value validation of a custom object (kube-openapi's validate.SchemaValidator as
// apiextensions-apiserver runs it on every write), with kube's messages ("spec.replicas in body
// should be greater than or equal to 1") and its translation into field errors (Required value,
// Unsupported value, Too long, Too many, Invalid value; the composite allOf/anyOf/oneOf/not
// messages at the field "<nil>", as kube reports them).

import { type FieldError, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, fieldTooMany, fieldTypeInvalid, goJson, goQuote, goValue } from '@capstan/common';
import { fieldErrorValue, matchesFormat } from './value-formats.ts';
import { isJsonMap, isRawNumber, type Structural } from './structural-schema.ts';

/** The codes of go-openapi's validation errors that kube translates to their own field errors. */
type Code = 'type' | 'required' | 'tooLong' | 'enum' | 'maxItems' | 'tooManyProperties' | 'other';

/** One error of the validator: a value's (at `name`, its path) or a composite one (allOf, ...), which has no path. */
interface ValueError {
  readonly message: string;
  readonly code: Code;
  /** Undefined for a composite error. */
  readonly name?: string;
  readonly value?: unknown;
  readonly valid?: number;
  readonly values?: readonly unknown[];
}

/**
 * A validation result: its errors, each message once, and go-openapi's count of the checks that
 * ran, by which anyOf and oneOf pick the alternative whose errors they report.
 */
class Result {
  readonly errors: ValueError[] = [];
  readonly #messages = new Set<string>();
  matchCount = 0;

  add(error: ValueError): this {
    if (this.#messages.has(error.message)) return this;
    this.#messages.add(error.message);
    this.errors.push(error);
    return this;
  }

  merge(other: Result | undefined): this {
    if (other === undefined) return this;
    for (const error of other.errors) this.add(error);
    this.matchCount += other.matchCount;
    return this;
  }

  get valid(): boolean {
    return this.errors.length === 0;
  }
}

const failed = (error: ValueError): Result => new Result().add(error);

/** The Go value kinds a decoded JSON value is, as go-openapi tells types apart. */
type Kind = 'null' | 'bool' | 'string' | 'int' | 'float' | 'slice' | 'map';

const int64Limit = 2n ** 63n;

function kindOf(value: unknown): Kind {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? 'int' : 'float';
  if (Array.isArray(value)) return 'slice';
  if (isRawNumber(value)) {
    const text = (value as { rawJSON: string }).rawJSON;
    return /^-?[0-9]+$/.test(text) && BigInt(text) < int64Limit && BigInt(text) >= -int64Limit ? 'int' : 'float';
  }
  return 'map';
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : Number((value as { rawJSON: string }).rawJSON));

/** The OpenAPI type a value of a kind is ("integer" for an int64), and the format go-openapi names it by. */
const typeNames: Readonly<Record<Kind, string>> = { null: 'null', bool: 'boolean', string: 'string', int: 'integer', float: 'number', slice: 'array', map: 'object' };
const kindFormats: Readonly<Record<Kind, string>> = { null: '', bool: '', string: '', int: 'int64', float: 'float64', slice: '', map: '' };

/** The types a schema allows: int-or-string allows both, as kube's conversion writes it. */
const typesOf = (schema: Structural): string[] => (schema.intOrString ? ['integer', 'string'] : schema.type !== undefined ? [schema.type] : []);

const typeError = (name: string, typeName: string, shown: string): ValueError => ({
  message: `${name} in body must be of type ${typeName}: ${goQuote(shown)}`,
  code: 'type',
  name,
  value: shown,
});

/** go-openapi's type validator. */
function checkType(value: unknown, kind: Kind, schema: Structural, name: string): Result {
  const types = typesOf(schema);
  const format = schema.format ?? '';
  if (kind === 'null') {
    if (types.length > 0 && !types.includes('null') && !schema.nullable) return failed(typeError(name, types.join(','), 'null'));
    return Object.assign(new Result(), { matchCount: 1 });
  }
  const ok = Object.assign(new Result(), { matchCount: 1 });
  const valueType = typeNames[kind];
  const valueFormat = kindFormats[kind];
  const numeric = types.includes('number') || types.includes('integer');
  const floatInt = kind === 'float' && Number.isInteger(numberOf(value)) && types.includes('integer');
  const intFloat = kind === 'int' && types.includes('number');
  if (kind !== 'string' && kind !== 'slice' && format !== '' && !(types.includes(valueType) || valueFormat === format || floatInt || intFloat)) {
    return failed(typeError(name, format, valueFormat));
  }
  // A string with a format (and, as go-openapi has it, any list) passes the type check of a non-numeric schema.
  if (!numeric && format !== '' && (kind === 'string' || kind === 'slice')) return ok;
  if (!(types.includes(valueType) || floatInt || intFloat)) return failed(typeError(name, types.join(','), valueType));
  return ok;
}

/** Go's regexp syntax that JavaScript writes otherwise: leading flags, \A and \z, POSIX classes, \pL. */
const posixClasses: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-/:-@[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const compiled = new Map<string, RegExp | string>();

/** A pattern as Go compiles it, or Go's reason it does not compile (approximated by JavaScript's). */
function compilePattern(pattern: string): RegExp | string {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  let source = pattern;
  let flags = '';
  const leading = /^\(\?([imsU]+)\)/.exec(source);
  if (leading !== null) {
    flags = [...new Set(leading[1])].filter((flag) => flag !== 'U').join('');
    source = source.slice(leading[0].length);
  }
  source = source
    .replaceAll('\\A', '^')
    .replaceAll('\\z', '$')
    .replace(/\[:(\^?)([a-z]+):\]/g, (whole, negated: string, name: string) => {
      const members = posixClasses[name];
      return members === undefined ? whole : negated === '' ? members : `^${members}`;
    })
    .replace(/\\([pP])([A-Z])/g, '\\$1{$2}');
  let result: RegExp | string;
  try {
    result = new RegExp(source, `${flags}u`);
  } catch {
    try {
      result = new RegExp(source, flags);
    } catch (error) {
      result = error instanceof Error ? error.message : String(error);
    }
  }
  compiled.set(pattern, result);
  return result;
}

/** go-openapi's string validator: the first of maxLength, minLength, pattern that fails. */
function checkString(text: string, schema: Structural, name: string): Result | undefined {
  const length = [...text].length;
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    return failed({ message: `${name} in body should be at most ${schema.maxLength} chars long`, code: 'tooLong', name, value: text, valid: schema.maxLength });
  }
  if (schema.minLength !== undefined && length < schema.minLength) {
    return failed({ message: `${name} in body should be at least ${schema.minLength} chars long`, code: 'other', name, value: text });
  }
  if (schema.pattern !== undefined) {
    const pattern = compilePattern(schema.pattern);
    if (typeof pattern === 'string') {
      return failed({ message: `${name} in body should match '${schema.pattern}, but pattern is invalid: ${pattern}'`, code: 'other', name, value: text });
    }
    if (!pattern.test(text)) return failed({ message: `${name} in body should match '${schema.pattern}'`, code: 'other', name, value: text });
  }
  return undefined;
}

/** The value a bound is compared with: an int64 value meets bounds truncated to integers, as Go converts them. */
const truncated = (bound: number, kind: Kind): number => (kind === 'int' ? Math.trunc(bound) : bound);

/**
 * swag's IsFloat64AJSONInteger: an integer within 2^53, or a positive number just above one (relative
 * error under 1e-9; just below one is not, as Go measures from the truncated value).
 */
function isNearInteger(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > 2 ** 53 - 1) return false;
  if (Number.isInteger(value)) return true;
  const whole = Math.trunc(value);
  if (value < 0 || whole === 0) return false;
  return Math.abs(value - whole) / (value + whole) < 1e-9;
}

/** go-openapi's number validator: multipleOf, minimum, maximum, each reported. */
function checkNumber(value: unknown, kind: Kind, schema: Structural, name: string): Result {
  const result = new Result();
  const number = numberOf(value);
  if (schema.multipleOf !== undefined) {
    const factor = truncated(schema.multipleOf, kind);
    if (factor <= 0) {
      result.add({ message: `factor MultipleOf declared for ${name} must be positive: ${goValue(factor)}`, code: 'other', name, value: factor });
    } else {
      const quotient = kind === 'int' ? number / factor : factor < 1 ? (1 / factor) * number : number / factor;
      if (kind === 'int' ? !Number.isInteger(quotient) : !isNearInteger(quotient)) {
        result.add({ message: `${name} in body should be a multiple of ${goValue(factor)}`, code: 'other', name, value });
      }
    }
  }
  if (schema.minimum !== undefined) {
    const minimum = truncated(schema.minimum, kind);
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? number <= minimum : number < minimum) {
      const message = `${name} in body should be greater than ${exclusive ? '' : 'or equal to '}${goValue(minimum)}`;
      result.add({ message, code: 'other', name, value });
    }
  }
  if (schema.maximum !== undefined) {
    const maximum = truncated(schema.maximum, kind);
    const exclusive = schema.exclusiveMaximum === true;
    if (exclusive ? number >= maximum : number > maximum) {
      const message = `${name} in body should be less than ${exclusive ? '' : 'or equal to '}${goValue(maximum)}`;
      result.add({ message, code: 'other', name, value });
    }
  }
  result.matchCount += 1;
  return result;
}

/** Go's reflect.DeepEqual of two decoded JSON values (an int64 never equals a float64). */
function deepEqual(a: unknown, b: unknown): boolean {
  const kind = kindOf(a);
  if (kind !== kindOf(b)) return false;
  switch (kind) {
    case 'int':
    case 'float':
      return isRawNumber(a) || isRawNumber(b) ? String(numberOf(a)) === String(numberOf(b)) : a === b;
    case 'slice': {
      const left = a as unknown[];
      const right = b as unknown[];
      return left.length === right.length && left.every((item, i) => deepEqual(item, right[i]));
    }
    case 'map': {
      const left = a as Record<string, unknown>;
      const right = b as Record<string, unknown>;
      const keys = Object.keys(left);
      return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
    }
    default:
      return a === b;
  }
}

/**
 * Whether a value is one of an enum's, as go-openapi compares them: equal after converting the
 * value to the enum value's Go type where Go can (an int64 to a float64 and back, truncating; an
 * integer to a string as the character of that code point).
 */
function enumMatches(value: unknown, enumValue: unknown): boolean {
  const kind = kindOf(value);
  const enumKind = kindOf(enumValue);
  if (enumKind === 'null' || kind === 'null') return false;
  if (kind === enumKind) return deepEqual(value, enumValue);
  const number = kind === 'int' || kind === 'float' ? numberOf(value) : undefined;
  if (number === undefined) return false;
  if (enumKind === 'float') return number === numberOf(enumValue);
  if (enumKind === 'int') return Math.trunc(number) === numberOf(enumValue);
  if (enumKind === 'string' && kind === 'int') {
    const point = number >= 0 && number <= 0x10ffff && !(number >= 0xd800 && number <= 0xdfff) ? number : 0xfffd;
    return String.fromCodePoint(point) === enumValue;
  }
  return false;
}

/** go-openapi's common validator: the enum. */
function checkEnum(value: unknown, schema: Structural, name: string): Result | undefined {
  const values = schema.enum;
  if (values === undefined || values.some((enumValue) => enumMatches(value, enumValue))) return undefined;
  return failed({ message: `${name} in body should be one of [${values.map(goValue).join(' ')}]`, code: 'enum', name, value, values });
}

/** go-openapi's slice validator: the items, then minItems, maxItems and uniqueItems. */
function checkSlice(list: readonly unknown[], schema: Structural, name: string, old: Correlation | undefined): Result {
  const result = new Result();
  const items = schema.items;
  if (items !== undefined) list.forEach((item, i) => result.merge(ratchet(item, items, `${name}[${i}]`, indexCorrelation(old, list, i))));
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    result.add({ message: `${name} in body should have at least ${schema.minItems} items`, code: 'other', name, value: list.length });
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    result.add({ message: `${name} in body should have at most ${schema.maxItems} items`, code: 'maxItems', name, value: list.length, valid: schema.maxItems });
  }
  if (schema.uniqueItems && list.some((item, i) => list.slice(0, i).some((earlier) => deepEqual(item, earlier)))) {
    result.add({ message: `${name} in body shouldn't contain duplicates`, code: 'other', name });
  }
  result.matchCount += 1;
  return result;
}

/** go-openapi's object validator: property counts, unknown keys, the properties, then required. */
function checkObject(object: Readonly<Record<string, unknown>>, schema: Structural, name: string, old: Correlation | undefined): Result {
  const result = new Result();
  const size = Object.keys(object).length;
  if (schema.minProperties !== undefined && size < schema.minProperties) {
    result.add({ message: `${name} in body should have at least ${schema.minProperties} properties`, code: 'other', name, value: size });
  }
  if (schema.maxProperties !== undefined && size > schema.maxProperties) {
    const message = `${name} in body should have at most ${schema.maxProperties} properties`;
    result.add({ message, code: 'tooManyProperties', name, value: size, valid: schema.maxProperties });
  }
  const values = schema.additionalProperties;
  for (const key of Object.keys(object)) {
    if (schema.properties?.has(key)) continue;
    if (values === false) result.add({ message: `${name}.${key} in body is a forbidden property`, code: 'other', name, value: key });
    else if (typeof values === 'object') result.merge(ratchet(object[key], values, `${name}.${key}`, keyCorrelation(old, object, key, name)));
  }
  for (const [key, property] of schema.properties ?? []) {
    if (Object.hasOwn(object, key)) result.merge(ratchet(object[key], property, name === '' ? key : `${name}.${key}`, keyCorrelation(old, object, key, name)));
  }
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(object, key)) result.add({ message: `${name}.${key} in body is required`, code: 'required', name: `${name}.${key}` });
  }
  return result;
}

const composite = (message: string): ValueError => ({ message, code: 'other' });

/** go-openapi's schema props validator: anyOf, oneOf, allOf and not, each judged on the whole value. */
function checkAlternatives(value: unknown, schema: Structural, name: string, old: Correlation | undefined): Result {
  const result = new Result();
  if (schema.anyOf !== undefined) {
    let best: Result | undefined;
    let success: Result | undefined;
    for (const clause of schema.anyOf) {
      const outcome = validateNode(value, clause, name, old);
      if (outcome.valid) {
        best = undefined;
        success = outcome;
        break;
      }
      if (best === undefined || outcome.matchCount > best.matchCount) best = outcome;
    }
    if (success === undefined) result.add(composite(`${goQuote(name)} must validate at least one schema (anyOf)`));
    result.merge(best ?? success);
  }
  if (schema.oneOf !== undefined) {
    let best: Result | undefined;
    let success: Result | undefined;
    let validated = 0;
    for (const clause of schema.oneOf) {
      const outcome = validateNode(value, clause, name, old);
      if (outcome.valid) {
        validated++;
        best = undefined;
        success ??= outcome;
        continue;
      }
      if (validated === 0 && (best === undefined || outcome.matchCount > best.matchCount)) best = outcome;
    }
    if (validated !== 1) {
      const found = validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`;
      result.add(composite(`${goQuote(name)} must validate one and only one schema (oneOf). ${found}`));
      result.merge(best);
    } else result.merge(success);
  }
  if (schema.allOf !== undefined) {
    let validated = 0;
    for (const clause of schema.allOf) {
      const outcome = validateNode(value, clause, name, old);
      if (outcome.valid) validated++;
      result.merge(outcome);
    }
    if (validated !== schema.allOf.length) {
      result.add(composite(`${goQuote(name)} must validate all the schemas (allOf)${validated === 0 ? '. None validated' : ''}`));
    }
  }
  if (schema.not !== undefined && validateNode(value, schema.not, name, old).valid) {
    result.add(composite(`${goQuote(name)} must not validate the schema (not)`));
  }
  result.matchCount += 1;
  return result;
}

/**
 * One schema's checks of one value, in go-openapi's order. With `old`, the properties and map-list
 * items that have an old counterpart are ratcheted.
 */
function validateNode(value: unknown, schema: Structural, name: string, old?: Correlation): Result {
  const result = new Result();
  const kind = kindOf(value);
  if (kind === 'null') {
    result.merge(checkType(value, kind, schema, name));
    return result.merge(checkEnum(value, schema, name));
  }
  const step = (outcome: Result | undefined): void => {
    result.merge(outcome);
    result.matchCount += 1;
  };
  if (typesOf(schema).length > 0 || schema.format !== undefined) step(checkType(value, kind, schema, name));
  step(checkAlternatives(value, schema, name, old));
  if (kind === 'string') {
    step(checkString(value as string, schema, name));
    if (schema.format !== undefined) step(matchesFormat(schema.format, value as string) ? undefined : failed(typeError(name, schema.format, value as string)));
  }
  if (kind === 'int' || kind === 'float') step(checkNumber(value, kind, schema, name));
  if (kind === 'slice') step(checkSlice(value as unknown[], schema, name, old));
  step(checkEnum(value, schema, name));
  if (kind === 'map') step(checkObject(value as Record<string, unknown>, schema, name, old));
  result.matchCount += 1;
  return result;
}

/**
 * The old value a new one is compared with when an update ratchets (kube's CorrelatedObject):
 * errors of a value equal to its old counterpart are not reported, so a schema that tightened
 * does not refuse the fields an update leaves as they were.
 */
interface Correlation {
  readonly old: unknown;
  /** The schema of the new value (whose properties and items name the children's schemas). */
  readonly schema: Structural;
}

/** The old counterpart of an object's field: present in both, and declared (or a map value). */
function keyCorrelation(parent: Correlation | undefined, object: Readonly<Record<string, unknown>>, key: string, name: string): Correlation | undefined {
  if (parent === undefined || !isJsonMap(parent.old) || !Object.hasOwn(parent.old, key) || !Object.hasOwn(object, key)) return undefined;
  // The root's kind and apiVersion are never ratcheted.
  if (name === '' && (key === 'kind' || key === 'apiVersion')) return undefined;
  const schema = parent.schema.properties?.get(key) ?? (typeof parent.schema.additionalProperties === 'object' ? parent.schema.additionalProperties : undefined);
  return schema === undefined ? undefined : { old: parent.old[key], schema };
}

/** The old counterpart of a list item: only map lists correlate items, by their keys. */
function indexCorrelation(parent: Correlation | undefined, list: readonly unknown[], i: number): Correlation | undefined {
  const items = parent?.schema.items;
  if (parent === undefined || items === undefined || parent.schema.listType !== 'map' || !Array.isArray(parent.old)) return undefined;
  const item = list[i];
  if (!isJsonMap(item)) return undefined;
  const keys = parent.schema.listMapKeys ?? [];
  const old = parent.old.find((candidate) => isJsonMap(candidate) && keys.every((key) => deepEqualOrBothMissing(candidate, item, key)));
  return old === undefined ? undefined : { old, schema: items };
}

const deepEqualOrBothMissing = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, key: string): boolean =>
  Object.hasOwn(a, key) ? Object.hasOwn(b, key) && deepEqual(a[key], b[key]) : !Object.hasOwn(b, key);

/** Whether a value equals its old counterpart as kube's ratcheting compares them (CachedDeepEqual). */
function sameAsOld(value: unknown, correlation: Correlation): boolean {
  const old = correlation.old;
  if (value === null || old === null || value === undefined || old === undefined) return (value ?? null) === (old ?? null);
  if (Array.isArray(value) !== Array.isArray(old) || isJsonMap(value) !== isJsonMap(old)) return false;
  if (Array.isArray(value) && Array.isArray(old)) {
    if (value.length !== old.length) return false;
    if (correlation.schema.listType !== 'map') return deepEqual(value, old);
    return value.every((_, i) => {
      const child = indexCorrelation(correlation, value, i);
      return child !== undefined && sameAsOld(value[i], child);
    });
  }
  if (isJsonMap(value) && isJsonMap(old)) {
    const keys = Object.keys(value);
    if (keys.length !== Object.keys(old).length) return false;
    return keys.every((key) => {
      const child = keyCorrelation(correlation, value, key, 'not the root');
      return child !== undefined && sameAsOld(value[key], child);
    });
  }
  return deepEqual(value, old);
}

/** A value's checks; with an old counterpart, its errors dropped when it did not change. */
function ratchet(value: unknown, schema: Structural, name: string, old: Correlation | undefined): Result {
  const result = validateNode(value, schema, name, old);
  if (old === undefined || result.valid || !sameAsOld(value, old)) return result;
  return Object.assign(new Result(), { matchCount: result.matchCount });
}

/** kube's field path of a validator error: the name without its leading dot; "<nil>" when there is none. */
const fieldPathOf = (name: string | undefined): string => {
  const trimmed = name?.startsWith('.') ? name.slice(1) : name;
  return trimmed === undefined || trimmed === '' ? '<nil>' : trimmed;
};

/** How kube shows a value an error carries; a missing one shows as "". */
const shownValue = (value: unknown) => (value === undefined || value === null ? '' : fieldErrorValue(value));

/** kube's translation of a validator error into a field error (kubeOpenAPIResultToFieldErrors). */
function toFieldError(error: ValueError): FieldError {
  if (error.name === undefined) return fieldInvalid('<nil>', '', error.message);
  const field = fieldPathOf(error.name === '.' ? '' : error.name);
  switch (error.code) {
    case 'required':
      return fieldRequired(field);
    case 'enum':
      return fieldNotSupported(
        field,
        fieldErrorValue(error.value),
        (error.values ?? []).map((value) => (typeof value === 'string' ? value : goJson(value))),
      );
    case 'tooLong':
      return fieldTooLong(field, error.valid ?? -1);
    case 'maxItems':
    case 'tooManyProperties':
      return fieldTooMany(field, typeof error.value === 'number' ? error.value : -1, error.valid ?? -1);
    case 'type':
      return fieldTypeInvalid(field, shownValue(error.value), error.message);
    default:
      return fieldInvalid(field, shownValue(error.value), error.message);
  }
}

/**
 * The OpenAPI value validation of a custom object (or any value) by its version's schema, as
 * kube-apiserver's customResourceValidator runs it: every error of the object, as kube's field
 * errors, each message once.
 */
export function validateValues(value: unknown, schema: Structural): FieldError[] {
  return validateNode(value, schema, '').errors.map(toFieldError);
}

/**
 * The value validation of an update, ratcheted as kube-apiserver 1.35 does it (CRDValidationRatcheting
 * is locked on): an error of a field, map value or map-list item whose value the update did not
 * change is not reported.
 */
export function validateValuesUpdate(value: unknown, old: unknown, schema: Structural): FieldError[] {
  return ratchet(value, schema, '', { old, schema }).errors.map(toFieldError);
}

/** Whether a value meets a schema's value validations (for a default's check, for example). */
export const meetsSchema = (value: unknown, schema: Structural): boolean => validateNode(value, schema, '').valid;
