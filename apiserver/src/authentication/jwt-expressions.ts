// The CEL expressions of a JWT authenticator (kube's authenticationcel): claim validation rules
// and claim mappings see the token's claims as `claims` (map(string, dyn)), user validation rules
// see the mapped user as `user` (kubernetes.UserInfo). They compile in the stored expressions
// environment, as kube compiles them; a validation rule must be a bool, a mapping may be anything
// (its type is checked when it runs).

import { fieldInvalid, type FieldError } from '@capstan/common';
import {
  authenticationClaimsVariables,
  authenticationUserVariables,
  celTypeName,
  CelError,
  compileExpression,
  formatIssues,
  kubernetesEnvSet,
  type CelProgram,
  type CelValue,
} from '@capstan/common/cel';

/** A compiled expression of an AuthenticationConfiguration. */
export interface AuthenticationExpression {
  readonly expression: string;
  /** A validation rule's message. */
  readonly message: string;
  readonly program: CelProgram;
  /** Whether it reads claims.<name> (or claims.?<name>), as kube looks for email and email_verified. */
  usesClaim(name: string): boolean;
}

const environment = kubernetesEnvSet().storedExpressions;
const claimsVariables = authenticationClaimsVariables();
const userVariables = authenticationUserVariables();

export function compileClaimsExpression(expression: string, result: 'bool' | 'any', message: string, path: string, errors: FieldError[]): AuthenticationExpression | undefined {
  return compiled(expression, claimsVariables, result, message, path, errors);
}

export function compileUserExpression(expression: string, message: string, path: string, errors: FieldError[]): AuthenticationExpression | undefined {
  return compiled(expression, userVariables, 'bool', message, path, errors);
}

function compiled(
  expression: string,
  variables: ReturnType<typeof authenticationClaimsVariables>,
  result: 'bool' | 'any',
  message: string,
  path: string,
  errors: FieldError[],
): AuthenticationExpression | undefined {
  const compilation = compileExpression(expression, { environment, variables });
  if (!compilation.ok) {
    errors.push(fieldInvalid(path, expression, `compilation failed: ${formatIssues(expression, compilation.issues)}`));
    return undefined;
  }
  const { checked, program } = compilation.compiled;
  if (result === 'bool' && celTypeName(checked.type) !== 'bool') {
    errors.push(fieldInvalid(path, expression, 'must evaluate to bool'));
    return undefined;
  }
  return { expression, message, program, usesClaim: (name) => selectsClaim(checked.parsed.expr, name) };
}

/** kube's hasSelectExp over the expression tree: `claims.<name>` or `claims.?<name>` anywhere. */
function selectsClaim(node: unknown, name: string): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some((child) => selectsClaim(child, name));
  const expr = node as Record<string, unknown>;
  const isClaims = (operand: unknown): boolean => (operand as { type?: string; name?: string } | undefined)?.type === 'ident' && (operand as { name: string }).name === 'claims';
  if (expr.type === 'select' && expr.field === name && isClaims(expr.operand)) return true;
  if (expr.type === 'call' && expr.function === '_?._' && Array.isArray(expr.args) && isClaims(expr.args[0])) {
    const field = expr.args[1] as { type?: string; value?: { kind: string; value: unknown } } | undefined;
    if (field?.type === 'const' && field.value?.kind === 'string' && field.value.value === name) return true;
  }
  return Object.entries(expr).some(([key, child]) => key !== 'type' && selectsClaim(child, name));
}

/** The expression's value, or the error kube reports when its evaluation fails. */
export function evaluate(rule: AuthenticationExpression, variables: Readonly<Record<string, unknown>>): CelValue {
  const value = rule.program.evaluate(variables);
  if (value instanceof CelError) throw new Error(value.message);
  return value;
}

/** kube's convertCELValueToStringList: a string or a list of strings; empty strings and null are nothing. */
export function stringListOf(value: CelValue): string[] {
  if (value === null) return [];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => {
        if (typeof item !== 'string') throw new Error('expression must return a string or a list of strings');
        return item;
      })
      .filter((item) => item !== '');
  }
  throw new Error('expression must return a string or a list of strings');
}
