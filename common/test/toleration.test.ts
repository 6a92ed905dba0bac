import test from 'ava';
import { toleratesTaint, tolerationsTolerateTaint } from '../src/index.ts';

test('tolerations match taints as v1helper.ToleratesTaint does', (t) => {
  const taint = { key: 'k', value: 'v', effect: 'NoSchedule' } as const;
  t.true(toleratesTaint({ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }, taint));
  t.true(toleratesTaint({ key: 'k', value: 'v' }, taint));
  t.true(toleratesTaint({ operator: 'Exists' }, taint));
  t.true(toleratesTaint({ key: 'k', operator: 'Exists', effect: '' }, taint));
  t.false(toleratesTaint({ key: 'k', operator: 'Exists', effect: 'NoExecute' }, taint));
  t.false(toleratesTaint({ key: 'k', value: 'w' }, taint));
  t.false(toleratesTaint({ key: 'k', operator: 'Gt', value: '1' }, taint));
});

test('a taint is tolerated when any one toleration tolerates it', (t) => {
  const taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' } as const;
  t.true(
    tolerationsTolerateTaint(
      [
        { key: 'other', operator: 'Exists' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists' },
      ],
      taint,
    ),
  );
  t.false(
    tolerationsTolerateTaint(
      [
        { key: 'other', operator: 'Exists' },
        { operator: 'Exists', effect: 'NoSchedule' },
      ],
      taint,
    ),
  );
  t.false(tolerationsTolerateTaint([], taint));
});
