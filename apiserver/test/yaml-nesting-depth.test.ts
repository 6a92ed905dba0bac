// go-yaml's depth limits, found by a flat scan before the yaml package's recursive descent: 10,000
// nested flow collections or block levels read, one more is "exceeded max depth of 10000".

import test from 'ava';
import { parseYaml } from '../src/endpoints/read-body.ts';
import { yamlNestingDepthError } from '../src/endpoints/yaml-nesting-depth.ts';

test('flow collections and block levels up to 10,000 pass the scan; one more is go-yaml’s error, with its line past the first', (t) => {
  t.is(yamlNestingDepthError('['.repeat(10_000) + ']'.repeat(10_000)), undefined);
  t.is(yamlNestingDepthError('['.repeat(10_001)), 'exceeded max depth of 10000');
  t.is(yamlNestingDepthError(`x: ${'{'.repeat(10_001)}`), 'exceeded max depth of 10000');
  t.is(yamlNestingDepthError(`a: &anchor !!seq ${'['.repeat(10_001)}`), 'exceeded max depth of 10000');
  t.is(yamlNestingDepthError(`${'- '.repeat(10_000)}x`), undefined);
  t.is(yamlNestingDepthError(`${'- '.repeat(10_001)}x`), 'exceeded max depth of 10000');
  t.is(yamlNestingDepthError(`a: 1\nb: ${'['.repeat(10_001)}`), 'line 2: exceeded max depth of 10000');
});

test('brackets in plain, quoted and block scalars and in comments are no nesting', (t) => {
  const many = '['.repeat(20_000);
  t.is(yamlNestingDepthError(`a: x${many}`), undefined);
  t.is(yamlNestingDepthError(`a: "${many}"\nb: '${many}'`), undefined);
  t.is(yamlNestingDepthError(`a: |\n  ${many}\n  ${many}\nb: 1`), undefined);
  t.is(yamlNestingDepthError(`a: 1 # ${many}`), undefined);
});

test('parseYaml refuses a deep text in go-yaml’s words at once, not after the yaml package overflows its stack', (t) => {
  const started = performance.now();
  t.throws(() => parseYaml('['.repeat(600_000)), { message: 'yaml: exceeded max depth of 10000' });
  t.true(performance.now() - started < 1_000);
});

test('deeper than the yaml package reads (1,000 levels here) but within go-yaml’s limit: refused at once in our words, not after a stack overflow', (t) => {
  t.deepEqual(parseYaml(`${'- '.repeat(1_000)}x`), JSON.parse(`${'['.repeat(1_000)}"x"${']'.repeat(1_000)}`));
  const started = performance.now();
  t.throws(() => parseYaml('['.repeat(9_000) + ']'.repeat(9_000)), { message: 'yaml: this server reads YAML nested at most 1000 levels deep; send deeper documents as JSON' });
  t.throws(() => parseYaml(`${'- '.repeat(1_001)}x`), { message: /at most 1000 levels/ });
  t.true(performance.now() - started < 300, `${performance.now() - started} ms`);
});

test('a double-quoted surrogate escape is go-yaml’s "found invalid Unicode character escape code", even as half of a pair', (t) => {
  t.throws(() => parseYaml('a: "\\ud800"'), { message: 'yaml: found invalid Unicode character escape code' });
  t.throws(() => parseYaml('a: 1\nb: ["x", "\\ud83d\\ude00"]'), { message: 'yaml: line 2: found invalid Unicode character escape code' });
  t.deepEqual(parseYaml(`a: '\\ud800'\nb: "\\\\ud800"\nc: "\\U0001F600"`), { a: '\\ud800', b: '\\ud800', c: '\u{1f600}' });
});
