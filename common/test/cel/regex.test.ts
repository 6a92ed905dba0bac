// RE2 regular expressions in CEL: matches (standard, both forms), find and findAll (Kubernetes'
// regex library) with Go's leftmost-first and empty-match rules, Go's error texts for bad
// patterns, linear-time matching of inputs that make backtracking engines explode, and costs.

import test from 'ava';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compileRegex, regexCosts, regexFunctions, RegexSyntaxError } from '../../src/cel/library/regex.ts';
import { CelError, CelUint, type CelValue } from '../../src/cel/values/values.ts';

const member = (name: string, ...args: CelValue[]): CelValue => regexFunctions.get(name)!.member!(args);
const global = (name: string, ...args: CelValue[]): CelValue => regexFunctions.get(name)!.global!(args);

test('matches searches anywhere in the string, in both the member and the global form', (t) => {
  t.is(member('matches', 'hubba', 'ubb'), true);
  t.is(member('matches', '', 'foo|bar'), false);
  t.is(member('matches', 'cows', ''), true);
  t.is(member('matches', 'abcd', '^bc'), false);
  t.is(member('matches', 'grey', 'gr(a|e)y'), true);
  t.is(member('matches', 'mañana', 'a+ñ+a+'), true);
  t.is(member('matches', '🐱😀😀', '(a|😀){2}'), true);
  t.is(member('matches', '😀', '^.$'), true, 'dot matches one code point, not one UTF-16 unit');
  t.is(global('matches', 'hubba', 'ubb'), true);
  t.is(global('matches', 'hubba', '^ubb'), false);
});

test('RE2 syntax is accepted where it differs from JavaScript: Perl classes, named groups, flags, Unicode classes', (t) => {
  t.is(member('matches', 'abc', '(?i)ABC'), true);
  t.is(member('matches', 'abc', '[[:alpha:]]+'), true);
  t.is(member('matches', 'a.*b', '^\\Qa.*b\\E$'), true);
  t.is(member('matches', 'αβγ', '^\\p{Greek}+$'), true);
  t.is(member('matches', 'ab', '(?P<first>a)(?<second>b)'), true);
  t.is(member('matches', 'K', '(?i)\u212a'), true, 'case folding includes the Kelvin sign, as in Go');
  t.is(member('matches', 'a\nb', '^b'), false);
  t.is(member('matches', 'a\nb', '(?m)^b'), true);
  t.is(member('matches', 'a\nb', 'a.b'), false);
  t.is(member('matches', 'a\nb', '(?s)a.b'), true);
});

test('an invalid pattern is an error with Go regexp/syntax wording', (t) => {
  const cases: [pattern: string, message: string][] = [
    ['(abc', 'error parsing regexp: missing closing ): `(abc`'],
    ['abc)', 'error parsing regexp: unexpected ): `abc)`'],
    ['[a', 'error parsing regexp: missing closing ]: `[a`'],
    ['a**', 'error parsing regexp: invalid nested repetition operator: `**`'],
    ['*', 'error parsing regexp: missing argument to repetition operator: `*`'],
    ['x{2,1}', 'error parsing regexp: invalid repeat count: `{2,1}`'],
    ['a{1001}', 'error parsing regexp: invalid repeat count: `{1001}`'],
    ['[z-a]', 'error parsing regexp: invalid character class range: `z-a`'],
    ['\\8', 'error parsing regexp: invalid escape sequence: `\\8`'],
    ['(?=a)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ['a\\', 'error parsing regexp: trailing backslash at end of expression'],
    ['\\p{Foo}', 'error parsing regexp: invalid character class range: `\\p{Foo}`'],
    ['(?P<n>a)(?P<n>b)', 'error parsing regexp: duplicate capture group name: `n`'],
  ];
  for (const [pattern, message] of cases) {
    t.deepEqual(member('matches', 'x', pattern), new CelError(message), pattern);
    t.deepEqual(global('matches', 'x', pattern), new CelError(message), pattern);
    t.deepEqual(member('find', 'x', pattern), new CelError(`Illegal regex: ${message}`), pattern);
    t.deepEqual(member('findAll', 'x', pattern), new CelError(`Illegal regex: ${message}`), pattern);
    t.deepEqual(member('findAll', 'x', pattern, 2), new CelError(`Illegal regex: ${message}`), pattern);
  }
});

test('find answers the leftmost-first match, or an empty string', (t) => {
  t.is(member('find', 'abc 123', '[0-9]+'), '123');
  t.is(member('find', 'abc 123', '[0-9]*'), '', 'the empty match at the start comes first, as in Go');
  t.is(member('find', 'abc 123', 'xyz'), '');
  t.is(member('find', 'ab', 'a|ab'), 'a', 'leftmost-first, not leftmost-longest');
  t.is(member('find', 'aaa', 'a+?'), 'a');
  t.is(member('find', 'x😀y', '[^x]'), '😀');
});

test('findAll answers successive matches as Go does, ignoring an empty match right after a match', (t) => {
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+'), ['123', '456']);
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]*'), ['123', '', '', '', '', '456']);
  t.deepEqual(member('findAll', '123 abc 456', 'xyz'), []);
  t.deepEqual(member('findAll', '😀a😀', ''), ['', '', '', ''], 'empty matches step by code point');
  t.deepEqual(member('findAll', 'xfoo foo', '\\bfoo'), ['foo'], 'later searches see the text before them');
  t.deepEqual(member('findAll', 'aaa', '^a'), ['a']);
  t.deepEqual(member('findAll', 'banana', 'an|na'), ['an', 'an']);
});

test('findAll with a limit answers at most that many matches; a negative limit means all', (t) => {
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+', 1), ['123']);
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+', 0), []);
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+', -1), ['123', '456']);
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+', 9223372036854775807n), ['123', '456']);
  t.deepEqual(member('findAll', '123 abc 456', '[0-9]+', -9223372036854775808n), ['123', '456']);
});

test('arguments of other kinds answer no such overload', (t) => {
  t.deepEqual(member('matches', 1, 'a'), new CelError('no such overload: matches'));
  t.deepEqual(global('matches', 'a', null), new CelError('no such overload: matches'));
  t.deepEqual(member('find', 'a', 1), new CelError('no such overload: find'));
  t.deepEqual(member('findAll', ['a'], 'a'), new CelError('no such overload: findAll'));
  t.deepEqual(member('findAll', 'a', 'a', new CelUint(1)), new CelError('no such overload: findAll'));
  t.deepEqual(member('findAll', 'a', 'a', '1'), new CelError('no such overload: findAll'));
});

test('inputs that take a backtracking engine exponential time complete, and answer correctly', (t) => {
  // With JavaScript's RegExp each of these takes seconds at 28 characters and doubles per character.
  const pathological: [text: string, pattern: string][] = [
    [`${'a'.repeat(27)}!`, '^(a+)+$'],
    [`${'a'.repeat(27)}!`, '(a|a)*b'],
    [`${'x'.repeat(27)}!`, '^(x+x+)+y$'],
    [`${'a'.repeat(27)}!`, '^(a|aa)*$'],
  ];
  for (const [text, pattern] of pathological) {
    t.is(member('matches', text, pattern), false, pattern);
    t.is(member('find', text, pattern), '', pattern);
    t.deepEqual(member('findAll', text, pattern), [], pattern);
    // Linear time: the same patterns over 100,000 characters also complete.
    const long = text.slice(0, -1).repeat(4000) + text.slice(-1);
    t.is(member('matches', long, pattern), false, pattern);
  }
  t.is(member('find', `${'a'.repeat(100_000)}!`, '(a+)+!'), `${'a'.repeat(100_000)}!`);
});

test('a compiled pattern is cached and reused; a bad one caches its error', (t) => {
  const first = compileRegex('^[a-z]+[0-9]*$');
  t.is(compileRegex('^[a-z]+[0-9]*$'), first);
  for (let i = 0; i < 1000; i++) compileRegex(`pattern-${i}`);
  const again = compileRegex('^[a-z]+[0-9]*$');
  t.not(again, first, 'the cache is bounded: long-unused patterns are dropped');
  t.true(again instanceof RE2JS);
  const bad = compileRegex('(');
  t.true(bad instanceof RegexSyntaxError);
  t.is(compileRegex('('), bad);
});

test('costs follow Kubernetes: ceil((1 + size(text)) x 0.1) x ceil(size(pattern) x 0.25), sizes in code points', (t) => {
  t.is(regexCosts.matches.actual(['', 'a']), 1);
  t.is(regexCosts.matches.actual(['a'.repeat(100), '[0-9]+']), 11 * 2);
  t.is(regexCosts.find.actual(['😀'.repeat(29), 'abcdefghi']), 3 * 3, 'emoji count once each');
  t.is(regexCosts.findAll.actual(['a'.repeat(1000), 'a'.repeat(100), 5]), 101 * 25);
  t.is(regexCosts.findAll.actual(['a'.repeat(29), '']), 0, 'an empty pattern costs nothing, as in Kubernetes');
});

/** Patterns whose meaning JavaScript and RE2 share: quantifiers only on single characters or classes. */
const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', 'a*', 'b+', 'a?', 'b*?', '[ab]{1,2}', '(?:ab)');
const branch = fc.array(atom, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join(''));
const pattern = fc.array(branch, { minLength: 1, maxLength: 3 }).map((branches) => branches.join('|'));
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 });

test('on patterns both engines read alike, matches and find agree with leftmost-first backtracking', (t) => {
  fc.assert(
    fc.property(pattern, text, (source, input) => {
      const expected = new RegExp(source, 'su').exec(input);
      t.is(member('matches', input, source), expected !== null);
      t.is(member('find', input, source), expected === null ? '' : expected[0]);
    }),
  );
});

test('findAll answers substrings that each match the pattern, in order, within the limit', (t) => {
  fc.assert(
    fc.property(pattern, text, fc.integer({ min: 0, max: 4 }), (source, input, limit) => {
      const all = member('findAll', input, source) as string[];
      const exact = RE2JS.compile(`^(?:${source})$`);
      for (const found of all) t.true(exact.test(found));
      t.true(all.join('').length <= input.length);
      t.deepEqual(member('findAll', input, source, limit), all.slice(0, limit));
      if (all.length > 0) t.is(member('find', input, source), all[0] as string);
    }),
  );
});
