import test from 'ava';
import { FlagError, parseFeatureGates, type FeatureSpec } from '../src/index.ts';

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
