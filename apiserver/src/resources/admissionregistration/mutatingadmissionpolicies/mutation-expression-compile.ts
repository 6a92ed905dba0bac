// The compilation, on write, of a MutatingAdmissionPolicy mutation's CEL: an applyConfiguration's
// or a jsonPatch's expression.

import { fieldInvalid, type FieldError } from '@capstan/common';
import { formatIssues, kubernetesEnvSet, parseCel } from '@capstan/common/cel';

/**
 * For now the (trimmed) expression must parse, with kube's "compilation failed: ..." for what does
 * not. Kube also type-checks it, and this must do the same once the CEL checker knows the patch
 * types: declared are `Object` and its nested field types (`Object.spec.containers`) and
 * `JSONPatch`, `variables` always (kube's compiler for these policies always composes), `params`
 * when the policy has a paramKind, and `authorizer`; an applyConfiguration must give an Object and
 * a jsonPatch a list(JSONPatch) ("must evaluate to list(JSONPatch) but got list(dyn)" for `[]`).
 */
export function mutationExpressionErrors(expression: string, path: string): FieldError[] {
  const environment = kubernetesEnvSet().newExpressions;
  const parsed = parseCel(expression, { enableOptionalSyntax: environment.optionalSyntax, macros: environment.macros });
  return parsed.ok ? [] : [fieldInvalid(path, expression, `compilation failed: ${formatIssues(expression, parsed.issues)}`)];
}
