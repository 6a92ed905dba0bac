// The cost of evaluating CEL, counted as Kubernetes counts it at run time, and the limit that stops
// an evaluation: every expected cost here was measured with cel-go v0.26.0 and k8s.io/apiserver
// v0.35.0 (see runtime-cost-cases.ts), the limits and messages are Kubernetes' own.

import test from 'ava';
import { checkCel } from '../../src/cel/checker/checker.ts';
import { celCommand } from '../../src/cel/cli/cel-command.ts';
import {
  admissionExpressionCostExceededMessage,
  costLimitExceededMessage,
  messageExpressionCallCostExceededMessage,
  perCallLimit,
  ruleCallCostExceededMessage,
} from '../../src/cel/cost-limits.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { celProgram, compileCel, type CelProgram } from '../../src/cel/program.ts';
import { bindingsMacros, optionalMacros, standardMacros } from '../../src/cel/syntax/macros.ts';
import { parseCel } from '../../src/cel/syntax/parser.ts';
import type { CelType } from '../../src/cel/types/cel-types.ts';
import { parseTypeName } from '../../src/cel/types/parse-type-name.ts';
import { schemaCelType, type OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import { CelError, type CelValue } from '../../src/cel/values/values.ts';
import { simpleTests } from './conformance-data.ts';
import { fromExprValue, sameValue } from './conformance-values.ts';
import {
  bindCosts,
  bindVariables,
  dynamicCosts,
  dynamicVariables,
  errorCosts,
  errorVariables,
  limitCosts,
  limitVariables,
  plainCosts,
  plainVariables,
  resourceCosts,
  resourceSchema,
  resourceVariables,
} from './runtime-cost-cases.ts';

function program(source: string): CelProgram {
  const compiled = compileCel(source);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.issues[0]?.message}`);
  return compiled.program;
}

/** The program type-checked with the variables' types, so that its calls carry their overloads. */
function checkedProgram(source: string, variables: ReadonlyMap<string, CelType>): CelProgram {
  const parsed = program(source).parsed;
  const { declarations } = kubernetesEnvSet().newExpressions;
  const checked = checkCel(parsed, { ...declarations, variables: new Map([...declarations.variables, ...variables]) });
  if (!checked.ok) throw new Error(`${source}: ${checked.issues[0]?.message}`);
  return celProgram(parsed, { references: checked.checked.references });
}

function typeNamed(name: string): CelType {
  const type = parseTypeName(name);
  if ('error' in type) throw new Error(type.error);
  return type;
}

/** The expressions whose cost differs from Kubernetes', as "expression: got n, want m". */
function mismatches(cases: readonly (readonly [string, number])[], variables: Readonly<Record<string, unknown>>, compile: (source: string) => CelProgram = program): string[] {
  return cases.flatMap(([source, want]) => {
    const got = compile(source).evaluateWithCost(variables).cost;
    return got === want ? [] : [`${source}: got ${got}, want ${want}`];
  });
}

test('identifiers, selections, indexes, operators, literals and the standard functions cost what they cost in Kubernetes', (t) => {
  t.true(plainCosts.length > 100);
  t.deepEqual(mismatches(plainCosts, plainVariables), []);
});

test("a custom resource's rules: comprehensions over lists and maps, the strings, regex, lists, sets, quantity, URL, IP, CIDR, semver and format libraries, optionals", (t) => {
  t.true(resourceCosts.length > 150);
  t.deepEqual(mismatches(resourceCosts, resourceVariables), []);
});

test('an error stops the evaluation where cel-go stops, and what was evaluated is charged, the failed call too when it had at most two arguments', (t) => {
  t.deepEqual(mismatches(errorCosts, errorVariables), []);
});

test('type-checked against the schema, the resource rules cost the same', (t) => {
  const self = schemaCelType(resourceSchema as OpenApiV3Schema);
  if (self === undefined) throw new Error('no type for the schema');
  const types = new Map<string, CelType>([
    ['self', self],
    ['u', typeNamed('string')],
    ['l', typeNamed('list(int)')],
    ['ls', typeNamed('list(string)')],
    ['m', typeNamed('map(string, int)')],
    ['ms', typeNamed('map(string, string)')],
    ['x', typeNamed('int')],
    ['n', typeNamed('int')],
    ['dl', typeNamed('list(dyn)')],
  ]);
  t.deepEqual(
    mismatches(resourceCosts, resourceVariables, (source) => checkedProgram(source, types)),
    [],
  );
});

test('on dynamic arguments, a charge Kubernetes picks by overload falls back to 1 once the checker finds no single overload', (t) => {
  const types = new Map<string, CelType>(Object.keys(dynamicVariables).map((name) => [name, typeNamed(name === 'dls' ? 'list(dyn)' : 'dyn')]));
  t.deepEqual(
    mismatches(dynamicCosts, dynamicVariables, (source) => checkedProgram(source, types)),
    [],
  );
  // Unchecked, the values pick the overload: two strings compare by their length.
  t.is(program('a < b').evaluateWithCost(dynamicVariables).cost, 5);
  t.is(checkedProgram('a < b', types).evaluateWithCost(dynamicVariables).cost, 3);
});

test('past its limit an evaluation stops at the step that crossed it, with the cost counted so far', (t) => {
  const wrong = limitCosts.flatMap(([source, limit, cost, stopped]) => {
    const result = program(source).evaluateWithCost(limitVariables, { costLimit: limit });
    return result.cost === cost && result.costLimitExceeded === stopped
      ? []
      : [`${source} (limit ${limit}): got ${result.cost}${result.costLimitExceeded ? ' stopped' : ''}, want ${cost}${stopped ? ' stopped' : ''}`];
  });
  t.deepEqual(wrong, []);
});

test('cel.bind evaluates its value the first time the name is read, and charges it then', (t) => {
  const wrong = bindCosts.flatMap(([source, limit, cost, stopped]) => {
    const parsed = parseCel(source, { enableOptionalSyntax: true, macros: [...standardMacros, ...optionalMacros, ...bindingsMacros] });
    if (!parsed.ok) throw new Error(source);
    const result = celProgram(parsed.parsed).evaluateWithCost(bindVariables, { costLimit: limit });
    return result.cost === cost && result.costLimitExceeded === stopped ? [] : [`${source} (limit ${limit}): got ${result.cost}, want ${cost}`];
  });
  t.deepEqual(wrong, []);
});

test("a comprehension of a hundred million iterations stops with cel-go's error as soon as it passes the per-call limit", (t) => {
  const runaway = program('lists.range(10000).all(i, lists.range(10000).all(j, i * j >= 0))');
  const started = performance.now();
  const result = runaway.evaluateWithCost({}, { costLimit: perCallLimit });
  t.true(performance.now() - started < 2000);
  t.true(result.costLimitExceeded);
  t.true(result.value instanceof CelError);
  t.is((result.value as CelError).message, 'operation cancelled: actual cost limit exceeded');
  t.is((result.value as CelError).message, costLimitExceededMessage);
  t.is(result.cost, perCallLimit + 1);
  // The limit is a ceiling: reaching it exactly is allowed.
  const exact = program('[1, 2, 3].map(x, x * 2)');
  t.deepEqual(exact.evaluateWithCost({}, { costLimit: 43 }), { value: [2, 4, 6], cost: 43, costLimitExceeded: false });
  t.true(exact.evaluateWithCost({}, { costLimit: 42 }).costLimitExceeded);
});

test("the same program and input always cost the same, and a map's entries are visited in the object's key order", (t) => {
  const rule = program("object.metadata.labels.exists(k, k == 'env')");
  const variables = { object: { metadata: { labels: { app: 'web', tier: 'front', env: 'prod', team: 'a' } } } };
  const costs = new Set(Array.from({ length: 20 }, () => rule.evaluateWithCost(variables).cost));
  // Kubernetes' own count depends on Go's random map order (13 to 28 here); Capstan's is the count for this order.
  t.deepEqual([...costs], [25]);
});

test("Kubernetes' messages for an expression stopped by the per-call limit", (t) => {
  t.is(
    ruleCallCostExceededMessage('self.all(x, x > 0)'),
    "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(x, x > 0)",
  );
  t.is(
    messageExpressionCallCostExceededMessage("'bad: ' + self"),
    `no further validation rules will be run due to call cost exceeds limit for messageExpression: "'bad: ' + self"`,
  );
  t.is(admissionExpressionCostExceededMessage('object.x'), "expression 'object.x' resulted in error: operation cancelled: actual cost limit exceeded");
});

test('with or without its cost counted, a program gives the same value for every cel-spec conformance test', (t) => {
  let compared = 0;
  const different: string[] = [];
  for (const spec of simpleTests()) {
    const bindings: Record<string, CelValue> = {};
    let representable = true;
    for (const [name, raw] of Object.entries(spec.bindings)) {
      const value = fromExprValue(((raw as { value?: unknown }).value ?? raw) as Record<string, unknown>);
      if (value === undefined) representable = false;
      else bindings[name] = value;
    }
    const compiled = representable ? compileCel(spec.expr) : undefined;
    if (compiled === undefined || !compiled.ok) continue;
    const plain = compiled.program.evaluate(bindings);
    const costed = compiled.program.evaluateWithCost(bindings).value;
    const same = plain instanceof CelError ? costed instanceof CelError && costed.message === plain.message : !(costed instanceof CelError) && sameValue(costed, plain);
    if (!same) different.push(`${spec.file}/${spec.section}/${spec.name}: ${spec.expr}`);
    compared++;
  }
  t.true(compared > 2000);
  t.deepEqual(different, []);
});

test('capstan cel eval prints the cost, and --budget stops the evaluation with the limit error', async (t) => {
  const run = async (...argv: string[]): Promise<{ code: number; output: unknown }> => {
    let printed = '';
    const code = await celCommand(['eval', ...argv], (text) => (printed += text));
    return { code, output: JSON.parse(printed) };
  };
  t.deepEqual(await run('self.items.all(i, i.size() < 64)', '--input', 'self={"items": ["a", "bb"]}'), { code: 0, output: { result: true, type: 'bool', cost: 15 } });
  t.deepEqual(await run('[1, 2, 3].map(x, x * 2)', '--budget', '43'), { code: 0, output: { result: [2, 4, 6], type: 'list(int)', cost: 43 } });
  t.deepEqual(await run('[1, 2, 3].map(x, x * 2)', '--budget', '42'), { code: 1, output: { error: costLimitExceededMessage } });
  // Without --budget, Kubernetes' per-call limit applies.
  t.deepEqual(await run('lists.range(1000).map(i, lists.range(1000).size())'), { code: 1, output: { error: costLimitExceededMessage } });
});
