// How the strings extension (version 2, the legacy formatter) reads a format string: literal
// text, `%%`, and clauses `%[.precision]verb`, with cel-go's reasons for a clause it cannot read,
// and what each clause says of an argument it cannot take. Shared by the runtime formatter
// (string-format.ts) and the check of literal format strings after type checking
// (checker/string-format-validator.ts), which report the same texts.

import { goQuote } from '../../status/go-format.ts';

export type ClauseVerb = 's' | 'd' | 'f' | 'e' | 'b' | 'x' | 'X' | 'o';

export interface FormatClause {
  readonly verb: ClauseVerb;
  /** The digits written after the '.', when there are some (they fit a Go int). */
  readonly precisionDigits?: string;
}

/**
 * One piece of a format string, in order. A clause, a '%' that ends the string and a clause that
 * cannot be read each take the next argument; the pieces stop after the first that cannot be read.
 */
export type FormatPiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'clause'; readonly clause: FormatClause }
  | { readonly kind: 'unexpected-end' }
  | { readonly kind: 'unparsable'; readonly reason: string };

const verbs: ReadonlySet<string> = new Set<ClauseVerb>(['s', 'd', 'f', 'e', 'b', 'x', 'X', 'o']);
const isVerb = (letter: string): letter is ClauseVerb => verbs.has(letter);
const maxGoInt = 2n ** 63n - 1n;

export function* formatPieces(format: string): Generator<FormatPiece, void, undefined> {
  let i = 0;
  while (i < format.length) {
    const percent = format.indexOf('%', i);
    if (percent < 0) {
      yield { kind: 'text', text: format.slice(i) };
      return;
    }
    if (percent > i) yield { kind: 'text', text: format.slice(i, percent) };
    if (format[percent + 1] === '%') {
      yield { kind: 'text', text: '%' };
      i = percent + 2;
      continue;
    }
    if (percent + 1 >= format.length) {
      yield { kind: 'unexpected-end' };
      return;
    }
    const parsed = parseClause(format, percent + 1);
    if (typeof parsed === 'string') {
      yield { kind: 'unparsable', reason: parsed };
      return;
    }
    yield { kind: 'clause', clause: parsed.clause };
    i = parsed.end;
  }
}

/** The clause starting at `start` (just after the '%') and where it ends, or why it cannot be read. */
function parseClause(format: string, start: number): { clause: FormatClause; end: number } | string {
  let position = start;
  let precisionDigits: string | undefined;
  if (format[position] === '.') {
    position++;
    let digits = '';
    for (;;) {
      if (position >= format.length) return 'error while parsing precision: could not find end of precision specifier';
      const ch = format[position] as string;
      if (ch < '0' || ch > '9') break;
      digits += ch;
      position++;
    }
    if (digits === '') return 'error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax';
    if (BigInt(digits) > maxGoInt)
      return `error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${goQuote(digits)}: value out of range`;
    precisionDigits = digits;
  }
  const verb = format.codePointAt(position) as number;
  const letter = String.fromCodePoint(verb);
  if (!isVerb(letter)) return `unrecognized formatting clause "${firstByteAsRune(verb)}"`;
  const clause: FormatClause = precisionDigits === undefined ? { verb: letter } : { verb: letter, precisionDigits };
  return { clause, end: position + 1 };
}

/** Go reads the clause letter as a single byte: a non-ASCII character shows as the rune of its first UTF-8 byte. */
function firstByteAsRune(codePoint: number): string {
  if (codePoint < 0x80) return String.fromCodePoint(codePoint);
  const firstByte = new TextEncoder().encode(String.fromCodePoint(codePoint))[0] as number;
  return String.fromCodePoint(firstByte);
}

/** What a clause says of an argument of a type it cannot format (after "error during formatting: "). */
export function clauseTypeMessage(verb: ClauseVerb, typeName: string): string {
  switch (verb) {
    case 's':
      return `string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${typeName}`;
    case 'd':
      return `decimal clause can only be used on integers, was given ${typeName}`;
    case 'f':
      return `fixed-point clause can only be used on doubles, was given ${typeName}`;
    case 'e':
      return `scientific clause can only be used on doubles, was given ${typeName}`;
    case 'b':
      return `only integers and bools can be formatted as binary, was given ${typeName}`;
    case 'x':
    case 'X':
      return `only integers, byte buffers, and strings can be formatted as hex, was given ${typeName}`;
    case 'o':
      return `octal clause can only be used on integers, was given ${typeName}`;
  }
}
