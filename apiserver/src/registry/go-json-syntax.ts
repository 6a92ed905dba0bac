// The syntax error Go's encoding/json reports for bytes that are not JSON ("unexpected end of JSON
// input", "invalid character 'x' looking for beginning of value", ...): what kube's decoders say of
// a corrupt stored value. Only called for values JSON.parse refused, so it favours plainness over speed.

import { goQuote } from '@capstan/common';

const endOfInput = 'unexpected end of JSON input';

class SyntaxFailure {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/** Go's message for the first syntax error of `bytes`; undefined when Go would read them. */
export function goJsonSyntaxError(bytes: Uint8Array): string | undefined {
  let at = 0;
  const fail = (context: string): never => {
    throw new SyntaxFailure(at >= bytes.length ? endOfInput : `invalid character ${quoteChar(bytes[at] as number)} ${context}`);
  };
  const peek = (): number | undefined => bytes[at];
  const skipSpace = (): void => {
    while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  };
  const expect = (test: (c: number) => boolean, context: string): void => {
    const c = peek();
    if (c === undefined || !test(c)) fail(context);
    at++;
  };
  const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
  const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
  const digits = (): void => {
    while (at < bytes.length && isDigit(bytes[at] as number)) at++;
  };

  const string = (): void => {
    at++; // the opening quote
    for (;;) {
      const c = peek();
      if (c === undefined) fail('in string literal');
      at++;
      if (c === 0x22) return;
      if (c === 0x5c) {
        const escaped = peek();
        if (escaped === 0x75) {
          at++;
          for (let i = 0; i < 4; i++) expect(isHex, 'in \\u hexadecimal character escape');
        } else {
          expect((e) => '"\\/bfnrt'.includes(String.fromCharCode(e)), 'in string escape code');
        }
      } else if ((c as number) < 0x20) {
        at--;
        fail('in string literal');
      }
    }
  };
  const number = (): void => {
    if (peek() === 0x2d) {
      at++;
      expect(isDigit, 'in numeric literal');
      at--;
    }
    if (peek() === 0x30) at++;
    else digits();
    if (peek() === 0x2e) {
      at++;
      expect(isDigit, 'after decimal point in numeric literal');
      digits();
    }
    if (peek() === 0x65 || peek() === 0x45) {
      at++;
      if (peek() === 0x2b || peek() === 0x2d) at++;
      expect(isDigit, 'in exponent of numeric literal');
      digits();
    }
  };
  const literal = (word: string): void => {
    at++;
    for (const expected of word.slice(1)) expect((c) => c === expected.charCodeAt(0), `in literal ${word} (expecting '${expected}')`);
  };
  const value = (): void => {
    skipSpace();
    const c = peek();
    if (c === 0x7b) return object();
    if (c === 0x5b) return array();
    if (c === 0x22) return string();
    if (c === 0x2d || (c !== undefined && isDigit(c))) return number();
    if (c === 0x74) return literal('true');
    if (c === 0x66) return literal('false');
    if (c === 0x6e) return literal('null');
    fail('looking for beginning of value');
  };
  const object = (): void => {
    at++;
    skipSpace();
    if (peek() === 0x7d) {
      at++;
      return;
    }
    for (;;) {
      skipSpace();
      if (peek() !== 0x22) fail('looking for beginning of object key string');
      string();
      skipSpace();
      expect((c) => c === 0x3a, 'after object key');
      value();
      skipSpace();
      const c = peek();
      if (c === 0x7d) {
        at++;
        return;
      }
      if (c !== 0x2c) fail('after object key:value pair');
      at++;
    }
  };
  const array = (): void => {
    at++;
    skipSpace();
    if (peek() === 0x5d) {
      at++;
      return;
    }
    for (;;) {
      value();
      skipSpace();
      const c = peek();
      if (c === 0x5d) {
        at++;
        return;
      }
      if (c !== 0x2c) fail('after array element');
      at++;
    }
  };

  try {
    value();
    skipSpace();
    if (at < bytes.length) fail('after top-level value');
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxFailure) return error.message;
    throw error;
  }
}

/** A byte as Go's scanner quotes it: the rune of that value, in single quotes. */
function quoteChar(byte: number): string {
  if (byte === 0x27) return "'\\''";
  if (byte === 0x22) return `'"'`;
  return `'${goQuote(String.fromCharCode(byte)).slice(1, -1)}'`;
}
