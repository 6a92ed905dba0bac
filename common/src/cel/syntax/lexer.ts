// The CEL lexer: splits a source into tokens by longest match, the way the reference (ANTLR) lexer of
// cel-go does, including how it fails. When no token matches, it reports
// "token recognition error at: '<text>'" where the text runs from the token's start through the first
// character that could not continue it, and resumes after that character; when a longer token fails
// but a shorter one matched on the way (`""` before an unterminated `"""`), the shorter one wins.

import type { CelIssue } from './ast.ts';
import type { SourceText } from './source-text.ts';
import { T, type Token, type TokenType } from './tokens.ts';

export interface LexResult {
  readonly tokens: Token[];
  readonly issues: CelIssue[];
  /** Code point ranges [start, end) that no token covers because they failed to lex, in order. */
  readonly dropped: number[];
}

const C = {
  TAB: 0x09,
  LF: 0x0a,
  FF: 0x0c,
  CR: 0x0d,
  SPACE: 0x20,
  BANG: 0x21,
  DQUOTE: 0x22,
  PERCENT: 0x25,
  AMP: 0x26,
  SQUOTE: 0x27,
  LPAREN: 0x28,
  RPAREN: 0x29,
  STAR: 0x2a,
  PLUS: 0x2b,
  COMMA: 0x2c,
  MINUS: 0x2d,
  DOT: 0x2e,
  SLASH: 0x2f,
  ZERO: 0x30,
  THREE: 0x33,
  SEVEN: 0x37,
  NINE: 0x39,
  COLON: 0x3a,
  LT: 0x3c,
  EQ: 0x3d,
  GT: 0x3e,
  QUESTION: 0x3f,
  LBRACKET: 0x5b,
  BACKSLASH: 0x5c,
  RBRACKET: 0x5d,
  UNDERSCORE: 0x5f,
  BACKTICK: 0x60,
  LBRACE: 0x7b,
  PIPE: 0x7c,
  RBRACE: 0x7d,
} as const;

const keywords: ReadonlyMap<string, TokenType> = new Map<string, TokenType>([
  ['true', T.TRUE],
  ['false', T.FALSE],
  ['null', T.NULL],
  ['in', T.IN],
]);

function isDigit(c: number): boolean {
  return c >= C.ZERO && c <= C.NINE;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isIdentPart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === C.UNDERSCORE;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Characters allowed between backticks in an escaped identifier. */
function isEscapedIdentPart(c: number): boolean {
  return isIdentPart(c) || c === C.DOT || c === C.MINUS || c === C.SLASH || c === C.SPACE;
}

/**
 * The outcome of trying to match one token at a position: the longest match found (type < 0 when
 * none) and the index of the character at which the longest attempt failed.
 */
interface Match {
  type: TokenType | -1;
  end: number;
  failAt: number;
}

export function lex(source: SourceText): LexResult {
  const cps = source.codePoints;
  const len = cps.length;
  const tokens: Token[] = [];
  const issues: CelIssue[] = [];
  const dropped: number[] = [];
  const m: Match = { type: -1, end: 0, failAt: 0 };

  let i = 0;
  while (i < len) {
    const c = cps[i]!;
    if (c === C.SPACE || c === C.TAB || c === C.LF || c === C.CR || c === C.FF) {
      i++;
      continue;
    }
    if (c === C.SLASH && cps[i + 1] === C.SLASH) {
      i += 2;
      while (i < len && cps[i] !== C.LF) i++;
      continue;
    }
    matchToken(cps, i, m);
    if (m.type !== -1) {
      tokens.push({ type: m.type, start: i, end: m.end, text: source.slice(i, m.end) });
      i = m.end;
      continue;
    }
    const stop = Math.min(m.failAt + 1, len);
    issues.push({ message: `Syntax error: token recognition error at: '${source.slice(i, stop)}'`, offset: i });
    dropped.push(i, stop);
    i = stop;
  }
  tokens.push({ type: T.EOF, start: len, end: len, text: '<EOF>' });
  return { tokens, issues, dropped };
}

function single(m: Match, type: TokenType, end: number): void {
  m.type = type;
  m.end = end;
}

function fail(m: Match, at: number): void {
  m.type = -1;
  m.failAt = at;
}

function matchToken(cps: Uint32Array, i: number, m: Match): void {
  const c = cps[i]!;
  const next = cps[i + 1];
  switch (c) {
    case C.EQ:
      return next === C.EQ ? single(m, T.EQUALS, i + 2) : fail(m, i + 1);
    case C.BANG:
      return next === C.EQ ? single(m, T.NOT_EQUALS, i + 2) : single(m, T.EXCLAM, i + 1);
    case C.LT:
      return next === C.EQ ? single(m, T.LESS_EQUALS, i + 2) : single(m, T.LESS, i + 1);
    case C.GT:
      return next === C.EQ ? single(m, T.GREATER_EQUALS, i + 2) : single(m, T.GREATER, i + 1);
    case C.AMP:
      return next === C.AMP ? single(m, T.LOGICAL_AND, i + 2) : fail(m, i + 1);
    case C.PIPE:
      return next === C.PIPE ? single(m, T.LOGICAL_OR, i + 2) : fail(m, i + 1);
    case C.LBRACKET:
      return single(m, T.LBRACKET, i + 1);
    case C.RBRACKET:
      return single(m, T.RBRACKET, i + 1);
    case C.LBRACE:
      return single(m, T.LBRACE, i + 1);
    case C.RBRACE:
      return single(m, T.RBRACE, i + 1);
    case C.LPAREN:
      return single(m, T.LPAREN, i + 1);
    case C.RPAREN:
      return single(m, T.RPAREN, i + 1);
    case C.COMMA:
      return single(m, T.COMMA, i + 1);
    case C.MINUS:
      return single(m, T.MINUS, i + 1);
    case C.QUESTION:
      return single(m, T.QUESTIONMARK, i + 1);
    case C.COLON:
      return single(m, T.COLON, i + 1);
    case C.PLUS:
      return single(m, T.PLUS, i + 1);
    case C.STAR:
      return single(m, T.STAR, i + 1);
    case C.SLASH:
      return single(m, T.SLASH, i + 1);
    case C.PERCENT:
      return single(m, T.PERCENT, i + 1);
    case C.DOT:
      if (next !== undefined && isDigit(next)) return matchFraction(cps, i + 1, m);
      return single(m, T.DOT, i + 1);
    case C.DQUOTE:
    case C.SQUOTE:
      return matchString(cps, i, false, m);
    case C.BACKTICK:
      return matchEscapedIdent(cps, i, m);
  }
  if (isDigit(c)) return matchNumber(cps, i, m);
  if (isLetter(c) || c === C.UNDERSCORE) return matchWord(cps, i, m);
  fail(m, i);
}

/** Digits after a decimal point (at i), then an optional exponent: a NUM_FLOAT. */
function matchFraction(cps: Uint32Array, i: number, m: Match): void {
  let j = i;
  while (isDigit(cps[j] ?? -1)) j++;
  single(m, T.NUM_FLOAT, j);
  matchExponent(cps, j, m);
}

/** An exponent at j extends the current match to a NUM_FLOAT; an incomplete one leaves it as it is. */
function matchExponent(cps: Uint32Array, j: number, m: Match): void {
  const e = cps[j];
  if (e !== 0x65 && e !== 0x45) return;
  let k = j + 1;
  if (cps[k] === C.PLUS || cps[k] === C.MINUS) k++;
  if (!isDigit(cps[k] ?? -1)) return;
  while (isDigit(cps[k] ?? -1)) k++;
  single(m, T.NUM_FLOAT, k);
}

function matchNumber(cps: Uint32Array, i: number, m: Match): void {
  if (cps[i] === C.ZERO && cps[i + 1] === 0x78 && isHex(cps[i + 2] ?? -1)) {
    let j = i + 2;
    while (isHex(cps[j] ?? -1)) j++;
    const u = cps[j];
    if (u === 0x75 || u === 0x55) return single(m, T.NUM_UINT, j + 1);
    return single(m, T.NUM_INT, j);
  }
  let j = i;
  while (isDigit(cps[j] ?? -1)) j++;
  const after = cps[j];
  if (after === 0x75 || after === 0x55) return single(m, T.NUM_UINT, j + 1);
  single(m, T.NUM_INT, j);
  if (after === C.DOT && isDigit(cps[j + 1] ?? -1)) return matchFraction(cps, j + 1, m);
  matchExponent(cps, j, m);
}

/** An identifier or keyword, or a string/bytes literal behind an r/b prefix. */
function matchWord(cps: Uint32Array, i: number, m: Match): void {
  let j = i + 1;
  while (isIdentPart(cps[j] ?? -1)) j++;
  const c = cps[i]!;
  const isRaw = (x: number | undefined) => x === 0x72 || x === 0x52;
  const isQuote = (x: number | undefined) => x === C.DQUOTE || x === C.SQUOTE;
  let quoteAt = -1;
  let raw = false;
  if (isRaw(c) && isQuote(cps[i + 1])) {
    quoteAt = i + 1;
    raw = true;
  } else if (c === 0x62 || c === 0x42) {
    if (isQuote(cps[i + 1])) quoteAt = i + 1;
    else if (isRaw(cps[i + 1]) && isQuote(cps[i + 2])) {
      quoteAt = i + 2;
      raw = true;
    }
  }
  if (quoteAt >= 0) {
    matchString(cps, quoteAt, raw, m);
    if (m.type >= 0) {
      if (c === 0x62 || c === 0x42) m.type = T.BYTES;
      return;
    }
    // The literal failed; the prefix letters still match as an identifier.
  }
  let word = '';
  for (let k = i; k < j; k++) word += String.fromCharCode(cps[k]!);
  single(m, keywords.get(word) ?? T.IDENTIFIER, j);
}

function matchEscapedIdent(cps: Uint32Array, i: number, m: Match): void {
  let j = i + 1;
  while (j < cps.length && isEscapedIdentPart(cps[j]!)) j++;
  if (j > i + 1 && cps[j] === C.BACKTICK) return single(m, T.ESC_IDENTIFIER, j + 1);
  fail(m, j);
}

/**
 * A quoted string starting at the quote character q: single-quoted and triple-quoted forms are tried
 * together, as the longest-match lexer does, so `''` is accepted when `'''...` never closes.
 */
function matchString(cps: Uint32Array, q: number, raw: boolean, m: Match): void {
  const quote = cps[q]!;
  const len = cps.length;
  let acceptEnd = -1;
  let failAt = -1;

  // Single-quoted form.
  let j = q + 1;
  for (;;) {
    if (j >= len) {
      failAt = len;
      break;
    }
    const ch = cps[j]!;
    if (ch === quote) {
      acceptEnd = j + 1;
      break;
    }
    if (ch === C.LF || ch === C.CR) {
      failAt = j;
      break;
    }
    if (ch === C.BACKSLASH && !raw) {
      const end = escapeEnd(cps, j);
      if (end < 0) {
        failAt = -end - 1;
        break;
      }
      j = end;
      continue;
    }
    j++;
  }

  // Triple-quoted form: ends at the first closing triple quote.
  if (cps[q + 1] === quote && cps[q + 2] === quote) {
    let k = q + 3;
    for (;;) {
      if (k >= len) {
        failAt = Math.max(failAt, len);
        break;
      }
      const ch = cps[k]!;
      if (ch === quote && cps[k + 1] === quote && cps[k + 2] === quote) {
        acceptEnd = k + 3;
        break;
      }
      if (ch === C.BACKSLASH && !raw) {
        const end = escapeEnd(cps, k);
        if (end < 0) {
          failAt = Math.max(failAt, -end - 1);
          break;
        }
        k = end;
        continue;
      }
      k++;
    }
  }

  if (acceptEnd >= 0) return single(m, T.STRING, acceptEnd);
  fail(m, failAt);
}

/**
 * The end of a valid escape sequence starting with the backslash at j, or -(failIndex + 1) where the
 * sequence stopped being valid.
 */
function escapeEnd(cps: Uint32Array, j: number): number {
  const c = cps[j + 1];
  if (c === undefined) return -(cps.length + 1);
  switch (c) {
    case 0x61:
    case 0x62:
    case 0x66:
    case 0x6e:
    case 0x72:
    case 0x74:
    case 0x76: // a b f n r t v
    case C.DQUOTE:
    case C.SQUOTE:
    case C.BACKSLASH:
    case C.QUESTION:
    case C.BACKTICK:
      return j + 2;
    case 0x78:
    case 0x58: // x X
      return hexRun(cps, j + 2, 2);
    case 0x75: // u
      return hexRun(cps, j + 2, 4);
    case 0x55: // U
      return hexRun(cps, j + 2, 8);
  }
  if (c >= C.ZERO && c <= C.THREE) {
    for (let k = j + 2; k < j + 4; k++) {
      const d = cps[k];
      if (d === undefined || d < C.ZERO || d > C.SEVEN) return -(Math.min(k, cps.length) + 1);
    }
    return j + 4;
  }
  return -(j + 1 + 1);
}

function hexRun(cps: Uint32Array, from: number, count: number): number {
  for (let k = from; k < from + count; k++) {
    const d = cps[k];
    if (d === undefined) return -(cps.length + 1);
    if (!isHex(d)) return -(k + 1);
  }
  return from + count;
}
