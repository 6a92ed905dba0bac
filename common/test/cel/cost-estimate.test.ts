// The static cost estimator against Kubernetes' numbers (cost-estimate-cases.ts, measured with
// cel-go v0.26.0 and k8s.io/apiserver v0.35.0, i.e. Kubernetes 1.35): the same min and max for
// every expression, with no size information and with the sizes of a CRD schema. Also the limits a
// CRD's rules are held to and kube-apiserver's messages when they are exceeded.

import test from 'ava';
import { checkExpression } from '../../src/cel/checker/check-expression.ts';
import type { CheckedExpr } from '../../src/cel/checker/checked-expr.ts';
import { estimateCost } from '../../src/cel/cost/estimate-cost.ts';
import {
  TotalCost,
  childCardinality,
  contributedToTotalCostMessage,
  costExceededMessage,
  exceedsExpressionCostLimit,
  expressionCostWithCardinality,
  messageExpressionCostExceededMessage,
  rootCardinality,
  ruleCostExceededMessage,
  totalCostExceededMessage,
} from '../../src/cel/cost/estimated-cost-limits.ts';
import { schemaSizeEstimator, type SizeEstimator } from '../../src/cel/cost/size-estimator.ts';
import { kubernetesEnvSet } from '../../src/cel/environment/kubernetes-environment.ts';
import { assignTypeNames } from '../../src/cel/types/object-type-names.ts';
import { authorizerType, bytesType, intType, listOf, optionalOf, type CelType } from '../../src/cel/types/cel-types.ts';
import { minSerializedSize, schemaCelType, type OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import { checkerVariables } from './checker-variables.ts';
import { plainCostCases, schemaCostCases, type CostCase } from './cost-estimate-cases.ts';

const plainVariables = new Map<string, CelType>([...checkerVariables, ['b', bytesType], ['ll', listOf(listOf(intType))], ['authorizer', authorizerType]]);

const environment = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 35 }, featureGates: { AuthorizeWithSelectors: true } }).newExpressions;

function checked(expr: string, variables: ReadonlyMap<string, CelType>): CheckedExpr {
  const result = checkExpression(expr, environment, variables);
  if (!result.ok) throw new Error(`${expr}: ${JSON.stringify(result.issues)}`);
  return result.checked;
}

/** The cases whose estimate is not Kubernetes'. */
function differences(cases: readonly CostCase[], variables: ReadonlyMap<string, CelType>, sizes?: SizeEstimator): unknown[] {
  return cases.flatMap(([expr, min, max]) => {
    const got = estimateCost(checked(expr, variables), sizes);
    return got.min === min && got.max === max ? [] : [{ expr, want: `${min}..${max}`, got: `${got.min}..${got.max}` }];
  });
}

/** self and oldSelf typed by the schema, and the CRD size estimator over that type. */
function schemaContext(schema: OpenApiV3Schema, root = false, optionalOldSelf = false): { variables: ReadonlyMap<string, CelType>; sizes: SizeEstimator } {
  const type = schemaCelType(schema, root)!;
  const self = type.kind === 'object' ? assignTypeNames(type, 'selfType') : type;
  return {
    variables: new Map([
      ['self', self],
      ['oldSelf', optionalOldSelf ? optionalOf(self) : self],
    ]),
    sizes: schemaSizeEstimator(self),
  };
}

const estimate = (expr: string, variables: ReadonlyMap<string, CelType> = plainVariables, sizes?: SizeEstimator): string => {
  const { min, max } = estimateCost(checked(expr, variables), sizes);
  return `${min}..${max}`;
};

test(`no sizes known: the estimate is Kubernetes' for ${plainCostCases.length} expressions`, (t) => {
  t.deepEqual(differences(plainCostCases, plainVariables), []);
});

const schemaCaseCount = schemaCostCases.reduce((count, group) => count + group.cases.length, 0);

test(`sizes from a CRD schema: the estimate is Kubernetes' for ${schemaCaseCount} expressions`, (t) => {
  const found = schemaCostCases.flatMap((group) => {
    const { variables, sizes } = schemaContext(group.schema, group.root, group.optionalOldSelf);
    return differences(group.cases, variables, sizes);
  });
  t.deepEqual(found, []);
});

test('the schema bounds what a rule costs: maxItems and maxLength against none', (t) => {
  const bounded = schemaContext({ type: 'object', properties: { tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 16 } } } });
  const unbounded = schemaContext({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
  const rule = "self.tags.all(t, t.matches('^[a-z]+$'))";
  // 10 items of 16 code points (64 bytes): ceil(65 x 0.1) x ceil(8 x 0.25) = 14 per match, 18 per step.
  t.is(estimate(rule, bounded.variables, bounded.sizes), '3..183');
  t.is(estimate(rule, unbounded.variables, unbounded.sizes), '3..659710961253');
  // With no estimator at all the sizes are unbounded and the products saturate.
  t.is(estimate(rule, bounded.variables), '3..18446744073709551615');
});

test("paths share storage as cel-go's Go slices do: sibling fields of one iteration variable overwrite each other", (t) => {
  const { variables, sizes } = schemaContext({
    type: 'object',
    properties: {
      l: { type: 'array', maxItems: 5, items: { type: 'object', properties: { a: { type: 'array', maxItems: 7, items: { type: 'integer' } }, b: { type: 'integer' } } } },
    },
  });
  // e.b is appended to e's path after e.a, in the same slot: the inner range is then sized as b (0 items).
  t.is(estimate('self.l.all(e, e.a.all(x, e.b > 0))', variables, sizes), '3..33');
  t.is(estimate('self.l.all(e, e.a.all(x, x > 0))', variables, sizes), '3..208');
});

test('presence tests are free (Kubernetes turns off their cost), identifiers and selections cost 1', (t) => {
  t.is(estimate('has(m.a)'), '1..1');
  t.is(estimate('m.a'), '2..2');
  // Selecting on dyn costs nothing more than the operand.
  t.is(estimate('y.a.b'), '1..1');
});

test('per-expression limit: kube-apiserver words the factor by which it is exceeded', (t) => {
  const suffix = ' (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
  const factors: readonly (readonly [bigint, string])[] = [
    [10_000_001n, '1.000000x'],
    [12_345_678n, '1.234568x'],
    [14_999_999n, '1.500000x'],
    [15_000_000n, '1.5x'],
    // Go rounds the exact tie 2.25 to even.
    [22_500_000n, '2.2x'],
    [22_500_001n, '2.3x'],
    [1_000_000_000n, '100.0x'],
    [1_000_000_001n, 'more than 100x'],
    [18_446_744_073_709_551_615n, 'more than 100x'],
  ];
  for (const [cost, factor] of factors) t.is(ruleCostExceededMessage(cost), `estimated rule cost exceeds budget by factor of ${factor}${suffix}`);
  t.is(messageExpressionCostExceededMessage(25_000_000n), `estimated messageExpression cost exceeds budget by factor of 2.5x${suffix}`);
  t.is(totalCostExceededMessage(650_000_000n), `x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 6.5x${suffix}`);
  t.is(costExceededMessage('estimated rule cost', 225_000_000n, 100_000_000), `estimated rule cost exceeds budget by factor of 2.2x${suffix}`);
  t.is(contributedToTotalCostMessage, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema');
  t.false(exceedsExpressionCostLimit(10_000_000n));
  t.true(exceedsExpressionCostLimit(10_000_001n));
});

test('a rule counts once per occurrence of its schema: maxItems and maxProperties above it, else what fits in a request', (t) => {
  const list: OpenApiV3Schema = { type: 'array', maxItems: 10, items: { type: 'object' } };
  const map: OpenApiV3Schema = { type: 'object', maxProperties: 3, additionalProperties: { type: 'string' } };
  const object: OpenApiV3Schema = { type: 'object', properties: { a: { type: 'string' } } };
  t.is(childCardinality(rootCardinality, list), 10n);
  t.is(childCardinality(childCardinality(rootCardinality, list), map), 30n);
  t.is(childCardinality(30n, object), 30n);
  t.is(childCardinality(rootCardinality, { type: 'array', items: { type: 'string' } }), undefined);
  t.is(childCardinality(undefined, object), undefined);
  t.is(childCardinality(rootCardinality, { type: 'array', maxItems: -1, items: { type: 'string' } }), 0n);
  t.is(expressionCostWithCardinality(4n, 30n, 10), 120n);
  // Unbounded: as many values of at least 10 bytes (and a comma) as fit in 3 MiB.
  t.is(expressionCostWithCardinality(4n, undefined, 10), 4n * 285_975n);
  t.is(expressionCostWithCardinality(0n, undefined, 10), 0n);
  t.is(expressionCostWithCardinality(18_446_744_073_709_551_615n, 2n, 10), 18_446_744_073_709_551_615n);
  // The unbounded objects of `items` below: {"id": ""} at least, 10 bytes.
  const itemType = schemaCelType({ type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 8 } } })!;
  t.is(minSerializedSize(itemType), 10);
});

test("a schema's total keeps the four costliest expressions that take at least 1% of its limit", (t) => {
  const total = new TotalCost<string>();
  total.observe('a', 999_999n);
  total.observe('b', 40_000_000n);
  total.observe('c', 1_000_000n);
  total.observe('d', 40_000_000n);
  t.false(total.exceedsLimit);
  total.observe('e', 20_000_001n);
  total.observe('f', 5_000_000n);
  t.is(total.total, 107_000_000n);
  t.true(total.exceedsLimit);
  t.deepEqual(
    total.mostExpensive.map((expensive) => expensive.path),
    ['b', 'd', 'e', 'f'],
  );
  total.observe('g', 18_446_744_073_709_551_615n);
  t.is(total.total, 18_446_744_073_709_551_615n);
  t.is(total.mostExpensive[0]!.path, 'g');
});
