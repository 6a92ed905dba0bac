// DRA's `device` variable and selector compilation: what type checks against kubernetes.DRADevice in
// the new and stored expressions environments, which results a selector may have, and the estimated
// costs with DRA's sizes. Every expected answer is what cel-go v0.26.0 answered with Kubernetes
// 1.35's DRA environment (DRAConsumableCapacity off).

import test from 'ava';
import { compileDeviceSelector } from '../../src/cel/compile-device-selector.ts';
import { compileExpression } from '../../src/cel/compile-expression.ts';
import { deviceSelectorDeclarations } from '../../src/cel/environment/dra-device-variables.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';

type Answer = { readonly cost: readonly [min: number, max: number] } | { readonly invalid: string } | { readonly internal: string };

function answer(expression: string, stored: boolean): Answer {
  const result = compileDeviceSelector(expression, { stored });
  if (!result.ok) return result.error.type === 'invalid' ? { invalid: result.error.detail } : { internal: result.error.detail };
  const { min, max } = result.compiled.estimatedCost;
  return { cost: [Number(min), Number(max)] };
}

/** Answers that are the same in both environments. */
const cases: ReadonlyArray<readonly [expression: string, answer: Answer]> = [
  ['device.driver == "example.com"', { cost: [3, 4] }],
  ['device.attributes["example.com"].model == "a100"', { cost: [5, 5] }],
  // An attribute is google.protobuf.Any: a selector may be one, and it checks like dyn.
  ['device.attributes["example.com"]["model"]', { cost: [4, 4] }],
  ['device.attributes["example.com"].count > 4', { cost: [5, 5] }],
  ['device.attributes["example.com"].version.isGreaterThan(semver("1.0.0"))', { cost: [6, 6] }],
  // The attribute's size (64) makes the regular expression's cost.
  ['device.attributes["example.com"].name.matches("^gpu-[0-9]+$")', { cost: [7, 25] }],
  ['device.capacity["example.com"].memory.compareTo(quantity("10Gi")) >= 0', { cost: [7, 7] }],
  ['device.capacity["example.com"]["memory"].isLessThan(quantity("1Ti"))', { cost: [6, 6] }],
  ['device.capacity["example.com"].memory.asApproximateFloat() > 1.0', { cost: [6, 6] }],
  ['cel.bind(dra, device.attributes["example.com"], dra.a && dra.b)', { cost: [15, 17] }],
  // 32 domains of at most 63 bytes; 32 identifiers of at most 32.
  ['device.attributes.exists(domain, domain.endsWith(".example.com"))', { cost: [3, 227] }],
  ['device.attributes["example.com"].all(name, name.size() < 10)', { cost: [4, 196] }],
  ['device.attributes.all(d, device.attributes[d].all(a, device.attributes.all(e, device.attributes[e].all(b, true))))', { cost: [3, 3414275] }],
  ['device.attributes["example.com"][?"model"].orValue(false)', { cost: [5, 5] }],
  ['device.driver.size()', { invalid: 'must evaluate to bool or the unknown type, not int' }],
  ['device.attributes', { invalid: 'must evaluate to bool or the unknown type, not map(string, map(string, google.protobuf.Any))' }],
  ['device.capacity["example.com"].memory', { invalid: 'must evaluate to bool or the unknown type, not kubernetes.Quantity' }],
  ['device.attributes["example.com"].model + 1', { invalid: 'must evaluate to bool or the unknown type, not int' }],
  ['dyn(true)', { invalid: 'must evaluate to bool or the unknown type, not dyn' }],
  ['device.model', { invalid: "compilation failed: ERROR: <input>:1:7: undefined field 'model'\n | device.model\n | ......^" }],
  [
    'device.capacity["example.com"].memory.model',
    {
      invalid:
        'compilation failed: ERROR: <input>:1:38: unexpected failed resolution of \'kubernetes.Quantity\'\n | device.capacity["example.com"].memory.model\n | .....................................^',
    },
  ],
  [
    'device.driver == 1',
    { invalid: "compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(string, int)'\n | device.driver == 1\n | ..............^" },
  ],
  ['driver == "example.com"', { invalid: "compilation failed: ERROR: <input>:1:1: undeclared reference to 'driver' (in container '')\n | driver == \"example.com\"\n | ^" }],
  [
    '',
    {
      invalid:
        "compilation failed: ERROR: <input>:1:0: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
    },
  ],
  // The registered type is an identifier the checker knows, but no program can be planned with it.
  ['type(device) == kubernetes.DRADevice', { internal: 'program instantiation failed: reference to undefined type: kubernetes.DRADevice' }],
];

for (const stored of [false, true]) {
  test(`selectors compile as Kubernetes compiles them in the ${stored ? 'stored' : 'new'} expressions environment (${cases.length} cases)`, (t) => {
    t.deepEqual(
      cases.flatMap(([expression, want]) => {
        const got = answer(expression, stored);
        return JSON.stringify(got) === JSON.stringify(want) ? [] : [{ expression, want, got }];
      }),
      [],
    );
  });
}

test('allowMultipleAllocations is a field only for stored expressions while DRAConsumableCapacity is off', (t) => {
  t.deepEqual(answer('device.allowMultipleAllocations', false), {
    invalid: "compilation failed: ERROR: <input>:1:7: undefined field 'allowMultipleAllocations'\n | device.allowMultipleAllocations\n | ......^",
  });
  t.deepEqual(answer('device.allowMultipleAllocations', true), { cost: [2, 2] });
  t.true(compileDeviceSelector('device.allowMultipleAllocations', { consumableCapacity: true }).ok);
});

test('the device is kubernetes.DRADevice with driver, attributes and capacity, and cel.bind is a macro of its environment', (t) => {
  const { variables, environment } = deviceSelectorDeclarations();
  const device = variables.get('device');
  t.is(device?.kind === 'object' ? device.name : undefined, 'kubernetes.DRADevice');
  t.deepEqual(device?.kind === 'object' ? [...device.fields.keys()] : [], ['driver', 'attributes', 'capacity']);
  t.true(variables.has('kubernetes.DRADevice'));
  // The base environment has no cel.bind; DRA adds it.
  t.false(compileExpression('cel.bind(x, 1, x == 1)', { environment: kubernetesEnvSet().newExpressions }).ok);
  t.true(compileExpression('cel.bind(x, 1, x == 1)', { environment }).ok);
});

// cel-go refuses google.protobuf.Any as a comprehension's range (only dyn ranges are checked at run time).
test('an attribute (google.protobuf.Any) cannot be the range of a comprehension', (t) => {
  t.deepEqual(answer('device.attributes["d"].list.exists(x, x == 1)', false), {
    invalid:
      'compilation failed: ERROR: <input>:1:23: expression of type \'any\' cannot be range of a comprehension (must be list, map, or dynamic)\n | device.attributes["d"].list.exists(x, x == 1)\n | ......................^',
  });
});
