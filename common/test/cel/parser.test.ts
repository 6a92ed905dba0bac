// Unit tests of the CEL parser: precedence and associativity, node ids and positions, macro
// expansions, optional syntax, literals, reserved words, limits, and errors as Kubernetes shows them.

import test from 'ava';
import type { Expr, ParsedExpr } from '../../src/cel/syntax/ast.ts';
import { formatIssues } from '../../src/cel/syntax/format-issues.ts';
import { bindingsMacros, optionalMacros, standardMacros, twoVarComprehensionMacros } from '../../src/cel/syntax/macros.ts';
import { type ParserOptions, parseCel } from '../../src/cel/syntax/parser.ts';

const allMacros = [...standardMacros, ...twoVarComprehensionMacros, ...optionalMacros, ...bindingsMacros];
const kubernetes: ParserOptions = { enableOptionalSyntax: true, macros: allMacros };

/** A compact form of a tree: calls as f(args), receiver calls as t.f(args), folds spelled out. */
function sexpr(e: Expr): string {
  switch (e.type) {
    case 'const': {
      const c = e.value;
      if (c.kind === 'null') return 'null';
      if (c.kind === 'string') return JSON.stringify(c.value);
      if (c.kind === 'bytes') return `b[${[...c.value].join(',')}]`;
      if (c.kind === 'uint') return `${c.value}u`;
      if (c.kind === 'double') return Number.isInteger(c.value) ? `${c.value}.0` : String(c.value);
      return String(c.value);
    }
    case 'ident':
      return e.name;
    case 'select':
      return `${sexpr(e.operand)}.${e.field}${e.testOnly ? '~test' : ''}`;
    case 'call':
      return `${e.target === undefined ? '' : `${sexpr(e.target)}.`}${e.function}(${e.args.map(sexpr).join(', ')})`;
    case 'list':
      return `[${e.elements.map((x, i) => (e.optionalIndices.includes(i) ? '?' : '') + sexpr(x)).join(', ')}]`;
    case 'map':
      return `{${e.entries.map((x) => `${x.optional ? '?' : ''}${sexpr(x.key)}: ${sexpr(x.value)}`).join(', ')}}`;
    case 'struct':
      return `${e.messageName}{${e.fields.map((x) => `${x.optional ? '?' : ''}${x.field}: ${sexpr(x.value)}`).join(', ')}}`;
    case 'comprehension':
      return (
        `fold(${e.iterVar}${e.iterVar2 === undefined ? '' : `, ${e.iterVar2}`} in ${sexpr(e.iterRange)}; ` +
        `${e.accuVar} = ${sexpr(e.accuInit)}; while ${sexpr(e.loopCondition)}; ${e.accuVar} = ${sexpr(e.loopStep)}; ` +
        `${sexpr(e.result)})`
      );
  }
}

function parsed(source: string, options: ParserOptions = kubernetes): ParsedExpr {
  const r = parseCel(source, options);
  if (!r.ok) throw new Error(formatIssues(source, r.issues));
  return r.parsed;
}

const tree = (source: string, options?: ParserOptions): string => sexpr(parsed(source, options).expr);

/** The error output for a source that must fail, as Kubernetes prints it after "compilation failed: ". */
function errors(source: string, options: ParserOptions = kubernetes): string {
  const r = parseCel(source, options);
  if (r.ok) throw new Error(`${source} parsed: ${sexpr(r.parsed.expr)}`);
  return formatIssues(source, r.issues);
}

test("operators bind by the specification's precedence", (t) => {
  t.is(tree('a || b && c'), '_||_(a, _&&_(b, c))');
  t.is(tree('a && b || c'), '_||_(_&&_(a, b), c)');
  t.is(tree('a == b && c < d'), '_&&_(_==_(a, b), _<_(c, d))');
  t.is(tree('a + b * c == d'), '_==_(_+_(a, _*_(b, c)), d)');
  t.is(tree('a in b + c'), '@in(a, _+_(b, c))');
  t.is(tree('!a.b'), '!_(a.b)');
  t.is(tree('-a.b(c)[0]'), '-_(_[_](a.b(c), 0))');
  t.is(tree('a || b ? c : d'), '_?_:_(_||_(a, b), c, d)');
  t.is(tree('x.y % 2 != 0'), '_!=_(_%_(x.y, 2), 0)');
});

test('binary operators associate left, the conditional right', (t) => {
  t.is(tree('1 - 2 - 3'), '_-_(_-_(1, 2), 3)');
  t.is(tree('8 / 4 * 2 % 3'), '_%_(_*_(_/_(8, 4), 2), 3)');
  t.is(tree('a < b == c'), '_==_(_<_(a, b), c)');
  t.is(tree('a ? b : c ? d : e'), '_?_:_(a, b, _?_:_(c, d, e))');
});

test('chains of && and || become balanced trees, as cel-go builds them', (t) => {
  t.is(tree('a || b || c || d'), '_||_(_||_(a, b), _||_(c, d))');
  t.is(tree('a && b && c'), '_&&_(_&&_(a, b), c)');
});

test('repeated unary operators cancel in pairs; a minus before a number is its sign', (t) => {
  t.is(tree('!!a'), 'a');
  t.is(tree('!!!a'), '!_(a)');
  t.is(tree('---a'), '-_(a)');
  t.is(tree('-1'), '-1');
  t.is(tree('- -1'), '1');
  t.is(tree('4--4'), '_-_(4, -4)');
  t.is(tree('-2.abs()'), '-2.abs()');
  t.is(tree('!-42'), '!_(-42)');
  t.is(tree('-1u'), '-_(1u)');
});

test('members: selection, index, receiver calls, global calls, leading-dot names, message literals', (t) => {
  t.is(tree('a.b.c'), 'a.b.c');
  t.is(tree('a.b(c, d)'), 'a.b(c, d)');
  t.is(tree('f(a)[1]["k"]'), '_[_](_[_](f(a), 1), "k")');
  t.is(tree('.a.b'), '.a.b');
  t.is(tree('.f(1)'), '.f(1)');
  t.is(tree('a.b.Msg{x: 1, y: [2],}'), 'a.b.Msg{x: 1, y: [2]}');
  t.is(tree('.pkg.Msg{}'), '.pkg.Msg{}');
  t.is(tree('[1, 2,]'), '[1, 2]');
  t.is(tree('{"k": 1, 2: v,}'), '{"k": 1, 2: v}');
  t.is(tree('[,]'), '[]');
});

test("node ids follow cel-go's order and offsets are code points", (t) => {
  const p = parsed('a.b(c) + {"k": d}');
  const e = p.expr;
  if (e.type !== 'call') return t.fail();
  t.is(e.id, 4);
  t.is(e.offset, 7);
  const call = e.args[0]!;
  const map = e.args[1]!;
  t.deepEqual([call.id, call.offset], [2, 3]);
  if (map.type !== 'map') return t.fail();
  t.deepEqual([map.id, map.offset], [5, 9]);
  t.deepEqual([map.entries[0]!.id, map.entries[0]!.offset], [6, 13]);
  t.deepEqual([map.entries[0]!.key.id, map.entries[0]!.value.id], [7, 8]);
  const emoji = parsed("'😁😁' + x").expr;
  if (emoji.type !== 'call') return t.fail();
  t.is(emoji.args[1]!.offset, 7);
});

test('standard macros expand as cel-go expands them, at the position of the call', (t) => {
  t.is(tree('has(a.b)'), 'a.b~test');
  t.is(tree('l.all(x, x > 0)'), 'fold(x in l; @result = true; while @not_strictly_false(@result); @result = _&&_(@result, _>_(x, 0)); @result)');
  t.is(tree('l.exists(x, x > 0)'), 'fold(x in l; @result = false; while @not_strictly_false(!_(@result)); @result = _||_(@result, _>_(x, 0)); @result)');
  t.is(tree('l.exists_one(x, p)'), 'fold(x in l; @result = 0; while true; @result = _?_:_(p, _+_(@result, 1), @result); _==_(@result, 1))');
  t.is(tree('l.map(x, x * 2)'), 'fold(x in l; @result = []; while true; @result = _+_(@result, [_*_(x, 2)]); @result)');
  t.is(tree('l.map(x, p, f)'), 'fold(x in l; @result = []; while true; @result = _?_:_(p, _+_(@result, [f]), @result); @result)');
  t.is(tree('l.filter(x, p)'), 'fold(x in l; @result = []; while true; @result = _?_:_(p, _+_(@result, [x]), @result); @result)');
  const p = parsed('self.items.all(i, i.size() < 64)');
  t.is(p.expr.offset, 14);
  t.is(p.expr.type === 'comprehension' ? p.expr.accuInit.offset : -1, 14);
  const call = p.macroCalls.get(p.expr.id);
  t.is(call === undefined ? '' : sexpr(call), 'self.items.all(i, _<_(i.size(), 64))');
});

test('two-variable comprehensions, cel.bind and the optional macros', (t) => {
  t.is(tree('m.all(k, v, v > 0)'), 'fold(k, v in m; @result = true; while @not_strictly_false(@result); @result = _&&_(@result, _>_(v, 0)); @result)');
  t.is(tree('l.transformList(i, v, i < 2, v)'), 'fold(i, v in l; @result = []; while true; @result = _?_:_(_<_(i, 2), _+_(@result, [v]), @result); @result)');
  t.is(tree('l.transformMap(i, v, v + 1)'), 'fold(i, v in l; @result = {}; while true; @result = cel.@mapInsert(@result, i, _+_(v, 1)); @result)');
  t.is(tree('l.transformMapEntry(i, v, {v: i})'), 'fold(i, v in l; @result = {}; while true; @result = cel.@mapInsert(@result, {v: i}); @result)');
  t.is(tree('cel.bind(x, 1, x + x)'), 'fold(#unused in []; x = 1; while false; x = x; _+_(x, x))');
  t.is(tree('foo.bind(x, 1, 2)'), 'foo.bind(x, 1, 2)');
  t.is(tree('o.optMap(v, v + 1)'), '_?_:_(o.hasValue(), optional.of(fold(#unused in []; v = o.value(); while false; v = v; _+_(v, 1))), optional.none())');
  t.is(tree('o.optFlatMap(v, f(v))'), '_?_:_(o.hasValue(), fold(#unused in []; v = o.value(); while false; v = v; f(v)), optional.none())');
  t.is(tree('l.all(k, v, p)', {}), 'l.all(k, v, p)');
});

test('macro arguments that are not names are refused where cel-go refuses them', (t) => {
  t.is(errors('has(a)'), 'ERROR: <input>:1:5: invalid argument to has() macro\n | has(a)\n | ....^');
  t.is(errors('l.all(x.y, true)'), 'ERROR: <input>:1:8: argument must be a simple name\n | l.all(x.y, true)\n | .......^');
  t.is(errors('l.map(1, 2)'), 'ERROR: <input>:1:7: argument is not an identifier\n | l.map(1, 2)\n | ......^');
  t.is(errors('l.filter(__result__, true)'), 'ERROR: <input>:1:10: iteration variable overwrites accumulator variable\n | l.filter(__result__, true)\n | .........^');
  t.is(errors('m.all(k, k, true)'), 'ERROR: <input>:1:10: duplicate variable name: k\n | m.all(k, k, true)\n | .........^');
  t.is(errors('cel.bind(1, 2, 3)'), 'ERROR: <input>:1:10: cel.bind() variable names must be simple identifiers\n | cel.bind(1, 2, 3)\n | .........^');
});

test('optional syntax builds optional selects, indexes and entries; without it, it is refused', (t) => {
  t.is(tree('a.?b.c[?0]'), '_[?_](_?._(a, "b").c, 0)');
  t.is(tree('[1, ?x, ?y]'), '[1, ?x, ?y]');
  t.is(tree('{?"k": v}'), '{?"k": v}');
  t.is(tree('Msg{?f: v}'), 'Msg{?f: v}');
  t.is(
    errors('a.?b && a[?c]', {}),
    "ERROR: <input>:1:2: unsupported syntax '.?'\n | a.?b && a[?c]\n | .^\n" + "ERROR: <input>:1:10: unsupported syntax '[?'\n | a.?b && a[?c]\n | .........^",
  );
  t.is(errors('[?a]', {}), "ERROR: <input>:1:2: unsupported syntax '?'\n | [?a]\n | .^");
});

test('backquoted field names parse only where enabled', (t) => {
  t.is(tree('a.`b-c`.`in`', { enableIdentEscapeSyntax: true }), 'a.b-c.in');
  t.is(tree('Msg{`x.y`: 1}', { enableIdentEscapeSyntax: true }), 'Msg{x.y: 1}');
  t.is(errors('a.`b-c`'), "ERROR: <input>:1:3: unsupported syntax: '`'\n | a.`b-c`\n | ..^");
});

test('reserved words are refused as names but allowed as fields and receiver functions', (t) => {
  t.is(errors('while'), 'ERROR: <input>:1:1: reserved identifier: while\n | while\n | ^');
  t.is(errors('var(1)'), 'ERROR: <input>:1:1: reserved identifier: var\n | var(1)\n | ^');
  t.is(tree('a.while + a.for()'), '_+_(a.while, a.for())');
  t.is(tree('Msg{if: 1}'), 'Msg{if: 1}');
  t.true(errors('a.in').startsWith("ERROR: <input>:1:3: Syntax error: no viable alternative at input '.in'"));
});

test('integer literals: hex, uint, and the int64 range with its one negative-only value', (t) => {
  t.is(tree('0x1F + 0xffu + 17U'), '_+_(_+_(31, 255u), 17u)');
  t.is(tree('-9223372036854775808'), '-9223372036854775808');
  t.is(typeof (parsed('-9223372036854775808').expr as { value: { value: unknown } }).value.value, 'bigint');
  t.is(tree('9223372036854775807'), '9223372036854775807');
  t.is(tree('18446744073709551615u'), '18446744073709551615u');
  t.is(errors('9223372036854775808'), 'ERROR: <input>:1:1: invalid int literal\n | 9223372036854775808\n | ^');
  t.is(errors('-(9223372036854775808)'), 'ERROR: <input>:1:3: invalid int literal\n | -(9223372036854775808)\n | ..^');
  t.is(errors('18446744073709551616u'), 'ERROR: <input>:1:1: invalid uint literal\n | 18446744073709551616u\n | ^');
});

test('double literals', (t) => {
  t.is(tree('1.5e3 + .5 + 2e-2 + 1e+2'), '_+_(_+_(_+_(1500.0, 0.5), 0.02), 100.0)');
  t.true(errors('3.').startsWith("ERROR: <input>:1:3: Syntax error: no viable alternative at input '.'"));
  t.is(errors('1e400'), 'ERROR: <input>:1:1: invalid double literal\n | 1e400\n | ^');
});

test('string and bytes literals: quotes, raw strings, escapes, bytes as octets', (t) => {
  t.is(tree(String.raw`'a\'b' + "c\"d" + '''e'f''' + """g"h"""`), '_+_(_+_(_+_("a\'b", "c\\"d"), "e\'f"), "g\\"h")');
  t.is(tree(String.raw`r'\d+\n'`), JSON.stringify(String.raw`\d+\n`));
  t.is(tree(String.raw`"\x41\101\u00e9\U0001F600\a\v\?\`"`), JSON.stringify('AAé😀\x07\x0b?`'));
  t.is(tree(String.raw`"\xFF"`), JSON.stringify('\u00ff'));
  t.is(tree(String.raw`b"\xFF\377é"`), 'b[255,255,195,169]');
  t.is(tree("'''a\r\nb'''"), JSON.stringify('a\nb'));
  t.is(errors(String.raw`b"\u00e9"`), 'ERROR: <input>:1:1: unable to unescape string\n | b"\\u00e9"\n | ^');
  t.is(errors(String.raw`"\ud800"`), 'ERROR: <input>:1:1: invalid unicode code point\n | "\\ud800"\n | ^');
  t.is(errors(String.raw`"\q"`).split('\n')[0], String.raw`ERROR: <input>:1:1: Syntax error: token recognition error at: '"\q'`);
});

test('comments and all whitespace characters separate tokens', (t) => {
  t.is(tree('a // first\n+\tb\f+\rc // last'), '_+_(_+_(a, b), c)');
});

test('syntax errors read as Kubernetes shows them', (t) => {
  t.is(
    errors('self.replicas >'),
    "ERROR: <input>:1:16: Syntax error: mismatched input '<EOF>' expecting " +
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n" +
      ' | self.replicas >\n | ...............^',
  );
  t.is(
    errors('self.a = 1'),
    "ERROR: <input>:1:8: Syntax error: token recognition error at: '= '\n | self.a = 1\n | .......^\n" +
      "ERROR: <input>:1:10: Syntax error: extraneous input '1' expecting <EOF>\n | self.a = 1\n | .........^",
  );
  t.is(errors('has(self.a'), "ERROR: <input>:1:11: Syntax error: missing ')' at '<EOF>'\n | has(self.a\n | ..........^");
  t.is(
    errors('f(a,)').split('\n')[0],
    "ERROR: <input>:1:5: Syntax error: mismatched input ')' expecting " +
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
  );
  // After the elements of a list, map or message literal come an optional comma and the closing
  // bracket: kube-apiserver 1.35.4 expects either.
  t.is(errors('[1, 2'), "ERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting {']', ','}\n | [1, 2\n | .....^");
  t.is(errors('[1 2]'), "ERROR: <input>:1:4: Syntax error: extraneous input '2' expecting {']', ','}\n | [1 2]\n | ...^");
  t.is(errors('{"a": 1 "b": 2}'), 'ERROR: <input>:1:9: Syntax error: mismatched input \'"b"\' expecting {\'}\', \',\'}\n | {"a": 1 "b": 2}\n | ........^');
  t.is(errors('Msg{a: 1'), "ERROR: <input>:1:9: Syntax error: mismatched input '<EOF>' expecting {'}', ','}\n | Msg{a: 1\n | ........^");
  t.is(
    errors('a\n  && b &&'),
    "ERROR: <input>:2:10: Syntax error: mismatched input '<EOF>' expecting " +
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n" +
      ' |   && b &&\n | .........^',
  );
  t.is(
    errors("'é' ++"),
    "ERROR: <input>:1:6: Syntax error: mismatched input '+' expecting " +
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n" +
      " | 'é' ++\n | .．...^\n" +
      "ERROR: <input>:1:7: Syntax error: mismatched input '<EOF>' expecting " +
      "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n" +
      " | 'é' ++\n | .．....^",
  );
});

test("nesting and repetition up to the limits parse; beyond them parsing stops with cel-go's errors", (t) => {
  const nested = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
  t.is(tree(nested(249)), '1');
  t.is(errors(nested(250)), 'ERROR: <input>:-1:0: expression recursion limit exceeded: 250');
  t.is(tree(`a${'.b'.repeat(250)}`).length, 1 + 2 * 250);
  t.is(errors(`a${'.b'.repeat(251)}`), 'ERROR: <input>:-1:0: max recursion depth exceeded');
  // The specification's minimum: 32 operators of one precedence in a row; cel-go refuses 33 at limit 32.
  t.is(errors(`1${' + 1'.repeat(33)}`, { maxRecursionDepth: 32 }), 'ERROR: <input>:-1:0: max recursion depth exceeded');
  t.notThrows(() => parsed(`1${' + 1'.repeat(32)}`, { maxRecursionDepth: 32 }));
  t.notThrows(() => parsed(`[${'!'.repeat(10_000)}true]`));
  t.is(errors('1'.repeat(100_001)), 'ERROR: <input>:-1:0: expression code point size exceeds limit: size: 100001, limit 100000');
  t.is(errors('x'.repeat(11), { expressionSizeCodePointLimit: 10 }), 'ERROR: <input>:-1:0: expression code point size exceeds limit: size: 11, limit 10');
});

test('the parser reports at most maxErrorsToReport syntax errors', (t) => {
  t.is(
    errors('1 # 2 # 3 # 4', { maxErrorsToReport: 2 })
      .split('\n')
      .filter((l) => l.startsWith('ERROR'))
      .join('\n'),
    "ERROR: <input>:1:3: Syntax error: token recognition error at: '#'\n" +
      "ERROR: <input>:1:5: Syntax error: mismatched input '2' expecting <EOF>\n" +
      'ERROR: <input>:1:7: Syntax error: More than 2 syntax errors',
  );
});
