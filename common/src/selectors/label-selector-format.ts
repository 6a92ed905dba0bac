// Label sets and label selectors written out the way apimachinery's labels.Set and
// labels.Selector String() do: keys sorted, "k=v", "k in (a,b)", "!k", joined by commas.

import { arrayAt, recordAt, stringAt } from '../json/read-field.ts';
import { byCodePoint } from '../text/code-point-order.ts';

/** labels.FormatLabels: "a=1,b=2", or "<none>" for no labels. */
export function formatLabels(labels: unknown): string {
  const text = Object.entries(typeof labels === 'object' && labels !== null ? labels : {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
  return text === '' ? '<none>' : text;
}

function requirement(key: string, operator: string, values: readonly string[]): string | undefined {
  const list = `(${[...values].sort(byCodePoint).join(',')})`;
  switch (operator) {
    case 'In':
      return values.length > 0 ? `${key} in ${list}` : undefined;
    case 'NotIn':
      return values.length > 0 ? `${key} notin ${list}` : undefined;
    case 'Exists':
      return values.length === 0 ? key : undefined;
    case 'DoesNotExist':
      return values.length === 0 ? `!${key}` : undefined;
    default:
      return undefined;
  }
}

/**
 * metav1.LabelSelectorAsSelector(selector).String(): "" for an absent or empty selector, undefined
 * for one kube cannot turn into a selector (unknown operator, values where none belong).
 */
export function labelSelectorString(selector: unknown): string | undefined {
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) return '';
  const requirements: { key: string; text: string }[] = [];
  for (const [key, value] of Object.entries(recordAt(selector, 'matchLabels'))) {
    requirements.push({ key, text: `${key}=${typeof value === 'string' ? value : ''}` });
  }
  for (const expression of arrayAt(selector, 'matchExpressions')) {
    const key = stringAt(expression, 'key');
    const values = arrayAt(expression, 'values').filter((v): v is string => typeof v === 'string');
    const text = requirement(key, stringAt(expression, 'operator'), values);
    if (text === undefined) return undefined;
    requirements.push({ key, text });
  }
  return requirements
    .sort((a, b) => byCodePoint(a.key, b.key))
    .map((r) => r.text)
    .join(',');
}

/** metav1.FormatLabelSelector: the selector, "<none>" when it selects by nothing, "<error>" if invalid. */
export function formatLabelSelector(selector: unknown): string {
  const text = labelSelectorString(selector);
  if (text === undefined) return '<error>';
  return text === '' ? '<none>' : text;
}

/**
 * A label selector as its generated protobuf String() writes it (kube's field errors and printers
 * quote selectors so): "&LabelSelector{MatchLabels:map[string]string{k: v,},MatchExpressions:[]LabelSelectorRequirement{...},}".
 */
export function labelSelectorGoString(selector: Record<string, unknown>): string {
  const labels = recordAt(selector, 'matchLabels');
  const labelText = Object.keys(labels)
    .sort(byCodePoint)
    .map((key) => `${key}: ${typeof labels[key] === 'string' ? labels[key] : ''},`)
    .join('');
  const expressionText = arrayAt(selector, 'matchExpressions')
    .map((expression) => {
      const values = arrayAt(expression, 'values').map((value) => (typeof value === 'string' ? value : ''));
      return `LabelSelectorRequirement{Key:${stringAt(expression, 'key')},Operator:${stringAt(expression, 'operator')},Values:[${values.join(' ')}],},`;
    })
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labelText}},MatchExpressions:[]LabelSelectorRequirement{${expressionText}},}`;
}
