// The interpreter against the cel-spec "simple" conformance tests, without type checking yet: every
// test whose inputs and expectation are plain CEL values (no protobuf messages) is parsed, evaluated
// with its bindings, and compared with its expected value or error. Prints a table per file; the
// pass count may only go up (raise `passedAtLeast` when it does).

import test from 'ava';
import { compileCel } from '../../src/cel/program.ts';
import { CelError, type CelValue } from '../../src/cel/values/values.ts';
import { simpleTests, type SimpleTest } from './conformance-data.ts';
import { fromExprValue, sameValue } from './conformance-values.ts';

/** Measured on 2026-11-23 when this test was written; the floor below which a change is a regression. */
const passedAtLeast = 1394;

type Outcome = 'passed' | 'failed' | 'skipped';

function bindingsOf(testCase: SimpleTest): Record<string, CelValue> | undefined {
  const bindings: Record<string, CelValue> = {};
  for (const [name, raw] of Object.entries(testCase.bindings)) {
    const value = fromExprValue(((raw as { value?: unknown }).value ?? raw) as Record<string, unknown>);
    if (value === undefined) return undefined;
    bindings[name] = value;
  }
  return bindings;
}

function run(testCase: SimpleTest): Outcome {
  if (testCase.checkOnly || testCase.container !== '' || testCase.expected.kind === 'unknown') return 'skipped';
  const bindings = bindingsOf(testCase);
  if (bindings === undefined) return 'skipped';
  const expectation = testCase.expected;
  const expected = expectation.kind === 'evalError' ? undefined : fromExprValue(expectation.value as Record<string, unknown>);
  if (expectation.kind !== 'evalError' && expected === undefined) return 'skipped';
  let compiled;
  try {
    compiled = compileCel(testCase.expr);
  } catch {
    return 'failed';
  }
  if (!compiled.ok) return 'failed';
  let result: CelValue;
  try {
    result = compiled.program.evaluate(bindings);
  } catch {
    return 'failed';
  }
  if (expectation.kind === 'evalError') return result instanceof CelError ? 'passed' : 'failed';
  return sameValue(result, expected as CelValue) ? 'passed' : 'failed';
}

test('cel-spec simple tests evaluate to their expected values (no checker yet)', (t) => {
  const byFile = new Map<string, Record<Outcome, number>>();
  const failures: string[] = [];
  for (const testCase of simpleTests()) {
    const outcome = run(testCase);
    const counts = byFile.get(testCase.file) ?? { passed: 0, failed: 0, skipped: 0 };
    counts[outcome]++;
    byFile.set(testCase.file, counts);
    if (outcome === 'failed') failures.push(`${testCase.file}/${testCase.section}/${testCase.name}: ${testCase.expr}`);
  }
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const [file, counts] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    t.log(`${file.padEnd(24)} passed ${String(counts.passed).padStart(4)}  failed ${String(counts.failed).padStart(4)}  skipped ${String(counts.skipped).padStart(4)}`);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  const runnable = totals.passed + totals.failed;
  t.log(`total: ${totals.passed} of ${runnable} runnable passed (${((100 * totals.passed) / runnable).toFixed(1)}%), ${totals.skipped} skipped (protobuf messages, containers, unknowns, check-only)`);
  if (process.env.CEL_CONFORMANCE_FAILURES !== undefined) for (const failure of failures) t.log(failure);
  t.true(totals.passed >= passedAtLeast, `${totals.passed} passed, fewer than ${passedAtLeast}`);
});
