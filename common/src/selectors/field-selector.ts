// Field selectors as apimachinery's fields.ParseSelector reads them: "spec.nodeName=n1,status.phase!=Failed".
// Terms are split at unescaped commas and sorted by their text; a field needs no escaping, so the
// first operator in a term splits it; in a value, `\,` `\=` `\\` are the escaped characters and an
// unescaped `,` or `=` is refused.

/** One term; "=" and "==" are the same requirement. */
export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '!=';
  /** Unescaped. */
  readonly value: string;
}

/** A selector kube would refuse, with kube's message. */
export class FieldSelectorError extends Error {
  override name = 'FieldSelectorError';
}

// Tried at each position in this order, so "a==b" is "==" and "a!=b" is "!=" (kube's termOperators).
const operators = ['!=', '==', '='] as const;

/** The requirements of a selector, in kube's order (sorted by term text); empty for "". */
export function parseFieldSelector(selector: string): FieldRequirement[] {
  const requirements: FieldRequirement[] = [];
  for (const term of splitFieldSelectorTerms(selector).sort(compareBytes)) {
    if (term === '') continue;
    const split = splitTerm(term);
    if (split === undefined) throw new FieldSelectorError(`invalid selector: '${selector}'; can't understand '${term}'`);
    const [field, operator, escaped] = split;
    requirements.push({ field, operator: operator === '!=' ? '!=' : '=', value: unescapeFieldValue(escaped) });
  }
  return requirements;
}

/** The terms of a selector, split at its unescaped commas (the escapes stay). */
export function splitFieldSelectorTerms(selector: string): string[] {
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

function splitTerm(term: string): [string, (typeof operators)[number], string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const operator of operators) {
      if (term.startsWith(operator, i)) return [term.slice(0, i), operator, term.slice(i + operator.length)];
    }
  }
  return undefined;
}

/** kube's fields.UnescapeValue. */
export function unescapeFieldValue(escaped: string): string {
  if (!/[\\,=]/.test(escaped)) return escaped;
  let value = '';
  let inEscape = false;
  for (const ch of escaped) {
    if (inEscape) {
      if (ch !== '\\' && ch !== ',' && ch !== '=') throw new FieldSelectorError(`invalid field selector: invalid escape sequence: \\${ch}`);
      value += ch;
      inEscape = false;
    } else if (ch === '\\') inEscape = true;
    // Go prints the rune with %v: its number, 44 for "," and 61 for "=".
    else if (ch === ',' || ch === '=') throw new FieldSelectorError(`invalid field selector: unescaped character in value: ${ch.codePointAt(0)}`);
    else value += ch;
  }
  if (inEscape) throw new FieldSelectorError('invalid field selector: invalid escape sequence: \\');
  return value;
}

/** Go's string order: by UTF-8 bytes, which differs from UTF-16 order beyond the BMP. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
