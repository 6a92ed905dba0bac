// Label sets and LabelSelectors written as apimachinery writes them (labels.FormatLabels,
// metav1.FormatLabelSelector, LabelSelector.String), which tables, scale, eviction and
// validation messages all show.

import test from 'ava';
import { formatLabels, formatLabelSelector, labelSelectorGoString, labelSelectorString } from '../src/selectors/label-selector-format.ts';

test('labels sort by key as Go sorts strings, by code point', (t) => {
  t.is(formatLabels({ b: '2', a: '1' }), 'a=1,b=2');
  t.is(formatLabels({}), '<none>');
  // U+1F600 (a surrogate pair) sorts after U+FF21, as its UTF-8 bytes do; UTF-16 order would put it first.
  t.is(formatLabels({ '😀': '1', Ａ: '2' }), 'Ａ=2,😀=1');
});

test('a selector: requirements sorted by key, "<none>" when it selects by nothing, "<error>" when kube cannot convert it', (t) => {
  const selector = {
    matchLabels: { tier: 'web' },
    matchExpressions: [
      { key: 'env', operator: 'In', values: ['prod', 'dev'] },
      { key: 'gone', operator: 'DoesNotExist' },
    ],
  };
  t.is(labelSelectorString(selector), 'env in (dev,prod),!gone,tier=web');
  t.is(formatLabelSelector(selector), 'env in (dev,prod),!gone,tier=web');
  t.is(formatLabelSelector({}), '<none>');
  t.is(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }), '<error>');
  t.is(labelSelectorString(undefined), '');
});

test('the generated String() form quotes a selector in field errors', (t) => {
  t.is(
    labelSelectorGoString({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'b'] }] }),
    '&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[a b],},},}',
  );
});
