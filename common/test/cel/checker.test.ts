// The type checker against cel-go's answers for Kubernetes' environment (checker-cases.ts): the same
// type for every expression it accepts, the same messages at the same places for every one it
// refuses. Also the environments' versioning: what new expressions may use at a compatibility version.

import test from 'ava';
import { checkExpression } from '../../src/cel/checker/check-expression.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { formatIssues } from '../../src/cel/syntax/format-issues.ts';
import type { CelType } from '../../src/cel/types/cel-types.ts';
import { checkerTypeName } from '../../src/cel/types/type-names.ts';
import { schemaCelType } from '../../src/cel/types/schema-types.ts';
import { assignTypeNames } from '../../src/cel/types/object-type-names.ts';
import { checkerCases } from './checker-cases.ts';
import { checkerVariables } from './checker-variables.ts';
import { checkerSchema, schemaCheckerCases } from './checker-schema-cases.ts';

const variables = checkerVariables;

function check(expr: string, environment = kubernetesEnvSet().newExpressions, declared: ReadonlyMap<string, CelType> = variables): { type?: string; error?: string } {
  const result = checkExpression(expr, environment, declared);
  return result.ok ? { type: checkerTypeName(result.checked.type) } : { error: formatIssues(expr, result.issues) };
}

test(`the checker answers as cel-go does for ${checkerCases.length} expressions`, (t) => {
  const differences = checkerCases.flatMap((want) => {
    const got = check(want.expr);
    return got.type === want.type && got.error === want.error ? [] : [{ expr: want.expr, want, got }];
  });
  t.deepEqual(differences, []);
});

test(`self typed by a schema: the checker answers as cel-go does for ${schemaCheckerCases.length} expressions`, (t) => {
  const self = assignTypeNames(schemaCelType(checkerSchema, true)!, 'selfType');
  const declared = new Map([
    ['self', self],
    ['oldSelf', self],
  ]);
  const differences = schemaCheckerCases.flatMap((want) => {
    const got = check(want.expr, kubernetesEnvSet().newExpressions, declared);
    return got.type === want.type && got.error === want.error ? [] : [{ expr: want.expr, want, got }];
  });
  t.deepEqual(differences, []);
});

test('new expressions may use only the libraries of the compatibility version; stored ones may use all', (t) => {
  const at133 = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 33 } });
  t.deepEqual(check('li.reverse()', at133.newExpressions).error?.split('\n')[0], "ERROR: <input>:1:11: undeclared reference to 'reverse' (in container '')");
  t.deepEqual(check('li.reverse()', at133.storedExpressions), { type: 'list(int)' });
  t.deepEqual(check('li.reverse()'), { type: 'list(int)' });
  const at127 = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 27 } });
  t.regex(check('1 < 1.5', at127.newExpressions).error ?? '', /found no matching overload for '_<_' applied to '\(int, double\)'/);
  t.regex(check('x.?a', at127.newExpressions).error ?? '', /Syntax error|unsupported syntax/);
  t.deepEqual(check('sign(quantity("1"))', at127.storedExpressions), { type: 'int' });
  // strings v0 was replaced by v2 in 1.29: format() exists only from then on.
  t.regex(check('"%s".format([s])', at127.newExpressions).error ?? '', /undeclared reference to 'format'|no matching overload/);
  t.deepEqual(check('"%s".format([s])'), { type: 'string' });
});

test('gated libraries are there for new expressions only when their gate is on', (t) => {
  const on = kubernetesEnvSet({ featureGates: { AuthorizeWithSelectors: true } }).newExpressions;
  const off = kubernetesEnvSet({ featureGates: { AuthorizeWithSelectors: false } }).newExpressions;
  const declarations = (environment: typeof on): boolean => environment.declarations.functions.has('fieldSelector');
  t.true(declarations(on));
  t.false(declarations(off));
  t.true(kubernetesEnvSet({ featureGates: { AuthorizeWithSelectors: false } }).storedExpressions.declarations.functions.has('fieldSelector'));
});
