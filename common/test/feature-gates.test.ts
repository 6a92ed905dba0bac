import test from 'ava';
import {
  alpha,
  beta,
  deprecated,
  FlagError,
  featureSpecAt,
  ga,
  gaUnlocked,
  knownFeatures,
  LOCKED,
  parseFeatureGates,
  parseKubeVersion,
  resolveFeatureGates,
  type FeatureGateOptions,
  type FeatureSpec,
  type VersionedFeatureSpecs,
} from '../src/index.ts';

const known = {
  WatchList: { default: true, preRelease: 'BETA' },
  Shiny: { default: false, preRelease: 'ALPHA' },
  Settled: { default: true, preRelease: 'GA', lockToDefault: true },
} as const satisfies Record<string, FeatureSpec>;

test('feature gates take their defaults, then the pairs of the flag; AllAlpha and AllBeta set a whole stage', (t) => {
  t.deepEqual(parseFeatureGates(known, []), { WatchList: true, Shiny: false, Settled: true });
  t.deepEqual(parseFeatureGates(known, ['WatchList=false', 'Shiny=t']), { WatchList: false, Shiny: true, Settled: true });
  t.deepEqual(parseFeatureGates(known, ['AllAlpha=true', 'AllBeta=false']), { WatchList: false, Shiny: true, Settled: true });
  t.deepEqual(parseFeatureGates(known, ['AllBeta=false', 'WatchList=true']), { WatchList: true, Shiny: false, Settled: true });
  t.deepEqual(parseFeatureGates(known, ['Settled=true']), { WatchList: true, Shiny: false, Settled: true });
});

test('an unknown gate, a value that is no bool, a missing value and a locked gate fail with the words of the Kubernetes components', (t) => {
  const fails = (pairs: string[]): string => t.throws(() => parseFeatureGates(known, pairs), { instanceOf: FlagError })?.message ?? '';
  t.is(fails(['Nope=true']), 'invalid argument "Nope=true" for "--feature-gates" flag: unrecognized feature gate: Nope');
  t.is(
    fails(['WatchList=maybe']),
    'invalid argument "WatchList=maybe" for "--feature-gates" flag: invalid value of WatchList=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax',
  );
  t.is(fails(['WatchList']), 'invalid argument "WatchList" for "--feature-gates" flag: missing bool value for WatchList');
  t.is(fails(['Settled=false']), 'invalid argument "Settled=false" for "--feature-gates" flag: cannot set feature gate Settled to false, feature is locked to true');
});

// A gate's life in three releases, as a versioned gate set lists it.
const versioned = {
  Growing: [alpha('1.32'), beta('1.33'), ga('1.34')],
  Late: [alpha('1.35')],
  Cautious: [beta('1.33', false)],
  Fading: [gaUnlocked('1.0'), deprecated('1.33', false), deprecated('1.35', false, LOCKED)],
  Needy: [alpha('1.33')],
} as const satisfies Record<string, VersionedFeatureSpecs>;
const at = (minor: number): FeatureGateOptions => ({ emulationVersion: { major: 1, minor }, dependencies: { Needy: ['Cautious'] } });

test('the spec in force is the newest one introduced at or before the emulated release', (t) => {
  t.is(featureSpecAt(versioned.Growing, { major: 1, minor: 31 }), undefined);
  t.is(featureSpecAt(versioned.Growing, { major: 1, minor: 32 })?.preRelease, 'ALPHA');
  t.is(featureSpecAt(versioned.Growing, { major: 1, minor: 33, patch: 4 })?.preRelease, 'BETA');
  t.deepEqual(featureSpecAt(versioned.Growing, { major: 1, minor: 35 }), { version: '1.34', default: true, preRelease: 'GA', lockToDefault: true });
});

test('defaults follow the release: alpha off, beta on unless listed off, GA on', (t) => {
  t.deepEqual(resolveFeatureGates(versioned, [], at(35)).gates, { Growing: true, Late: false, Cautious: false, Fading: false, Needy: false });
  t.deepEqual(resolveFeatureGates(versioned, [], at(32)).gates, { Growing: false, Late: false, Cautious: false, Fading: true, Needy: false });
  t.deepEqual(resolveFeatureGates(versioned, ['AllBeta=true'], at(33)).gates, { Growing: true, Late: false, Cautious: true, Fading: false, Needy: false });
  // AllAlpha switches the gates that are alpha in the emulated release only.
  t.deepEqual(resolveFeatureGates(versioned, ['AllAlpha=true', 'AllBeta=true'], at(32)).gates, { Growing: true, Late: false, Cautious: false, Fading: true, Needy: false });
});

test('a locked gate fails when set away from its default, in the release where it is locked only', (t) => {
  const fails = (pairs: string[], minor: number): string => t.throws(() => resolveFeatureGates(versioned, pairs, at(minor)), { instanceOf: FlagError })?.message ?? '';
  t.is(fails(['Growing=false'], 35), 'cannot set feature gate Growing to false, feature is locked to true');
  t.deepEqual(resolveFeatureGates(versioned, ['Growing=false'], at(33)).gates.Growing, false);
  t.is(fails(['Fading=true'], 35), 'cannot set feature gate Fading to true, feature is locked to false');
  t.is(
    fails(['Growing=false', 'Fading=true'], 35),
    '[cannot set feature gate Growing to false, feature is locked to true, cannot set feature gate Fading to true, feature is locked to false]',
  );
});

test('setting a GA or deprecated gate works with the warning of the Kubernetes components', (t) => {
  t.deepEqual(resolveFeatureGates(versioned, ['Growing=true', 'Cautious=true'], at(35)).warnings, [
    'Setting GA feature gate Growing=true. It will be removed in a future release.',
  ]);
  const deprecating = resolveFeatureGates(versioned, ['Fading=true'], at(33));
  t.true(deprecating.gates.Fading);
  t.deepEqual(deprecating.warnings, ['Setting deprecated feature gate Fading=true. It will be removed in a future release.']);
});

test('a gate that comes in a later release than the emulated one cannot be set', (t) => {
  const error = t.throws(() => resolveFeatureGates(versioned, ['Late=true'], at(33)), { instanceOf: FlagError });
  t.is(error?.message, 'cannot set feature gate Late to true, feature is PreAlpha at emulated version 1.33, min compatibility version 1.32');
});

test('an enabled gate whose dependencies are off fails; values are all read before names are looked up', (t) => {
  const error = t.throws(() => resolveFeatureGates(versioned, ['Needy=true'], at(35)), { instanceOf: FlagError });
  t.is(error?.message, 'Needy is enabled, but depends on features that are disabled: [Cautious]');
  t.true(resolveFeatureGates(versioned, ['Needy=true', 'Cautious=true'], at(35)).gates.Needy);
  const bad = t.throws(() => resolveFeatureGates(versioned, ['Nope=true', 'Growing=maybe'], at(35)), { instanceOf: FlagError });
  t.is(bad?.message, 'invalid value of Growing=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax');
});

test('knownFeatures lists the alpha and beta gates of the release, with the stage switches', (t) => {
  t.deepEqual(knownFeatures(versioned, { major: 1, minor: 33 }), [
    'AllAlpha=true|false (ALPHA - default=false)',
    'AllBeta=true|false (BETA - default=false)',
    'Cautious=true|false (BETA - default=false)',
    'Growing=true|false (BETA - default=true)',
    'Needy=true|false (ALPHA - default=false)',
  ]);
});

test('versions read as apimachinery reads them, and are refused in its words', (t) => {
  t.deepEqual(parseKubeVersion('1.33'), { major: 1, minor: 33 });
  t.deepEqual(parseKubeVersion('v1.33.0'), { major: 1, minor: 33, patch: 0 });
  t.is(t.throws(() => parseKubeVersion('abc'))?.message, 'could not parse "abc" as version');
  t.is(t.throws(() => parseKubeVersion('1'))?.message, 'illegal version string "1"');
  t.is(t.throws(() => parseKubeVersion('01.33'))?.message, 'illegal zero-prefixed version component "01" in "01.33"');
});
