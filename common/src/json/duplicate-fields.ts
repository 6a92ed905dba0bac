// The keys a JSON text repeats within one object, each named by its path as kube's strict decoding
// names a duplicate field ("metadata.name", "spec.containers[0].image"). JSON.parse keeps the last
// value silently; kube's decoding keeps it too but reports the repetition (fieldValidation).
// The text must be valid JSON: this scans it and does not check it. It keeps its own stack of open
// objects and arrays, not the JS one: a body may nest 10,000 deep. A value's path is written out
// only when it is needed (the value opens an object or array, or repeats a key): a map of 100,000
// labels costs its keys' set, not 100,000 path strings.

const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const quote = 0x22;
const backslash = 0x5c;

/** Paths of the repeated keys, in the order the repetitions appear. */
export function duplicateFieldPaths(text: string): string[] {
  const duplicates: string[] = [];
  const open: Container[] = [];
  let at = 0;
  // The next value's name: its container, and its key when that is an object.
  let parent: Container | undefined;
  let key = '';
  const path = (): string => {
    if (parent === undefined) return '';
    if (parent.keys === undefined) return `${parent.path}[${parent.index}]`;
    return parent.path === '' ? key : `${parent.path}.${key}`;
  };
  for (;;) {
    // One value.
    at = skipSpace(text, at);
    const ch = text.charCodeAt(at);
    if (ch === openBrace || ch === openBracket) {
      open.push({ path: path(), keys: ch === openBrace ? new Set() : undefined, index: 0 });
      at++;
    } else at = ch === quote ? endOfString(text, at) : endOfScalar(text, at);
    // Then past commas and closings to the next value, and its name.
    for (;;) {
      const container = open.at(-1);
      at = skipSpace(text, at);
      if (container === undefined || at >= text.length) return duplicates;
      const c = text.charCodeAt(at);
      if (c === closeBrace || c === closeBracket) {
        open.pop();
        at++;
      } else if (c === comma) {
        at++;
        container.index++;
      } else if (container.keys === undefined) {
        parent = container;
        break;
      } else {
        const end = endOfString(text, at);
        parent = container;
        key = keyOf(text, at, end);
        if (container.keys.has(key)) duplicates.push(path());
        container.keys.add(key);
        at = skipSpace(text, end) + 1; // the colon
        break;
      }
    }
  }
}

interface Container {
  readonly path: string;
  /** An object's keys so far; undefined for an array. */
  readonly keys: Set<string> | undefined;
  /** An array's index of the next value. */
  index: number;
}

/** Where the string token starting at `at` (its opening quote) ends: past the first quote not escaped. */
function endOfString(text: string, at: number): number {
  for (let from = at + 1; ; ) {
    const close = text.indexOf('"', from);
    if (close < 0) return text.length;
    let escapes = 0;
    while (text.charCodeAt(close - 1 - escapes) === backslash) escapes++;
    if (escapes % 2 === 0) return close + 1;
    from = close + 1;
  }
}

/** A key's value (a key is compared and named by its value, escapes resolved). */
function keyOf(text: string, start: number, end: number): string {
  const body = text.slice(start + 1, end - 1);
  return body.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : body;
}

const isSpace = (ch: number): boolean => ch === 0x20 || ch === 0x09 || ch === 0x0d || ch === 0x0a;

function endOfScalar(text: string, at: number): number {
  for (; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    if (ch === comma || ch === closeBracket || ch === closeBrace || isSpace(ch)) return at;
  }
  return at;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}
