// The grammar of the simulated container's `sh`: words with quotes, `$VAR`, `${VAR}`, `$?`, `$((…))`;
// `;`, newlines, `&` (run in the foreground), `&&`, `||`, `|`; the redirections `>`, `>>`, `<`, `2>`,
// `2>>`, `>&2`, `2>&1`; and the compound commands `if`/`elif`/`else`, `while`, `until`, `for … in`,
// `{ …; }` and `( … )`; command substitution `$(…)` and `…`. What busybox's ash does beyond that
// (functions, case, here-documents) is a syntax error here rather than a guess.

/**
 * A word's pieces: literal ('…' or \x), quoted ("…": expanded, not split), bare (expanded, split),
 * a command substitution (its script; quoted or not), or what one printed (`fields`: split, not expanded).
 */
export type WordPiece = { readonly text: string; readonly mode: 'literal' | 'quoted' | 'bare' | 'command' | 'quoted-command' | 'fields' };
export type Word = readonly WordPiece[];

export interface Redirect {
  readonly fd: 0 | 1 | 2;
  /** A file, or the other descriptor for `>&2` and `2>&1`. */
  readonly target: Word | 1 | 2;
  readonly append: boolean;
}

export type Command =
  | { readonly kind: 'simple'; readonly words: readonly Word[]; readonly redirects: readonly Redirect[] }
  | {
      readonly kind: 'if';
      readonly branches: readonly { readonly condition: Script; readonly body: Script }[];
      readonly otherwise?: Script;
      readonly redirects: readonly Redirect[];
    }
  | { readonly kind: 'loop'; readonly until: boolean; readonly condition: Script; readonly body: Script; readonly redirects: readonly Redirect[] }
  | { readonly kind: 'for'; readonly name: string; readonly items: readonly Word[]; readonly body: Script; readonly redirects: readonly Redirect[] }
  | { readonly kind: 'group'; readonly subshell: boolean; readonly body: Script; readonly redirects: readonly Redirect[] };

export interface AndOr {
  /** How it follows the previous one: `;` always runs, `&&` after a success, `||` after a failure. */
  readonly connector: ';' | '&&' | '||';
  readonly pipeline: readonly Command[];
  /** Ended by `&`: it runs in the background while the script goes on. */
  readonly background?: boolean;
}

export type Script = readonly AndOr[];

type Token = { readonly kind: 'word'; readonly word: Word } | { readonly kind: 'op'; readonly op: string };

/** Longest first; newlines separate as `;` does, `&` too but running what it ends in the background. */
const operators = ['2>&1', '1>&2', '>&2', '2>>', '2>', '1>>', '1>', '&&', '||', '>>', ';;', ';', '\n', '|', '>', '<', '&', '(', ')'];

const redirections: Readonly<Record<string, { fd: 0 | 1 | 2; append: boolean; duplicate?: 1 | 2 }>> = {
  '>': { fd: 1, append: false },
  '1>': { fd: 1, append: false },
  '>>': { fd: 1, append: true },
  '1>>': { fd: 1, append: true },
  '<': { fd: 0, append: false },
  '2>': { fd: 2, append: false },
  '2>>': { fd: 2, append: true },
  '>&2': { fd: 1, append: false, duplicate: 2 },
  '1>&2': { fd: 1, append: false, duplicate: 2 },
  '2>&1': { fd: 2, append: false, duplicate: 1 },
};

const wordEnd = ' \t\n;&|<>()';

function tokenize(script: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < script.length) {
    const c = script[i] as string;
    if (c === ' ' || c === '\t' || (c === '\\' && script[i + 1] === '\n')) {
      i += c === '\\' ? 2 : 1;
      continue;
    }
    if (c === '#') {
      while (i < script.length && script[i] !== '\n') i++;
      continue;
    }
    const op = operators.find((o) => script.startsWith(o, i));
    if (op !== undefined) {
      if (op === ';;') throw new Error('unexpected ";;"');
      tokens.push({ kind: 'op', op: op === '\n' ? ';' : op });
      i += op.length;
      continue;
    }
    const word: { text: string; mode: WordPiece['mode'] }[] = [];
    const push = (text: string, mode: WordPiece['mode']): void => {
      const last = word.at(-1);
      if (last?.mode === mode && mode !== 'literal') last.text += text;
      else word.push({ text, mode });
    };
    while (i < script.length && !wordEnd.includes(script[i] as string)) {
      const ch = script[i] as string;
      if (ch === "'") {
        const end = script.indexOf("'", i + 1);
        if (end < 0) throw new Error('unterminated quoted string');
        word.push({ text: script.slice(i + 1, end), mode: 'literal' });
        i = end + 1;
      } else if (ch === '"') {
        i++;
        word.push({ text: '', mode: 'quoted' });
        while (i < script.length && script[i] !== '"') {
          if (script[i] === '\\' && i + 1 < script.length && '"\\$`\n'.includes(script[i + 1] as string)) {
            if (script[i + 1] !== '\n') word.push({ text: script[i + 1] as string, mode: 'literal' });
            word.push({ text: '', mode: 'quoted' });
            i += 2;
          } else if (script.startsWith('$((', i)) {
            const end = arithmeticEnd(script, i);
            (word.at(-1) as { text: string }).text += script.slice(i, end);
            i = end;
          } else if (script.startsWith('$(', i) || script[i] === '`') {
            const [inner, end] = substitutionAt(script, i);
            word.push({ text: inner, mode: 'quoted-command' }, { text: '', mode: 'quoted' });
            i = end;
          } else (word.at(-1) as { text: string }).text += script[i++];
        }
        if (i >= script.length) throw new Error('unterminated quoted string');
        i++;
      } else if (ch === '\\' && i + 1 < script.length) {
        word.push({ text: script[i + 1] as string, mode: 'literal' });
        i += 2;
      } else if (script.startsWith('$((', i)) {
        const end = arithmeticEnd(script, i);
        push(script.slice(i, end), 'bare');
        i = end;
      } else if (script.startsWith('$(', i) || ch === '`') {
        const [inner, end] = substitutionAt(script, i);
        word.push({ text: inner, mode: 'command' });
        i = end;
      } else {
        push(ch, 'bare');
        i++;
      }
    }
    tokens.push({ kind: 'word', word });
  }
  return tokens;
}

/** The script of the `$(…)` or `…` at `start`, and where it ends (nested parentheses and quotes skipped). */
function substitutionAt(script: string, start: number): [string, number] {
  if (script[start] === '`') {
    const end = script.indexOf('`', start + 1);
    if (end < 0) throw new Error('unterminated `');
    return [script.slice(start + 1, end), end + 1];
  }
  let depth = 0;
  for (let i = start + 1; i < script.length; i++) {
    const c = script[i];
    if (c === "'" || c === '"') {
      const close = script.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return [script.slice(start + 2, i), i + 1];
  }
  throw new Error('unterminated $(');
}

function arithmeticEnd(script: string, start: number): number {
  const end = script.indexOf('))', start + 3);
  if (end < 0) throw new Error('unterminated $((');
  return end + 2;
}

/** The word as a plain name when it is one bare piece (a keyword, a `for` variable). */
function bareText(token: Token | undefined): string | undefined {
  if (token?.kind !== 'word' || token.word.length !== 1) return undefined;
  const piece = token.word[0] as WordPiece;
  return piece.mode === 'bare' ? piece.text : undefined;
}

const reserved = new Set(['then', 'elif', 'else', 'fi', 'do', 'done', '}']);

class Parser {
  readonly #tokens: Token[];
  #at = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  script(): Script {
    const script = this.list();
    const next = this.#tokens[this.#at];
    if (next !== undefined) throw new Error(`unexpected ${describe(next)}`);
    return script;
  }

  /** AND-OR lists up to a reserved word, a `)` or the end. */
  list(): Script {
    const lists: AndOr[] = [];
    let connector: AndOr['connector'] = ';';
    for (;;) {
      this.#skipSeparators();
      const next = this.#tokens[this.#at];
      if (next === undefined || (next.kind === 'op' && next.op === ')') || reserved.has(bareText(next) ?? '')) return lists;
      const pipeline = this.#pipeline();
      const background = this.#isOp('&');
      if (background) this.#at++;
      lists.push({ connector, pipeline, ...(background && { background }) });
      const op = this.#tokens[this.#at];
      if (op?.kind === 'op' && (op.op === '&&' || op.op === '||')) {
        this.#at++;
        while (this.#isOp(';')) this.#at++;
        connector = op.op;
        const after = this.#tokens[this.#at];
        if (after === undefined || reserved.has(bareText(after) ?? '')) throw new Error(`unexpected ${after === undefined ? 'end of file' : describe(after)}`);
      } else connector = ';';
    }
  }

  #pipeline(): Command[] {
    const pipeline = [this.#command()];
    while (this.#isOp('|')) {
      this.#at++;
      pipeline.push(this.#command());
    }
    return pipeline;
  }

  #command(): Command {
    const keyword = bareText(this.#tokens[this.#at]);
    if (keyword === 'if') return { ...this.#if(), redirects: this.#redirects() };
    if (keyword === 'while' || keyword === 'until') {
      this.#at++;
      const condition = this.#expectList('do');
      const body = this.#expectList('done');
      return { kind: 'loop', until: keyword === 'until', condition, body, redirects: this.#redirects() };
    }
    if (keyword === 'for') {
      this.#at++;
      const name = bareText(this.#tokens[this.#at++]);
      if (name === undefined || !/^[A-Za-z_]\w*$/.test(name)) throw new Error('bad for loop variable');
      const items: Word[] = [];
      if (bareText(this.#tokens[this.#at]) === 'in') {
        this.#at++;
        for (let token = this.#tokens[this.#at]; token?.kind === 'word'; token = this.#tokens[++this.#at]) items.push(token.word);
      }
      this.#skipSeparators();
      if (bareText(this.#tokens[this.#at]) !== 'do') throw new Error('expected "do"');
      this.#at++;
      const body = this.#expectList('done');
      return { kind: 'for', name, items, body, redirects: this.#redirects() };
    }
    if (keyword === '{') {
      this.#at++;
      const body = this.#expectList('}');
      return { kind: 'group', subshell: false, body, redirects: this.#redirects() };
    }
    if (this.#isOp('(')) {
      this.#at++;
      const body = this.list();
      if (!this.#isOp(')')) throw new Error('expected ")"');
      this.#at++;
      return { kind: 'group', subshell: true, body, redirects: this.#redirects() };
    }
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const token = this.#tokens[this.#at];
      if (token?.kind === 'word') {
        words.push(token.word);
        this.#at++;
      } else if (token?.kind === 'op' && redirections[token.op] !== undefined) redirects.push(this.#redirect());
      else break;
    }
    if (words.length === 0 && redirects.length === 0) {
      const token = this.#tokens[this.#at];
      throw new Error(`unexpected ${token === undefined ? 'end of file' : describe(token)}`);
    }
    return { kind: 'simple', words, redirects };
  }

  #if(): Extract<Command, { kind: 'if' }> {
    this.#at++;
    const branches: { condition: Script; body: Script }[] = [];
    let otherwise: Script | undefined;
    for (;;) {
      const condition = this.#expectList('then');
      const body = this.list();
      branches.push({ condition, body });
      const next = bareText(this.#tokens[this.#at++]);
      if (next === 'elif') continue;
      if (next === 'else') otherwise = this.#expectList('fi');
      else if (next !== 'fi') throw new Error('expected "fi"');
      return { kind: 'if', branches, ...(otherwise !== undefined && { otherwise }), redirects: [] };
    }
  }

  /** A list ended by `keyword`, which is consumed. */
  #expectList(keyword: string): Script {
    const list = this.list();
    if (bareText(this.#tokens[this.#at]) !== keyword) throw new Error(`expected "${keyword}"`);
    this.#at++;
    return list;
  }

  #redirects(): Redirect[] {
    const redirects: Redirect[] = [];
    for (let token = this.#tokens[this.#at]; token?.kind === 'op' && redirections[token.op] !== undefined; token = this.#tokens[this.#at]) redirects.push(this.#redirect());
    return redirects;
  }

  #redirect(): Redirect {
    const token = this.#tokens[this.#at++] as Extract<Token, { kind: 'op' }>;
    const redirection = redirections[token.op] as (typeof redirections)[string];
    if (redirection.duplicate !== undefined) return { fd: redirection.fd, target: redirection.duplicate, append: false };
    const target = this.#tokens[this.#at++];
    if (target?.kind !== 'word') throw new Error(`unexpected ${target === undefined ? 'end of file' : describe(target)} after ${token.op}`);
    return { fd: redirection.fd, target: target.word, append: redirection.append };
  }

  #isOp(op: string): boolean {
    const token = this.#tokens[this.#at];
    return token?.kind === 'op' && token.op === op;
  }

  #skipSeparators(): void {
    while (this.#isOp(';')) this.#at++;
  }
}

function describe(token: Token): string {
  return token.kind === 'op' ? `"${token.op === ';' ? ';' : token.op}"` : `"${token.word.map((p) => p.text).join('')}"`;
}

export function parseScript(script: string): Script {
  return new Parser(tokenize(script)).script();
}
