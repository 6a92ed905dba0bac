// The string formats kube-apiserver checks custom objects' values by (go-openapi's strfmt registry
// as kube-openapi vendors it: the formats apiextensions supports, see supportedFormats), each
// accepting what its Go check accepts; and how a JSON value shows in a field error.

import { type FieldBadValue, goJson, isDNS1123Label, parseCIDRSloppy, parseIPSloppy } from '@capstan/common';
import { goTimeLayout, parseGoTime } from '@capstan/common/cel';
import { isRawNumber, normalizedFormat } from './structural-schema.ts';

/**
 * A JSON value as kube's field errors print an interface{} value: strings quoted, numbers and
 * booleans as Go's %v, null as null, and objects and lists as their JSON (Go's json.Marshal:
 * keys sorted).
 */
export function fieldErrorValue(value: unknown): FieldBadValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (isRawNumber(value)) return { goSyntax: (value as { rawJSON: string }).rawJSON };
  return { goSyntax: goJson(value) };
}

const uuidFormats: Readonly<Record<string, RegExp>> = {
  uuid: /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i,
  uuid3: /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i,
  uuid4: /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i,
  uuid5: /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i,
};

const octet = '(?:0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])';
const rgbColor = new RegExp(`^rgb\\([\\t\\n\\f\\r ]*${octet}[\\t\\n\\f\\r ]*,[\\t\\n\\f\\r ]*${octet}[\\t\\n\\f\\r ]*,[\\t\\n\\f\\r ]*${octet}[\\t\\n\\f\\r ]*\\)$`);
const creditCard = /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/;
const hostnamePattern =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const utf8Length = (text: string): number => Buffer.byteLength(text);

/** govalidator's IsISBN: spaces and dashes ignored, then the ISBN-10 or ISBN-13 check digit. */
function isISBN(text: string, version: 10 | 13): boolean {
  const digits = text.replace(/[\t\n\v\f\r \u0085\u00a0-]+/g, '');
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(digits)) return false;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (i + 1) * Number(digits[i]);
    sum += digits[9] === 'X' ? 100 : 10 * Number(digits[9]);
    return sum % 11 === 0;
  }
  if (!/^[0-9]{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(digits[i]);
  return Number(digits[12]) === (10 - (sum % 10)) % 10;
}

/** govalidator's IsCreditCard: non-digits ignored, a known issuer's pattern, then the Luhn sum. */
function isCreditCard(text: string): boolean {
  const digits = text.replace(/[^0-9]+/g, '');
  if (!creditCard.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit >= 10) digit = (digit % 10) + 1;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Go's net.ParseMAC: 6, 8 or 20 octets, as xx:xx:.., xx-xx-.. or xxxx.xxxx.... */
function isMAC(text: string): boolean {
  if (text.length < 14) return false;
  if (text[2] === ':' || text[2] === '-') {
    if ((text.length + 1) % 3 !== 0) return false;
    const octets = (text.length + 1) / 3;
    if (octets !== 6 && octets !== 8 && octets !== 20) return false;
    const separator = text[2] as string;
    for (let i = 0; i < octets; i++) {
      if (!/^[0-9a-fA-F]{2}$/.test(text.slice(3 * i, 3 * i + 2))) return false;
      if (i < octets - 1 && text[3 * i + 2] !== separator) return false;
    }
    return true;
  }
  if (text[4] === '.') {
    if ((text.length + 1) % 5 !== 0) return false;
    const octets = (2 * (text.length + 1)) / 5;
    if (octets !== 6 && octets !== 8 && octets !== 20) return false;
    for (let i = 0; i < octets / 2; i++) {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(5 * i, 5 * i + 4))) return false;
      if (i < octets / 2 - 1 && text[5 * i + 4] !== '.') return false;
    }
    return true;
  }
  return false;
}

const fullDate = goTimeLayout('2006-01-02');

/** Go's time.Parse with the layout "2006-01-02". */
export const isFullDate = (text: string): boolean => typeof parseGoTime(fullDate, text) !== 'function';

/** strfmt's IsDateTime: a full date, "t", and a time of day with a zone, compared as text. */
function isDateTime(text: string): boolean {
  if (text.length < 4) return false;
  const parts = text.toLowerCase().split('t');
  if (parts.length < 2 || !isFullDate(parts[0] as string)) return false;
  const time = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/.exec(parts[1] as string);
  return time !== null && (time[1] as string) <= '23' && (time[2] as string) <= '59' && (time[3] as string) <= '59';
}

/** Go's time.ParseDuration syntax ("1h30m", "-1.5s", "0"). */
const goDuration = /^[-+]?(?:0|(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))+)$/;
const durationUnits: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', 'µs', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];

/** strfmt's ParseDuration: Go's syntax, else any "<digits> <unit>" in the text ("3 days", "1 hour"). */
function isDuration(text: string): boolean {
  if (goDuration.test(text)) return true;
  let ok = false;
  for (const match of text.matchAll(/([0-9]+)[\t\n\f\r ]*([A-Za-zµ]+)/g)) {
    // strconv.Atoi refuses a factor beyond int64, which fails the whole parse.
    if (BigInt(match[1] as string) > 9223372036854775807n) return false;
    const unit = (match[2] as string).trim().toLowerCase();
    for (const variants of durationUnits) {
      variants.forEach((variant, i) => {
        if ((i === variants.length - 1 && unit.startsWith(variant)) || variant.toLowerCase() === unit) ok = true;
      });
    }
  }
  return ok;
}

/** Go's url.ParseRequestURI, as far as its outcome goes: an absolute URI or an absolute path. */
function isRequestURI(text: string): boolean {
  if (/[\x00-\x1f\x7f]/.test(text) || text === '') return false;
  let rest = text;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text);
  if (scheme !== null) rest = text.slice(scheme[0].length);
  else if (/^[^/]*:/.test(text.split('?')[0] as string) && !text.startsWith('/')) return false;
  rest = rest.split('?')[0] as string;
  if (!rest.startsWith('/')) return false;
  if (rest.startsWith('//') && scheme !== null) {
    const authority = rest.slice(2).split('/')[0] as string;
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    const port = /^(?:\[[^\]]*\]|[^:]*)(:.*)?$/.exec(host)?.[1];
    if (port !== undefined && !/^:[0-9]*$/.test(port)) return false;
  }
  return !/%(?![0-9a-fA-F]{2})/.test(rest);
}

const atext = "[-A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uffff]";
const dotAtom = `${atext}+(?:\\.${atext}+)*`;
const quotedString = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const addrSpec = `(?:${dotAtom}|${quotedString})@(?:${dotAtom}|\\[[^\\[\\]\\\\]*\\])`;
const emailAddress = new RegExp(`^[\\t ]*(?:${addrSpec}|(?:(?:${atext}|[\\t .]|${quotedString})*)<${addrSpec}>)[\\t ]*$`);

/** A value of a string format kube checks; true for a format it does not know. */
export function matchesFormat(format: string, text: string): boolean {
  const name = normalizedFormat(format);
  const uuid = uuidFormats[name];
  if (uuid !== undefined) return uuid.test(text);
  switch (name) {
    case 'bsonobjectid':
      return /^[0-9a-fA-F]{24}$/.test(text);
    case 'uri':
      return isRequestURI(text);
    case 'email':
      return emailAddress.test(text);
    case 'hostname':
      return hostnamePattern.test(text) && utf8Length(text) <= 255 && text.split('.').every((part) => utf8Length(part) <= 63);
    case 'ipv4':
      return parseIPSloppy(text) !== undefined && text.includes('.');
    case 'ipv6':
      return !text.includes('%') && parseIPSloppy(text) !== undefined && text.includes(':');
    case 'cidr':
      return parseCIDRSloppy(text) !== undefined;
    case 'mac':
      return isMAC(text);
    case 'isbn':
      return isISBN(text, 10) || isISBN(text, 13);
    case 'isbn10':
      return isISBN(text, 10);
    case 'isbn13':
      return isISBN(text, 13);
    case 'creditcard':
      return isCreditCard(text);
    case 'ssn':
      return text.length === 11 && /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/.test(text);
    case 'hexcolor':
      return /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(text);
    case 'rgbcolor':
      return rgbColor.test(text);
    case 'byte':
      return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(text);
    case 'date':
      return isFullDate(text);
    case 'datetime':
      return isDateTime(text);
    case 'duration':
      return isDuration(text);
    case 'k8sshortname':
      return isDNS1123Label(text).length === 0;
    case 'k8slongname':
      return text.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(text);
    default:
      return true;
  }
}
