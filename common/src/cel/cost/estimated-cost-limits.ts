// How kube-apiserver refuses a CustomResourceDefinition whose validation rules are estimated too
// expensive: each rule's (and messageExpression's) estimated cost times the number of times its
// schema may occur in an object is held to a per-expression limit, the sum over the schema to a
// total limit, and the messages name the factor by which a limit is exceeded.

import { staticEstimatedCostLimit, staticEstimatedCrdCostLimit } from '../cost-limits.ts';
import { goFixed } from '../library/go-float-format.ts';
import { maxRequestSizeBytes } from '../types/serialized-sizes.ts';
import type { OpenApiV3Schema } from '../types/schema-types.ts';
import { saturatingAdd, saturatingMultiply } from './cost-estimate.ts';

/** Kubernetes' message for a cost over its limit: "<costName> exceeds budget by factor of 2.5x (...)". */
export function costExceededMessage(costName: string, cost: bigint, limit: number): string {
  const factor = Number(cost) / limit;
  let shown: string;
  // Past two orders of magnitude the rule is likely quadratic or worse: the figure says no more.
  if (factor > 100) shown = 'more than 100x';
  // Close to the limit more digits, so that it never reads "by factor of 1.0x".
  else if (factor < 1.5) shown = `${goFixed(factor, 6)}x`;
  else shown = `${goFixed(factor, 1)}x`;
  return `${costName} exceeds budget by factor of ${shown} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

/** Whether a rule's or messageExpression's cost (with its cardinality) is over the per-expression limit. */
export const exceedsExpressionCostLimit = (cost: bigint): boolean => cost > BigInt(staticEstimatedCostLimit);

/** Forbidden at `x-kubernetes-validations[i].rule`. */
export const ruleCostExceededMessage = (cost: bigint): string => costExceededMessage('estimated rule cost', cost, staticEstimatedCostLimit);

/** Forbidden at `x-kubernetes-validations[i].messageExpression`. */
export const messageExpressionCostExceededMessage = (cost: bigint): string => costExceededMessage('estimated messageExpression cost', cost, staticEstimatedCostLimit);

/** Forbidden at `openAPIV3Schema` when the schema's total is over its limit. */
export const totalCostExceededMessage = (total: bigint): string =>
  costExceededMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', total, staticEstimatedCrdCostLimit);

/** Forbidden at each of the (at most 4) most expensive expressions when the total is over its limit. */
export const contributedToTotalCostMessage = 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema';

/**
 * How many times a schema may occur in one object, from the schemas above it: 1 at the root, times
 * maxItems or maxProperties for each list or map on the way (undefined, unbounded, once one has no
 * maximum). `parentCardinality` is the parent's, `parent` the schema of the list, map or object the
 * child is in.
 */
export function childCardinality(parentCardinality: bigint | undefined, parent: OpenApiV3Schema): bigint | undefined {
  if (parentCardinality === undefined) return undefined;
  const factor = occurrencesOfChildren(parent);
  return factor === undefined ? undefined : saturatingMultiply(parentCardinality, factor);
}

export const rootCardinality = 1n;

function occurrencesOfChildren(schema: OpenApiV3Schema): bigint | undefined {
  if (schema.type === 'object' && schema.additionalProperties !== undefined) return boundOf(schema.maxProperties);
  if (schema.type === 'array') return boundOf(schema.maxItems);
  // An object's properties, and anything under a scalar, occur once per occurrence of the parent.
  return 1n;
}

const boundOf = (maximum: number | undefined): bigint | undefined => (typeof maximum === 'number' ? BigInt(Math.max(0, Math.trunc(maximum))) : undefined);

/**
 * The cost a rule counts for: its estimated max cost times its schema's cardinality or, where a list
 * or map above has no maximum, times as many values of the schema as fit in a request (each at
 * least `minSerializedSize` bytes plus a comma).
 */
export function expressionCostWithCardinality(maxCost: bigint, cardinality: bigint | undefined, minSerializedSize: number): bigint {
  const times = cardinality ?? BigInt(Math.floor(maxRequestSizeBytes / (minSerializedSize + 1)));
  return maxCost === 0n ? 0n : saturatingMultiply(maxCost, times);
}

export interface ExpensiveExpression<Path> {
  readonly path: Path;
  readonly cost: bigint;
}

/** The running total of a CRD schema's expression costs, and the four costliest that take at least 1% of the limit. */
export class TotalCost<Path> {
  total = 0n;
  readonly mostExpensive: ExpensiveExpression<Path>[] = [];

  observe(path: Path, cost: bigint): void {
    this.total = saturatingAdd(this.total, cost);
    if (cost < BigInt(staticEstimatedCrdCostLimit / 100)) return;
    this.mostExpensive.push({ path, cost });
    // Stable, costliest first: equal costs keep the order they were seen in.
    this.mostExpensive.sort((a, b) => (a.cost === b.cost ? 0 : a.cost > b.cost ? -1 : 1));
    if (this.mostExpensive.length > 4) this.mostExpensive.length = 4;
  }

  get exceedsLimit(): boolean {
    return this.total > BigInt(staticEstimatedCrdCostLimit);
  }
}
