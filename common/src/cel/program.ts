// A CEL program from its source, as Kubernetes compiles one: parsed with the macros and syntax
// Kubernetes enables (standard, optional, two-variable comprehension and sortBy macros; optional syntax),
// then planned over the standard library. It evaluates in one of two ways: plainly (the fast
// path), or with its cost counted as Kubernetes counts it and an optional limit that stops it.

import type { Reference } from './checker/checked-expr.ts';
import { costLimitExceededMessage } from './cost-limits.ts';
import { activationOf } from './interpreter/activation.ts';
import { CostLimitExceeded, CostMeter, type CallCostTable } from './interpreter/cost-meter.ts';
import { planWithCost } from './interpreter/costed-plan.ts';
import type { FunctionTable } from './interpreter/functions.ts';
import { plan, type Evaluator } from './interpreter/plan.ts';
import { standardCallCosts } from './library/standard-call-costs.ts';
import { standardFunctions } from './library/standard.ts';
import type { CelIssue, ParsedExpr } from './syntax/ast.ts';
import { extListsMacros, optionalMacros, standardMacros, twoVarComprehensionMacros } from './syntax/macros.ts';
import { parseCel } from './syntax/parser.ts';
import { CelError, type CelValue } from './values/values.ts';

export interface CostedEvaluation {
  /** The value; CelError(costLimitExceededMessage) when the evaluation was stopped. */
  readonly value: CelValue;
  /** The cost as cel-go's cost tracker counts it in Kubernetes; past the limit, the count where it stopped. */
  readonly cost: number;
  readonly costLimitExceeded: boolean;
}

export interface CostOptions {
  /** Stop as soon as the cost exceeds this (Kubernetes' per-call limit is cost-limits.ts's perCallLimit). */
  readonly costLimit?: number;
}

export interface CelProgram {
  readonly parsed: ParsedExpr;
  /** The value of the expression for the variables; errors are CelError values. */
  evaluate(variables: Readonly<Record<string, unknown>>): CelValue;
  /** The value and what it cost; the same value as evaluate() unless the limit stopped it. */
  evaluateWithCost(variables: Readonly<Record<string, unknown>>, options?: CostOptions): CostedEvaluation;
}

export type CompileResult = { readonly ok: true; readonly program: CelProgram } | { readonly ok: false; readonly issues: readonly CelIssue[] };

export interface ProgramOptions {
  readonly functions?: FunctionTable;
  readonly callCosts?: CallCostTable;
  /** The type checker's references for the expression, which pin each call's overload for its cost. */
  readonly references?: ReadonlyMap<number, Reference>;
}

const kubernetesMacros = [...standardMacros, ...optionalMacros, ...twoVarComprehensionMacros, ...extListsMacros];

export function compileCel(source: string, functions: FunctionTable = standardFunctions): CompileResult {
  const result = parseCel(source, { enableOptionalSyntax: true, macros: kubernetesMacros });
  if (!result.ok) return result;
  return { ok: true, program: celProgram(result.parsed, { functions }) };
}

/** A program over a parsed (and possibly checked) expression. */
export function celProgram(parsed: ParsedExpr, options: ProgramOptions = {}): CelProgram {
  const functions = options.functions ?? standardFunctions;
  const evaluator: Evaluator = plan(parsed.expr, functions);
  const meter = new CostMeter();
  // Planned on first use: most programs are never evaluated with their cost counted.
  let costed: Evaluator | undefined;
  return {
    parsed,
    evaluate: (variables) => evaluator(activationOf(variables)),
    evaluateWithCost(variables, { costLimit = Number.POSITIVE_INFINITY } = {}) {
      costed ??= planWithCost(parsed.expr, meter, { functions, callCosts: options.callCosts ?? standardCallCosts, references: options.references });
      meter.reset(costLimit);
      try {
        const value = costed(activationOf(variables));
        return { value, cost: meter.cost, costLimitExceeded: false };
      } catch (error) {
        if (!(error instanceof CostLimitExceeded)) throw error;
        return { value: new CelError(costLimitExceededMessage), cost: meter.cost, costLimitExceeded: true };
      }
    },
  };
}
