// Parse, check and validate an expression in an environment with the caller's variables (`self`,
// `oldSelf`, `object`, `request`, ...): the compile step of Kubernetes, minus planning.

import type { CelEnvironment } from '../environment/kubernetes-environment.ts';
import type { CelIssue } from '../syntax/ast.ts';
import { parseCel } from '../syntax/parser.ts';
import type { CelType } from '../types/cel-types.ts';
import type { CheckedExpr } from './checked-expr.ts';
import { checkCel } from './checker.ts';
import { validateChecked } from './validators.ts';

export type CheckExpressionResult = { readonly ok: true; readonly checked: CheckedExpr } | { readonly ok: false; readonly issues: readonly CelIssue[] };

export function checkExpression(source: string, environment: CelEnvironment, variables: ReadonlyMap<string, CelType>): CheckExpressionResult {
  const parsed = parseCel(source, { enableOptionalSyntax: environment.optionalSyntax, macros: environment.macros });
  if (!parsed.ok) return parsed;
  const declarations = { ...environment.declarations, variables: new Map([...environment.declarations.variables, ...variables]) };
  const result = checkCel(parsed.parsed, declarations);
  if (!result.ok) return result;
  const issues = validateChecked(result.checked, environment.validators);
  if (issues.length > 0) return { ok: false, issues: [...issues].sort((a, b) => a.offset - b.offset) };
  return result;
}
