// --feature-gates as the Kubernetes components read it (component-base/featuregate): key=bool
// pairs over the gates a component knows, with AllAlpha and AllBeta for every gate of a stage.
// An unknown gate, a value that is no bool and a gate locked to its default fail at start.

import { FlagError } from './flags.ts';

export interface FeatureSpec {
  readonly default: boolean;
  readonly preRelease: 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';
  /** GA and deprecated gates that can no longer be turned away from their default. */
  readonly lockToDefault?: boolean;
}

export type FeatureGates<Name extends string> = Readonly<Record<Name, boolean>>;

const stageSwitches = { AllAlpha: 'ALPHA', AllBeta: 'BETA' } as const;

/** The gates in force: each known gate's default, overridden by the `key=value` pairs of the flag. */
export function parseFeatureGates<Name extends string>(known: Readonly<Record<Name, FeatureSpec>>, pairs: readonly string[]): FeatureGates<Name> {
  const invalid = (why: string): FlagError => new FlagError(`invalid argument "${pairs.join(',')}" for "--feature-gates" flag: ${why}`);
  const specs = known as Readonly<Record<string, FeatureSpec>>;
  const set = new Map<string, boolean>();
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (equals < 0) throw invalid(`missing bool value for ${name}`);
    const text = pair.slice(equals + 1).trim();
    const value = goParseBool(text);
    if (value === undefined) throw invalid(`invalid value of ${name}=${text}, err: strconv.ParseBool: parsing "${text}": invalid syntax`);
    const spec = specs[name];
    if (spec === undefined && !(name in stageSwitches)) throw invalid(`unrecognized feature gate: ${name}`);
    if (spec?.lockToDefault === true && value !== spec.default) throw invalid(`cannot set feature gate ${name} to ${value}, feature is locked to ${spec.default}`);
    set.set(name, value);
  }
  const gates: Record<string, boolean> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const stageSwitch = Object.entries(stageSwitches).find(([, stage]) => stage === spec.preRelease)?.[0];
    gates[name] = set.get(name) ?? (stageSwitch === undefined ? undefined : set.get(stageSwitch)) ?? spec.default;
  }
  return gates as FeatureGates<Name>;
}

/** Go's strconv.ParseBool. */
export function goParseBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(text)) return false;
  return undefined;
}
