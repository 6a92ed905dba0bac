// go-yaml (what kube reads YAML bodies with) refuses more than 10,000 nested flow collections
// ("[[[...", "{{{...") or block indentation levels ("- - - ...", ever deeper keys) with "exceeded
// max depth of 10000". The yaml package recurses instead and runs out of stack long before, slowly:
// this flat scan finds such texts first. It reads YAML only as far as nesting needs (quoted
// scalars, comments, block scalars, where a flow collection may start), so it errs only on texts
// that come near the limit.

export const maxYamlNestingDepth = 10_000;

/**
 * How deep the yaml package can read (it runs out of stack past about 1,250 levels, after half a
 * second of work at 9,000): deeper texts within go-yaml's limit are refused at once, not after.
 */
export const readableYamlNestingDepth = 1_000;

/**
 * go-yaml's message for a text nested deeper than `limit` ("line 3: exceeded max depth of
 * 10000"); undefined within the limit.
 */
export function yamlNestingDepthError(text: string, limit = maxYamlNestingDepth): string | undefined {
  // Either kind of nesting past the limit takes more characters than the limit.
  if (text.length <= limit) return undefined;
  const line = new NestingScan(text, limit).run();
  return line === undefined ? undefined : `${line === 0 ? '' : `line ${line + 1}: `}exceeded max depth of ${limit}`;
}

class NestingScan {
  readonly #text: string;
  readonly #limit: number;
  #at = 0;
  #line = 0;
  #flow = 0;
  /** The columns of the open block collections, innermost last. */
  readonly #indents: number[] = [];
  /** Lines indented deeper than this are the content of a block scalar ("|", ">"); -1 outside one. */
  #blockScalarParent = -1;

  constructor(text: string, limit: number) {
    this.#text = text;
    this.#limit = limit;
  }

  /** The line (from 0) where the nesting goes past the limit; undefined when it does not. */
  run(): number | undefined {
    const text = this.#text;
    while (this.#at < text.length) {
      const lineStart = this.#at;
      while (text[this.#at] === ' ') this.#at++;
      const column = this.#at - lineStart;
      const first = text[this.#at];
      const blank = first === undefined || first === '\n' || first === '\r' || first === '#';
      if (this.#blockScalarParent >= 0 && (blank || column > this.#blockScalarParent)) {
        this.#skipLine();
        continue;
      }
      this.#blockScalarParent = -1;
      if (blank) {
        this.#skipLine();
        continue;
      }
      if (this.#flow === 0) {
        while ((this.#indents.at(-1) ?? -1) > column) this.#indents.pop();
        if (this.#openBlock(column)) return this.#line;
      }
      const past = this.#scanLine(column);
      if (past !== undefined) return past;
    }
    return undefined;
  }

  /** Opens a block level at the column when it is deeper than the innermost; true past the limit. */
  #openBlock(column: number): boolean {
    if ((this.#indents.at(-1) ?? -1) >= column) return false;
    this.#indents.push(column);
    return this.#indents.length > this.#limit;
  }

  /** The rest of a line from its first token; its line when the nesting goes past the limit. */
  #scanLine(lineColumn: number): number | undefined {
    const text = this.#text;
    const lineStart = this.#at - lineColumn;
    // At a token's start a block context may open a flow collection ("- [", "a: {", "a: &x ["); in
    // a plain scalar ("a: x[y") it may not. In a flow context every bracket counts.
    let tokenStart = true;
    while (this.#at < text.length) {
      const c = text[this.#at] as string;
      if (c === '\n') break;
      if (c === '#' && (this.#at === lineStart || text[this.#at - 1] === ' ' || text[this.#at - 1] === '\t')) break;
      if (c === '"' || c === "'") {
        this.#skipQuoted(c);
        tokenStart = false;
        continue;
      }
      const next = text[this.#at + 1];
      const spaceAfter = next === undefined || next === ' ' || next === '\n' || next === '\r';
      if ((c === '[' || c === '{') && (this.#flow > 0 || tokenStart)) {
        if (++this.#flow > this.#limit) return this.#line;
      } else if (this.#flow > 0) {
        if (c === ']' || c === '}') this.#flow--;
      } else if ((c === '-' || c === '?') && tokenStart && spaceAfter) {
        // A block sequence entry or complex key opens a level at its column ("- - x" opens two).
        if (this.#openBlock(this.#at - lineStart)) return this.#line;
        this.#at++;
        continue;
      } else if ((c === '|' || c === '>') && tokenStart) {
        this.#blockScalarParent = this.#indents.at(-1) ?? 0;
        break;
      } else if ((c === '&' || c === '!') && tokenStart) {
        // An anchor or a tag: the node it names starts after it.
        while (this.#at < text.length && text[this.#at] !== ' ' && text[this.#at] !== '\n') this.#at++;
        continue;
      } else if (c === ':' && spaceAfter) {
        tokenStart = true;
      } else if (c !== ' ' && c !== '\t') {
        tokenStart = false;
      }
      this.#at++;
    }
    this.#skipLine();
    return undefined;
  }

  /** Past a quoted scalar, which may span lines. */
  #skipQuoted(quote: string): void {
    const text = this.#text;
    this.#at++;
    while (this.#at < text.length) {
      const c = text[this.#at];
      if (c === '\n') this.#line++;
      if (quote === '"' && c === '\\') this.#at++;
      else if (c === quote) {
        if (quote === "'" && text[this.#at + 1] === "'") this.#at++;
        else break;
      }
      this.#at++;
    }
    this.#at++;
  }

  #skipLine(): void {
    const end = this.#text.indexOf('\n', this.#at);
    this.#at = end === -1 ? this.#text.length : end + 1;
    this.#line++;
  }
}
