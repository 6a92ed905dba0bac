// Message literals and the patch types of MutatingAdmissionPolicy mutations (Object, Object.<path>,
// JSONPatch, jsonpatch.escapeKey) against Kubernetes' answers (patch-types-cases.ts): compilation
// errors, types, estimated and runtime costs, values and the JSON the admission plugin applies.

import test from 'ava';
import fc from 'fast-check';
import { missingTypeConversion } from '../../src/cel/checker/missing-type-conversion.ts';
import { celCommand } from '../../src/cel/cli/cel-command.ts';
import { compileExpression } from '../../src/cel/compile-expression.ts';
import { admissionTypeIdentifiers, admissionVariables } from '../../src/cel/environment/admission-variables.ts';
import { undefinedTypeReference } from '../../src/cel/environment/declared-type-identifiers.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { formatIssues } from '../../src/cel/syntax/format-issues.ts';
import { dynType, stringType } from '../../src/cel/types/cel-types.ts';
import { celTypeName } from '../../src/cel/types/type-names.ts';
import { PatchValueError, patchValueToJson } from '../../src/cel/values/patch-value-json.ts';
import { JsonPatchOperation, PatchObject } from '../../src/cel/values/patch-values.ts';
import { CelError, CelOptional, typeOf, type CelValue } from '../../src/cel/values/values.ts';
import { patchTypeCases, type PatchTypeCase } from './patch-types-cases.ts';

const typeIdentifiers = admissionTypeIdentifiers(false);
const variables = new Map([...typeIdentifiers, ...admissionVariables({ hasParams: true, hasAuthorizer: true })]);
const object = { metadata: { name: 'x', labels: { a: 'b' } }, spec: { replicas: 2 } };
const activation = { object, oldObject: null, params: null, request: {}, namespaceObject: null };

/** What Capstan answers for a case, in the case's terms (kube's compile steps and messages). */
function answer(want: PatchTypeCase): Omit<PatchTypeCase, 'expr' | 'patchTypes'> {
  const environment = kubernetesEnvSet({ patchTypes: want.patchTypes !== false }).newExpressions;
  const result = compileExpression(want.expr, { environment, variables });
  if (!result.ok) return { error: `compilation failed: ${formatIssues(want.expr, result.issues)}` };
  const { checked, estimatedCost, program } = result.compiled;
  const conversion = missingTypeConversion(checked);
  if (conversion !== undefined) return { error: `unexpected compilation error: ${conversion}` };
  const unplannable = undefinedTypeReference(checked, typeIdentifiers);
  if (unplannable !== undefined) return { error: `program instantiation failed: ${unplannable}` };
  const evaluation = program.evaluateWithCost(activation);
  const got = { type: celTypeName(checked.type), cost: [estimatedCost.min, estimatedCost.max] as const, runtimeCost: evaluation.cost };
  if (evaluation.value instanceof CelError) return { ...got, evalError: evaluation.value.message };
  if (want.json === undefined && want.patchError === undefined) return got;
  try {
    return { ...got, json: patchValueToJson(evaluation.value) };
  } catch (error) {
    if (!(error instanceof PatchValueError)) throw error;
    return { ...got, patchError: error.message };
  }
}

test(`message literals compile, cost, evaluate and convert to JSON as in Kubernetes, for ${patchTypeCases.length} expressions`, (t) => {
  t.true(patchTypeCases.length > 100);
  const differences = patchTypeCases.flatMap((want) => {
    const { expr: _expr, patchTypes: _patchTypes, ...expected } = want;
    const got = answer(want);
    // The JSON is compared as kube's encoding/json writes it: object keys in any order.
    const same = JSON.stringify(sortKeys(got)) === JSON.stringify(sortKeys({ ...expected, ...(expected.json === undefined ? {} : { json: expected.json }) }));
    return same ? [] : [{ expr: want.expr, want: expected, got }];
  });
  t.deepEqual(differences, []);
});

function sortKeys(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

function evaluate(expr: string): CelValue {
  const result = compileExpression(expr, { environment: kubernetesEnvSet({ patchTypes: true }).storedExpressions, variables });
  if (!result.ok) throw new Error(`${expr}: ${formatIssues(expr, result.issues)}`);
  return result.compiled.program.evaluate(activation);
}

test('an ApplyConfiguration expression yields an Object whose JSON is the partial object to merge', (t) => {
  const value = evaluate('Object{metadata: Object.metadata{labels: {"team": object.metadata.name}}, spec: Object.spec{replicas: object.spec.replicas + 1}}');
  t.true(value instanceof PatchObject);
  t.is(typeOf(value).name, 'Object');
  t.deepEqual(patchValueToJson(value), { metadata: { labels: { team: 'x' } }, spec: { replicas: 3 } });
});

test('a JSONPatch expression yields JSONPatch values whose JSON is RFC 6902 operations, from and value only when set', (t) => {
  const value = evaluate(
    '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/tier~1"), value: "web"}, JSONPatch{op: "move", from: "/a", path: "/b"}, JSONPatch{op: "remove", path: "/spec/x", value: null}]',
  );
  t.true(Array.isArray(value) && value.every((item) => item instanceof JsonPatchOperation));
  t.deepEqual(patchValueToJson(value), [
    { op: 'add', path: '/metadata/labels/example.com~1tier~01', value: 'web' },
    { op: 'move', from: '/a', path: '/b' },
    { op: 'remove', path: '/spec/x', value: null },
  ]);
});

test("an object is written as Go writes its native form, a JSON Patch value as protobuf's JSON mapping writes it", (t) => {
  const object = patchValueToJson(evaluate('Object{big: 9007199254740993, d: duration("1.5s"), t: type(1), b: b"ab"}'));
  t.is(JSON.stringify(object), '{"big":9007199254740993,"d":1500000000,"t":"int","b":"YWI="}');
  const operations = patchValueToJson(evaluate('[JSONPatch{op: "add", path: "/a", value: [dyn(9007199254740993), dyn(duration("1.5s")), dyn(b"ab")]}]'));
  t.is(JSON.stringify(operations), '[{"op":"add","path":"/a","value":["9007199254740993","1.5s","YWI="]}]');
});

test('an object literal named after another field path is refused with every mismatch, as kube refuses it', (t) => {
  const error = t.throws(() => patchValueToJson(evaluate('Object{a: Object.a{b: Object.x{}}, c: Object.y{}}')), { instanceOf: PatchValueError });
  t.is(
    error?.message,
    'type mismatch: unexpected type name "Object.x", expected "Object.a.b", which matches field name path from root Object type\n' +
      'unexpected type name "Object.y", expected "Object.c", which matches field name path from root Object type',
  );
});

test('selecting, testing and optionally selecting the fields of object and JSONPatch values', (t) => {
  t.deepEqual(evaluate('Object{a: Object.a{b: [Object.a.b{c: 1}]}}.a'), { b: [{ c: 1 }] });
  t.is(evaluate('Object{}.a'), null);
  t.deepEqual(evaluate('Object{a: 1}.?a'), new CelOptional(1));
  t.deepEqual(evaluate('Object{}.?a'), new CelOptional(undefined));
  t.is(evaluate('has(Object{a: null}.a)'), true);
  t.is(evaluate('JSONPatch{}.op'), '');
  t.is(evaluate('has(JSONPatch{op: ""}.op)'), false);
  t.deepEqual(evaluate('JSONPatch{value: [1]}.?value'), new CelOptional([1]));
  t.true(evaluate('Object{a: 1}') instanceof PatchObject);
  // Kubernetes answers false here (reflect.DeepEqual on its list values): an accident kept out.
  t.is(evaluate('Object{a: [1, 2]} == Object{a: [1, 2]}'), true);
  t.is(evaluate('JSONPatch{value: 1} == JSONPatch{value: 1u}'), true);
  t.is(evaluate('JSONPatch{value: 1} == JSONPatch{}'), false);
});

test('without the patch types a message literal names an undeclared type, and a program only refers to a type it can build', (t) => {
  const plain = compileExpression('Object{}', { environment: kubernetesEnvSet().storedExpressions, variables });
  t.false(plain.ok);
  const withTypes = kubernetesEnvSet({ patchTypes: true });
  t.not(withTypes, kubernetesEnvSet());
  t.is(withTypes, kubernetesEnvSet({ patchTypes: true }));
  const asType = compileExpression('type(Object{}) == Object', { environment: withTypes.newExpressions, variables });
  t.true(asType.ok);
  if (asType.ok) t.is(undefinedTypeReference(asType.compiled.checked, typeIdentifiers), 'reference to undefined type: Object');
});

test('capstan cel check and eval take --patch-types for the expressions of mutations (kube 1.35.4: the same type and costs)', async (t) => {
  const run = async (...argv: string[]): Promise<{ code: number; output: unknown }> => {
    let printed = '';
    const code = await celCommand(argv, (text) => (printed += text));
    return { code, output: JSON.parse(printed) };
  };
  const patch = '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("a/b"), value: object.metadata.name}]';
  t.deepEqual(await run('eval', patch, '--input', 'object={"metadata": {"name": "x"}}', '--patch-types'), {
    code: 0,
    output: { result: [{ op: 'add', path: '/metadata/labels/a~1b', value: 'x' }], type: 'list(JSONPatch)', cost: 57 },
  });
  t.deepEqual(await run('eval', 'Object{spec: Object.spec{replicas: 3}}', '--patch-types'), { code: 0, output: { result: { spec: { replicas: 3 } }, type: 'Object', cost: 80 } });
  t.deepEqual(await run('check', 'Object{spec: Object.spec{replicas: 3}}', '--patch-types'), { code: 0, output: { type: 'Object', estimatedCost: { min: 80, max: 80 } } });
  const without = await run('check', 'Object{spec: Object.spec{replicas: 3}}');
  t.is(without.code, 1);
  t.regex((without.output as { error: string }).error, /undeclared reference to 'Object'/);
});

test('property: jsonpatch.escapeKey makes one JSON Pointer segment that reads back to the key (RFC 6901)', (t) => {
  const program = compileExpression('jsonpatch.escapeKey(key)', { environment: kubernetesEnvSet({ patchTypes: true }).newExpressions, variables: new Map([['key', stringType]]) });
  if (!program.ok) throw new Error('escapeKey does not compile');
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), (key) => {
      const escaped = program.compiled.program.evaluate({ key });
      // RFC 6901's decoding: ~1 to / first, then ~0 to ~.
      return typeof escaped === 'string' && !escaped.includes('/') && escaped.replaceAll('~1', '/').replaceAll('~0', '~') === key;
    }),
  );
  t.pass();
});

/** JSON without numbers beyond 2^53 or integral doubles, which JSON cannot tell from ints. */
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.string(), fc.maxSafeInteger(), tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
})).value;

test('property: an Object holding any JSON value converts back to that JSON, as an ApplyConfiguration and as a JSON Patch value', (t) => {
  const compile = (expr: string) => {
    const result = compileExpression(expr, { environment: kubernetesEnvSet({ patchTypes: true }).newExpressions, variables: new Map([['v', dynType]]) });
    if (!result.ok) throw new Error(expr);
    return result.compiled.program;
  };
  const apply = compile('Object{spec: Object.spec{value: v}}');
  const patch = compile('[JSONPatch{op: "add", path: "/spec", value: Object.spec{value: v}}]');
  fc.assert(
    fc.property(json, (value) => {
      t.deepEqual(patchValueToJson(apply.evaluate({ v: value })), { spec: { value } });
      t.deepEqual(patchValueToJson(patch.evaluate({ v: value })), [{ op: 'add', path: '/spec', value: { value } }]);
    }),
  );
});
