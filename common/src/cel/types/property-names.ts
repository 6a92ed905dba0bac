// Kubernetes' escaping of schema property names into CEL identifiers: a property is reachable from
// an expression only when its name matches [a-zA-Z_.-/][a-zA-Z0-9_.-/]*; `__`, `.`, `-` and `/`
// become `__underscores__`, `__dot__`, `__dash__` and `__slash__`, and a name that is exactly one of
// the CEL lexer's reserved words becomes `__<word>__`.

/** The words the CEL grammar reserves; a property with one of these names is escaped as a whole. */
export const celReservedWords: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

const escapedCharacters: Readonly<Record<string, string>> = { '.': '__dot__', '-': '__dash__', '/': '__slash__' };

const isIdentifierCharacter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_';

/** The CEL identifier a property name is reached by, or undefined when the property is unreachable. */
export function escapePropertyName(name: string): string | undefined {
  if (name.length === 0 || (name[0]! >= '0' && name[0]! <= '9')) return undefined;
  if (celReservedWords.has(name)) return `__${name}__`;
  let escaped = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c === '_' && name[i + 1] === '_') {
      escaped += '__underscores__';
      i++;
    } else if (escapedCharacters[c] !== undefined) {
      escaped += escapedCharacters[c];
    } else if (isIdentifierCharacter(c)) {
      escaped += c;
    } else {
      return undefined;
    }
  }
  return escaped;
}

const unescapedSequences: Readonly<Record<string, string>> = { underscores: '__', dot: '.', dash: '-', slash: '/' };

/**
 * The property name an escaped identifier stands for, or undefined when it holds an escape sequence
 * Kubernetes does not know (`__illegal__`) or a reserved word that is not the whole identifier.
 */
export function unescapePropertyName(escaped: string): string | undefined {
  let name = '';
  let i = 0;
  while (i < escaped.length) {
    const end = escapeSequenceEnd(escaped, i);
    if (end === undefined) {
      name += escaped[i];
      i++;
      continue;
    }
    const contents = escaped.slice(i + 2, end - 2);
    const replacement = unescapedSequences[contents];
    if (replacement !== undefined) name += replacement;
    else if (celReservedWords.has(contents) && end - i === escaped.length) name += contents;
    else return undefined;
    i = end;
  }
  return name;
}

/** Where a sequence `__<one or more characters other than _>__` starting at `start` ends, if one does. */
function escapeSequenceEnd(text: string, start: number): number | undefined {
  if (text[start] !== '_' || text[start + 1] !== '_') return undefined;
  let i = start + 2;
  while (i < text.length && text[i] !== '_') i++;
  if (i === start + 2 || text[i] !== '_' || text[i + 1] !== '_') return undefined;
  return i + 2;
}
