// --feature-gates and --emulated-version over kube-apiserver 1.35's own gates: the stages and locks
// of each release, and kube-apiserver's words for what it refuses (checked against the
// kube-apiserver 1.35.4 binary).

import test from 'ava';
import { FlagError } from '@capstan/common';
import { apiServerFeatures } from '../src/server/feature-gates.ts';
import { featureGateSettingsOf, knownFeatureGates } from '../src/server/feature-gate-flags.ts';

const settings = (gates: string[], versions: string[] = []) => featureGateSettingsOf({ 'feature-gates': gates, 'emulated-version': versions });
const refusal = (t: { throws: (fn: () => unknown, expectations: { instanceOf: typeof FlagError }) => Error | undefined }, gates: string[], versions: string[] = []) =>
  t.throws(() => settings(gates, versions), { instanceOf: FlagError })?.message;

test('a GA gate locked in 1.35 cannot be turned off, and setting it on warns', (t) => {
  t.is(refusal(t, ['ConsistentListFromCache=false']), 'cannot set feature gate ConsistentListFromCache to false, feature is locked to true');
  t.is(refusal(t, ['kube:ConsistentListFromCache=false']), 'cannot set feature gate ConsistentListFromCache to false, feature is locked to true');
  const on = settings(['ConsistentListFromCache=true']);
  t.true(on.featureGates.ConsistentListFromCache);
  t.deepEqual(on.warnings, ['Setting GA feature gate ConsistentListFromCache=true. It will be removed in a future release.']);
});

test('the gates Capstan acts on keep their 1.35 defaults', (t) => {
  const { featureGates } = settings([]);
  for (const [name, spec] of Object.entries(apiServerFeatures)) t.is(featureGates[name as keyof typeof apiServerFeatures], spec.default, name);
  t.deepEqual(apiServerFeatures.WatchList, { version: '1.34', default: true, preRelease: 'BETA' });
  // Declarative validation is beta in 1.35: on, the takeover off (and it needs DeclarativeValidation).
  t.true(featureGates.DeclarativeValidation);
  t.false(featureGates.DeclarativeValidationTakeover);
  t.is(
    refusal(t, ['DeclarativeValidation=false', 'DeclarativeValidationTakeover=true']),
    'DeclarativeValidationTakeover is enabled, but depends on features that are disabled: [DeclarativeValidation]',
  );
});

test('an emulated release takes that release specs: unlocked then, off by default then, or not there yet', (t) => {
  // ConsistentListFromCache was beta in 1.33: it may be turned off.
  t.false(settings(['ConsistentListFromCache=false'], ['1.33']).featureGates.ConsistentListFromCache);
  // WatchList was beta but off by default in 1.33, on in 1.32 and 1.34.
  t.false(settings([], ['1.33']).featureGates.WatchList);
  t.true(settings([], ['kube=1.32']).featureGates.WatchList);
  t.true(settings([], ['1.34']).featureGates.WatchList);
  t.is(
    refusal(t, ['CloudControllerManagerWatchBasedRoutesReconciliation=true'], ['1.34']),
    'cannot set feature gate CloudControllerManagerWatchBasedRoutesReconciliation to true, feature is PreAlpha at emulated version 1.34, min compatibility version 1.33',
  );
  t.is(
    refusal(t, ['CloudControllerManagerWatchBasedRoutesReconciliation=true'], ['1.32']),
    'cannot set feature gate CloudControllerManagerWatchBasedRoutesReconciliation to true, feature is PreAlpha at emulated version 1.32, min compatibility version 1.32',
  );
  t.deepEqual(settings(['ClientsAllowCBOR=true'], ['1.34']).warnings, [
    'component has alpha features enabled in emulated version, this is unsupported: features=[ClientsAllowCBOR]',
  ]);
  t.deepEqual(settings(['ClientsAllowCBOR=true']).warnings, []);
});

test('a removed or unknown gate, a bad value, other components and bad versions are refused in kube-apiserver words', (t) => {
  t.is(refusal(t, ['Nope=true']), 'unrecognized feature gate: Nope');
  // Removed in 1.35 after being GA since 1.27.
  t.is(refusal(t, ['ServerSideApply=true']), 'unrecognized feature gate: ServerSideApply');
  t.is(refusal(t, ['WatchList=maybe']), 'invalid value of WatchList=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax');
  t.is(refusal(t, ['WatchList']), 'missing bool value for WatchList');
  t.is(refusal(t, ['wardle:Thing=true']), 'component not registered: wardle');
  t.is(refusal(t, ['kube:WatchList=true', 'CBORServingAndStorage=true']), 'set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use');
  // Below the floor the minimum compatibility version, held at 1.32, is after the emulated one too.
  t.is(refusal(t, [], ['1.20']), '[emulation version 1.20 is not between [1.32, 1.35.0], minCompatibilityVersion version 1.32 is not between [1.32, 1.20]]');
  t.is(refusal(t, [], ['1.36']), 'emulation version 1.36 is not between [1.32, 1.35.0]');
  t.is(refusal(t, [], ['abc']), 'could not parse "abc" as version');
  t.is(refusal(t, [], ['1.33.1']), 'patch version not allowed, got: kube=1.33.1');
  t.is(refusal(t, [], ['1.33', 'kube=1.34']), 'duplicate version flag, kube=1.33 and kube=1.34');
  t.is(refusal(t, [], ['wardle=1.2']), 'component not registered: wardle');
  t.is(settings([], ['1.33.0']).emulationVersion.minor, 33);
});

test('AllAlpha and AllBeta switch the stage of the emulated release, unless a gate is named', (t) => {
  const alphas = settings(['AllAlpha=true', 'CBORServingAndStorage=false']).featureGates;
  t.true(alphas.AllowUnsafeMalformedObjectDeletion);
  t.false(alphas.CBORServingAndStorage);
  const betas = settings(['AllBeta=false', 'WatchList=true']).featureGates;
  t.false(betas.DeclarativeValidation);
  t.true(betas.WatchList);
  // GA gates keep their value.
  t.true(betas.ConsistentListFromCache);
  // Alpha gates on and beta gates off leave gates on whose dependencies are off.
  t.regex(refusal(t, ['AllAlpha=true', 'AllBeta=false']) ?? '', /^\[.*StorageVersionAPI is enabled, but depends on features that are disabled: \[APIServerIdentity\]/);
});

test('the help lists the alpha and beta gates of 1.35 under the kube component', (t) => {
  const lines = knownFeatureGates();
  t.true(lines.includes('kube:AllAlpha=true|false (ALPHA - default=false)'));
  t.true(lines.includes('kube:CBORServingAndStorage=true|false (ALPHA - default=false)'));
  t.true(lines.includes('kube:WatchList=true|false (BETA - default=true)'));
  t.false(lines.some((line) => line.startsWith('kube:ConsistentListFromCache=')));
});
