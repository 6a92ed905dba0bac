// Kubernetes' format library for CEL (type kubernetes.NamedFormat): format.named(name) -> ?format,
// format.<name>() for each named format, and <format>.validate(string) -> ?list<string>, none when
// the string is valid, else apimachinery's (or kube-openapi's) messages. The formats: the DNS and
// name checks of apimachinery (dns1123Label, dns1123Subdomain, dns1035Label, qualifiedName,
// labelValue and the *Prefix variants for generateName), and the CRD string formats uri, uuid,
// byte, date and datetime as kube-openapi's strfmt checks them.

import { noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelOptional, CelType, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, maskTrailingDash } from '../../validation/name-formats.ts';
import { actualSize, nominalCost, stringTraversalCostFactor } from './call-cost.ts';
import { toBytes } from './go-bytes.ts';
import { parseRequestUri, UrlError } from './go-net-url.ts';
import { daysInMonth } from './time-calendar.ts';

export const formatType = new CelType('kubernetes.NamedFormat');

export class CelFormat implements CelLibraryValue {
  readonly celType = formatType;
  /** Kubernetes' name of the format ("DNS1123Label", "uuid", ...), by which formats compare. */
  readonly name: string;
  readonly validate: (value: string) => string[];
  /** The length of the pattern the check amounts to, which its cost is charged by. */
  readonly maxRegexSize: number;
  constructor(name: string, validate: (value: string) => string[], maxRegexSize: number) {
    this.name = name;
    this.validate = validate;
    this.maxRegexSize = maxRegexSize;
  }
  /** Formats of the same name; anything but a format is an error, as in Kubernetes. */
  equals(other: unknown): boolean | CelError {
    return other instanceof CelFormat ? other.name === this.name : new CelError('no such overload');
  }
}

/** Go's time.Parse with layout "2006-01-02": four-digit year, two-digit month and day that exist. */
function isDate(value: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// strfmt's pattern for the part after the "T": its "." is any character but a newline.
const timeOfDay = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** strfmt.IsDateTime: a date, a "t" (any case), then a time; only the part after the first "t" counts. */
function isDateTime(value: string): boolean {
  if (Buffer.byteLength(value) < 4) return false;
  const parts = value.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0] as string)) return false;
  const match = timeOfDay.exec(parts[1] as string);
  return match !== null && (match[1] as string) <= '23' && (match[2] as string) <= '59' && (match[3] as string) <= '59';
}

const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;

const check =
  (valid: (value: string) => boolean, message: string) =>
  (value: string): string[] =>
    valid(value) ? [] : [message];

function uriErrors(value: string): string[] {
  const parsed = parseRequestUri(toBytes(value));
  return parsed instanceof UrlError ? [parsed.message] : [];
}

// Pattern sizes, as Kubernetes 1.35 charges them: its own estimates for the name checks and for
// uri (1103, govalidator's URL pattern) and byte (84, its Base64 one), and the length of strfmt's
// UUID and date-time patterns (date is charged as date-time).
const constantFormats: ReadonlyMap<string, CelFormat> = new Map([
  ['dns1123Label', new CelFormat('DNS1123Label', isDNS1123Label, 30)],
  ['dns1123Subdomain', new CelFormat('DNS1123Subdomain', isDNS1123Subdomain, 60)],
  ['dns1035Label', new CelFormat('DNS1035Label', isDNS1035Label, 30)],
  ['qualifiedName', new CelFormat('QualifiedName', isQualifiedName, 60)],
  ['dns1123LabelPrefix', new CelFormat('DNS1123LabelPrefix', (value) => isDNS1123Label(maskTrailingDash(value)), 30)],
  ['dns1123SubdomainPrefix', new CelFormat('DNS1123SubdomainPrefix', (value) => isDNS1123Subdomain(maskTrailingDash(value)), 60)],
  ['dns1035LabelPrefix', new CelFormat('DNS1035LabelPrefix', (value) => isDNS1035Label(maskTrailingDash(value)), 30)],
  ['labelValue', new CelFormat('LabelValue', isValidLabelValue, 40)],
  ['uri', new CelFormat('URI', uriErrors, 1103)],
  [
    'uuid',
    new CelFormat(
      'uuid',
      check((value) => uuid.test(value), 'does not match the UUID format'),
      70,
    ),
  ],
  [
    'byte',
    new CelFormat(
      'byte',
      check((value) => base64.test(value), 'invalid base64'),
      84,
    ),
  ],
  ['date', new CelFormat('date', check(isDate, 'invalid date'), 71)],
  ['datetime', new CelFormat('datetime', check(isDateTime, 'invalid datetime'), 71)],
]);

/** The names format.named() knows (case matters), each also callable as format.<name>(). */
export const formatNames: readonly string[] = [...constantFormats.keys()];

function named(args: readonly CelValue[]): CelValue {
  const [name] = args;
  if (typeof name !== 'string' || args.length !== 1) return noSuchOverload('format.named');
  return new CelOptional(constantFormats.get(name));
}

function validate(args: readonly CelValue[]): CelValue {
  const [format, value] = args;
  if (!(format instanceof CelFormat) || typeof value !== 'string' || args.length !== 2) return noSuchOverload('validate');
  const errors = format.validate(value);
  return new CelOptional(errors.length === 0 ? undefined : errors);
}

export const formatFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['format.named', { global: named }],
  ['validate', { member: validate }],
  ...[...constantFormats].map(([name, format]): [string, FunctionOverloads] => [
    `format.${name}`,
    { global: (args: readonly CelValue[]): CelValue => (args.length === 0 ? format : noSuchOverload(`format.${name}`)) },
  ]),
]);

const regexStringLengthCostFactor = 0.25;

/** The largest pattern size any format may have, which the static estimate of validate assumes. */
export const maxFormatRegexSize = 128;

const validateCost = {
  kind: 'formatValidate',
  textFactor: stringTraversalCostFactor,
  patternFactor: regexStringLengthCostFactor,
  maxPatternSize: maxFormatRegexSize,
  actual: (args: readonly CelValue[]): number => {
    const [format, value] = args;
    const patternSize = format instanceof CelFormat ? format.maxRegexSize : maxFormatRegexSize;
    return Math.ceil((1 + actualSize(value)) * stringTraversalCostFactor) * Math.ceil(patternSize * regexStringLengthCostFactor);
  },
} as const;

type NominalCost = { readonly kind: 'nominal'; readonly actual: () => number };

/**
 * Each call's cost as Kubernetes accounts it. validate() is charged like a regular expression
 * match: ceil((1 + size of the string) x 0.1) x ceil(pattern size x 0.25), with the format's own
 * pattern size at run time and 128 in the static estimate (ceil(string size estimate x 0.1) x 32).
 * format.named() and format.<name>() are nominal. Equality of formats costs 1.
 */
export const formatCosts: Readonly<Record<`format.${string}`, NominalCost>> & { readonly validate: typeof validateCost } = {
  'format.named': { kind: 'nominal', actual: nominalCost },
  ...Object.fromEntries(formatNames.map((name): [string, NominalCost] => [`format.${name}`, { kind: 'nominal', actual: nominalCost }])),
  validate: validateCost,
};
