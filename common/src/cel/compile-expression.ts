// Compiling an expression as Kubernetes does: parse with the environment's syntax and macros,
// type-check against its declarations and the use's variables, run the validators, estimate the
// worst-case cost, and plan a program whose run-time cost is counted against the checker's
// overloads. The caller decides what an estimate over its limit means (a CRD rule is refused, an
// admission policy is not estimated at all).

import type { CheckedExpr } from './checker/checked-expr.ts';
import { checkExpression } from './checker/check-expression.ts';
import { estimateCost, type CostEstimate } from './cost/estimate-cost.ts';
import type { SizeEstimator } from './cost/size-estimator.ts';
import { kubernetesEnvSet, type CelEnvironment } from './environment/kubernetes-environment.ts';
import { celProgram, type CelProgram } from './program.ts';
import type { CelIssue } from './syntax/ast.ts';
import type { CelType } from './types/cel-types.ts';

export interface CompileOptions {
  /** Default: Kubernetes' environment for new expressions at the default compatibility version. */
  readonly environment?: CelEnvironment;
  readonly variables?: ReadonlyMap<string, CelType>;
  /** What the estimator knows of the sizes of values (a schema's maxLength, maxItems, ...). */
  readonly sizes?: SizeEstimator;
}

export interface CompiledExpression {
  readonly checked: CheckedExpr;
  readonly estimatedCost: CostEstimate;
  readonly program: CelProgram;
}

export type CompileExpressionResult = { readonly ok: true; readonly compiled: CompiledExpression } | { readonly ok: false; readonly issues: readonly CelIssue[] };

export function compileExpression(source: string, options: CompileOptions = {}): CompileExpressionResult {
  const environment = options.environment ?? kubernetesEnvSet().newExpressions;
  const result = checkExpression(source, environment, options.variables ?? new Map());
  if (!result.ok) return result;
  const { checked } = result;
  return {
    ok: true,
    compiled: {
      checked,
      estimatedCost: estimateCost(checked, options.sizes),
      program: celProgram(checked.parsed, { references: checked.references }),
    },
  };
}
