// kube's MergeTolerations (admission/merge-tolerations.ts), as the RuntimeClass admission merges a
// class's tolerations into a pod's: kube's own cases, and the property that every toleration
// given is covered by one kept.

import test from 'ava';
import fc from 'fast-check';
import { isSuperset, mergeTolerations } from '../src/admission/merge-tolerations.ts';

const tolerations = {
  all: { operator: 'Exists' },
  'foo-nosched': { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
  'foo-bar-nosched': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
  'foo-baz-nosched': { key: 'foo', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'faz-baz-nosched': { key: 'faz', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-prefnosched': { key: 'foo', operator: 'Exists', effect: 'PreferNoSchedule' },
  'foo-noexec': { key: 'foo', operator: 'Exists', effect: 'NoExecute' },
  'foo-noexec-10': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
  'foo-noexec-0': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 },
} as const;
type Name = keyof typeof tolerations;
const named = (names: readonly Name[]) => names.map((name) => ({ ...tolerations[name] }));

const cases: [string, Name[], Name[], Name[]][] = [
  [
    'disjoint',
    ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
    ['foo-prefnosched', 'foo-baz-nosched'],
    ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10', 'foo-prefnosched', 'foo-baz-nosched'],
  ],
  [
    'duplicate',
    ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
    ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
    ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
  ],
  ['merge redundant', ['foo-bar-nosched', 'foo-baz-nosched'], ['foo-nosched', 'faz-baz-nosched'], ['foo-nosched', 'faz-baz-nosched']],
  ['merge all', ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all'], ['all']],
  ['merge into all', ['all'], ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all']],
];

for (const [name, first, second, expected] of cases) {
  test(`kube's case: ${name}`, (t) => {
    t.deepEqual(mergeTolerations(named(first), named(second)), named(expected));
  });
}

test('a NoExecute toleration for a while covers a shorter one, not a longer or an endless one', (t) => {
  t.true(isSuperset(tolerations['foo-noexec-10'], tolerations['foo-noexec-0']));
  t.false(isSuperset(tolerations['foo-noexec-0'], tolerations['foo-noexec-10']));
  t.false(isSuperset(tolerations['foo-noexec-10'], tolerations['foo-noexec']));
  t.true(isSuperset(tolerations['foo-noexec'], tolerations['foo-noexec-10']));
});

test('every toleration merged is covered by one the merge keeps, and the merge keeps only given ones', (t) => {
  const names = Object.keys(tolerations) as Name[];
  const list = fc.array(fc.constantFrom(...names), { maxLength: 6 });
  fc.assert(
    fc.property(list, list, (first, second) => {
      const merged = mergeTolerations(named(first), named(second));
      const given = [...named(first), ...named(second)];
      return (
        given.every((toleration) => merged.some((kept) => isSuperset(kept, toleration))) && merged.every((kept) => given.some((g) => JSON.stringify(g) === JSON.stringify(kept)))
      );
    }),
  );
  t.pass();
});
