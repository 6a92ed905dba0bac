// Feature gates as the Kubernetes components read them (component-base/featuregate): each gate has a
// history of specs by release (default, stage, lock), the spec in force is the one of the emulated
// version, and --feature-gates' key=bool pairs override defaults, with AllAlpha and AllBeta for a
// whole stage. An unknown gate, a value that is no bool, a locked gate set away from its default, a
// gate not yet in the emulated version and an enabled gate whose dependencies are off fail at start;
// setting a GA or deprecated gate works with a warning.

import { FlagError } from './flags.ts';
import { compareKubeVersions, kubeVersionText, parseKubeVersion, subtractMinor, type KubeVersion } from './kube-version.ts';

export type FeatureStage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface FeatureSpec {
  readonly default: boolean;
  readonly preRelease: FeatureStage;
  /** GA and deprecated gates that can no longer be turned away from their default. */
  readonly lockToDefault?: boolean;
}

/** A gate's spec from a release on (major.minor), until the next spec of its history. */
export interface VersionedFeatureSpec extends FeatureSpec {
  readonly version: string;
}

/** A gate's specs by release, oldest first. */
export type VersionedFeatureSpecs = readonly VersionedFeatureSpec[];

export type FeatureGates<Name extends string> = Readonly<Record<Name, boolean>>;

export const alpha = (version: string): VersionedFeatureSpec => ({ version, default: false, preRelease: 'ALPHA' });
export const beta = (version: string, enabled = true): VersionedFeatureSpec => ({ version, default: enabled, preRelease: 'BETA' });
/** GA and locked on: the usual end of a gate's life before its removal. */
export const ga = (version: string): VersionedFeatureSpec => ({ version, default: true, preRelease: 'GA', lockToDefault: true });
export const gaUnlocked = (version: string, enabled = true): VersionedFeatureSpec => ({ version, default: enabled, preRelease: 'GA' });
export const LOCKED = true;
export const deprecated = (version: string, enabled: boolean, locked = false): VersionedFeatureSpec =>
  locked ? { version, default: enabled, preRelease: 'DEPRECATED', lockToDefault: true } : { version, default: enabled, preRelease: 'DEPRECATED' };

/** The stage switches every gate set knows; they are not gates themselves. */
const stageSwitches: Readonly<Record<string, FeatureStage>> = { AllAlpha: 'ALPHA', AllBeta: 'BETA' };

/** The spec in force at a version: the newest one introduced at or before it; none before the first (kube's PRE-ALPHA). */
export function featureSpecAt(specs: VersionedFeatureSpecs, version: KubeVersion): FeatureSpec | undefined {
  for (let i = specs.length - 1; i >= 0; i--) {
    const spec = specs[i] as VersionedFeatureSpec;
    if (compareKubeVersions(parseKubeVersion(spec.version), version) <= 0) return spec;
  }
  return undefined;
}

export interface FeatureGateOptions {
  /** The release whose specs are in force. */
  readonly emulationVersion: KubeVersion;
  /** Named in the error for a gate not yet in the emulated version; one minor before it unless given. */
  readonly minCompatibilityVersion?: KubeVersion;
  /** Gates that may be on only while all of theirs are on. */
  readonly dependencies?: Readonly<Record<string, readonly string[]>>;
}

export interface ResolvedFeatureGates<Name extends string> {
  readonly gates: FeatureGates<Name>;
  /** The component's warnings for the pairs given, in their order (GA and deprecated gates set). */
  readonly warnings: readonly string[];
}

/**
 * The gates in force at the emulated version: each known gate's default there, overridden by the
 * stage switches and then by the `key=value` pairs. Errors carry featuregate's own words.
 */
export function resolveFeatureGates<Name extends string>(
  known: Readonly<Record<Name, VersionedFeatureSpecs>>,
  pairs: readonly string[],
  options: FeatureGateOptions,
): ResolvedFeatureGates<Name> {
  const specs = known as Readonly<Record<string, VersionedFeatureSpecs>>;
  const version = options.emulationVersion;
  // All values are read before any name is looked up, as Set does before SetFromMap.
  const set = new Map<string, boolean>();
  for (const pair of pairs) {
    if (pair.length === 0) continue;
    const equals = pair.indexOf('=');
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (equals < 0) throw new FlagError(`missing bool value for ${name}`);
    const text = pair.slice(equals + 1).trim();
    const value = goParseBool(text);
    if (value === undefined) throw new FlagError(`invalid value of ${name}=${text}, err: strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
    set.delete(name);
    set.set(name, value);
  }
  const unknown = [...set.keys()].find((name) => specs[name] === undefined && stageSwitches[name] === undefined);
  if (unknown !== undefined) throw new FlagError(`unrecognized feature gate: ${unknown}`);
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const [name, value] of set) {
    if (stageSwitches[name] !== undefined) continue;
    const spec = featureSpecAt(specs[name] as VersionedFeatureSpecs, version);
    if (spec?.lockToDefault === true && spec.default !== value) errors.push(`cannot set feature gate ${name} to ${value}, feature is locked to ${spec.default}`);
    else if (spec === undefined)
      errors.push(
        `cannot set feature gate ${name} to ${value}, feature is PreAlpha at emulated version ${kubeVersionText(version)}, min compatibility version ${kubeVersionText(options.minCompatibilityVersion ?? minCompatibilityVersionOf(version))}`,
      );
    else if (spec.preRelease === 'DEPRECATED') warnings.push(`Setting deprecated feature gate ${name}=${value}. It will be removed in a future release.`);
    else if (spec.preRelease === 'GA') warnings.push(`Setting GA feature gate ${name}=${value}. It will be removed in a future release.`);
  }
  if (errors.length > 0) throw new FlagError(aggregate(errors));
  const gates: Record<string, boolean> = {};
  for (const [name, history] of Object.entries(specs)) {
    const spec = featureSpecAt(history, version);
    const stageSwitch = Object.keys(stageSwitches).find((key) => stageSwitches[key] === spec?.preRelease);
    gates[name] = set.get(name) ?? (stageSwitch === undefined ? undefined : set.get(stageSwitch)) ?? spec?.default ?? false;
  }
  for (const [name, needed] of Object.entries(options.dependencies ?? {})) {
    const off = needed.filter((dependency) => gates[dependency] !== true);
    if (gates[name] === true && off.length > 0) errors.push(`${name} is enabled, but depends on features that are disabled: [${off.join(' ')}]`);
  }
  if (errors.length > 0) throw new FlagError(aggregate(errors));
  return { gates: gates as FeatureGates<Name>, warnings };
}

/** The version a component keeps compatible with by default: one minor before the emulated one. */
export function minCompatibilityVersionOf(emulationVersion: KubeVersion): KubeVersion {
  return subtractMinor(emulationVersion, 1);
}

/** The help lines of the alpha and beta gates at a version, as KnownFeatures lists them (GA and deprecated ones are not shown). */
export function knownFeatures(known: Readonly<Record<string, VersionedFeatureSpecs>>, version: KubeVersion): string[] {
  const lines = ['AllAlpha=true|false (ALPHA - default=false)', 'AllBeta=true|false (BETA - default=false)'];
  for (const [name, history] of Object.entries(known)) {
    const spec = featureSpecAt(history, version);
    if (spec?.preRelease === 'ALPHA' || spec?.preRelease === 'BETA') lines.push(`${name}=true|false (${spec.preRelease} - default=${spec.default})`);
  }
  return lines.sort();
}

/**
 * The gates in force for a component without release history (each spec valid in every release),
 * with the flag parser's words around an error: `invalid argument "…" for "--feature-gates" flag: …`.
 */
export function parseFeatureGates<Name extends string>(known: Readonly<Record<Name, FeatureSpec>>, pairs: readonly string[]): FeatureGates<Name> {
  const always: Record<string, VersionedFeatureSpecs> = Object.fromEntries(Object.entries<FeatureSpec>(known).map(([name, spec]) => [name, [{ ...spec, version: '0.0' }]]));
  try {
    return resolveFeatureGates(always, pairs, { emulationVersion: { major: 0, minor: 0 } }).gates as FeatureGates<Name>;
  } catch (error) {
    if (error instanceof FlagError) throw new FlagError(`invalid argument "${pairs.join(',')}" for "--feature-gates" flag: ${error.message}`);
    throw error;
  }
}

/** Several errors as Go's aggregate error prints them. */
function aggregate(errors: readonly string[]): string {
  const distinct = [...new Set(errors)];
  return distinct.length === 1 ? (distinct[0] as string) : `[${distinct.join(', ')}]`;
}

/** Go's strconv.ParseBool. */
export function goParseBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(text)) return false;
  return undefined;
}
