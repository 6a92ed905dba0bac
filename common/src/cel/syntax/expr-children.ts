// The direct subexpressions of a node, in the order cel-go plans and visits them: an operand
// before its selection, a target before its arguments, map keys before their values, and a
// comprehension's range, initial value, condition, step and result.

import type { Expr } from './ast.ts';

export function childrenOf(expr: Expr): readonly Expr[] {
  switch (expr.type) {
    case 'select':
      return [expr.operand];
    case 'call':
      return expr.target === undefined ? expr.args : [expr.target, ...expr.args];
    case 'list':
      return expr.elements;
    case 'map':
      return expr.entries.flatMap((entry) => [entry.key, entry.value]);
    case 'struct':
      return expr.fields.map((field) => field.value);
    case 'comprehension':
      return [expr.iterRange, expr.accuInit, expr.loopCondition, expr.loopStep, expr.result];
    default:
      return [];
  }
}
