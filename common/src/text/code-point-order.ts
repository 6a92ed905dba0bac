// Strings ordered by Unicode code point: Go's order (sort.Strings compares the UTF-8 bytes, which
// orders as code points do) and CEL's. JavaScript's `<` compares UTF-16 code units, which differs
// for characters past U+FFFF against U+E000..U+FFFF; localeCompare differs more (case, punctuation).

export function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const l = left.next();
    const r = right.next();
    if (l.done === true) return r.done === true ? 0 : -1;
    if (r.done === true) return 1;
    const diff = (l.value.codePointAt(0) as number) - (r.value.codePointAt(0) as number);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
}
