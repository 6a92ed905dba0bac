// Kubernetes' semver library for CEL (type kubernetes.Semver), at the version Kubernetes 1.33 and
// later enable: isSemver(string[, normalize]), semver(string[, normalize]), and the members major,
// minor, patch, isLessThan, isGreaterThan and compareTo. Two versions are equal when they compare
// equal, so build metadata is ignored. Kubernetes offers no string(semver).

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelType, makeInt, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';
import { orderingFunctions } from './ordering-functions.ts';
import {
  compareSemanticVersions,
  parseNormalizedSemanticVersion,
  parseSemanticVersion,
  semanticVersionString,
  type ParsedVersion,
  type SemanticVersion,
} from './semantic-version.ts';

export const semverType = new CelType('kubernetes.Semver');

export class CelSemver implements CelLibraryValue {
  readonly celType = semverType;
  readonly version: SemanticVersion;
  constructor(version: SemanticVersion) {
    this.version = version;
  }
  /** Versions that compare equal; anything but a semver is an error, as in Kubernetes. */
  equals(other: unknown): boolean | CelError {
    return other instanceof CelSemver ? compareSemanticVersions(this.version, other.version) === 0 : new CelError('no such overload');
  }
  /** Version.String(), for showing a value (CEL itself has no conversion to string). */
  toString(): string {
    return semanticVersionString(this.version);
  }
}

/** What semver(s) or semver(s, normalize) parses to; undefined for arguments of other kinds. */
function parseArguments(args: readonly CelValue[]): ParsedVersion | undefined {
  const [text, normalize = false] = args;
  if (typeof text !== 'string' || typeof normalize !== 'boolean' || args.length > 2) return undefined;
  return normalize ? parseNormalizedSemanticVersion(text) : parseSemanticVersion(text);
}

function semver(args: readonly CelValue[]): CelValue {
  const parsed = parseArguments(args);
  if (parsed === undefined) return noSuchOverload('semver');
  return 'error' in parsed ? new CelError(parsed.error) : new CelSemver(parsed.version);
}

function isSemver(args: readonly CelValue[]): CelValue {
  const parsed = parseArguments(args);
  return parsed === undefined ? noSuchOverload('isSemver') : !('error' in parsed);
}

/** A uint64 part as Kubernetes returns it: converted to int64, so values past 2^63 wrap. */
const part =
  (name: 'major' | 'minor' | 'patch'): FunctionImpl =>
  (args) => {
    const [target] = args;
    return target instanceof CelSemver && args.length === 1 ? makeInt(BigInt.asIntN(64, target.version[name])) : noSuchOverload(name);
  };

export const semverFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['semver', { global: semver }],
  ['isSemver', { global: isSemver }],
  ['major', { member: part('major') }],
  ['minor', { member: part('minor') }],
  ['patch', { member: part('patch') }],
  ...orderingFunctions(
    (value): value is CelSemver => value instanceof CelSemver,
    (a, b) => compareSemanticVersions(a.version, b.version),
  ),
]);

/**
 * Each call's cost as Kubernetes accounts it: semver() and isSemver() traverse their string (size
 * x 0.1, rounded up, for the estimate too); the accessors and comparisons are nominal. Equality costs 1.
 */
export const semverCosts = {
  semver: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  isSemver: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  major: { kind: 'nominal', actual: nominalCost },
  minor: { kind: 'nominal', actual: nominalCost },
  patch: { kind: 'nominal', actual: nominalCost },
  isLessThan: { kind: 'nominal', actual: nominalCost },
  isGreaterThan: { kind: 'nominal', actual: nominalCost },
  compareTo: { kind: 'nominal', actual: nominalCost },
} as const;
