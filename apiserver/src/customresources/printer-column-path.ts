// The JSONPath of a CRD's additionalPrinterColumns, read as kube's client-go jsonpath reads the
// simple paths printer columns use: fields (`.spec.replicas`, `['a.b']`), list indexes (`[0]`,
// `[-1]`), every item (`[*]`) and equality filters (`[?(@.type=="Ready")]`). Missing keys give no
// result, as kube allows them for printer columns.

import { isObject } from '../registry/defaulting/json-fields.ts';

type Step =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'all' }
  | { readonly kind: 'filter'; readonly path: readonly string[]; readonly value: unknown };

/** The steps of a path, or undefined for one this reader does not take. */
export function parsePrinterColumnPath(path: string): readonly Step[] | undefined {
  const text = path.startsWith('{') && path.endsWith('}') ? path.slice(1, -1) : path;
  const steps: Step[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === '.') {
      const match = /^\.([^.[\]]+)/.exec(text.slice(at));
      if (match?.[1] === undefined) return undefined;
      steps.push({ kind: 'field', name: match[1] });
      at += match[0].length;
      continue;
    }
    if (text[at] !== '[') return undefined;
    const end = text.indexOf(']', at);
    if (end < 0) return undefined;
    const inside = text.slice(at + 1, end).trim();
    at = end + 1;
    const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(inside);
    if (quoted !== null) steps.push({ kind: 'field', name: quoted[1] ?? quoted[2] ?? '' });
    else if (inside === '*') steps.push({ kind: 'all' });
    else if (/^-?\d+$/.test(inside)) steps.push({ kind: 'index', index: Number(inside) });
    else {
      const filter = /^\?\(@((?:\.[^.=!\s]+)+)\s*==\s*(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|(true|false))\)$/.exec(inside);
      if (filter?.[1] === undefined) return undefined;
      const value = filter[2] ?? filter[3] ?? (filter[4] !== undefined ? Number(filter[4]) : filter[5] === 'true');
      steps.push({ kind: 'filter', path: filter[1].slice(1).split('.'), value });
    }
  }
  return steps;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return current;
}

/** The values a path finds in an object, in order; none where a key is missing. */
export function findPrinterColumnValues(steps: readonly Step[], object: unknown): unknown[] {
  let values: unknown[] = [object];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of values) {
      switch (step.kind) {
        case 'field':
          if (isObject(value) && step.name in value) next.push(value[step.name]);
          break;
        case 'index':
          if (Array.isArray(value)) {
            const item = value[step.index < 0 ? value.length + step.index : step.index];
            if (item !== undefined) next.push(item);
          }
          break;
        case 'all':
          if (Array.isArray(value)) next.push(...value);
          else if (isObject(value)) next.push(...Object.values(value));
          break;
        case 'filter':
          if (Array.isArray(value)) for (const item of value) if (valueAt(item, step.path) === step.value) next.push(item);
          break;
      }
    }
    values = next;
  }
  return values;
}

/** A value as jsonpath prints it (Go's fmt over the decoded JSON): maps as map[k:v], lists as [a b]. */
export function printedValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(printedValue).join(' ')}]`;
  if (isObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${key}:${printedValue(value[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}
