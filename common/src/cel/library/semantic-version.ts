// Semantic versions as github.com/blang/semver/v4 parses and orders them (the library behind
// Kubernetes' CEL semver): Parse with its exact error texts, Kubernetes' normalizing parse (a "v"
// prefix, missing minor or patch, leading zeros), Compare (build metadata ignored) and String.

import { goQuote } from '../../status/go-format.ts';

/** A prerelease identifier: numeric ones order numerically and before alphanumeric ones. */
export type PrereleasePart = { readonly number: bigint } | { readonly text: string };

export interface SemanticVersion {
  /** uint64s. */
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly prerelease: readonly PrereleasePart[];
  readonly build: readonly string[];
}

export type ParsedVersion = { readonly version: SemanticVersion } | { readonly error: string };

const maxUint64 = 2n ** 64n - 1n;
const numeric = /^[0-9]*$/;
const alphanumeric = /^[0-9A-Za-z-]*$/;
const hasLeadingZero = (text: string): boolean => text.length > 1 && text[0] === '0';

/** strconv.ParseUint(text, 10, 64) of a string of digits, or its error text. */
function parseUint64(text: string): bigint | string {
  if (text === '') return `strconv.ParseUint: parsing ${goQuote(text)}: invalid syntax`;
  const value = BigInt(text);
  return value > maxUint64 ? `strconv.ParseUint: parsing ${goQuote(text)}: value out of range` : value;
}

/** A major, minor or patch number: digits only, no leading zero, within a uint64. */
function parseNumber(text: string, name: 'major' | 'minor' | 'patch'): bigint | string {
  if (!numeric.test(text)) return `Invalid character(s) found in ${name} number ${goQuote(text)}`;
  if (hasLeadingZero(text)) return `${name[0]?.toUpperCase()}${name.slice(1)} number must not contain leading zeroes ${goQuote(text)}`;
  return parseUint64(text);
}

function parsePrereleasePart(text: string): PrereleasePart | string {
  if (text === '') return 'Prerelease is empty';
  if (numeric.test(text)) {
    if (hasLeadingZero(text)) return `Numeric PreRelease version must not contain leading zeroes ${goQuote(text)}`;
    const number = parseUint64(text);
    return typeof number === 'string' ? number : { number };
  }
  return alphanumeric.test(text) ? { text } : `Invalid character(s) found in prerelease ${goQuote(text)}`;
}

/** semver.Parse: MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD], strictly. */
export function parseSemanticVersion(text: string): ParsedVersion {
  if (text === '') return { error: 'Version string empty' };
  const firstDot = text.indexOf('.');
  const secondDot = firstDot < 0 ? -1 : text.indexOf('.', firstDot + 1);
  if (secondDot < 0) return { error: 'No Major.Minor.Patch elements found' };
  const major = parseNumber(text.slice(0, firstDot), 'major');
  if (typeof major === 'string') return { error: major };
  const minor = parseNumber(text.slice(firstDot + 1, secondDot), 'minor');
  if (typeof minor === 'string') return { error: minor };
  let rest = text.slice(secondDot + 1);
  let buildParts: string[] = [];
  let prereleaseParts: string[] = [];
  const plus = rest.indexOf('+');
  if (plus >= 0) {
    buildParts = rest.slice(plus + 1).split('.');
    rest = rest.slice(0, plus);
  }
  const dash = rest.indexOf('-');
  if (dash >= 0) {
    prereleaseParts = rest.slice(dash + 1).split('.');
    rest = rest.slice(0, dash);
  }
  const patch = parseNumber(rest, 'patch');
  if (typeof patch === 'string') return { error: patch };
  const prerelease: PrereleasePart[] = [];
  for (const part of prereleaseParts) {
    const parsed = parsePrereleasePart(part);
    if (typeof parsed === 'string') return { error: parsed };
    prerelease.push(parsed);
  }
  for (const part of buildParts) {
    if (part === '') return { error: 'Build meta data is empty' };
    if (!alphanumeric.test(part)) return { error: `Invalid character(s) found in build meta data ${goQuote(part)}` };
  }
  return { version: { major, minor, patch, prerelease, build: buildParts } };
}

const startsWithDigit = (text: string): boolean => text[0] !== undefined && text[0] >= '0' && text[0] <= '9';

/**
 * Kubernetes' normalizeAndParse: drop one leading "v", strip leading zeros from each of the first
 * three dot-separated parts, fill a missing minor or patch with 0 (refused when the short form
 * carries a prerelease or build), then parse strictly. Whitespace is not trimmed.
 */
export function parseNormalizedSemanticVersion(text: string): ParsedVersion {
  const withoutV = text.startsWith('v') ? text.slice(1) : text;
  const firstDot = withoutV.indexOf('.');
  const secondDot = firstDot < 0 ? -1 : withoutV.indexOf('.', firstDot + 1);
  const parts =
    firstDot < 0 ? [withoutV] : secondDot < 0 ? withoutV.split('.') : [withoutV.slice(0, firstDot), withoutV.slice(firstDot + 1, secondDot), withoutV.slice(secondDot + 1)];
  const normalized = parts.map((part) => {
    // Go measures the part in bytes.
    if (Buffer.byteLength(part) <= 1) return part;
    const trimmed = part.replace(/^0+/, '');
    return startsWithDigit(trimmed) ? trimmed : `0${trimmed}`;
  });
  if (normalized.length < 3) {
    if (/[+-]/.test(normalized[normalized.length - 1] as string)) return { error: 'short version cannot contain PreRelease/Build meta data' };
    while (normalized.length < 3) normalized.push('0');
  }
  return parseSemanticVersion(normalized.join('.'));
}

const compareBig = (a: bigint, b: bigint): -1 | 0 | 1 => (a === b ? 0 : a < b ? -1 : 1);

function comparePrereleaseParts(a: PrereleasePart, b: PrereleasePart): -1 | 0 | 1 {
  if ('number' in a) return 'number' in b ? compareBig(a.number, b.number) : -1;
  if ('number' in b) return 1;
  return a.text === b.text ? 0 : a.text < b.text ? -1 : 1;
}

/** Version.Compare: numbers, then a release above its prereleases, then prerelease parts in turn. */
export function compareSemanticVersions(a: SemanticVersion, b: SemanticVersion): -1 | 0 | 1 {
  const numbers = compareBig(a.major, b.major) || compareBig(a.minor, b.minor) || compareBig(a.patch, b.patch);
  if (numbers !== 0) return numbers;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  for (const [i, part] of a.prerelease.entries()) {
    const other = b.prerelease[i];
    if (other === undefined) break;
    const order = comparePrereleaseParts(part, other);
    if (order !== 0) return order;
  }
  return compareBig(BigInt(a.prerelease.length), BigInt(b.prerelease.length));
}

/** Version.String. */
export function semanticVersionString(version: SemanticVersion): string {
  const prerelease = version.prerelease.map((part) => ('number' in part ? String(part.number) : part.text)).join('.');
  const build = version.build.join('.');
  return `${version.major}.${version.minor}.${version.patch}${prerelease === '' ? '' : `-${prerelease}`}${build === '' ? '' : `+${build}`}`;
}
