// The CEL parser: a hand-written recursive-descent parser of the CEL grammar (operators by the
// specification's precedence, member selection and calls, list/map/message literals, optional
// syntax) that expands macros as it goes and numbers nodes as cel-go does. Syntax errors follow the
// reference parser's error strategy closely enough that messages read as Kubernetes shows them:
// "mismatched input", "extraneous input" (one token dropped), "missing X at" (one token assumed),
// "no viable alternative at input", then recovery to a token that can follow and parsing on.

import type { CallExpr, CelIssue, Expr, FieldInit, MapEntry, ParsedExpr } from './ast.ts';
import { ExprFactory } from './expr-factory.ts';
import { lex } from './lexer.ts';
import { doubleLiteral, intLiteral, type LiteralResult, quotedLiteral, uintLiteral } from './literal-values.ts';
import { isMacroError, type Macro, macroKey, standardMacros } from './macros.ts';
import { SourceText } from './source-text.ts';
import { T, type Token, type TokenType, exprStart, expectedTokensText, operatorTokens, quoteInput, quotedTokenText, startsExpr, startsMember } from './tokens.ts';

export interface ParserOptions {
  /** Deepest nesting of expressions and longest chains of operators, as cel-go counts them (250). */
  readonly maxRecursionDepth?: number;
  /** Longest source, in code points (100,000). */
  readonly expressionSizeCodePointLimit?: number;
  /** Error recoveries before the parser gives up (30). */
  readonly errorRecoveryLimit?: number;
  /** Syntax errors reported before the rest are summarized (100). */
  readonly maxErrorsToReport?: number;
  /** Accept `a.?b`, `a[?b]`, `[?x]`, `{?k: v}`, `Msg{?f: v}` (Kubernetes enables this from 1.28). */
  readonly enableOptionalSyntax?: boolean;
  /** Accept backquoted field names: a.`b-c`, Msg{`in`: x}. */
  readonly enableIdentEscapeSyntax?: boolean;
  /** The macros to expand; the standard ones when absent. */
  readonly macros?: readonly Macro[];
  /** The accumulator variable of comprehensions ('@result'). */
  readonly accumulatorName?: string;
}

export type ParseResult = { readonly ok: true; readonly parsed: ParsedExpr } | { readonly ok: false; readonly issues: readonly CelIssue[] };

/** Offset of errors that have no place in the source (limits). */
export const noLocation = -1;

const reservedIdentifiers = new Set([
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

const binaryFunctions: Partial<Record<TokenType, string>> = {
  [T.EQUALS]: '_==_',
  [T.NOT_EQUALS]: '_!=_',
  [T.IN]: '@in',
  [T.LESS]: '_<_',
  [T.LESS_EQUALS]: '_<=_',
  [T.GREATER_EQUALS]: '_>=_',
  [T.GREATER]: '_>_',
  [T.PLUS]: '_+_',
  [T.MINUS]: '_-_',
  [T.STAR]: '_*_',
  [T.SLASH]: '_/_',
  [T.PERCENT]: '_%_',
};

const mapStart: readonly TokenType[] = [...exprStart, T.RBRACE, T.COMMA, T.QUESTIONMARK];
const listStart: readonly TokenType[] = [...exprStart, T.RBRACKET, T.COMMA, T.QUESTIONMARK];
const argsStart: readonly TokenType[] = [...exprStart, T.RPAREN];
const fieldsStart: readonly TokenType[] = [T.RBRACE, T.COMMA, T.QUESTIONMARK, T.IDENTIFIER, T.ESC_IDENTIFIER];
const fieldNameStart: readonly TokenType[] = [T.IDENTIFIER, T.ESC_IDENTIFIER];
const memberSuffix: readonly TokenType[] = [T.DOT, T.LBRACKET];
// What closes each kind of enclosing construct (recovery stops there).
const closeColon: readonly TokenType[] = [T.COLON];
const closeParen: readonly TokenType[] = [T.RPAREN];
const closeBracket: readonly TokenType[] = [T.RBRACKET];
const closeArgs: readonly TokenType[] = [T.COMMA, T.RPAREN];
const closeList: readonly TokenType[] = [T.COMMA, T.RBRACKET];
const closeEntries: readonly TokenType[] = [T.COMMA, T.RBRACE];

/** A parser with fixed options; parse() may be called any number of times. */
export class CelParser {
  readonly options: Required<Omit<ParserOptions, 'macros'>>;
  private readonly macros: ReadonlyMap<string, Macro>;

  constructor(options: ParserOptions = {}) {
    this.options = {
      maxRecursionDepth: options.maxRecursionDepth ?? 250,
      expressionSizeCodePointLimit: options.expressionSizeCodePointLimit ?? 100_000,
      errorRecoveryLimit: options.errorRecoveryLimit ?? 30,
      maxErrorsToReport: options.maxErrorsToReport ?? 100,
      enableOptionalSyntax: options.enableOptionalSyntax ?? false,
      enableIdentEscapeSyntax: options.enableIdentEscapeSyntax ?? false,
      accumulatorName: options.accumulatorName ?? '@result',
    };
    const macros = new Map<string, Macro>();
    for (const m of options.macros ?? standardMacros) macros.set(macroKey(m.name, m.argCount, m.receiverStyle), m);
    this.macros = macros;
  }

  parse(source: string): ParseResult {
    const text = new SourceText(source);
    const limit = this.options.expressionSizeCodePointLimit;
    if (limit >= 0 && text.length > limit) {
      const message = `expression code point size exceeds limit: size: ${text.length}, limit ${limit}`;
      return { ok: false, issues: [{ message, offset: noLocation }] };
    }
    const run = new ParseRun(text, this.options, this.macros);
    return run.run();
  }
}

/** Parses one expression with the given options (see CelParser to reuse options). */
export function parseCel(source: string, options?: ParserOptions): ParseResult {
  return new CelParser(options).parse(source);
}

/** Thrown to stop parsing at a limit; the issue is already recorded. */
class ParseAbort {}

class ParseRun {
  private readonly tokens: Token[];
  private readonly dropped: number[];
  private p = 0;
  private readonly issues: CelIssue[];
  private readonly f = new ExprFactory();
  private readonly macroCalls = new Map<number, CallExpr>();
  /** Set after a syntax error until a token matches: further errors are not reported meanwhile. */
  private recovering = false;
  private lastErrorIndex = -1;
  private recoveryAttempts = 0;
  /** Tokens that close each enclosing construct, innermost last: what recovery stops at. */
  private readonly closers: (readonly TokenType[])[] = [[T.EOF]];
  private exprDepth = 0;

  private readonly source: SourceText;
  private readonly options: CelParser['options'];
  private readonly macros: ReadonlyMap<string, Macro>;

  constructor(source: SourceText, options: CelParser['options'], macros: ReadonlyMap<string, Macro>) {
    this.source = source;
    this.options = options;
    this.macros = macros;
    const lexed = lex(source);
    this.tokens = lexed.tokens;
    this.issues = lexed.issues;
    this.dropped = lexed.dropped;
  }

  run(): ParseResult {
    let expr: Expr | undefined;
    try {
      expr = this.expr();
      this.match(T.EOF, []);
    } catch (e) {
      if (!(e instanceof ParseAbort)) throw e;
      // Parsing stopped before the reference parser would have built anything: only syntax errors and
      // the limit reached remain.
      const limit = this.issues[this.issues.length - 1]!;
      this.forgetIssuesSince(0);
      if (!this.issues.includes(limit)) this.issues.push(limit);
    }
    if (this.issues.length > 0 || expr === undefined) return { ok: false, issues: this.sortedIssues() };
    return { ok: true, parsed: { expr, source: this.source.text, macroCalls: this.macroCalls } };
  }

  private sortedIssues(): CelIssue[] {
    const sorted = this.issues.map((issue, i) => ({ issue, i }));
    sorted.sort((a, b) => a.issue.offset - b.issue.offset || a.i - b.i);
    const max = this.options.maxErrorsToReport;
    const out: CelIssue[] = [];
    let syntaxErrors = 0;
    for (const { issue } of sorted) {
      if (issue.message.startsWith('Syntax error: ')) {
        syntaxErrors++;
        if (syntaxErrors === max + 1) {
          out.push({ message: `Syntax error: More than ${max} syntax errors`, offset: issue.offset });
        }
        if (syntaxErrors > max) continue;
      }
      out.push(issue);
    }
    return out;
  }

  // ---- tokens ----

  private la(k: number): Token {
    const i = this.p + k - 1;
    return this.tokens[i < this.tokens.length ? i : this.tokens.length - 1]!;
  }

  private consume(): Token {
    const t = this.tokens[this.p]!;
    if (t.type !== T.EOF) this.p++;
    return t;
  }

  /** Consumes a token the grammar expects here, which ends error recovery. */
  private consumeMatched(): Token {
    this.recovering = false;
    return this.consume();
  }

  // ---- errors ----

  private issue(message: string, offset: number): void {
    this.issues.push({ message, offset });
  }

  private syntaxError(offset: number, message: string): void {
    if (this.recovering) return;
    this.recovering = true;
    this.issue(`Syntax error: ${message}`, offset);
  }

  private mismatched(token: Token, expected: readonly TokenType[]): void {
    this.syntaxError(token.start, `mismatched input ${quotedTokenText(token)} expecting ${expectedTokensText(expected)}`);
  }

  private extraneous(token: Token, expected: readonly TokenType[]): void {
    this.syntaxError(token.start, `extraneous input ${quotedTokenText(token)} expecting ${expectedTokensText(expected)}`);
  }

  /** Reports that no alternative fits the tokens from start through offending (quoted as tokens, so
   * without characters the lexer dropped). */
  private noViableAlternative(start: Token, offending: Token): void {
    const end = offending.type === T.EOF ? offending.start : offending.end;
    let input = '';
    let from = start.start;
    for (let i = 0; i < this.dropped.length; i += 2) {
      const a = this.dropped[i]!;
      const b = this.dropped[i + 1]!;
      if (b <= from || a >= end) continue;
      input += this.source.slice(from, a);
      from = b;
    }
    input += this.source.slice(from, end);
    this.syntaxError(offending.start, `no viable alternative at input ${quoteInput(input)}`);
  }

  /**
   * Forgets the non-syntax issues found since a point: the reference parser does not look inside
   * constructs it has already refused (a call of a reserved name, an optional entry where optional
   * syntax is off), so it reports nothing from within them.
   */
  private forgetIssuesSince(count: number): void {
    for (let i = this.issues.length - 1; i >= count; i--) {
      if (!this.issues[i]!.message.startsWith('Syntax error: ')) this.issues.splice(i, 1);
    }
  }

  private countRecoveryAttempt(): void {
    this.recoveryAttempts++;
    if (this.recoveryAttempts > this.options.errorRecoveryLimit) {
      const limit = this.options.errorRecoveryLimit;
      this.issue(`Syntax error: error recovery attempt limit exceeded: ${limit}`, this.la(1).start);
      throw new ParseAbort();
    }
  }

  /** Skips tokens up to one that can follow in some enclosing construct. */
  private recover(memberFollows: boolean): void {
    this.countRecoveryAttempt();
    if (this.lastErrorIndex === this.p) this.consume();
    this.lastErrorIndex = this.p;
    this.recoverTo(memberFollows ? memberSuffix : []);
  }

  /**
   * Matches a token the grammar requires. When it is not there: if the token after is, the one in
   * between is dropped (extraneous input); if what is there could follow the required token, it is
   * assumed (missing); otherwise the construct fails (mismatched input) and recovery skips ahead.
   */
  private match(type: TokenType, follow: readonly TokenType[] | 'afterClose'): boolean {
    const t = this.la(1);
    if (t.type === type) {
      this.consumeMatched();
      return true;
    }
    this.countRecoveryAttempt();
    if (this.la(2).type === type) {
      this.extraneous(t, [type]);
      this.consume();
      this.consumeMatched();
      return true;
    }
    if ((follow === 'afterClose' ? this.afterClose() : follow).includes(t.type)) {
      this.syntaxError(t.start, `missing ${expectedTokensText([type])} at ${quotedTokenText(t)}`);
      return true;
    }
    this.mismatched(t, [type]);
    this.recover(false);
    return false;
  }

  /** What can follow a closing bracket: member suffixes, operators, and the enclosing closer. */
  private afterClose(): readonly TokenType[] {
    return [...memberSuffix, ...operatorTokens, ...this.closers[this.closers.length - 1]!];
  }

  /**
   * Checks that the next token can start what comes (the reference parser's sync before a choice):
   * a stray token before a valid one is dropped; otherwise the construct fails.
   */
  private sync(expected: readonly TokenType[], memberFollows: boolean): boolean {
    if (this.recovering) return true;
    const t = this.la(1);
    if (expected.includes(t.type)) return true;
    if (expected.includes(this.la(2).type)) {
      this.extraneous(t, expected);
      this.consume();
      this.recovering = false;
      return true;
    }
    this.mismatched(t, expected);
    this.recover(memberFollows);
    return false;
  }

  private errorExpr(offset: number): Expr {
    return this.f.constant(this.f.nextId(), offset, { kind: 'null' });
  }

  private checkDepth<E extends Expr>(e: E): E {
    if (this.f.depthOf(e) > this.options.maxRecursionDepth + 1) {
      this.issue('max recursion depth exceeded', noLocation);
      throw new ParseAbort();
    }
    return e;
  }

  // ---- expressions, by precedence ----

  private expr(): Expr {
    if (++this.exprDepth > this.options.maxRecursionDepth) {
      this.issue(`expression recursion limit exceeded: ${this.options.maxRecursionDepth}`, noLocation);
      throw new ParseAbort();
    }
    let e = this.conditionalOr();
    if (this.la(1).type === T.QUESTIONMARK) {
      const q = this.consumeMatched();
      const id = this.f.nextId();
      this.closers.push(closeColon);
      const whenTrue = this.conditionalOr();
      this.closers.pop();
      if (this.match(T.COLON, exprStart)) {
        const whenFalse = this.expr();
        e = this.checkDepth(this.f.call(id, q.start, '_?_:_', [e, whenTrue, whenFalse]));
      }
    }
    this.exprDepth--;
    return e;
  }

  private conditionalOr(): Expr {
    return this.logical(T.LOGICAL_OR, '_||_', () => this.conditionalAnd());
  }

  private conditionalAnd(): Expr {
    return this.logical(T.LOGICAL_AND, '_&&_', () => this.relation());
  }

  /** A chain of && or ||, built as a balanced tree as cel-go does (ids in source order). */
  private logical(op: TokenType, fn: string, operand: () => Expr): Expr {
    const first = operand();
    if (this.la(1).type !== op) return first;
    const terms = [first];
    const ops: { id: number; offset: number }[] = [];
    while (this.la(1).type === op) {
      const t = this.consumeMatched();
      terms.push(operand());
      ops.push({ id: this.f.nextId(), offset: t.start });
    }
    return this.balanced(fn, terms, ops, 0, ops.length - 1);
  }

  private balanced(fn: string, terms: Expr[], ops: { id: number; offset: number }[], lo: number, hi: number): Expr {
    const mid = (lo + hi + 1) >> 1;
    const left = mid === lo ? terms[mid]! : this.balanced(fn, terms, ops, lo, mid - 1);
    const right = mid === hi ? terms[mid + 1]! : this.balanced(fn, terms, ops, mid + 1, hi);
    const op = ops[mid]!;
    return this.checkDepth(this.f.call(op.id, op.offset, fn, [left, right]));
  }

  private relation(): Expr {
    let left = this.addition();
    for (;;) {
      const t = this.la(1).type;
      if (t !== T.LESS && t !== T.LESS_EQUALS && t !== T.GREATER_EQUALS && t !== T.GREATER && t !== T.EQUALS && t !== T.NOT_EQUALS && t !== T.IN) return left;
      left = this.binary(left, () => this.addition());
    }
  }

  private addition(): Expr {
    let left = this.multiplication();
    for (;;) {
      const t = this.la(1).type;
      if (t !== T.PLUS && t !== T.MINUS) return left;
      left = this.binary(left, () => this.multiplication());
    }
  }

  private multiplication(): Expr {
    let left = this.unary();
    for (;;) {
      const t = this.la(1).type;
      if (t !== T.STAR && t !== T.SLASH && t !== T.PERCENT) return left;
      left = this.binary(left, () => this.unary());
    }
  }

  private binary(left: Expr, operand: () => Expr): Expr {
    const op = this.consumeMatched();
    const id = this.f.nextId();
    const right = operand();
    return this.checkDepth(this.f.call(id, op.start, binaryFunctions[op.type]!, [left, right]));
  }

  private unary(): Expr {
    const t = this.la(1);
    if (t.type === T.EXCLAM) return this.logicalNot();
    if (t.type === T.MINUS) {
      const next = this.la(2).type;
      if (next === T.NUM_INT || next === T.NUM_FLOAT) return this.member();
      if (next === T.MINUS || startsMember(next)) return this.negate();
      this.noViableAlternative(t, this.la(2));
      this.recover(false);
      return this.errorExpr(t.start);
    }
    if (!this.sync(exprStart, false)) return this.errorExpr(t.start);
    return this.member();
  }

  /** `!`+ member: an odd count negates once, an even count cancels out. */
  private logicalNot(): Expr {
    const first = this.la(1);
    let count = 0;
    while (this.la(1).type === T.EXCLAM) {
      this.consumeMatched();
      count++;
      if (!startsExpr(this.la(1).type) && !this.recovering) {
        this.extraneous(this.la(1), exprStart);
        this.recoverTo(exprStart);
      }
    }
    const t = this.la(1);
    if (t.type === T.MINUS && this.la(2).type !== T.NUM_INT && this.la(2).type !== T.NUM_FLOAT) {
      this.noViableAlternative(t, this.la(2));
      this.recover(false);
      return this.errorExpr(t.start);
    }
    const id = count % 2 === 1 ? this.f.nextId() : 0;
    const operand = this.member();
    return count % 2 === 1 ? this.checkDepth(this.f.call(id, first.start, '!_', [operand])) : operand;
  }

  /** Skips to a token in the set, an operator, or a token that closes an enclosing construct. */
  private recoverTo(set: readonly TokenType[]): void {
    while (!set.includes(this.la(1).type)) {
      const t = this.la(1).type;
      if (t === T.EOF || operatorTokens.includes(t) || this.closers.some((c) => c.includes(t))) return;
      this.consume();
    }
  }

  /** `-`+ member: a minus directly before a number is the number's sign only when alone. */
  private negate(): Expr {
    const first = this.la(1);
    let count = 0;
    while (this.la(1).type === T.MINUS) {
      if (count > 0) {
        const next = this.la(2).type;
        if (next !== T.MINUS && !startsMember(next)) {
          this.noViableAlternative(this.la(1), this.la(2));
          this.recover(false);
          return this.errorExpr(first.start);
        }
      }
      this.consumeMatched();
      count++;
    }
    const id = count % 2 === 1 ? this.f.nextId() : 0;
    const operand = this.member();
    return count % 2 === 1 ? this.checkDepth(this.f.call(id, first.start, '-_', [operand])) : operand;
  }

  private member(): Expr {
    let e = this.primary();
    for (;;) {
      const t = this.la(1);
      if (t.type === T.DOT) {
        const next = this.memberSelect(e);
        if (next === undefined) return e;
        e = next;
      } else if (t.type === T.LBRACKET) {
        e = this.index(e);
      } else {
        return e;
      }
    }
  }

  /** `.name`, `.?name` or `.name(args)` after an operand; undefined after a reported error. */
  private memberSelect(operand: Expr): Expr | undefined {
    const dot = this.la(1);
    const next = this.la(2);
    if (next.type === T.QUESTIONMARK) {
      this.consumeMatched();
      this.consumeMatched();
      if (!this.options.enableOptionalSyntax) this.issue("unsupported syntax '.?'", dot.start);
      const nameToken = this.la(1);
      const name = this.fieldName();
      if (name === undefined) return undefined;
      const field = this.f.constant(this.f.nextId(), nameToken.start, { kind: 'string', value: name });
      return this.checkDepth(this.f.call(this.f.nextId(), dot.start, '_?._', [operand, field]));
    }
    if (next.type === T.IDENTIFIER && this.la(3).type === T.LPAREN) {
      this.consumeMatched();
      const name = this.consumeMatched().text;
      const open = this.la(1);
      const id = this.f.nextId();
      const args = this.callArguments();
      if (args === undefined) return undefined;
      return this.callOrMacro(id, open.start, name, operand, args);
    }
    if (next.type === T.IDENTIFIER || next.type === T.ESC_IDENTIFIER) {
      this.consumeMatched();
      const name = this.fieldName()!;
      return this.checkDepth(this.f.select(this.f.nextId(), dot.start, operand, name, false));
    }
    if (next.type === T.TRUE || next.type === T.FALSE || next.type === T.NULL) {
      // The reference parser reports these as a missing identifier after the dot.
      this.consumeMatched();
      this.mismatched(next, [T.IDENTIFIER]);
      this.recover(false);
      return undefined;
    }
    this.noViableAlternative(dot, next);
    this.recover(false);
    return undefined;
  }

  /** A field name: an identifier, or a backquoted one where that syntax is enabled. */
  private fieldName(): string | undefined {
    if (!this.sync(fieldNameStart, false)) return undefined;
    const t = this.consumeMatched();
    if (t.type === T.IDENTIFIER) return t.text;
    if (!this.options.enableIdentEscapeSyntax) this.issue("unsupported syntax: '`'", t.start);
    return t.text.slice(1, -1);
  }

  private index(operand: Expr): Expr {
    const open = this.consumeMatched();
    const id = this.f.nextId();
    let fn = '_[_]';
    if (this.la(1).type === T.QUESTIONMARK) {
      this.consumeMatched();
      if (!this.options.enableOptionalSyntax) this.issue("unsupported syntax '[?'", open.start);
      fn = '_[?_]';
    }
    this.closers.push(closeBracket);
    const key = this.expr();
    this.closers.pop();
    this.match(T.RBRACKET, 'afterClose');
    return this.checkDepth(this.f.call(id, open.start, fn, [operand, key]));
  }

  /** `(args)` of a call, or undefined when the arguments fail to parse. */
  private callArguments(): Expr[] | undefined {
    this.consumeMatched();
    this.closers.push(closeArgs);
    const args: Expr[] = [];
    if (!this.sync(argsStart, false)) {
      this.closers.pop();
      return undefined;
    }
    if (this.la(1).type !== T.RPAREN) {
      args.push(this.expr());
      while (this.la(1).type === T.COMMA) {
        this.consumeMatched();
        args.push(this.expr());
      }
    }
    this.closers.pop();
    this.match(T.RPAREN, 'afterClose');
    return args;
  }

  private callOrMacro(id: number, offset: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
    const expanded = this.expandMacro(offset, fn, target, args);
    if (expanded !== undefined) return expanded;
    const call = target === undefined ? this.f.call(id, offset, fn, args) : this.f.memberCall(id, offset, fn, target, args);
    return this.checkDepth(call);
  }

  private expandMacro(offset: number, fn: string, target: Expr | undefined, args: Expr[]): Expr | undefined {
    const macro = this.macros.get(macroKey(fn, args.length, target !== undefined));
    if (macro === undefined) return undefined;
    const expansion = macro.expand(this.f.macroHelper(offset, this.options.accumulatorName), target, args);
    if (expansion === undefined) return undefined;
    if (isMacroError(expansion)) {
      this.issue(expansion.macroError, expansion.at.offset);
      return this.errorExpr(offset);
    }
    let depth = 0;
    for (const e of target === undefined ? args : [target, ...args]) depth = Math.max(depth, this.f.depthOf(e));
    this.f.inheritDepth(expansion, depth + 1);
    this.macroCalls.set(expansion.id, {
      type: 'call',
      id: expansion.id,
      offset,
      function: fn,
      target,
      args,
    });
    return this.checkDepth(expansion);
  }

  // ---- primaries ----

  private primary(): Expr {
    const t = this.la(1);
    switch (t.type) {
      case T.DOT:
      case T.IDENTIFIER:
        return this.identCallOrMessage();
      case T.LPAREN: {
        this.consumeMatched();
        this.closers.push(closeParen);
        const e = this.expr();
        this.closers.pop();
        this.match(T.RPAREN, 'afterClose');
        return e;
      }
      case T.LBRACKET:
        return this.list();
      case T.LBRACE:
        return this.map();
      case T.MINUS: {
        const n = this.la(2);
        if (n.type !== T.NUM_INT && n.type !== T.NUM_FLOAT) {
          this.noViableAlternative(t, n);
          this.recover(true);
          return this.errorExpr(t.start);
        }
        this.consumeMatched();
        return this.literal(this.consumeMatched(), t);
      }
      case T.NUM_INT:
      case T.NUM_UINT:
      case T.NUM_FLOAT:
      case T.STRING:
      case T.BYTES:
      case T.TRUE:
      case T.FALSE:
      case T.NULL:
        return this.literal(this.consumeMatched(), undefined);
    }
    this.mismatched(t, exprStart);
    this.recover(true);
    return this.errorExpr(t.start);
  }

  private literal(t: Token, sign: Token | undefined): Expr {
    const offset = sign === undefined ? t.start : sign.start;
    let r: LiteralResult;
    switch (t.type) {
      case T.NUM_INT:
        r = intLiteral(t.text, sign !== undefined);
        break;
      case T.NUM_UINT:
        r = uintLiteral(t.text);
        break;
      case T.NUM_FLOAT:
        r = doubleLiteral(t.text, sign !== undefined);
        break;
      case T.STRING:
      case T.BYTES:
        r = quotedLiteral(t.text);
        break;
      case T.TRUE:
        r = { value: { kind: 'bool', value: true } };
        break;
      case T.FALSE:
        r = { value: { kind: 'bool', value: false } };
        break;
      default:
        r = { value: { kind: 'null' } };
    }
    if ('error' in r) {
      this.issue(r.error, offset);
      return this.errorExpr(offset);
    }
    return this.f.constant(this.f.nextId(), offset, r.value);
  }

  /** `[.]name`, `[.]name(args)`, or a message literal `[.]a.b.Name{...}`. */
  private identCallOrMessage(): Expr {
    const first = this.la(1);
    let k = first.type === T.DOT ? 2 : 1;
    if (this.la(k).type !== T.IDENTIFIER) {
      this.noViableAlternative(first, this.la(k));
      this.recover(true);
      return this.errorExpr(first.start);
    }
    while (this.la(k + 1).type === T.DOT && this.la(k + 2).type === T.IDENTIFIER) k += 2;
    if (this.la(k + 1).type === T.LBRACE) {
      let name = '';
      for (let i = 0; i < k; i++) name += this.consumeMatched().text;
      return this.message(name);
    }
    const leadingDot = first.type === T.DOT ? this.consumeMatched() : undefined;
    const id = this.consumeMatched();
    const name = leadingDot === undefined ? id.text : `.${id.text}`;
    if (this.la(1).type === T.LPAREN) {
      const open = this.la(1);
      const callId = this.f.nextId();
      const issueCount = this.issues.length;
      const args = this.callArguments();
      if (reservedIdentifiers.has(id.text)) {
        this.forgetIssuesSince(issueCount);
        this.issue(`reserved identifier: ${id.text}`, first.start);
        return this.errorExpr(first.start);
      }
      if (args === undefined) return this.errorExpr(open.start);
      return this.callOrMacro(callId, open.start, name, undefined, args);
    }
    if (reservedIdentifiers.has(id.text)) {
      this.issue(`reserved identifier: ${id.text}`, first.start);
      return this.errorExpr(first.start);
    }
    return this.f.ident(this.f.nextId(), first.start, name);
  }

  private message(messageName: string): Expr {
    const open = this.consumeMatched();
    const id = this.f.nextId();
    this.closers.push(closeEntries);
    const fields: FieldInit[] = [];
    if (this.sync(fieldsStart, false) && this.la(1).type !== T.RBRACE && this.la(1).type !== T.COMMA) {
      for (;;) {
        const entryId = this.f.nextId();
        const optional = this.optionalMarker();
        const issueCount = this.issues.length;
        const name = this.fieldName();
        if (name === undefined) break;
        const colon = this.la(1);
        if (!this.match(T.COLON, exprStart)) break;
        const value = this.expr();
        if (optional && !this.options.enableOptionalSyntax) this.forgetIssuesSince(issueCount);
        fields.push(this.f.fieldInit(entryId, colon.start, name, value, optional));
        if (this.la(1).type !== T.COMMA) break;
        const after = this.la(2).type;
        if (after !== T.QUESTIONMARK && after !== T.IDENTIFIER && after !== T.ESC_IDENTIFIER) break;
        this.consumeMatched();
      }
    }
    return this.closeAggregate(T.RBRACE, this.f.struct(id, open.start, messageName, fields));
  }

  /**
   * The optional comma and closing bracket of a list, map or message literal. The reference parser
   * syncs before the optional comma, so a stray token there expects either: {']', ','}.
   */
  private closeAggregate<E extends Expr>(close: TokenType, e: E): E {
    this.closers.pop();
    if (this.sync([T.COMMA, close], false)) {
      if (this.la(1).type === T.COMMA) this.consumeMatched();
      this.match(close, 'afterClose');
    }
    return this.checkDepth(e);
  }

  /** A `?` before a list element, map key or field: optional syntax. */
  private optionalMarker(): boolean {
    if (this.la(1).type !== T.QUESTIONMARK) return false;
    const q = this.consumeMatched();
    if (!this.options.enableOptionalSyntax) this.issue("unsupported syntax '?'", q.start);
    return true;
  }

  private list(): Expr {
    const open = this.consumeMatched();
    const id = this.f.nextId();
    this.closers.push(closeList);
    const elements: Expr[] = [];
    const optionalIndices: number[] = [];
    if (this.sync(listStart, true) && this.la(1).type !== T.RBRACKET && this.la(1).type !== T.COMMA) {
      for (;;) {
        if (this.optionalMarker()) optionalIndices.push(elements.length);
        elements.push(this.expr());
        if (this.la(1).type !== T.COMMA) break;
        const after = this.la(2).type;
        if (after !== T.QUESTIONMARK && !startsExpr(after)) break;
        this.consumeMatched();
      }
    }
    return this.closeAggregate(T.RBRACKET, this.f.list(id, open.start, elements, optionalIndices));
  }

  private map(): Expr {
    const open = this.consumeMatched();
    const id = this.f.nextId();
    this.closers.push(closeEntries);
    const entries: MapEntry[] = [];
    if (this.sync(mapStart, true) && this.la(1).type !== T.RBRACE && this.la(1).type !== T.COMMA) {
      for (;;) {
        const entryId = this.f.nextId();
        const optional = this.optionalMarker();
        const issueCount = this.issues.length;
        this.closers.push(closeColon);
        const key = this.expr();
        this.closers.pop();
        const colon = this.la(1);
        if (!this.match(T.COLON, exprStart)) break;
        const value = this.expr();
        if (optional && !this.options.enableOptionalSyntax) this.forgetIssuesSince(issueCount);
        entries.push(this.f.mapEntry(entryId, colon.start, key, value, optional));
        if (this.la(1).type !== T.COMMA) break;
        const after = this.la(2).type;
        if (after !== T.QUESTIONMARK && !startsExpr(after)) break;
        this.consumeMatched();
      }
    }
    return this.closeAggregate(T.RBRACE, this.f.map(id, open.start, entries));
  }
}
