// The variables of each use of CEL in Kubernetes against what Kubernetes 1.35 answers
// (rule-variables-cases.ts): custom resource rules (self, oldSelf, optionalOldSelf), admission
// expressions (request, namespaceObject, object, params, authorizer, composed variables), the type
// checking of policies and authorization webhooks' match conditions. Every case is checked with the
// use's variables plus the type identifiers Kubernetes' environments register, and refused as
// Kubernetes refuses to plan a program that refers to one of those.

import test from 'ava';
import { checkExpression } from '../../src/cel/checker/check-expression.ts';
import { admissionTypeIdentifiers, admissionVariables, resourceObjectType, typeCheckingVariables } from '../../src/cel/environment/admission-variables.ts';
import {
  authenticationClaimsVariables,
  authenticationUserVariables,
  authorizationMatchConditionVariables,
  subjectAccessReviewSpecType,
} from '../../src/cel/environment/authorization-variables.ts';
import { customResourceRuleVariables, ruleSelfType, untypedRuleScopeMessage, usesOldSelf } from '../../src/cel/environment/custom-resource-rule-variables.ts';
import { declaredTypeIdentifiers, undefinedTypeReference } from '../../src/cel/environment/declared-type-identifiers.ts';
import { kubernetesEnvSet, type CelEnvironment } from '../../src/cel/environment/kubernetes-environment.ts';
import { uniqueTypeName } from '../../src/cel/environment/unique-type-name.ts';
import { VariableComposition } from '../../src/cel/environment/variable-composition.ts';
import { formatIssues } from '../../src/cel/syntax/format-issues.ts';
import { intType, type CelType } from '../../src/cel/types/cel-types.ts';
import type { OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import { checkerTypeName } from '../../src/cel/types/type-names.ts';
import {
  admissionCases,
  authorizationCases,
  configMapSchema,
  crdRuleCases,
  crdSchema,
  deploymentSchema,
  policyVariableSets,
  typeCheckingCases,
  type Answer,
} from './rule-variables-cases.ts';

const envSet = kubernetesEnvSet();

interface Use {
  readonly environment: CelEnvironment;
  readonly variables: ReadonlyMap<string, CelType>;
  readonly typeIdentifiers: ReadonlyMap<string, CelType>;
  /** Kubernetes plans a program after checking (all uses but the type checking of policies). */
  readonly planned: boolean;
}

function answer(expr: string, use: Use): { type?: string; error?: string } {
  const result = checkExpression(expr, use.environment, new Map([...use.typeIdentifiers, ...use.variables]));
  if (!result.ok) return { error: formatIssues(expr, result.issues) };
  const unplannable = use.planned ? undefinedTypeReference(result.checked, use.typeIdentifiers) : undefined;
  if (unplannable !== undefined) return { error: `program instantiation failed: ${unplannable}` };
  return { type: checkerTypeName(result.checked.type) };
}

const differences = <C extends Answer>(cases: readonly C[], got: (c: C) => { type?: string; error?: string }) =>
  cases.flatMap((want) => {
    const actual = got(want);
    return actual.type === want.type && actual.error === want.error ? [] : [{ want, got: actual }];
  });

/**
 * Where Capstan's checker still differs from cel-go: a field selected on a library type that no
 * type provider registers (kubernetes.authorization.*) is "unexpected failed resolution of '<type>'"
 * in cel-go, "undefined field" here.
 */
test(`custom resource rules: self and oldSelf as Kubernetes declares them (${crdRuleCases.length} cases)`, (t) => {
  const nodeAt = (path: readonly string[]): OpenApiV3Schema => path.reduce<any>((schema, key) => schema[key], crdSchema);
  t.deepEqual(
    differences(crdRuleCases, (c) => {
      const self = ruleSelfType(nodeAt(c.node), { isRoot: c.node.length === 0, typeName: 'selfType1' });
      if (self === undefined) return { error: untypedRuleScopeMessage };
      const use = { environment: envSet.newExpressions, variables: customResourceRuleVariables(self, c), typeIdentifiers: declaredTypeIdentifiers([self]), planned: true };
      return answer(c.expr, use);
    }),
    [],
  );
});

/** The variables of a use with its policy's variables composed in order, each checked as Kubernetes answered. */
function admissionUse(c: (typeof admissionCases)[number], t: { deepEqual: (a: unknown, b: unknown, m?: string) => void }): Use {
  const environment = envSet.newExpressions;
  const variables = admissionVariables(c);
  const typeIdentifiers = admissionTypeIdentifiers(c.variableSet !== undefined);
  if (c.variableSet === undefined) return { environment, variables, typeIdentifiers, planned: true };
  const composition = new VariableComposition(environment, variables);
  for (const variable of policyVariableSets[c.variableSet]!) {
    const result = composition.add(variable.name, variable.expression);
    const got = result.ok ? checkerTypeName(result.checked.type) : formatIssues(variable.expression, result.issues);
    t.deepEqual(got, variable.result, `variable ${variable.name} of ${c.variableSet}`);
  }
  return { environment, variables: composition.declarations(), typeIdentifiers, planned: true };
}

test(`admission: request, namespaceObject, object, params, authorizer and composed variables (${admissionCases.length} cases)`, (t) => {
  const found = differences(admissionCases, (c) => answer(c.expr, admissionUse(c, t)));
  t.deepEqual(found, []);
});

test(`the type checking of policies: object and params typed by their kinds' schemas (${typeCheckingCases.length} cases)`, (t) => {
  const object = resourceObjectType(deploymentSchema, 'Deployment', 'Deployment1')!;
  const params = resourceObjectType(configMapSchema, 'ConfigMap', 'ConfigMap2')!;
  const environment = envSet.storedExpressions;
  const found = differences(typeCheckingCases, (c) => {
    const variables = typeCheckingVariables(c.params ? { object, params } : { object });
    const typeIdentifiers = admissionTypeIdentifiers(true, object, ...(c.params ? [params] : []));
    const composition = new VariableComposition(environment, new Map([...typeIdentifiers, ...variables]));
    for (const variable of policyVariableSets[c.params ? 'typeChecking' : 'typeCheckingWithoutParams']!) {
      const result = composition.add(variable.name, variable.expression);
      t.deepEqual(result.ok ? checkerTypeName(result.checked.type) : formatIssues(variable.expression, result.issues), variable.result);
    }
    return answer(c.expr, { environment, variables: composition.declarations(variables), typeIdentifiers, planned: false });
  });
  t.deepEqual(found, []);
});

test(`authorization webhooks' match conditions: request is the SubjectAccessReview's spec (${authorizationCases.length} cases)`, (t) => {
  const use: Use = {
    environment: envSet.storedExpressions,
    variables: authorizationMatchConditionVariables(),
    typeIdentifiers: declaredTypeIdentifiers([subjectAccessReviewSpecType()]),
    // Measured through the compiler's "must evaluate to" message, which comes before planning.
    planned: false,
  };
  t.deepEqual(
    differences(authorizationCases, (c) => answer(c.expr, use)),
    [],
  );
});

test('without AuthorizeWithSelectors, resource attributes have no selectors', (t) => {
  const use: Use = { environment: envSet.storedExpressions, variables: authorizationMatchConditionVariables(false), typeIdentifiers: new Map(), planned: false };
  t.regex(answer('request.resourceAttributes.fieldSelector', use).error ?? '', /undefined field 'fieldSelector'/);
  t.deepEqual(answer('request.resourceAttributes.verb', use), { type: 'string' });
});

// Measured with k8s.io/apiserver's authentication compiler, which tells only whether the type is
// the one asked for: claims.sub is none of string, bool, int or dyn (it is google.protobuf.Any).
test('authentication rules: claims is a map of any, user a kubernetes.UserInfo', (t) => {
  const claims: Use = { environment: envSet.storedExpressions, variables: authenticationClaimsVariables(), typeIdentifiers: new Map(), planned: true };
  const user: Use = { ...claims, variables: authenticationUserVariables() };
  t.deepEqual(answer('claims.sub == "x"', claims), { type: 'bool' });
  t.deepEqual(answer('has(claims.email)', claims), { type: 'bool' });
  t.deepEqual(answer('claims.sub', claims), { type: 'any' });
  t.deepEqual(answer('user', claims), { error: "ERROR: <input>:1:1: undeclared reference to 'user' (in container '')\n | user\n | ^" });
  t.deepEqual(answer('user.username', user), { type: 'string' });
  t.deepEqual(answer('user.uid.startsWith("x")', user), { type: 'bool' });
  t.deepEqual(answer('user.foo', user), { error: "ERROR: <input>:1:5: undefined field 'foo'\n | user.foo\n | ....^" });
  t.deepEqual(answer('claims', user), { error: "ERROR: <input>:1:1: undeclared reference to 'claims' (in container '')\n | claims\n | ^" });
});

test('a rule that refers to oldSelf is a transition rule', (t) => {
  const variables = customResourceRuleVariables(intType);
  const check = (expr: string): boolean => {
    const result = checkExpression(expr, envSet.newExpressions, variables);
    if (!result.ok) throw new Error(expr);
    return usesOldSelf(result.checked);
  };
  t.true(check('self >= oldSelf'));
  t.true(check('[1].all(x, x < oldSelf)'));
  t.false(check('self > 0'));
  // Kubernetes looks for the name in the checker's references, which hold comprehension variables
  // too: a loop variable named oldSelf makes a transition rule as well.
  t.true(check('[1].all(oldSelf, oldSelf > 0)'));
});

test('the type of self is named anew at every compilation, as selfType<nanoseconds>', (t) => {
  const names = new Set(Array.from({ length: 5 }, () => uniqueTypeName('selfType')));
  for (const name of names) t.regex(name, /^selfType\d{1,9}$/);
  const self = ruleSelfType({ type: 'object', properties: { a: { type: 'string' } } });
  t.is(self?.kind, 'object');
  t.regex(self?.kind === 'object' ? self.name : '', /^selfType\d+$/);
});
