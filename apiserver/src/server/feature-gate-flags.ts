// --feature-gates and --emulated-version as kube-apiserver 1.35 reads them (component-base's
// compatibility registry, one component "kube"): the versions first, then the gates at the emulated
// release, then the release's range. Each refusal is kube's sentence, at start.

import {
  compareKubeVersions,
  FlagError,
  type FeatureGates,
  featureSpecAt,
  goParseBool,
  knownFeatures,
  kubeVersionText,
  minCompatibilityVersionOf,
  parseKubeVersion,
  resolveFeatureGates,
  type KubeVersion,
} from '@capstan/common';
import type { FeatureInfo } from '@capstan/common/metrics';
import { emulationVersionFloor, kubeBinaryVersion } from './emulated-version.ts';
import { kubeApiServerFeatureDependencies, kubeApiServerFeatures, type KubeApiServerFeature } from './kube-apiserver-features.ts';

const component = 'kube';

/** The flags, for `capstan apiserver` and `capstan up`. */
export const featureGateFlags = {
  'feature-gates': {
    type: 'strings',
    default: [] as readonly string[],
    help:
      'key=true|false pairs (or kube:key=true|false) of kube-apiserver 1.35 feature gates, with AllAlpha and AllBeta for every gate of a stage; ' +
      '`capstan apiserver --help` lists the alpha and beta gates. A locked GA or deprecated gate set away from its default, or an unknown gate, fails the start',
  },
  'emulated-version': {
    type: 'strings',
    default: [] as readonly string[],
    help: `The release (major.minor, or kube=major.minor) whose feature gate stages and defaults apply, from ${kubeVersionText(emulationVersionFloor)} to ${kubeVersionText(kubeBinaryVersion)} (default ${kubeVersionText(kubeBinaryVersion)})`,
  },
} as const;

export interface FeatureGateSettings {
  readonly featureGates: FeatureGates<KubeApiServerFeature>;
  readonly emulationVersion: KubeVersion;
  /** What kube-apiserver warns of at start (GA or deprecated gates set, alpha gates on in an older release). */
  readonly warnings: readonly string[];
}

export function featureGateSettingsOf(flags: { readonly 'feature-gates': readonly string[]; readonly 'emulated-version': readonly string[] }): FeatureGateSettings {
  const emulationVersion = emulationVersionOf(flags['emulated-version']);
  const minCompatibilityVersion = laterOf(minCompatibilityVersionOf(emulationVersion), emulationVersionFloor);
  const { gates, warnings } = resolveFeatureGates(kubeApiServerFeatures, kubeGatePairs(flags['feature-gates']), {
    emulationVersion,
    minCompatibilityVersion,
    dependencies: kubeApiServerFeatureDependencies,
  });
  // Validate's range checks come after the gates have been set at the release named. Below the
  // floor the minimum compatibility version (held at the floor) is after the emulated one too.
  const rangeErrors: string[] = [];
  if (compareKubeVersions(emulationVersion, kubeBinaryVersion) > 0 || compareKubeVersions(emulationVersion, emulationVersionFloor) < 0)
    rangeErrors.push(
      `emulation version ${kubeVersionText(emulationVersion)} is not between [${kubeVersionText(emulationVersionFloor)}, ${kubeVersionText({ ...kubeBinaryVersion, patch: 0 })}]`,
    );
  if (compareKubeVersions(minCompatibilityVersion, emulationVersion) > 0)
    rangeErrors.push(
      `minCompatibilityVersion version ${kubeVersionText(minCompatibilityVersion)} is not between [${kubeVersionText(emulationVersionFloor)}, ${kubeVersionText(emulationVersion)}]`,
    );
  if (rangeErrors.length > 0) throw new FlagError(rangeErrors.length === 1 ? (rangeErrors[0] as string) : `[${rangeErrors.join(', ')}]`);
  const olderAlphaOn =
    compareKubeVersions(emulationVersion, kubeBinaryVersion) < 0
      ? Object.entries<boolean>(gates)
          .filter(([name, on]) => on && featureSpecAt(kubeApiServerFeatures[name as KubeApiServerFeature], emulationVersion)?.preRelease === 'ALPHA')
          .map(([name]) => name)
          .sort()
      : [];
  const alphaWarning = olderAlphaOn.length === 0 ? [] : [`component has alpha features enabled in emulated version, this is unsupported: features=[${olderAlphaOn.join(' ')}]`];
  return { featureGates: gates, emulationVersion, warnings: [...warnings, ...alphaWarning] };
}

/** The gates' help lines at the binary's release, each under the component's prefix. */
export function knownFeatureGates(): string[] {
  return knownFeatures(kubeApiServerFeatures, kubeBinaryVersion).map((line) => `${component}:${line}`);
}

/** --emulated-version's entries: "1.33" or "kube=1.33", no patch but .0, once. */
function emulationVersionOf(values: readonly string[]): KubeVersion {
  const byComponent = new Map<string, KubeVersion>();
  for (const value of values) {
    const equals = value.indexOf('=');
    const name = equals < 0 ? component : value.slice(0, equals).trim();
    let version: KubeVersion;
    try {
      version = parseKubeVersion(equals < 0 ? value : value.slice(equals + 1).trim());
    } catch (error) {
      throw new FlagError((error as Error).message);
    }
    if ((version.patch ?? 0) !== 0) throw new FlagError(`patch version not allowed, got: ${name}=${kubeVersionText(version)}`);
    const earlier = byComponent.get(name);
    if (earlier !== undefined) throw new FlagError(`duplicate version flag, ${name}=${kubeVersionText(earlier)} and ${name}=${kubeVersionText(version)}`);
    byComponent.set(name, version);
  }
  const other = [...byComponent.keys()].find((name) => name !== component);
  if (other !== undefined) throw new FlagError(`component not registered: ${other}`);
  const chosen = byComponent.get(component);
  // The release is kept as major.minor, whatever patch was written.
  return chosen === undefined ? kubeBinaryVersion : { major: chosen.major, minor: chosen.minor };
}

/** --feature-gates' pairs for the one component: unprefixed or "kube:"-prefixed, not both. */
function kubeGatePairs(values: readonly string[]): string[] {
  const byComponent = new Map<string, string[]>();
  for (const value of values) {
    if (value.length === 0) continue;
    const colon = value.indexOf(':');
    const name = colon < 0 ? '' : value.slice(0, colon).trim();
    const pair = (colon < 0 ? value : value.slice(colon + 1)).trim();
    byComponent.set(name, [...(byComponent.get(name) ?? []), pair]);
  }
  if (byComponent.has('') && byComponent.has(component)) throw new FlagError('set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use');
  const other = [...byComponent.keys()].find((name) => name !== '' && name !== component);
  if (other !== undefined) throw new FlagError(`component not registered: ${other}`);
  return byComponent.get('') ?? byComponent.get(component) ?? [];
}

function laterOf(a: KubeVersion, b: KubeVersion): KubeVersion {
  return compareKubeVersions(a, b) >= 0 ? a : b;
}

/**
 * Every gate in force at the emulated release with its stage, for kubernetes_feature_enabled:
 * gates not yet in that release are left out, and AllAlpha and AllBeta are in, as kube lists them.
 */
export function featureInfoOf(flags: { readonly 'feature-gates': readonly string[] }, settings: FeatureGateSettings): FeatureInfo[] {
  const stageSwitches = new Map<string, boolean>();
  for (const pair of kubeGatePairs(flags['feature-gates'])) {
    const [name = '', value = ''] = pair.split('=').map((part) => part.trim());
    if (name === 'AllAlpha' || name === 'AllBeta') stageSwitches.set(name, goParseBool(value) ?? false);
  }
  const info: FeatureInfo[] = [
    { name: 'AllAlpha', stage: 'ALPHA', enabled: stageSwitches.get('AllAlpha') ?? false },
    { name: 'AllBeta', stage: 'BETA', enabled: stageSwitches.get('AllBeta') ?? false },
  ];
  for (const [name, history] of Object.entries(kubeApiServerFeatures)) {
    const spec = featureSpecAt(history, settings.emulationVersion);
    if (spec !== undefined) info.push({ name, stage: spec.preRelease, enabled: settings.featureGates[name as KubeApiServerFeature] });
  }
  return info;
}
