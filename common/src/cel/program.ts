// A CEL program from its source, as Kubernetes compiles one: parsed with the macros and syntax
// Kubernetes enables (standard, optional and two-variable comprehension macros; optional syntax),
// then planned over the standard library. Type checking and cost estimation come later.

import { activationOf } from './interpreter/activation.ts';
import type { FunctionTable } from './interpreter/functions.ts';
import { plan, type Evaluator } from './interpreter/plan.ts';
import { standardFunctions } from './library/standard.ts';
import type { CelIssue, ParsedExpr } from './syntax/ast.ts';
import { optionalMacros, standardMacros, twoVarComprehensionMacros } from './syntax/macros.ts';
import { parseCel } from './syntax/parser.ts';
import type { CelValue } from './values/values.ts';

export interface CelProgram {
  readonly parsed: ParsedExpr;
  /** The value of the expression for the variables; errors are CelError values. */
  evaluate(variables: Readonly<Record<string, unknown>>): CelValue;
}

export type CompileResult = { readonly ok: true; readonly program: CelProgram } | { readonly ok: false; readonly issues: readonly CelIssue[] };

const kubernetesMacros = [...standardMacros, ...optionalMacros, ...twoVarComprehensionMacros];

export function compileCel(source: string, functions: FunctionTable = standardFunctions): CompileResult {
  const result = parseCel(source, { enableOptionalSyntax: true, macros: kubernetesMacros });
  if (!result.ok) return result;
  const evaluator: Evaluator = plan(result.parsed.expr, functions);
  return { ok: true, program: { parsed: result.parsed, evaluate: (variables) => evaluator(activationOf(variables)) } };
}
