// Turns a parsed expression into a tree of closures, once, so that each evaluation only calls
// them: constants are made once, operators are bound to their implementation, comprehensions
// reuse one scope per evaluation. Errors are values (CelError) until the result: `&&`, `||` and
// `?:` absorb them as the CEL specification says, every other call passes the first one on.

import type { CallExpr, ComprehensionExpr, Expr, ListExpr, MapExpr, StructExpr } from '../syntax/ast.ts';
import { arithmetic, negate } from '../values/arithmetic.ts';
import { equalValues } from '../values/compare.ts';
import { CelError, type CelValue } from '../values/values.ts';
import type { Evaluator } from './activation.ts';
import { noSuchOverload, qualifiedName, resolveFunction, type FunctionImpl, type FunctionTable } from './functions.ts';
import {
  buildList,
  buildMap,
  buildMessage,
  comprehension,
  constantValue,
  contains,
  hasField,
  index,
  isEmptyListLiteral,
  isOptionalOr,
  logical,
  messageTypeName,
  not,
  notACondition,
  notEqual,
  optionalIndex,
  optionalOr,
  relate,
  relations,
  selectField,
  typeNames,
} from './operations.ts';
import { isPair, isSingle } from '../../tuples.ts';

export type { Evaluator };

export function plan(expr: Expr, functions: FunctionTable): Evaluator {
  return new Planner(functions).plan(expr);
}

class Planner {
  readonly #functions: FunctionTable;
  /** The comprehension variables in scope where the planner is: they shadow qualified names. */
  readonly #locals: string[] = [];

  constructor(functions: FunctionTable) {
    this.#functions = functions;
  }

  plan(expr: Expr): Evaluator {
    switch (expr.type) {
      case 'const': {
        const value = constantValue(expr.value);
        return () => value;
      }
      case 'ident':
        return this.#qualifiedIdent([expr.name]);
      case 'select': {
        const { field } = expr;
        if (expr.testOnly) {
          const operand = this.plan(expr.operand);
          return (activation) => hasField(operand(activation), field);
        }
        const name = qualifiedName(expr);
        if (name !== undefined && !this.#locals.includes(name.split('.')[0] as string)) return this.#qualifiedIdent(name.split('.'));
        const operand = this.plan(expr.operand);
        return (activation) => selectField(operand(activation), field);
      }
      case 'call':
        return this.#call(expr);
      case 'list':
        return this.#list(expr);
      case 'map':
        return this.#map(expr);
      case 'struct':
        return this.#struct(expr);
      case 'comprehension':
        return this.#comprehension(expr);
    }
  }

  /**
   * `a.b.c` where `a` is no comprehension variable: the variable of the longest name among `a.b.c`,
   * `a.b` and `a` that is bound, with the remaining fields selected from it (variables may have
   * dotted names); else the type of that name; else an error.
   */
  #qualifiedIdent(parts: readonly string[]): Evaluator {
    const candidates = parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
    const typeName = typeNames.get(candidates[0] as string);
    const missing = new CelError(`no such attribute(s): ${parts[0]}`);
    return (activation) => {
      for (let i = 0; i < candidates.length; i++) {
        let value = activation.resolve(candidates[i] as string);
        if (value === undefined) continue;
        for (let j = parts.length - i; j < parts.length; j++) value = selectField(value, parts[j] as string);
        return value;
      }
      return typeName ?? missing;
    };
  }

  #call(expr: CallExpr): Evaluator {
    const args = expr.args.map((arg) => this.plan(arg));
    const [first, second, third] = args as [Evaluator, Evaluator, Evaluator];
    switch (expr.function) {
      case '_&&_':
        return (activation) => logical(first(activation), () => second(activation), false);
      case '_||_':
        return (activation) => logical(first(activation), () => second(activation), true);
      case '_?_:_':
        return (activation) => {
          const condition = first(activation);
          if (condition === true) return second(activation);
          if (condition === false) return third(activation);
          return notACondition(condition);
        };
      case '!_':
        return (activation) => not(first(activation));
      case '@not_strictly_false':
        return (activation) => first(activation) !== false;
      case '-_':
        return (activation) => negate(first(activation));
      case '_==_':
        return (activation) => equalValues(first(activation), second(activation));
      case '_!=_':
        return (activation) => notEqual(first(activation), second(activation));
      case '_<_':
      case '_<=_':
      case '_>_':
      case '_>=_': {
        const holds = relations[expr.function];
        return (activation) => relate(holds, first(activation), second(activation));
      }
      case '_+_':
      case '_-_':
      case '_*_':
      case '_/_':
      case '_%_': {
        const op = expr.function;
        return (activation) => arithmetic(op, first(activation), second(activation));
      }
      case '@in':
        if (isEmptyListLiteral(expr.args[1])) return () => false;
        return (activation) => contains(first(activation), second(activation));
      case '_[_]':
        return (activation) => index(first(activation), second(activation));
      case '_[?_]':
        return (activation) => optionalIndex(first(activation), second(activation));
      case '_?._': {
        const field = expr.args[1]?.type === 'const' && expr.args[1].value.kind === 'string' ? expr.args[1].value.value : '';
        return (activation) => optionalIndex(first(activation), field);
      }
    }
    if (isOptionalOr(expr)) {
      const target = this.plan(expr.target);
      const unwrap = expr.function === 'orValue';
      return (activation) => optionalOr(target(activation), () => first(activation), unwrap);
    }
    return this.#function(expr, args);
  }

  #function(expr: CallExpr, args: readonly Evaluator[]): Evaluator {
    const { impl, target } = resolveFunction(expr, this.#functions);
    if (impl === undefined) {
      const error = noSuchOverload(expr.function);
      return () => error;
    }
    return this.#apply(impl, target === undefined ? args : [this.plan(target), ...args]);
  }

  /** A strict call: the first argument that is an error is the result. */
  #apply(impl: FunctionImpl, args: readonly Evaluator[]): Evaluator {
    // One and two arguments (most calls) without the loop.
    if (isSingle(args)) {
      const [only] = args;
      return (activation) => {
        const value = only(activation);
        return value instanceof CelError ? value : impl([value]);
      };
    }
    if (isPair(args)) {
      const [first, second] = args;
      return (activation) => {
        const x = first(activation);
        if (x instanceof CelError) return x;
        const y = second(activation);
        return y instanceof CelError ? y : impl([x, y]);
      };
    }
    return (activation) => {
      const values: CelValue[] = [];
      for (const arg of args) {
        const value = arg(activation);
        if (value instanceof CelError) return value;
        values.push(value);
      }
      return impl(values);
    };
  }

  #list(expr: ListExpr): Evaluator {
    const elements = expr.elements.map((element) => this.plan(element));
    const optional = new Set(expr.optionalIndices);
    return (activation) => buildList(elements, optional, activation);
  }

  #map(expr: MapExpr): Evaluator {
    const entries = expr.entries.map((entry) => ({ key: this.plan(entry.key), value: this.plan(entry.value), optional: entry.optional }));
    return (activation) => buildMap(entries, activation);
  }

  #struct(expr: StructExpr): Evaluator {
    const typeName = messageTypeName(expr.messageName);
    const fields = expr.fields.map((field) => ({ field: field.field, value: this.plan(field.value), optional: field.optional }));
    return (activation) => buildMessage(typeName, fields, activation);
  }

  #planWithLocals(expr: Expr, names: readonly string[]): Evaluator {
    this.#locals.push(...names);
    try {
      return this.plan(expr);
    } finally {
      this.#locals.length -= names.length;
    }
  }

  #comprehension(expr: ComprehensionExpr): Evaluator {
    const { iterVar, iterVar2, accuVar } = expr;
    const iterationLocals = [accuVar, iterVar, ...(iterVar2 === undefined ? [] : [iterVar2])];
    return comprehension({
      iterVar,
      iterVar2,
      accuVar,
      range: this.plan(expr.iterRange),
      accuInit: this.plan(expr.accuInit),
      condition: this.#planWithLocals(expr.loopCondition, iterationLocals),
      step: this.#planWithLocals(expr.loopStep, iterationLocals),
      result: this.#planWithLocals(expr.result, [accuVar]),
    });
  }
}
