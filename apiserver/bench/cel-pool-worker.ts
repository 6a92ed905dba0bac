// The task a piscina worker runs in the CEL benchmark: compile a rule once per worker (as a pool
// serving rules would cache them), evaluate it with its cost counted, answer the cost.

import { compileExpression, dynType, perCallLimit } from '@capstan/common/cel';

const programs = new Map<string, ReturnType<typeof compile>>();

function compile(expression: string, variableNames: readonly string[]) {
  const result = compileExpression(expression, { variables: new Map(variableNames.map((name) => [name, dynType])) });
  if (!result.ok) throw new Error(`${expression} does not compile`);
  return result.compiled.program;
}

export interface PoolTask {
  readonly expression: string;
  readonly variables: Readonly<Record<string, unknown>>;
}

export default function evaluateTask({ expression, variables }: PoolTask): number {
  let program = programs.get(expression);
  if (program === undefined) {
    program = compile(expression, Object.keys(variables));
    programs.set(expression, program);
  }
  return program.evaluateWithCost(variables, { costLimit: perCallLimit }).cost;
}
