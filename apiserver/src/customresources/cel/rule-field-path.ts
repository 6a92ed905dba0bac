// The fieldPath of an x-kubernetes-validations rule, as apiextensions-apiserver reads it: a JSON
// path relative to the rule's node, made of `.name` steps and `['quoted']` steps, each of which
// must name a declared property (or, on a map, any key). The path a failed rule reports its error
// at is the rule's own path followed by this one, written as a Kubernetes field path (`a.b[key]`).

import type { RuleSchema } from './rule-schema.ts';

export type RuleFieldPath = { readonly ok: true; readonly path: string; readonly schema: RuleSchema } | { readonly ok: false; readonly error: string };

/** Splits a JSON path into '.', '[' and ']' delimiters, single-quoted strings and the names between them. */
function tokens(jsonPath: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < jsonPath.length) {
    const ch = jsonPath[i] as string;
    if (ch === "'") {
      // A quoted string runs to the next quote not preceded by a backslash (or to the end).
      let end = i + 1;
      while (end < jsonPath.length && !(jsonPath[end] === "'" && jsonPath[end - 1] !== '\\')) end++;
      found.push(jsonPath.slice(i, end + 1));
      i = end + 1;
    } else if (ch === '.' || ch === '[' || ch === ']') {
      found.push(ch);
      i++;
    } else {
      let end = i;
      while (end < jsonPath.length && !'.[]'.includes(jsonPath[end] as string)) end++;
      found.push(jsonPath.slice(i, end));
      i = end;
    }
  }
  return found;
}

const singleQuoteEscapes: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

function unescapeSingleQuoted(text: string): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string } {
  let invalid: string | undefined;
  const unescaped = text.replace(/\\[\s\S]/g, (escape) => {
    const replacement = singleQuoteEscapes[escape[1] as string];
    if (replacement === undefined) invalid ??= escape;
    return replacement ?? '';
  });
  return invalid === undefined ? { ok: true, text: unescaped } : { ok: false, error: `invalid string literal: invalid escape char ${invalid}` };
}

/**
 * The field path a rule's fieldPath names under `schema` (the rule's node), and the schema it
 * reaches, or kube's reason it is not valid. `allowArrayNotation: false` refuses `['...']` steps.
 */
export function validRuleFieldPath(jsonPath: string, schema: RuleSchema, allowArrayNotation = true): RuleFieldPath {
  const parts = tokens(jsonPath);
  let path = '';
  let node: RuleSchema | undefined = schema;
  const step = (name: string): string | undefined => {
    if (node?.properties !== undefined) {
      path = path === '' ? name : `${path}.${name}`;
      node = node.properties[name];
      return node === undefined ? 'does not refer to a valid field' : undefined;
    }
    if (node?.additionalProperties !== undefined) {
      path = `${path}[${name}]`;
      node = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
      return undefined;
    }
    return 'does not refer to a valid field';
  };
  for (let i = 0; i < parts.length; i++) {
    const token = parts[i] as string;
    if (token === '[') {
      if (!allowArrayNotation) return { ok: false, error: 'array notation is not allowed' };
      const quoted = parts[++i];
      if (quoted === undefined) return { ok: false, error: 'unexpected end of JSON path' };
      if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'")) return { ok: false, error: `expected single quoted string but got ${quoted}` };
      const unescaped = unescapeSingleQuoted(quoted.slice(1, -1));
      if (!unescaped.ok) return unescaped;
      const error = step(unescaped.text);
      if (error !== undefined) return { ok: false, error };
      const close = parts[++i];
      if (close === undefined) return { ok: false, error: 'unexpected end of JSON path' };
      if (close !== ']') return { ok: false, error: `expected ] but got ${close}` };
    } else if (token === '.') {
      const name = parts[++i];
      if (name === undefined) return { ok: false, error: 'unexpected end of JSON path' };
      const error = step(name);
      if (error !== undefined) return { ok: false, error };
    } else {
      return { ok: false, error: `expected [ or . but got: ${token}` };
    }
  }
  return { ok: true, path, schema: node ?? {} };
}
