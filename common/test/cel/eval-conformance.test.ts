// The engine against the cel-spec "simple" conformance tests: every test whose inputs and
// expectation are plain CEL values (no protobuf messages) is parsed, type-checked with its
// declarations in Kubernetes' environment (unless the test disables checking; the deduced type is
// compared when the test gives one), evaluated with its bindings, and compared with its expected
// value or error. Tests that cannot apply to
// Capstan are skipped, each with its reason (the rules in skipReason, and knownSkips by path).
// Prints a table per file and the skips by reason; the pass count may only go up (raise
// `passedAtLeast` when it does).

import test from 'ava';
import { checkCel } from '../../src/cel/checker/checker.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { compileCel } from '../../src/cel/program.ts';
import { sameType } from '../../src/cel/types/cel-types.ts';
import { CelError, type CelValue } from '../../src/cel/values/values.ts';
import { simpleTests, type SimpleTest } from './conformance-data.ts';
import { declaredVariables, fromSpecType } from './conformance-types.ts';
import { fromExprValue, sameValue } from './conformance-values.ts';

/** Measured when the skip list was written; the floor below which a change is a regression. */
const passedAtLeast = 1383;

const notInKubernetes = (library: string): string => `cel-go's ${library} extension, which Kubernetes 1.35's CEL environment does not enable`;
const legacyFormatter = "expects cel-go's newer string.format (strings extension v4+); Kubernetes 1.35 uses strings v2, whose legacy formatter answers differently";

/**
 * Tests skipped by path: a file, a file/section, or one file/section/name. Only for behaviour that
 * Kubernetes 1.35 does not have or has differently from the newest spec data, never for a bug.
 */
const knownSkips: ReadonlyMap<string, string> = new Map([
  ['bindings_ext', notInKubernetes('bindings (cel.bind)')],
  ['block_ext', notInKubernetes('block (cel.block)')],
  ['encoders_ext', notInKubernetes('encoders (base64)')],
  ['math_ext', notInKubernetes('math (math.*)')],
  ['fields/quoted_map_fields', "backquoted field names: cel-go's parser accepts them by default only after v0.26, and Kubernetes 1.35 does not turn them on"],
  [
    'type_deductions/legacy_nullable_types/null_assignable_to_abstract_parameter_candidate',
    "cel-go 0.26 (Kubernetes 1.35) deduces null for this list's element; the spec data expects newer cel-go's optional_type(int) (Kubernetes refuses the mixed literal anyway)",
  ],
  ['string_ext/value_errors/indexof_out_of_range', 'cel-go 0.26 (Kubernetes 1.35) answers -1 for a start past the end; the spec data expects an error'],
  ['string_ext/value_errors/lastindexof_out_of_range', 'cel-go 0.26 (Kubernetes 1.35) answers -1 for a start past the end; the spec data expects an error'],
  ...[
    'scientific notation formatting clause',
    'default precision for scientific notation',
    'NaN support for scientific notation',
    'positive infinity support for scientific notation',
    'negative infinity support for scientific notation',
    'NaN support for decimal',
    'positive infinity support for decimal',
    'negative infinity support for decimal',
    'positive infinity support for fixed-point',
    'negative infinity support for fixed-point',
    'list support for string',
    'map support for string',
    'map support (all key types)',
    'dyntype support for scientific notation',
    'dyntype NaN/infinity support',
    'dyntype support for lists',
    'dyntype support for maps',
    'scientific notation formatting clause in a string variable',
  ].map((name) => [`string_ext/format/${name}`, legacyFormatter] as const),
]);

const declaresFunctionsOrMessages = 'declares functions or protobuf types for the checker';
const protobufMessages = 'needs protobuf messages or enums (out of scope: Kubernetes rules see JSON data only)';
/** A protobuf message built in the expression: the conformance messages, or a google.protobuf one. */
const messageConstruction = /\bTestAllTypes\b|\bgoogle\s*\.\s*protobuf\s*\.\s*\w+\s*\{/;
/** A container that is a protobuf package: the expression names its messages or enums. */
const protobufPackage = /^(cel\.expr\.conformance|google\.protobuf)\b/;

function knownSkip(testCase: SimpleTest): string | undefined {
  const section = `${testCase.file}/${testCase.section}`;
  return knownSkips.get(`${section}/${testCase.name}`) ?? knownSkips.get(section) ?? knownSkips.get(testCase.file);
}

/** Why a test cannot run here, or undefined when it can (its values and expectation are looked at later). */
function skipReason(testCase: SimpleTest): string | undefined {
  const known = knownSkip(testCase);
  if (known !== undefined) return known;
  if (messageConstruction.test(testCase.expr) || protobufPackage.test(testCase.container)) return protobufMessages;
  if (testCase.container !== '') return 'resolves names in a container, which Kubernetes never sets';
  return undefined;
}

function bindingsOf(testCase: SimpleTest): Record<string, CelValue> | undefined {
  const bindings: Record<string, CelValue> = {};
  for (const [name, raw] of Object.entries(testCase.bindings)) {
    const value = fromExprValue(((raw as { value?: unknown }).value ?? raw) as Record<string, unknown>);
    if (value === undefined) return undefined;
    bindings[name] = value;
  }
  return bindings;
}

type Outcome = { readonly kind: 'passed' | 'failed' } | { readonly kind: 'skipped'; readonly reason: string };

const passed: Outcome = { kind: 'passed' };
const failed: Outcome = { kind: 'failed' };
const skipped = (reason: string): Outcome => ({ kind: 'skipped', reason });

function run(testCase: SimpleTest): Outcome {
  const reason = skipReason(testCase);
  if (reason !== undefined) return skipped(reason);
  const bindings = bindingsOf(testCase);
  if (bindings === undefined) return skipped(protobufMessages);
  const expectation = testCase.expected;
  if (expectation.kind === 'unknown') return skipped('expects unknowns (partial evaluation), which Kubernetes does not use');
  const needsValue = expectation.kind !== 'evalError' && !testCase.checkOnly;
  const expected = needsValue ? fromExprValue(expectation.value as Record<string, unknown>) : undefined;
  if (needsValue && expected === undefined) return skipped(protobufMessages);
  let compiled;
  try {
    compiled = compileCel(testCase.expr);
  } catch {
    return failed;
  }
  if (!compiled.ok) return failed;
  if (!testCase.disableCheck) {
    const variables = declaredVariables(testCase.typeEnv);
    if (variables === undefined) return skipped(declaresFunctionsOrMessages);
    const { declarations } = kubernetesEnvSet().storedExpressions;
    const checked = checkCel(compiled.program.parsed, { functions: declarations.functions, variables: new Map([...declarations.variables, ...variables]) });
    if (!checked.ok) return failed;
    if (expectation.kind === 'typedResult') {
      const deduced = fromSpecType(expectation.deducedType as Record<string, unknown>);
      if (deduced === undefined) return skipped(protobufMessages);
      if (!sameType(checked.checked.type, deduced)) return failed;
    }
  }
  if (testCase.checkOnly) return passed;
  let result: CelValue;
  try {
    result = compiled.program.evaluate(bindings);
  } catch {
    return failed;
  }
  if (expectation.kind === 'evalError') return result instanceof CelError ? passed : failed;
  return sameValue(result, expected as CelValue) ? passed : failed;
}

test('cel-spec simple tests check and evaluate to their expected values and types', (t) => {
  const byFile = new Map<string, { passed: number; failed: number; skipped: number }>();
  const skipsByReason = new Map<string, number>();
  const failures: string[] = [];
  for (const testCase of simpleTests()) {
    const outcome = run(testCase);
    const counts = byFile.get(testCase.file) ?? { passed: 0, failed: 0, skipped: 0 };
    counts[outcome.kind]++;
    byFile.set(testCase.file, counts);
    if (outcome.kind === 'skipped') skipsByReason.set(outcome.reason, (skipsByReason.get(outcome.reason) ?? 0) + 1);
    if (outcome.kind === 'failed') failures.push(`${testCase.file}/${testCase.section}/${testCase.name}: ${testCase.expr}`);
  }
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const [file, counts] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    t.log(`${file.padEnd(24)} passed ${String(counts.passed).padStart(4)}  failed ${String(counts.failed).padStart(4)}  skipped ${String(counts.skipped).padStart(4)}`);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  const runnable = totals.passed + totals.failed;
  t.log(`total: ${totals.passed} of ${runnable} runnable passed (${((100 * totals.passed) / runnable).toFixed(1)}%), ${totals.skipped} skipped:`);
  for (const [reason, count] of [...skipsByReason].sort(([, a], [, b]) => b - a)) t.log(`  ${String(count).padStart(4)}  ${reason}`);
  if (process.env.CEL_CONFORMANCE_FAILURES !== undefined) for (const failure of failures) t.log(failure);
  t.true(totals.passed >= passedAtLeast, `${totals.passed} passed, fewer than ${passedAtLeast}`);
});

test('every path in the skip list names conformance tests', (t) => {
  const paths = new Set<string>();
  for (const testCase of simpleTests()) {
    paths.add(testCase.file);
    paths.add(`${testCase.file}/${testCase.section}`);
    paths.add(`${testCase.file}/${testCase.section}/${testCase.name}`);
  }
  t.deepEqual(
    [...knownSkips.keys()].filter((path) => !paths.has(path)),
    [],
  );
});
