// Test data from @bufbuild/cel-spec: the cel-spec "simple" conformance tests (as the package ships them,
// the JSON form of cel.expr.conformance.test.SimpleTest grouped by file and section) and cel-go's
// parser test inputs with the debug form of cel-go's AST or its error text. Test-only.

import { tests as comprehensionTests } from '@bufbuild/cel-spec/testdata/comprehension.js';
import { tests as conformanceTests } from '@bufbuild/cel-spec/testdata/conformance.js';
import { tests as parsingTests } from '@bufbuild/cel-spec/testdata/parsing.js';

/** What a simple test expects: a value, an evaluation error, a value with a deduced type, or unknowns. */
export type SimpleTestExpectation =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'evalError'; readonly messages: readonly string[] }
  | { readonly kind: 'typedResult'; readonly value: unknown; readonly deducedType: unknown }
  | { readonly kind: 'unknown'; readonly detail: unknown };

export interface SimpleTest {
  readonly file: string;
  readonly section: string;
  readonly name: string;
  readonly expr: string;
  readonly disableCheck: boolean;
  readonly disableMacros: boolean;
  readonly checkOnly: boolean;
  readonly container: string;
  /** Declarations as cel.expr.Decl in JSON form ({name, ident: {type}} or {name, function}). */
  readonly typeEnv: readonly unknown[];
  /** Variable values as cel.expr.ExprValue in JSON form, by name. */
  readonly bindings: Readonly<Record<string, unknown>>;
  readonly expected: SimpleTestExpectation;
  /** cel-go's AST in its debug form (kinds adorned), when cel-go parsed the expression with default options. */
  readonly celGoAst: string | undefined;
  /** cel-go's parse or check errors for the expression, when it reported any (informational). */
  readonly celGoError: string | undefined;
}

interface RawSuite {
  readonly name: string;
  readonly suites?: readonly RawSuite[];
  readonly tests?: readonly RawTest[];
}

interface RawTest {
  readonly original: Record<string, unknown> & { readonly expr: string; readonly name?: string };
  readonly ast?: string;
  readonly error?: string;
}

function expectation(o: Record<string, unknown>): SimpleTestExpectation {
  if ('value' in o) return { kind: 'value', value: o['value'] };
  if ('evalError' in o) {
    const errors = (o['evalError'] as { errors?: { message?: string }[] }).errors ?? [];
    return { kind: 'evalError', messages: errors.map((e) => e.message ?? '') };
  }
  if ('anyEvalErrors' in o) return { kind: 'evalError', messages: [] };
  if ('typedResult' in o) {
    const t = o['typedResult'] as { result?: unknown; deducedType?: unknown };
    return { kind: 'typedResult', value: t.result, deducedType: t.deducedType };
  }
  if ('unknown' in o || 'anyUnknowns' in o) return { kind: 'unknown', detail: o['unknown'] ?? o['anyUnknowns'] };
  // SimpleTest's default expectation is the value true.
  return { kind: 'value', value: { boolValue: true } };
}

/** Every simple conformance test, in file and section order. */
export function simpleTests(): SimpleTest[] {
  const out: SimpleTest[] = [];
  for (const file of (conformanceTests as RawSuite).suites ?? []) {
    for (const section of file.suites ?? []) {
      for (const t of section.tests ?? []) {
        const o = t.original;
        out.push({
          file: file.name,
          section: section.name,
          name: o.name ?? o.expr,
          expr: o.expr,
          disableCheck: o['disableCheck'] === true,
          disableMacros: o['disableMacros'] === true,
          checkOnly: o['checkOnly'] === true,
          container: typeof o['container'] === 'string' ? o['container'] : '',
          typeEnv: Array.isArray(o['typeEnv']) ? o['typeEnv'] : [],
          bindings: (o['bindings'] as Record<string, unknown> | undefined) ?? {},
          expected: expectation(o),
          celGoAst: t.ast,
          celGoError: t.error,
        });
      }
    }
  }
  return out;
}

/** A parser input from cel-go's own tests, with cel-go's AST (debug form) or its error text. */
export interface CelGoParserCase {
  readonly suite: 'parsing' | 'comprehension';
  readonly expr: string;
  readonly ast: string | undefined;
  /** cel-go's error output when it failed; parse errors name no source (":1:1:"), check errors "<input>". */
  readonly error: string | undefined;
}

function collect(suite: RawSuite, name: CelGoParserCase['suite'], out: CelGoParserCase[]): void {
  for (const t of suite.tests ?? []) out.push({ suite: name, expr: t.original.expr, ast: t.ast, error: t.error });
  for (const s of suite.suites ?? []) collect(s, name, out);
}

export function celGoParserCases(): CelGoParserCase[] {
  const out: CelGoParserCase[] = [];
  collect(parsingTests as RawSuite, 'parsing', out);
  collect(comprehensionTests as RawSuite, 'comprehension', out);
  return out;
}
