// The checks Kubernetes runs on a type-checked expression (cel-go's AST validators, on since 1.29):
// duration and timestamp literals that parse, regular expression literals that compile, and list
// and map literals whose elements all have one type (literals inside string.format's arguments
// are exempt, as the strings extension asks), then the strings extension's own check of
// string.format calls (string-format-validator.ts).

import type { CelIssue, Expr } from '../syntax/ast.ts';
import { compileRegex, RegexSyntaxError } from '../library/regex.ts';
import { timeFunctions } from '../library/time.ts';
import { CelError } from '../values/values.ts';
import type { CelType } from '../types/cel-types.ts';
import { checkerTypeName } from '../types/type-names.ts';
import type { CheckedExpr } from './checked-expr.ts';
import { validateStringFormats } from './string-format-validator.ts';
import { isExactType } from './type-unification.ts';

export interface ValidatorOptions {
  /** Whether duration(), timestamp() and matches() literals are validated (Kubernetes 1.29 on). */
  readonly literals: boolean;
  /** Function names whose arguments may hold mixed literals (`format` with the strings extension). */
  readonly homogeneousLiteralExemptFunctions: ReadonlySet<string>;
  /** Whether string.format calls with a literal format and list are checked (strings extension v2). */
  readonly stringFormats: boolean;
}

export function validateChecked(checked: CheckedExpr, options: ValidatorOptions): CelIssue[] {
  const issues: CelIssue[] = [];
  const typeOf = (expr: Expr): CelType => checked.types.get(expr.id)!;
  const visit = (expr: Expr, exempt: boolean): void => {
    switch (expr.type) {
      case 'call':
        if (options.literals) validateLiteralArgument(expr.function, expr.args[0], issues);
        if (expr.target !== undefined) visit(expr.target, exempt);
        for (const arg of expr.args) visit(arg, exempt || options.homogeneousLiteralExemptFunctions.has(expr.function));
        return;
      case 'select':
        visit(expr.operand, exempt);
        return;
      case 'list': {
        if (!exempt) {
          const optional = new Set(expr.optionalIndices);
          const types = expr.elements.map((element, i) => elementType(typeOf(element), optional.has(i)));
          const mismatch = types.findIndex((type) => !isEquivalentType(types[0]!, type));
          if (mismatch > 0) issues.push(typeMismatch(expr.elements[mismatch]!, types[0]!, types[mismatch]!));
        }
        for (const element of expr.elements) visit(element, exempt);
        return;
      }
      case 'map': {
        const [first, ...rest] = expr.entries;
        if (!exempt && first !== undefined) {
          const keyType = typeOf(first.key);
          const valueType = elementType(typeOf(first.value), first.optional);
          for (const entry of rest) {
            const key = typeOf(entry.key);
            const value = elementType(typeOf(entry.value), entry.optional);
            if (!isEquivalentType(keyType, key)) issues.push(typeMismatch(entry.key, keyType, key));
            if (!isEquivalentType(valueType, value)) issues.push(typeMismatch(entry.value, valueType, value));
          }
        }
        for (const entry of expr.entries) {
          visit(entry.key, exempt);
          visit(entry.value, exempt);
        }
        return;
      }
      case 'struct':
        for (const field of expr.fields) visit(field.value, exempt);
        return;
      case 'comprehension':
        for (const part of [expr.iterRange, expr.accuInit, expr.loopCondition, expr.loopStep, expr.result]) visit(part, exempt);
        return;
      default:
    }
  };
  visit(checked.parsed.expr, false);
  if (options.stringFormats) issues.push(...validateStringFormats(checked));
  return issues;
}

const elementType = (type: CelType, optional: boolean): CelType => (optional && type.kind === 'optional' ? type.value : type);

/** Exactly the same type, except that type parameters are equivalent whatever their names. */
function isEquivalentType(a: CelType, b: CelType): boolean {
  if (a.kind === 'type_param' && b.kind === 'type_param') return true;
  return isExactType(a, b);
}

const typeMismatch = (expr: Expr, expected: CelType, actual: CelType): CelIssue => ({
  offset: expr.offset,
  message: `expected type '${checkerTypeName(expected)}' but found '${checkerTypeName(actual)}'`,
});

/** duration('...'), timestamp('...') and matches with a literal that cannot work. */
function validateLiteralArgument(fn: string, literal: Expr | undefined, issues: CelIssue[]): void {
  if (literal?.type !== 'const' || literal.value.kind !== 'string') return;
  const pattern = literal.value.value;
  let valid = true;
  if (fn === 'duration' || fn === 'timestamp') valid = !(timeFunctions.get(fn)!.global!([pattern]) instanceof CelError);
  else if (fn === 'matches') valid = !(compileRegex(pattern) instanceof RegexSyntaxError);
  else return;
  if (!valid) issues.push({ offset: literal.offset, message: `invalid ${fn} argument` });
}
