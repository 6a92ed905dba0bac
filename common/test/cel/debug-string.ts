// Prints a parsed expression in the debug form cel-go's tests use (each node followed by
// `^#<kind>#`), so that ASTs can be compared with the ones cel-go produced for the same inputs in
// @bufbuild/cel-spec's test data. Test-only.

import type { Constant, Expr } from '../../src/cel/syntax/ast.ts';

const kindOf = (e: Expr): string => {
  switch (e.type) {
    case 'const':
      return {
        null: '*expr.Constant_NullValue',
        bool: '*expr.Constant_BoolValue',
        int: '*expr.Constant_Int64Value',
        uint: '*expr.Constant_Uint64Value',
        double: '*expr.Constant_DoubleValue',
        string: '*expr.Constant_StringValue',
        bytes: '*expr.Constant_BytesValue',
      }[e.value.kind];
    case 'ident':
      return '*expr.Expr_IdentExpr';
    case 'select':
      return '*expr.Expr_SelectExpr';
    case 'call':
      return '*expr.Expr_CallExpr';
    case 'list':
      return '*expr.Expr_ListExpr';
    case 'map':
    case 'struct':
      return '*expr.Expr_StructExpr';
    case 'comprehension':
      return '*expr.Expr_ComprehensionExpr';
  }
};

const entryKind = '^#*expr.Expr_CreateStruct_Entry#';

/** Go's strconv.FormatFloat(v, 'g', -1, 64). */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa, exp] = v.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(v);
}

/** Go's strconv.Quote over code points (invalid UTF-8 in bytes as \x escapes). */
function goQuote(codePoints: Iterable<number | { byte: number }>): string {
  let out = '"';
  for (const c of codePoints) {
    if (typeof c !== 'number') {
      out += `\\x${c.byte.toString(16).padStart(2, '0')}`;
      continue;
    }
    switch (c) {
      case 0x07:
        out += '\\a';
        continue;
      case 0x08:
        out += '\\b';
        continue;
      case 0x0c:
        out += '\\f';
        continue;
      case 0x0a:
        out += '\\n';
        continue;
      case 0x0d:
        out += '\\r';
        continue;
      case 0x09:
        out += '\\t';
        continue;
      case 0x0b:
        out += '\\v';
        continue;
      case 0x22:
        out += '\\"';
        continue;
      case 0x5c:
        out += '\\\\';
        continue;
    }
    const ch = String.fromCodePoint(c);
    if (c === 0x20 || (c > 0x20 && c !== 0x7f && /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch))) out += ch;
    else if (c < 0x80) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c <= 0xffff) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += `\\U${c.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

function* utf8CodePoints(bytes: Uint8Array): Generator<number | { byte: number }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
    if (n > 0 && i + n <= bytes.length) {
      try {
        const s = decoder.decode(bytes.subarray(i, i + n));
        yield s.codePointAt(0)!;
        i += n;
        continue;
      } catch {
        // fall through: an invalid byte
      }
    }
    yield { byte: b };
    i++;
  }
}

function constantText(c: Constant): string {
  switch (c.kind) {
    case 'null':
      return 'null';
    case 'bool':
      return String(c.value);
    case 'int':
      return String(c.value);
    case 'uint':
      return `${c.value}u`;
    case 'double':
      return goFloat(c.value);
    case 'string':
      return goQuote(Array.from(c.value, (ch) => ch.codePointAt(0)!));
    case 'bytes':
      return `b${goQuote(utf8CodePoints(c.value))}`;
  }
}

class Writer {
  private out = '';
  private indent = 0;

  text(s: string): void {
    this.out += s;
  }

  line(): void {
    this.out += `\n${'  '.repeat(this.indent)}`;
  }

  push(): void {
    this.indent++;
  }

  pop(): void {
    this.indent--;
  }

  toString(): string {
    return this.out;
  }
}

/** Items between brackets, one per line, indented, separated by commas; nothing when empty. */
function writeItems<T>(w: Writer, items: readonly T[], writeItem: (item: T) => void): void {
  if (items.length === 0) return;
  w.push();
  w.line();
  items.forEach((item, i) => {
    writeItem(item);
    if (i < items.length - 1) {
      w.text(',');
      w.line();
    }
  });
  w.pop();
  w.line();
}

function write(w: Writer, e: Expr): void {
  switch (e.type) {
    case 'const':
      w.text(constantText(e.value));
      break;
    case 'ident':
      w.text(e.name);
      break;
    case 'select':
      write(w, e.operand);
      w.text(`.${e.field}${e.testOnly ? '~test-only~' : ''}`);
      break;
    case 'call':
      if (e.target !== undefined) {
        write(w, e.target);
        w.text('.');
      }
      w.text(`${e.function}(`);
      writeItems(w, e.args, (a) => write(w, a));
      w.text(')');
      break;
    case 'list':
      w.text('[');
      writeItems(w, e.elements, (x) => write(w, x));
      w.text(']');
      break;
    case 'map':
      w.text('{');
      writeItems(w, e.entries, (x) => {
        if (x.optional) w.text('?');
        write(w, x.key);
        w.text(':');
        write(w, x.value);
        w.text(entryKind);
      });
      w.text('}');
      break;
    case 'struct':
      w.text(`${e.messageName}{`);
      writeItems(w, e.fields, (x) => {
        w.text(`${x.optional ? '?' : ''}${x.field}:`);
        write(w, x.value);
        w.text(entryKind);
      });
      w.text('}');
      break;
    case 'comprehension': {
      w.text('__comprehension__(');
      w.push();
      const part = (label: string, body: () => void, last = false): void => {
        w.line();
        w.text(`// ${label}`);
        w.line();
        body();
        if (!last) w.text(',');
      };
      part('Variable', () => w.text(e.iterVar));
      if (e.iterVar2 !== undefined) part('Variable2', () => w.text(e.iterVar2!));
      part('Target', () => write(w, e.iterRange));
      part('Accumulator', () => w.text(e.accuVar));
      part('Init', () => write(w, e.accuInit));
      part('LoopCondition', () => write(w, e.loopCondition));
      part('LoopStep', () => write(w, e.loopStep));
      part('Result', () => write(w, e.result), true);
      w.text(')');
      w.pop();
      break;
    }
  }
  w.text(`^#${kindOf(e)}#`);
}

export function debugString(e: Expr): string {
  const w = new Writer();
  write(w, e);
  return w.toString();
}
