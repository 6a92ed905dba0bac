// --runtime-config against what kube-apiserver 1.35.4 does with the same flag: the refusals in its
// words (each message below is the one the real kube-apiserver printed for that flag value), and
// which group-versions and resources it serves after.

import test from 'ava';
import { FlagError } from '@capstan/common';
import { resourceConfigOf, runtimeConfigPairs } from '../src/server/runtime-config/runtime-config.ts';

const refusal = (values: readonly string[]): string => {
  const error = (() => {
    try {
      resourceConfigOf(values);
    } catch (thrown) {
      return thrown;
    }
    return undefined;
  })();
  if (!(error instanceof FlagError)) throw new Error(`${values.join(',')} was not refused`);
  return error.message;
};

test('keys and values kube-apiserver refuses at start are refused in its words', (t) => {
  const refusals: readonly (readonly [string, string])[] = [
    ['batch', 'runtime-config invalid key batch'],
    ['a/b/c/d', 'runtime-config invalid key a/b/c/d'],
    ['=true', 'runtime-config invalid key '],
    ['batch/v1=maybe', 'invalid value of batch/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax'],
    ['batch/v1=true=x', 'invalid value of batch/v1: true=x, err: strconv.ParseBool: parsing "true=x": invalid syntax'],
    ['api/all=maybe', 'invalid value api/all=maybe'],
    ['api/all', 'invalid value api/all='],
    ['api/all=false', '[--runtime-config=api/all=false conflicts with --enable-priority-and-fairness=true, invalid key with only api/all=false]'],
    ['api/ga=false', '--runtime-config=api/ga=false conflicts with --enable-priority-and-fairness=true'],
    ['foo.example.com/v1', 'unknown api groups foo.example.com'],
    ['meta.k8s.io/v1=true', 'unknown api groups meta.k8s.io'],
    ['Apps/v1=true', 'unknown api groups Apps'],
    ['apps/v9', 'group version apps/v9 that has not been registered'],
    ['apps/V1=true', 'group version apps/V1 that has not been registered'],
    ['batch/__internal=true', 'group version batch/__internal that has not been registered'],
    ['batch/=true', 'group version batch/ that has not been registered'],
    ['apps//v1=true', 'group version apps/ that has not been registered'],
    ['/=true', 'group version  that has not been registered'],
    ['batch/v1/Jobs=false', 'invalid key batch/v1/Jobs: group/version/resource and resource is always lowercase plural, not "Jobs"'],
    ['apiregistration.k8s.io/v1=false', 'API group/version apiregistration.k8s.io/v1 must be enabled'],
  ];
  for (const [value, message] of refusals) t.is(refusal([value]), message, value);
  // The aggregator's own check comes after the rest.
  t.is(refusal(['api/all=false,v1=true,flowcontrol.apiserver.k8s.io/v1=true']), 'API group/version apiregistration.k8s.io/v1 must be enabled');
  // Several values of one flag, split at commas; the first bad key is named.
  t.is(refusal(['apps/v1,foo']), 'runtime-config invalid key foo');
});

test('turning the core group off is refused: kube-apiserver crashes without it', (t) => {
  for (const value of ['v1=false', 'api/v1=false', '/v1=false', 'v1/pods=false', 'api/v1/pods=false']) t.regex(refusal([value]), /core API group/, value);
  t.true(resourceConfigOf(['v1=true']).versionEnabled('', 'v1'));
});

test('the pairs are read as kube reads them: trimmed, a missing value is "", the last wins, the core keys become /v1, api/legacy is dropped', (t) => {
  t.deepEqual(
    [...runtimeConfigPairs(['batch/v1 = false', 'apps/v1', 'batch/v1=true,', 'api/v1/pods=false', 'api/legacy=false'])],
    [
      ['apps/v1', ''],
      ['batch/v1', 'true'],
      ['/v1', 'false'],
    ],
  );
});

test('by default GA versions are served and beta and alpha ones are not', (t) => {
  const config = resourceConfigOf([]);
  t.true(config.resourceEnabled('batch', 'v1', 'jobs'));
  t.true(config.resourceEnabled('', 'v1', 'pods'));
  t.true(config.resourceEnabled('apiextensions.k8s.io', 'v1', 'customresourcedefinitions'));
  t.false(config.resourceEnabled('admissionregistration.k8s.io', 'v1beta1', 'mutatingadmissionpolicies'));
  t.false(config.resourceEnabled('resource.k8s.io', 'v1alpha3', 'devicetaintrules'));
  // A removed version kube still registers is accepted and serves nothing.
  t.true(resourceConfigOf(['batch/v1beta1=true']).versionEnabled('batch', 'v1beta1'));
});

test('a version or a resource is switched off and on, a value left out meaning true', (t) => {
  const off = resourceConfigOf(['batch/v1=false']);
  t.false(off.resourceEnabled('batch', 'v1', 'jobs'));
  t.false(off.resourceEnabled('batch', 'v1', 'cronjobs'));
  const jobsOff = resourceConfigOf(['batch/v1/jobs=false']);
  t.false(jobsOff.resourceEnabled('batch', 'v1', 'jobs'));
  t.true(jobsOff.resourceEnabled('batch', 'v1', 'cronjobs'));
  const podsOff = resourceConfigOf(['/v1/pods=false']);
  t.false(podsOff.resourceEnabled('', 'v1', 'pods'));
  t.true(podsOff.resourceEnabled('', 'v1', 'services'));
  const beta = resourceConfigOf(['admissionregistration.k8s.io/v1beta1']);
  t.true(beta.resourceEnabled('admissionregistration.k8s.io', 'v1beta1', 'mutatingadmissionpolicies'));
  const one = resourceConfigOf(['admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicies=true']);
  t.true(one.resourceEnabled('admissionregistration.k8s.io', 'v1beta1', 'mutatingadmissionpolicies'));
  t.false(one.resourceEnabled('admissionregistration.k8s.io', 'v1beta1', 'mutatingadmissionpolicybindings'));
});

test('api/all, api/beta and api/alpha come first; group-versions, then resources, have the last word whatever their order', (t) => {
  const all = resourceConfigOf(['api/all=true']);
  t.true(all.versionEnabled('resource.k8s.io', 'v1beta2'));
  t.true(all.versionEnabled('scheduling.k8s.io', 'v1alpha1'));
  const beta = resourceConfigOf(['api/beta=true']);
  t.true(beta.versionEnabled('storage.k8s.io', 'v1beta1'));
  t.false(beta.versionEnabled('storage.k8s.io', 'v1alpha1'));
  const but = resourceConfigOf(['resource.k8s.io/v1beta1=false', 'api/beta=true']);
  t.false(but.versionEnabled('resource.k8s.io', 'v1beta1'));
  t.true(but.versionEnabled('resource.k8s.io', 'v1beta2'));
  const resourceLast = resourceConfigOf(['batch/v1/cronjobs=true', 'batch/v1=false']);
  t.true(resourceLast.resourceEnabled('batch', 'v1', 'cronjobs'));
  t.false(resourceLast.resourceEnabled('batch', 'v1', 'jobs'));
  // api/all=false with the versions that must stay passes kube's checks.
  const minimal = resourceConfigOf(['api/all=false', 'v1=true', 'flowcontrol.apiserver.k8s.io/v1=true', 'apiregistration.k8s.io/v1=true']);
  t.false(minimal.versionEnabled('apps', 'v1'));
  t.true(minimal.versionEnabled('', 'v1'));
});
