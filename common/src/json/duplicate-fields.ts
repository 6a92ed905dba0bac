// The keys a JSON text repeats within one object, each named by its path as kube's strict decoding
// names a duplicate field ("metadata.name", "spec.containers[0].image"). JSON.parse keeps the last
// value silently; kube's decoding keeps it too but reports the repetition (fieldValidation).
// The text must be valid JSON: this scans it and does not check it. It keeps its own stack of open
// objects and arrays, not the JS one: a body may nest 10,000 deep.

/** Paths of the repeated keys, in the order the repetitions appear. */
export function duplicateFieldPaths(text: string): string[] {
  const duplicates: string[] = [];
  const open: Container[] = [];
  let at = 0;
  let path = '';
  for (;;) {
    // One value, named `path`.
    at = skipSpace(text, at);
    const ch = text[at];
    if (ch === '{') open.push({ path, keys: new Set(), index: 0 });
    else if (ch === '[') open.push({ path, keys: undefined, index: 0 });
    if (ch === '{' || ch === '[') at++;
    else at = ch === '"' ? endOfString(text, at) : endOfScalar(text, at);
    // Then past commas and closings to the next value, and its name.
    for (;;) {
      const container = open.at(-1);
      at = skipSpace(text, at);
      if (container === undefined || at >= text.length) return duplicates;
      const c = text[at];
      if (c === '}' || c === ']') {
        open.pop();
        at++;
      } else if (c === ',') {
        at++;
        container.index++;
      } else if (container.keys === undefined) {
        path = `${container.path}[${container.index}]`;
        break;
      } else {
        const end = endOfString(text, at);
        const key = keyOf(text.slice(at, end));
        path = container.path === '' ? key : `${container.path}.${key}`;
        if (container.keys.has(key)) duplicates.push(path);
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

/** Where the string token starting at `at` (its opening quote) ends. */
function endOfString(text: string, at: number): number {
  for (at++; at < text.length; at++) {
    const ch = text[at];
    if (ch === '"') return at + 1;
    if (ch === '\\') at++;
  }
  return at;
}

/** A key's value (a key is compared and named by its value, escapes resolved). */
const keyOf = (token: string): string => (token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1));

function endOfScalar(text: string, at: number): number {
  while (at < text.length && !',]} \t\r\n'.includes(text[at] as string)) at++;
  return at;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\r\n'.includes(text[at] as string)) at++;
  return at;
}
