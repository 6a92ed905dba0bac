// --runtime-config as kube-apiserver 1.35 reads it (component-base's ConfigurationMap, the
// controlplane's Complete, APIEnablementOptions.Validate and resourceconfig's
// MergeAPIResourceConfigs): "key=value" pairs, the value "" meaning true; api/all, api/ga, api/beta
// and api/alpha first, then "<group>/<version>" keys, then "<group>/<version>/<resource>" keys.
// A flag kube refuses is refused in kube's words, at start.

import { FlagError, goParseBool } from '@capstan/common';
import { kubeRegisteredVersions } from './kube-api-versions.ts';
import { ResourceConfig } from './resource-config.ts';

/** The flag, for `capstan apiserver` and `capstan up`. */
export const runtimeConfigFlag = {
  'runtime-config': {
    type: 'strings',
    default: [] as readonly string[],
    help:
      'key=true|false pairs that enable or disable built-in APIs: <group>/<version> (e.g. batch/v1=false, admissionregistration.k8s.io/v1beta1=true), ' +
      '<group>/<version>/<resource> (e.g. batch/v1/jobs=false), v1 for the core group, api/all, api/ga (v[0-9]+), api/beta (v[0-9]+beta[0-9]+) and api/alpha (v[0-9]+alpha[0-9]+); ' +
      'a key without a value means true. Beta and alpha versions are off by default',
  },
} as const;

/** The keys that switch every version of a stage, in the order kube applies them. */
const versionMatchers: ReadonlyMap<string, (version: string) => boolean> = new Map([
  ['api/all', () => true],
  ['api/ga', (version: string) => /^v\d+$/.test(version)],
  ['api/beta', (version: string) => /^v\d+beta\d+$/.test(version)],
  ['api/alpha', (version: string) => /^v\d+alpha\d+$/.test(version)],
]);

/**
 * The flag's pairs as kube's ConfigurationMap holds them: comma-separated (the flag's values come
 * split already), each key and value trimmed, the last value of a key kept. Then kube-apiserver's
 * Complete: "v1", "api/v1" and their "/<resource>" forms name the whole core group ("/v1"), and the
 * old api/legacy key is dropped.
 */
export function runtimeConfigPairs(values: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const value of values.flatMap((v) => v.split(','))) {
    if (value === '') continue;
    const equals = value.indexOf('=');
    const key = (equals < 0 ? value : value.slice(0, equals)).trim();
    const text = equals < 0 ? '' : value.slice(equals + 1).trim();
    if (key === 'api/legacy') continue;
    const legacyCore = key === 'v1' || key.startsWith('v1/') || key === 'api/v1' || key.startsWith('api/v1/');
    const completed = legacyCore ? '/v1' : key;
    pairs.delete(completed);
    pairs.set(completed, text);
  }
  return pairs;
}

/** schema.ParseGroupVersion of "<group>/<version>" (always one slash here). */
function parseGroupVersion(text: string): { readonly group: string; readonly version: string } {
  if (text === '/') return { group: '', version: '' };
  const slash = text.indexOf('/');
  return { group: text.slice(0, slash), version: text.slice(slash + 1) };
}

/** schema.GroupVersion's String(): the version alone for the core group. */
const groupVersionText = (group: string, version: string): string => (group === '' ? version : `${group}/${version}`);

/** kube's aggregated errors: one as it is, more in brackets. */
const aggregated = (messages: readonly string[]): FlagError => new FlagError(messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]`);

/**
 * kube-apiserver's validation of the flag: --enable-priority-and-fairness (on in kube by default,
 * and Capstan has no flag for it yet) needs flowcontrol.apiserver.k8s.io/v1; api/all=false alone
 * means nothing to serve; every key is "<group>/<version>[/<resource>]" of a known group.
 */
function validationErrors(pairs: ReadonlyMap<string, string>, enablePriorityAndFairness: boolean): string[] {
  const errors: string[] = [];
  if (enablePriorityAndFairness) {
    // As kube checks it: on the sorted "key=value" text, the first of these that it mentions decides.
    const text = [...pairs]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join(',');
    for (const key of ['flowcontrol.apiserver.k8s.io/v1', 'api/ga', 'api/all']) {
      if (text.includes(`${key}=false`)) {
        errors.push(`--runtime-config=${key}=false conflicts with --enable-priority-and-fairness=true`);
        break;
      }
      if (text.includes(`${key}=true`)) break;
    }
  }
  if (pairs.get('api/all') === 'false' && pairs.size === 1) return [...errors, 'invalid key with only api/all=false'];
  const groups: string[] = [];
  for (const key of pairs.keys()) {
    if (versionMatchers.has(key)) continue;
    const tokens = key.split('/');
    if (tokens.length !== 2 && tokens.length !== 3) return [...errors, `runtime-config invalid key ${key}`];
    groups.push(parseGroupVersion(`${tokens[0]}/${tokens[1]}`).group);
  }
  const unknown = groups.filter((group) => !kubeRegisteredVersions.has(group));
  if (unknown.length > 0) errors.push(`unknown api groups ${unknown.join(',')}`);
  return errors;
}

/**
 * The served group-versions and resources the flag's values make of kube-apiserver 1.35's
 * defaults; a FlagError in kube's words for what kube refuses, and for turning off the core
 * group's v1, without which kube-apiserver does not start either (it crashes).
 */
export function resourceConfigOf(values: readonly string[], options: { readonly enablePriorityAndFairness?: boolean } = {}): ResourceConfig {
  const pairs = runtimeConfigPairs(values);
  const errors = validationErrors(pairs, options.enablePriorityAndFairness ?? true);
  if (errors.length > 0) throw aggregated(errors);
  const config = ResourceConfig.kubeDefault();
  for (const [key, matches] of versionMatchers) {
    const value = pairs.get(key);
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') throw new FlagError(`invalid value ${key}=${value}`);
    config.setMatchingVersions(matches, value === 'true');
  }
  // Versions first, then resources: a resource's own switch has the last word.
  const resources: (() => void)[] = [];
  for (const [key, value] of pairs) {
    if (versionMatchers.has(key)) continue;
    const [groupText = '', versionText = '', resource, ...rest] = key.split('/');
    if (rest.length > 0) continue;
    const { group, version } = parseGroupVersion(`${groupText}/${versionText}`);
    const versions = kubeRegisteredVersions.get(group);
    if (versions === undefined) continue;
    if (!versions.includes(version)) throw new FlagError(`group version ${groupVersionText(group, version)} that has not been registered`);
    const enabled = value === '' ? true : goParseBool(value);
    if (enabled === undefined) throw new FlagError(`invalid value of ${key}: ${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
    if (resource === undefined) config.setVersion(group, version, enabled);
    else if (resource.toLowerCase() !== resource)
      throw new FlagError(`invalid key ${key}: group/version/resource and resource is always lowercase plural, not ${JSON.stringify(resource)}`);
    else resources.push(() => config.setResource(group, version, resource, enabled));
  }
  for (const apply of resources) apply();
  // The aggregator's check, after the rest.
  if (!config.resourceEnabled('apiregistration.k8s.io', 'v1', 'apiservices')) throw new FlagError('API group/version apiregistration.k8s.io/v1 must be enabled');
  if (!config.versionEnabled('', 'v1')) throw new FlagError('--runtime-config turns the core API group (v1, api/v1) off, which kube-apiserver cannot serve without either');
  return config;
}
