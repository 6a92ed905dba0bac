// The check of string.format calls after type checking against cel-go's answers
// (string-format-validator-cases.ts): the same messages at the same places for every call it
// refuses, and the call's type for every one it lets through. Also that the runtime formatter and
// the check read format strings alike, and that the check comes with strings v2 only.

import test from 'ava';
import { checkExpression } from '../../src/cel/checker/check-expression.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { compileCel } from '../../src/cel/program.ts';
import { formatIssues } from '../../src/cel/syntax/format-issues.ts';
import { checkerTypeName } from '../../src/cel/types/type-names.ts';
import { CelError } from '../../src/cel/values/values.ts';
import { checkerVariables } from './checker-variables.ts';
import { stringFormatValidatorCases } from './string-format-validator-cases.ts';

function check(expr: string, environment = kubernetesEnvSet().newExpressions): { type?: string; error?: string } {
  const result = checkExpression(expr, environment, checkerVariables);
  return result.ok ? { type: checkerTypeName(result.checked.type) } : { error: formatIssues(expr, result.issues) };
}

test(`string.format is checked as cel-go checks it for ${stringFormatValidatorCases.length} expressions`, (t) => {
  const differences = stringFormatValidatorCases.flatMap((want) => {
    const got = check(want.expr);
    return got.type === want.type && got.error === want.error ? [] : [{ expr: want.expr, want, got }];
  });
  t.deepEqual(differences, []);
});

test('a format string refused after checking fails the same way when evaluated', (t) => {
  const checkMessage = (expr: string): string | undefined =>
    check(expr)
      .error?.split('\n')[0]
      ?.replace(/^ERROR: <input>:\d+:\d+: /, '');
  const evaluated = (expr: string): unknown => {
    const compiled = compileCel(expr);
    if (!compiled.ok) throw new Error(`${expr} does not compile`);
    const result = compiled.program.evaluate({});
    return result instanceof CelError ? result.message : result;
  };
  for (const expr of ['"%q".format([1])', '"%.f".format([1.0])', '"%.2".format([1.0])', '"%é".format([1])', '"%d".format(["a"])', '"%x".format([1.5])']) {
    t.is(checkMessage(expr), evaluated(expr) as string, expr);
  }
  // Where cel-go's two differ, each is kept: the check finds the dangling '%' before counting arguments.
  t.is(checkMessage('"%s %".format(["a"])'), 'unexpected end of string');
  t.is(evaluated('"%s %".format(["a"])'), 'index 1 out of range');
});

test('string.format is checked only where strings v2 is, from 1.29 on', (t) => {
  const at128 = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 28 } });
  t.false(at128.newExpressions.validators.stringFormats);
  t.true(at128.storedExpressions.validators.stringFormats);
  t.true(kubernetesEnvSet().newExpressions.validators.stringFormats);
  t.regex(check('"%d".format([s])', at128.storedExpressions).error ?? '', /decimal clause can only be used on integers, was given string/);
});
