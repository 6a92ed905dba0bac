// The x-kubernetes-validations rules of a CRD schema, compiled and evaluated as kube-apiserver 1.35
// does. Every message marked "(kube 1.35.4)" was read from a real kube-apiserver 1.35.4: the CRD
// (or the custom object) was sent to it and the causes of its 422 (or its Warning headers)
// copied here. Kube visits an object's properties (in the schema and in the object) in Go map
// order, which changes from run to run; Capstan visits a schema's properties by name and an
// object's fields in their JSON order, so where several properties report, the order here is
// Capstan's and the messages are kube's.

import test from 'ava';
import { fieldErrorMessage, type FieldError } from '@capstan/common';
import { kubernetesEnvSet } from '@capstan/common/cel';
import { compileSchemaRules, schemaRuleValidator, storedExpressionsOf, validRuleFieldPath, type RuleSchema, type SchemaRuleValidator } from '../src/customresources/cel/index.ts';

const messages = (errors: readonly FieldError[]): string[] => errors.map(fieldErrorMessage);
const schemaPath = 'spec.validation.openAPIV3Schema';
const budgetAdvice = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
const compileErrors = (schema: RuleSchema): string[] => messages(compileSchemaRules(schema, schemaPath).errors);

function validatorOf(schema: RuleSchema): SchemaRuleValidator {
  const compiled = compileSchemaRules(schema, schemaPath);
  if (compiled.validator === undefined) throw new Error(`schema refused: ${messages(compiled.errors).join('\n')}`);
  return compiled.validator;
}

const object = (spec: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'default' }, spec });
const errorsOf = (validator: SchemaRuleValidator, spec: unknown, oldSpec?: unknown): string[] =>
  messages(validator.validate(object(spec), oldSpec === undefined ? undefined : object(oldSpec)).errors);

// ---------------------------------------------------------------------------------------------
// Compilation

test('compile errors: syntax, types, a result that is not a bool, a messageExpression that is not a string (kube 1.35.4)', (t) => {
  const schema: RuleSchema = {
    type: 'object',
    'x-kubernetes-validations': [
      { rule: 'self.spec.a <' },
      { rule: 'self.spec.nope == 1' },
      { rule: 'self.spec.a + 1' },
      { rule: 'true', messageExpression: '1' },
      { rule: 'true', messageExpression: 'self.spec.a >' },
      { rule: 'self.spec.a < 5 && x', message: 'm <&>' },
    ],
    properties: { spec: { type: 'object', properties: { a: { type: 'integer' } } } },
  };
  const rule = (fields: string) => `{"Rule":${fields}}`;
  t.deepEqual(compileErrors(schema), [
    `${schemaPath}.x-kubernetes-validations[0].rule: Invalid value: ${rule('"self.spec.a \\u003c","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: compilation failed: ERROR: <input>:1:14: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.spec.a <\n | .............^`,
    `${schemaPath}.x-kubernetes-validations[1].rule: Invalid value: ${rule('"self.spec.nope == 1","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: compilation failed: ERROR: <input>:1:10: undefined field 'nope'\n | self.spec.nope == 1\n | .........^`,
    `${schemaPath}.x-kubernetes-validations[2].rule: Invalid value: ${rule('"self.spec.a + 1","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: cel expression must evaluate to a bool`,
    `${schemaPath}.x-kubernetes-validations[3].messageExpression: Invalid value: ${rule('"true","Message":"","MessageExpression":"1","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: messageExpression must evaluate to a string`,
    `${schemaPath}.x-kubernetes-validations[4].messageExpression: Invalid value: ${rule('"true","Message":"","MessageExpression":"self.spec.a \\u003e","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: messageExpression compilation failed: ERROR: <input>:1:14: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.spec.a >\n | .............^`,
    `${schemaPath}.x-kubernetes-validations[5].rule: Invalid value: ${rule('"self.spec.a \\u003c 5 \\u0026\\u0026 x","Message":"m \\u003c\\u0026\\u003e","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null')}: compilation failed: ERROR: <input>:1:20: undeclared reference to 'x' (in container '')\n | self.spec.a < 5 && x\n | ...................^`,
  ]);
});

test('the checks of a rule’s own fields, and a node whose values have no CEL type (kube 1.35.4)', (t) => {
  const rules = [
    { rule: '  ' },
    { rule: 'true', message: '  ' },
    { rule: 'true', message: 'a\nb' },
    { rule: 'true &&\ntrue' },
    { rule: 'true', messageExpression: ' ' },
    { rule: 'true', reason: 'Nope' },
    { rule: 'true', fieldPath: ' ' },
    { rule: 'true', fieldPath: '.a\n' },
    { rule: 'true', fieldPath: 'a' },
    { rule: 'true', fieldPath: '.nope' },
    { rule: 'true', fieldPath: ".m['k'].x" },
  ];
  const schema: RuleSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        'x-kubernetes-validations': rules,
        properties: {
          a: { type: 'integer' },
          m: { type: 'object', additionalProperties: { type: 'string' } },
          q: { type: 'object', properties: { z: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.z == 1 || self.nope' }] },
          u: {
            type: 'object',
            'x-kubernetes-preserve-unknown-fields': true,
            properties: { p: { 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'true' }] } as RuleSchema },
          },
        },
      },
    },
  };
  const at = `${schemaPath}.properties[spec].x-kubernetes-validations`;
  // The node's own rules are not compiled (its field checks failed); its children's are.
  t.deepEqual(compileErrors(schema), [
    `${at}[0].rule: Required value: rule is not specified`,
    `${at}[1].message: Invalid value: "  ": must be non-empty if specified`,
    `${at}[2].message: Invalid value: "a\\nb": must not contain line breaks`,
    `${at}[3].message: Required value: message must be specified if rule contains line breaks`,
    `${at}[4].messageExpression: Required value: messageExpression must be non-empty if specified`,
    `${at}[5].reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
    `${at}[6].fieldPath: Invalid value: " ": must be non-empty if specified`,
    `${at}[6].fieldPath: Invalid value: " ": must be a valid path`,
    `${at}[7].fieldPath: Invalid value: ".a\\n": must not contain line breaks`,
    `${at}[7].fieldPath: Invalid value: ".a\\n": must be a valid path`,
    `${at}[8].fieldPath: Invalid value: "a": must be a valid path`,
    `${at}[9].fieldPath: Invalid value: ".nope": must be a valid path`,
    `${at}[10].fieldPath: Invalid value: ".m['k'].x": must be a valid path`,
    `${schemaPath}.properties[spec].properties[q].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.z == 1 || self.nope","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: compilation failed: ERROR: <input>:1:20: undefined field 'nope'\n | self.z == 1 || self.nope\n | ...................^`,
    `${schemaPath}.properties[spec].properties[u].properties[p].x-kubernetes-validations: Internal error: internal error: failed to construct type information for x-kubernetes-validations rules: unable to convert structural schema to CEL declarations`,
  ]);
});

test('errors the rest of the CRD validation found at or below a node keep its rules from being compiled', (t) => {
  const schema: RuleSchema = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'nope' }] } } };
  t.is(compileErrors(schema).length, 1);
  const blocked = compileSchemaRules(schema, schemaPath, { schemaErrorPaths: [`${schemaPath}.properties[spec].properties[x].type`] });
  t.deepEqual(blocked.errors, []);
});

test('cost: the rule cost with its cardinality, the total for the schema, transition rules under uncorrelatable lists, optionalOldSelf without oldSelf (kube 1.35.4)', (t) => {
  const schema: RuleSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'integer' },
          list: { type: 'array', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x != y || true))' }] },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { v: { type: 'string' } },
              'x-kubernetes-validations': [{ rule: 'self.v == oldSelf.v' }, { rule: 'true', optionalOldSelf: true }],
            },
          },
        },
      },
    },
  };
  const spec = `${schemaPath}.properties[spec]`;
  t.deepEqual(compileErrors(schema), [
    `${spec}.properties[items].items.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x ${budgetAdvice}`,
    `${spec}.properties[items].items.x-kubernetes-validations[0].rule: Invalid value: "self.v == oldSelf.v": oldSelf cannot be used on the uncorrelatable portion of the schema within ${spec}.properties[items]`,
    `${spec}.properties[items].items.x-kubernetes-validations[1].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`,
    `${spec}.properties[list].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x ${budgetAdvice}`,
    `${spec}.properties[list].x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`,
    `${spec}.properties[items].items.x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`,
    `${schemaPath}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${budgetAdvice}`,
  ]);
});

test('cost: a messageExpression is held to the limit without its cardinality (kube 1.35.4)', (t) => {
  // string(int) has no size bound: kube refuses this messageExpression on its own.
  const schema: RuleSchema = {
    type: 'object',
    properties: { spec: { type: 'object', properties: { a: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'true', messageExpression: "'a is ' + string(self.a)" }] } },
  };
  const rule = `${schemaPath}.properties[spec].x-kubernetes-validations[0].messageExpression`;
  t.deepEqual(compileErrors(schema), [
    `${rule}: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x ${budgetAdvice}`,
    `${rule}: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`,
    `${schemaPath}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${budgetAdvice}`,
  ]);
  // A version whose schema an update leaves unchanged is not held to the per-expression limits.
  t.deepEqual(messages(compileSchemaRules(schema, schemaPath, { suppressPerExpressionCost: true }).errors).length, 2);
});

test('cost: just over the per-rule limit, the factor has six decimals', (t) => {
  const items = (maxItems: number): RuleSchema => ({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            maxItems: 10,
            items: {
              type: 'object',
              properties: { l: { type: 'array', maxItems, items: { type: 'integer' } } },
              'x-kubernetes-validations': [{ rule: 'self.l.all(x, self.l.all(y, x + y >= 0))' }],
            },
          },
        },
      },
    },
  });
  t.deepEqual(compileErrors(items(300)), []);
  t.deepEqual(compileErrors(items(400)), [
    `${schemaPath}.properties[spec].properties[items].items.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 1.122403x ${budgetAdvice}`,
  ]);
});

test('on update, an expression the old CRD held compiles in the stored expressions environment', (t) => {
  const before130 = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 29 } });
  const rule = "ip('1.2.3.4').family() == 4";
  const schema: RuleSchema = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule }] } } };
  t.is(compileSchemaRules(schema, schemaPath, { envSet: before130 }).errors.length, 1);
  const stored = storedExpressionsOf([schema]);
  t.deepEqual(compileSchemaRules(schema, schemaPath, { envSet: before130, storedExpressions: stored }).errors, []);
});

test('fieldPath: properties, quoted names and map keys, as kube normalizes them', (t) => {
  const schema: RuleSchema = {
    type: 'object',
    properties: {
      a: { type: 'object', properties: { 'b.c': { type: 'string' } } },
      m: { type: 'object', additionalProperties: { type: 'object', properties: { x: { type: 'string' } } } },
    },
  };
  const path = (jsonPath: string) => {
    const found = validRuleFieldPath(jsonPath, schema);
    return found.ok ? found.path : found.error;
  };
  t.is(path('.a'), 'a');
  t.is(path(".a['b.c']"), 'a.b.c');
  t.is(path(".m['k-1'].x"), 'm[k-1].x');
  t.is(path('.m.k.x'), 'm[k].x');
  t.is(path(".a['b\\'c']"), 'does not refer to a valid field');
  t.is(path(".a['b\\qc']"), 'invalid string literal: invalid escape char \\q');
  t.is(path('a'), 'expected [ or . but got: a');
  t.is(path('.'), 'unexpected end of JSON path');
  t.is(path('.a[b]'), 'expected single quoted string but got b');
  t.is(path(".a['b.c'"), 'unexpected end of JSON path');
});

// ---------------------------------------------------------------------------------------------
// Evaluation

/** The schema of the Gadget CRD the evaluation messages were read with. */
const gadgetSchema: RuleSchema = {
  type: 'object',
  'x-kubernetes-validations': [{ rule: '!has(self.spec.a) || self.spec.a < 10' }],
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        { rule: '!has(self.a) || self.a != 1', messageExpression: "'a is one, name ' + (has(self.name) ? self.name : 'none')" },
        { rule: '!has(self.a) || self.a != 2', message: '  a must not be 2  ' },
        { rule: '!has(self.a) || self.a != 3', reason: 'FieldValueForbidden', fieldPath: '.a', message: 'not three' },
        { rule: '!has(self.a) || self.a != 4', reason: 'FieldValueRequired', fieldPath: ".m['x-y']" },
        { rule: '!has(self.a) || self.a != 5', reason: 'FieldValueDuplicate' },
        { rule: '!has(self.a) || self.a != 6', reason: 'FieldValueDuplicate', fieldPath: '.name' },
        { rule: "!has(self.a) || self.a != 7 || self.m['k'] == 'v'" },
        { rule: '!has(self.a) || self.a != 8 || 1 / (self.a - 8) == 1' },
        { rule: '!has(self.a) || self.a != 9', messageExpression: "''" },
        { rule: '!has(self.a) || self.a != 9', messageExpression: "'x\\ny'" },
        { rule: '!has(self.a) || self.a != 9', messageExpression: "self.m['nope']" },
        { rule: '!has(self.a) || self.a != 9', messageExpression: "'  padded  '" },
      ],
      properties: {
        a: { type: 'integer' },
        name: { type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule: "self.startsWith('x')" }] },
        count: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 100' }] },
        ratio: { type: 'number', 'x-kubernetes-validations': [{ rule: 'self < 1.5' }] },
        flag: { type: 'boolean', 'x-kubernetes-validations': [{ rule: 'self' }] },
        ios: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-validations': [{ rule: 'type(self) == int' }, { rule: 'self == 5' }] },
        m: {
          type: 'object',
          maxProperties: 5,
          additionalProperties: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: "self != 'bad'" }] },
          'x-kubernetes-validations': [{ rule: 'self.size() < 4' }],
        },
        list: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 5 }, 'x-kubernetes-validations': [{ rule: 'self.size() < 3' }] },
        items: {
          type: 'array',
          maxItems: 5,
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', maxLength: 5 }, v: { type: 'string', maxLength: 5 } },
            'x-kubernetes-validations': [{ rule: 'self.v == oldSelf.v', message: 'v is immutable' }],
          },
        },
        imm: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'imm is immutable' }] },
        opt: { type: 'integer', 'x-kubernetes-validations': [{ rule: '!oldSelf.hasValue() || self >= oldSelf.value()', optionalOldSelf: true, message: 'opt may only grow' }] },
        obj: {
          type: 'object',
          properties: { x: { type: 'integer' } },
          'x-kubernetes-validations': [{ rule: '!has(self.x) || self.x > 0' }, { rule: 'self == oldSelf', message: 'obj immutable' }],
        },
      },
    },
  },
};

test('the Gadget schema compiles without errors (kube 1.35.4 accepted it)', (t) => {
  t.deepEqual(compileErrors(gadgetSchema), []);
});

test('a rule on the root fails at <nil>; objects and lists are not quoted (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  t.deepEqual(errorsOf(gadgets, { a: 10 }), ['<nil>: Invalid value: failed rule: !has(self.spec.a) || self.spec.a < 10']);
  t.deepEqual(errorsOf(gadgets, { a: 2 }), ['spec: Invalid value: a must not be 2']);
  t.deepEqual(errorsOf(gadgets, { ratio: 3, ios: 7, m: { a: 'bad', b: '1', c: '2', d: '3' }, list: ['a', 'b', 'c'] }), [
    'spec.ratio: Invalid value: 3: failed rule: self < 1.5',
    'spec.ios: Invalid value: 7: failed rule: self == 5',
    'spec.m: Invalid value: failed rule: self.size() < 4',
    'spec.m[a]: Invalid value: "bad": failed rule: self != \'bad\'',
    'spec.list: Invalid value: failed rule: self.size() < 3',
  ]);
  t.deepEqual(errorsOf(gadgets, { count: 1, name: 'xyz', ratio: 1, flag: true, ios: 5, m: { a: 'ok' }, list: [] }), []);
});

test('scalars are shown as Go prints them: strings quoted, integers, floats, booleans, int-or-string (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  t.deepEqual(errorsOf(gadgets, { count: 100, ratio: 2.5, flag: false, ios: 'x' }), [
    'spec.count: Invalid value: 100: failed rule: self < 100',
    'spec.ratio: Invalid value: 2.5: failed rule: self < 1.5',
    'spec.flag: Invalid value: false: failed rule: self',
    'spec.ios: Invalid value: "x": failed rule: type(self) == int',
    'spec.ios: Invalid value: "x": failed rule: self == 5',
  ]);
  t.deepEqual(errorsOf(gadgets, { ratio: 1e21, ios: 5 }), ['spec.ratio: Invalid value: 1e+21: failed rule: self < 1.5']);
});

test('messageExpression, and its fallbacks: empty, on several lines, an error; the message is trimmed (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  t.deepEqual(errorsOf(gadgets, { a: 1, name: 'abc' }), ['spec: Invalid value: a is one, name abc', 'spec.name: Invalid value: "abc": failed rule: self.startsWith(\'x\')']);
  t.deepEqual(errorsOf(gadgets, { a: 9, m: {} }), [
    'spec: Invalid value: failed rule: !has(self.a) || self.a != 9',
    'spec: Invalid value: failed rule: !has(self.a) || self.a != 9',
    'spec: Invalid value: failed rule: !has(self.a) || self.a != 9',
    'spec: Invalid value: padded',
  ]);
});

test('reason and fieldPath: Forbidden, Required at a map key, Duplicate without and with a value path (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  t.deepEqual(errorsOf(gadgets, { a: 3 }), ['spec.a: Forbidden: not three']);
  t.deepEqual(errorsOf(gadgets, { a: 4 }), ['spec.m[x-y]: Required value: failed rule: !has(self.a) || self.a != 4']);
  t.deepEqual(errorsOf(gadgets, { a: 5 }), ['spec: Duplicate value']);
  t.deepEqual(errorsOf(gadgets, { a: 6 }), ['spec.name: Duplicate value']);
  const duplicate = validatorOf({ type: 'object', properties: { s: { type: 'string', 'x-kubernetes-validations': [{ rule: 'false', reason: 'FieldValueDuplicate' }] } } });
  t.deepEqual(messages(duplicate.validate({ s: 'x' }).errors), ['s: Duplicate value: "x"']);
});

test('evaluation errors show the schema type as the value (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  t.deepEqual(errorsOf(gadgets, { a: 7, m: {} }), ["spec: Invalid value: \"object\": no such key: k evaluating rule: !has(self.a) || self.a != 7 || self.m['k'] == 'v'"]);
  t.deepEqual(errorsOf(gadgets, { a: 8 }), ['spec: Invalid value: "object": division by zero evaluating rule: !has(self.a) || self.a != 8 || 1 / (self.a - 8) == 1']);
  const overload = validatorOf({ type: 'object', properties: { ios: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-validations': [{ rule: 'self + 1 == 2' }] } } });
  t.deepEqual(messages(overload.validate({ ios: 'x' }).errors), [
    'ios: Invalid value: "": \'no such overload\': call arguments did not match a supported operator, function or macro signature for rule: self + 1 == 2',
  ]);
});

test('transition rules: immutability with self == oldSelf, map-list items by key, optionalOldSelf (kube 1.35.4)', (t) => {
  const gadgets = validatorOf(gadgetSchema);
  const old = {
    items: [
      { name: 'a', v: '1' },
      { name: 'b', v: '2' },
    ],
    imm: 'x',
    opt: 5,
    obj: { x: 1 },
  };
  t.deepEqual(
    errorsOf(
      gadgets,
      {
        items: [
          { name: 'b', v: '3' },
          { name: 'a', v: '1' },
          { name: 'c', v: '9' },
        ],
        imm: 'y',
        opt: 4,
        obj: { x: 2 },
      },
      old,
    ),
    [
      'spec.items[0]: Invalid value: v is immutable',
      'spec.imm: Invalid value: "y": imm is immutable',
      'spec.opt: Invalid value: 4: opt may only grow',
      'spec.obj: Invalid value: obj immutable',
    ],
  );
  t.deepEqual(errorsOf(gadgets, old, old), []);
  // On create, a transition rule does not run; one with optionalOldSelf runs with oldSelf none.
  t.deepEqual(errorsOf(gadgets, { imm: 'y', opt: 1, items: [{ name: 'a', v: '1' }] }), []);
  const optional = validatorOf({
    type: 'object',
    properties: { n: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'only on update' }] } },
  });
  t.deepEqual(messages(optional.validate({ n: 1 }).errors), ['n: Invalid value: 1: only on update']);
  t.deepEqual(messages(optional.validate({ n: 1 }, { n: 2 }).errors), []);
  // A field the old object does not have: no old value, the transition rule does not run.
  t.deepEqual(errorsOf(gadgets, { imm: 'y' }, { opt: 1 }), []);
});

test('ratcheting: on update, errors of rules without oldSelf at unchanged values are warnings (kube 1.35.4)', (t) => {
  // Read after tightening the rules of a stored CRD and updating an object that broke them before.
  const schema: RuleSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          count: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 10' }] },
          m: { type: 'object', additionalProperties: { type: 'string', 'x-kubernetes-validations': [{ rule: "self != 'ok'" }] } },
        },
      },
    },
  };
  const validator = validatorOf(schema);
  const old = object({ count: 50, name: 'xa', m: { k: 'ok' } });
  const unchanged = validator.validate(object({ count: 50, name: 'xb', m: { k: 'ok' } }), old);
  t.deepEqual(unchanged.errors, []);
  t.deepEqual(unchanged.warnings, ['spec.count: Invalid value: 50: failed rule: self < 10', 'spec.m[k]: Invalid value: "ok": failed rule: self != \'ok\'']);
  const changed = validator.validate(object({ count: 60, name: 'xb', m: { k: 'ok' } }), old);
  t.deepEqual(messages(changed.errors), ['spec.count: Invalid value: 60: failed rule: self < 10']);
  t.is(changed.warnings.length, 1);
  t.deepEqual(messages(validator.validate(object({ count: 50 }), old, { ratcheting: false }).errors), ['spec.count: Invalid value: 50: failed rule: self < 10']);
});

/** The Budget CRD: rules that cost a lot at run time but are estimated within the limits. */
const budgetSchema: RuleSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        l: { type: 'array', maxItems: 600, items: { type: 'integer' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x + y >= 0))' }] },
        m: {
          type: 'array',
          maxItems: 600,
          items: { type: 'integer' },
          'x-kubernetes-validations': [{ rule: 'self.size() < 2', messageExpression: "self.all(x, self.all(y, x + y >= 0)) ? 'big' : 'small'" }],
        },
        items: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            properties: { l: { type: 'array', maxItems: 300, items: { type: 'integer' } } },
            'x-kubernetes-validations': [{ rule: 'self.l.all(x, self.l.all(y, x + y >= 0))' }, { rule: 'self.l.all(x, self.l.all(y, x + y > -1))' }],
          },
        },
        msgs: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            properties: { l: { type: 'array', maxItems: 300, items: { type: 'integer' } } },
            'x-kubernetes-validations': [
              { rule: 'self.l.size() < 2', messageExpression: "self.l.all(x, self.l.all(y, x + y >= 0)) ? 'big' : 'small'" },
              { rule: 'self.l.size() < 2', messageExpression: "self.l.all(x, self.l.all(y, x + y > -1)) ? 'big' : 'small'" },
            ],
          },
        },
      },
    },
  },
};

const ones = (n: number): number[] => new Array<number>(n).fill(1);

test('budgets: a rule past the per-call limit stops the validation (kube 1.35.4)', (t) => {
  const budgets = validatorOf(budgetSchema);
  const result = budgets.validate(object({ l: ones(400) }));
  t.deepEqual(messages(result.errors), [
    `spec.l: Invalid value: "array": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(x, self.all(y, x + y >= 0))`,
  ]);
  t.is(result.remainingBudget, -1);
  t.deepEqual(errorsOf(budgets, { m: ones(400) }), [
    `spec.m: Invalid value: "array": no further validation rules will be run due to call cost exceeds limit for messageExpression: "self.all(x, self.all(y, x + y >= 0)) ? 'big' : 'small'"`,
  ]);
});

test('budgets: the rules of an object share the per-object budget; rules and messageExpressions past it stop the validation (kube 1.35.4)', (t) => {
  const budgets = validatorOf(budgetSchema);
  t.deepEqual(errorsOf(budgets, { items: new Array(10).fill({ l: ones(300) }) }), [
    'spec.items[7]: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run',
  ]);
  const big = (i: number) => [`spec.msgs[${i}]: Invalid value: big`, `spec.msgs[${i}]: Invalid value: big`];
  t.deepEqual(errorsOf(budgets, { msgs: new Array(10).fill({ l: ones(300) }) }), [
    ...[0, 1, 2, 3, 4, 5, 6].flatMap(big),
    'spec.msgs[7]: Invalid value: big',
    'spec.msgs[7]: Invalid value: "object": messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run',
  ]);
  // A smaller budget: a node with rules reached with none left reports it at once.
  const result = budgets.validate(object({ items: [{ l: [1] }] }), undefined, { budget: 0 });
  t.deepEqual(messages(result.errors), ['spec.items[0]: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run']);
});

test('a stored CRD’s validator compiles every expression as stored, and reports a rule that does not compile on each object', (t) => {
  const schema: RuleSchema = { type: 'object', properties: { s: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.nope' }, { rule: "self != 'x'" }] } } };
  const validator = schemaRuleValidator(schema);
  if (validator === undefined) return t.fail();
  t.deepEqual(messages(validator.validate({ s: 'x' }).errors), [
    `s: Invalid value: "string": rule compile error: compilation failed: ERROR: <input>:1:5: type 'string' does not support field selection\n | self.nope\n | ....^`,
    's: Invalid value: "x": failed rule: self != \'x\'',
  ]);
  t.is(schemaRuleValidator({ type: 'object', properties: { s: { type: 'string' } } }), undefined);
});

test('the root and an embedded resource: self has apiVersion, kind and metadata.name, but a fieldPath cannot name them (kube 1.35.4)', (t) => {
  const schema = (rootRule: Record<string, string>): RuleSchema => ({
    type: 'object',
    'x-kubernetes-validations': [{ rule: "self.metadata.name.startsWith('e')", ...rootRule }],
    properties: {
      spec: {
        type: 'object',
        properties: {
          tmpl: {
            type: 'object',
            'x-kubernetes-embedded-resource': true,
            'x-kubernetes-preserve-unknown-fields': true,
            'x-kubernetes-validations': [{ rule: "self.kind == 'Pod' && self.metadata.name != 'bad'", message: 'must be a good Pod' }],
          },
        },
      },
    },
  });
  t.deepEqual(compileErrors(schema({ fieldPath: '.metadata.name' })), [
    `${schemaPath}.x-kubernetes-validations[0].fieldPath: Invalid value: ".metadata.name": must be a valid path`,
  ]);
  const embeds = validatorOf(schema({ message: 'name must start with e' }));
  const embed = (name: string, tmpl: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Embed', metadata: { name }, spec: { tmpl } });
  t.deepEqual(messages(embeds.validate(embed('x1', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bad' }, extra: 1 })).errors), [
    '<nil>: Invalid value: name must start with e',
    'spec.tmpl: Invalid value: must be a good Pod',
  ]);
  t.deepEqual(embeds.validate(embed('e1', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'ok' } })).errors, []);
});
