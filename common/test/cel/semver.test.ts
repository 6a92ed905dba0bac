// Kubernetes' semver library in CEL (blang/semver underneath): strict and normalizing parses with
// their exact errors, major/minor/patch, precedence, equality without build metadata, and costs,
// as Kubernetes 1.35 (semver library version 1) answers them.

import test from 'ava';
import fc from 'fast-check';
import { CelSemver, semverCosts, semverFunctions, semverType } from '../../src/cel/library/semver.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelError, typeOf, types, type CelValue } from '../../src/cel/values/values.ts';

const global = (name: string, ...args: CelValue[]): CelValue => semverFunctions.get(name)!.global!(args);
const member = (name: string, target: CelValue, ...args: CelValue[]): CelValue => semverFunctions.get(name)!.member!([target, ...args]);
const semver = (text: string, normalize?: boolean): CelValue => (normalize === undefined ? global('semver', text) : global('semver', text, normalize));

test('semver() parses MAJOR.MINOR.PATCH with prerelease and build', (t) => {
  t.true(semver('1.2.3') instanceof CelSemver);
  t.is(String(semver('1.2.3-beta.1+build.1')), '1.2.3-beta.1+build.1');
  t.is(typeOf(semver('0.1.0-alpha.1')), semverType);
  t.is(semverType.name, 'kubernetes.Semver');
  t.is(member('major', semver('1.2.3')), 1);
  t.is(member('minor', semver('1.2.3')), 2);
  t.is(member('patch', semver('1.2.3')), 3);
  // uint64 parts are returned as int64, so the largest ones wrap.
  t.is(member('major', semver('9223372036854775808.0.0')), -9223372036854775808n);
  t.is(member('major', semver('18446744073709551615.1.2')), -1);
});

test("semver() refuses with blang/semver's messages", (t) => {
  const cases: Array<[string, string]> = [
    ['', 'Version string empty'],
    ['v1.0', 'No Major.Minor.Patch elements found'],
    ['1', 'No Major.Minor.Patch elements found'],
    ['1.2-beta', 'No Major.Minor.Patch elements found'],
    ['a.b.c', 'Invalid character(s) found in major number "a"'],
    ['1.x.3', 'Invalid character(s) found in minor number "x"'],
    ['1.2.x', 'Invalid character(s) found in patch number "x"'],
    ['01.2.3', 'Major number must not contain leading zeroes "01"'],
    ['1.02.3', 'Minor number must not contain leading zeroes "02"'],
    ['1.2.03', 'Patch number must not contain leading zeroes "03"'],
    ['1.2.3-', 'Prerelease is empty'],
    ['1.2.3-01', 'Numeric PreRelease version must not contain leading zeroes "01"'],
    ['1.2.3-alpha.01', 'Numeric PreRelease version must not contain leading zeroes "01"'],
    ['1.2.3-a_b', 'Invalid character(s) found in prerelease "a_b"'],
    ['1.2.3+', 'Build meta data is empty'],
    ['1.2.3+a..b', 'Build meta data is empty'],
    ['1.2.3+a_b', 'Invalid character(s) found in build meta data "a_b"'],
    ['18446744073709551616.0.0', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['1..3', 'strconv.ParseUint: parsing "": invalid syntax'],
  ];
  for (const [text, message] of cases) t.deepEqual(semver(text), new CelError(message), text);
});

test('isSemver is strict: no "v", no whitespace, no short forms, no leading zeros', (t) => {
  t.true(global('isSemver', '1.2.3-beta.1+build.1'));
  for (const text of ['', 'v1.0.0', ' 1.0.0', '1. 0.0', '1.0.0 ', '01.01.01', '1', '1.1']) t.false(global('isSemver', text), text);
});

test('normalizing drops one "v" and leading zeros and fills a missing minor or patch', (t) => {
  t.is(String(semver('v1.0', true)), '1.0.0');
  t.is(String(semver('1', true)), '1.0.0');
  t.is(String(semver('01.02.03', true)), '1.2.3');
  t.is(String(semver('v01.01', true)), '1.1.0');
  t.true(equalValues(semver('v01.01', true), semver('1.1.0')));
  t.deepEqual(semver('1.2-beta', true), new CelError('short version cannot contain PreRelease/Build meta data'));
  t.deepEqual(semver('', true), new CelError('strconv.ParseUint: parsing "": invalid syntax'));
  t.deepEqual(semver('1.2.3-01', true), new CelError('Numeric PreRelease version must not contain leading zeroes "01"'));
  for (const text of ['v1.0.0', '01.01.01', '1', '1.1']) t.true(global('isSemver', text, true), text);
  for (const text of ['', ' 1.0.0', '1. 0.0', '1.0.0 ', 'vv1.0.0']) t.false(global('isSemver', text, true), text);
  t.is(String(semver('1.0.0', false)), '1.0.0');
  t.deepEqual(semver('v1.0.0', false), new CelError('Invalid character(s) found in major number "v1"'));
});

test('precedence: numbers, then a release above its prereleases, numeric identifiers below alphanumeric ones', (t) => {
  const ascending = ['1.0.0-1', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0', '1.0.1', '1.9.0', '1.10.0', '2.0.0'];
  ascending.forEach((a, i) =>
    ascending.forEach((b, j) => {
      const expected = Math.sign(i - j);
      t.is(member('compareTo', semver(a), semver(b)), expected, `${a} vs ${b}`);
      t.is(member('isLessThan', semver(a), semver(b)), expected === -1);
      t.is(member('isGreaterThan', semver(a), semver(b)), expected === 1);
    }),
  );
});

test('equality ignores build metadata; comparing with another kind is an error', (t) => {
  t.true(equalValues(semver('1.2.3'), semver('1.2.3')));
  t.true(equalValues(semver('1.2.3+build'), semver('1.2.3')));
  t.false(equalValues(semver('1.2.3'), semver('1.0.0')));
  t.deepEqual(equalValues(semver('1.2.3'), types.string), new CelError('no such overload'));
});

test('the functions answer no such overload for arguments of other kinds', (t) => {
  t.deepEqual(global('isSemver', [1, 2, 3]), new CelError('no such overload: isSemver'));
  t.deepEqual(global('semver', '1.0.0', 'yes'), new CelError('no such overload: semver'));
  t.deepEqual(member('major', '1.2.3'), new CelError('no such overload: major'));
  t.deepEqual(member('compareTo', semver('1.0.0'), '1.0.0'), new CelError('no such overload: compareTo'));
});

test("costs, as Kubernetes' cost tests count them", (t) => {
  t.is(semverCosts.semver.actual(['1.0.0']), 1);
  t.is(semverCosts.semver.actual(['1234.56789012345.67890123456789']), 4);
  t.is(semverCosts.isSemver.actual(['1234.56789012345.67890123456789']), 4);
  for (const name of ['major', 'minor', 'patch', 'isLessThan', 'isGreaterThan', 'compareTo'] as const) t.is(semverCosts[name].actual(), 1, name);
});

const identifier = fc.oneof(fc.nat({ max: 30 }).map(String), fc.stringMatching(/^[a-z][a-z0-9-]{0,4}$/));
const version = fc
  .tuple(fc.nat({ max: 5 }), fc.nat({ max: 5 }), fc.nat({ max: 5 }), fc.array(identifier, { maxLength: 3 }), fc.array(fc.stringMatching(/^[a-z0-9]{1,3}$/), { maxLength: 2 }))
  .map(([major, minor, patch, pre, build]) => `${major}.${minor}.${patch}${pre.length > 0 ? `-${pre.join('.')}` : ''}${build.length > 0 ? `+${build.join('.')}` : ''}`);

test('every valid version prints back as written and orders consistently', (t) => {
  fc.assert(
    fc.property(version, version, (a, b) => {
      const x = semver(a);
      const y = semver(b);
      const order = member('compareTo', x, y);
      return String(x) === a && member('compareTo', y, x) === -(order as number) && equalValues(x, y) === (order === 0) && global('isSemver', a) === true;
    }),
  );
  t.pass();
});
