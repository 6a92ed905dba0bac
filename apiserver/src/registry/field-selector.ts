// The fieldSelector of a list, watch or deletecollection: parsed as apimachinery's fields.ParseSelector
// parses it, its labels checked and converted per kind (field-labels.ts), then matched against objects.
// Every failure is the 400 BadRequest kube-apiserver answers, for list and watch alike.

import { newBadRequest } from '@capstan/common';
import { fieldLabelsOf } from './field-labels.ts';
import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from './resource-definition.ts';

/** One term of a field selector; "=" and "==" are the same requirement. */
export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '!=';
  /** Unescaped: `\,` `\=` `\\` already read as `,` `=` `\`. */
  readonly value: string;
}

export interface FieldSelector {
  /** In kube's order (sorted by their text), fields converted to the kind's canonical labels. */
  readonly requirements: readonly FieldRequirement[];
  /** Set when a metadata.name=X term pins one object: the store may read that key alone. */
  readonly name: string | undefined;
  /**
   * Set when a request without a namespace has a metadata.namespace=X term with a valid namespace
   * name, as kube narrows such a list or watch to one namespace.
   */
  readonly namespace: string | undefined;
  matches(object: JsonObject): boolean;
}

// Checked at each position in this order, so "a==b" is "==" and "a!=b" is "!=" (kube's termOperators).
const operators = ['!=', '==', '='] as const;

/**
 * The requirements of a fieldSelector, with kube's error messages; empty for "" (everything).
 * Terms are sorted before they are read, so the first bad term in sorted order is the one reported.
 */
export function parseFieldSelector(selector: string): FieldRequirement[] {
  const requirements: FieldRequirement[] = [];
  for (const term of splitTerms(selector).sort(byteOrder)) {
    if (term === '') continue;
    const split = splitTerm(term);
    if (split === undefined) throw newBadRequest(`invalid selector: '${selector}'; can't understand '${term}'`);
    const [field, operator, raw] = split;
    requirements.push({ field, operator: operator === '!=' ? '!=' : '=', value: unescapeValue(raw) });
  }
  return requirements;
}

/**
 * The fieldSelector of a request for the resource, or undefined when it selects everything.
 * Like kube, a metadata.namespace term that contradicts the request's namespace is no error:
 * it simply matches nothing.
 */
export function compileFieldSelector(definition: ResourceDefinition, selector: string, requestNamespace: string | undefined): FieldSelector | undefined {
  const labels = fieldLabelsOf(definition);
  const requirements = parseFieldSelector(selector).map((requirement): FieldRequirement => {
    const field = labels.canonical(requirement.field);
    if (field === undefined) throw newBadRequest(labels.unsupported(requirement.field));
    return { ...requirement, field };
  });
  if (requirements.length === 0) return undefined;
  const name = exactMatch(requirements, 'metadata.name');
  const namespace = exactMatch(requirements, 'metadata.namespace');
  return {
    requirements,
    name: name === '' ? undefined : name,
    namespace:
      definition.namespaced && (requestNamespace === undefined || requestNamespace === '') && namespace !== undefined && isNamespaceName(namespace)
        ? namespace
        : undefined,
    matches: (object) => requirements.every(({ field, operator, value }) => (labels.read(object, field) === value) === (operator === '=')),
  };
}

/** The value of the first equality term on the field (kube's RequiresExactMatch). */
function exactMatch(requirements: readonly FieldRequirement[], field: string): string | undefined {
  return requirements.find((requirement) => requirement.field === field && requirement.operator === '=')?.value;
}

/** Splits on commas that are not escaped; the backslashes stay for unescapeValue. */
/** Splits a selector at its unescaped commas. */
export function splitTerms(selector: string): string[] {
  if (selector === '') return [];
  const terms: string[] = [];
  let start = 0;
  let escaped = false;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (escaped) escaped = false;
    else if (ch === '\\') escaped = true;
    else if (ch === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

/** The field needs no escaping, so the first operator anywhere in the term splits it. */
function splitTerm(term: string): [string, (typeof operators)[number], string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const operator of operators) {
      if (term.startsWith(operator, i)) return [term.slice(0, i), operator, term.slice(i + operator.length)];
    }
  }
  return undefined;
}

function unescapeValue(raw: string): string {
  if (!/[\\,=]/.test(raw)) return raw;
  let value = '';
  let escaped = false;
  for (const ch of raw) {
    if (escaped) {
      if (ch !== '\\' && ch !== ',' && ch !== '=') throw newBadRequest(`invalid field selector: invalid escape sequence: \\${ch}`);
      value += ch;
      escaped = false;
    } else if (ch === '\\') escaped = true;
    // Go prints the rune with %v: its number, e.g. 61 for "=".
    else if (ch === ',' || ch === '=') throw newBadRequest(`invalid field selector: unescaped character in value: ${ch.codePointAt(0)}`);
    else value += ch;
  }
  if (escaped) throw newBadRequest('invalid field selector: invalid escape sequence: \\');
  return value;
}

/** Go sorts strings by their UTF-8 bytes, which is code point order, not UTF-16 order. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// ValidateNamespaceName: a DNS-1123 label.
function isNamespaceName(name: string): boolean {
  return name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name);
}
