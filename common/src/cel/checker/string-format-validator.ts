// The strings extension's check of string.format after type checking (cel-go's validator for
// strings versions below 4, which Kubernetes has run since 1.29): when the format string is a
// literal and the arguments a list literal, each clause is matched against the checked type of the
// argument at its place, and the number of arguments against the number of clauses. Only the kind
// of a type counts (a list(optional(int)) is a list); dyn passes; for %s, list and map literals
// are looked into, element by element. The first problem in a call is reported, at the argument
// at fault or at the call.

import type { CallExpr, CelIssue, Expr, ListExpr } from '../syntax/ast.ts';
import { clauseTypeMessage, formatPieces, type ClauseVerb } from '../library/string-format-clauses.ts';
import type { CelType } from '../types/cel-types.ts';
import { celTypeName } from '../types/type-names.ts';
import type { CheckedExpr } from './checked-expr.ts';
import { childrenOf } from '../syntax/expr-children.ts';

type TypeKind = CelType['kind'];

/** The kinds each clause takes; %f and %e take strings for "NaN", "Infinity" and "-Infinity". */
const clauseKinds: { readonly [verb in ClauseVerb]: ReadonlySet<TypeKind> } = {
  s: new Set(['list', 'map', 'int', 'uint', 'double', 'bool', 'string', 'timestamp', 'bytes', 'duration', 'type', 'null_type']),
  d: new Set(['int', 'uint']),
  f: new Set(['double', 'string']),
  e: new Set(['double', 'string']),
  b: new Set(['int', 'uint', 'bool']),
  x: new Set(['int', 'uint', 'string', 'bytes']),
  X: new Set(['int', 'uint', 'string', 'bytes']),
  o: new Set(['int', 'uint']),
};

export function validateStringFormats(checked: CheckedExpr): CelIssue[] {
  const issues: CelIssue[] = [];
  // Children before their parent, as cel-go visits them: it matters only for the order of two issues at one place.
  const visit = (expr: Expr): void => {
    for (const child of childrenOf(expr)) visit(child);
    const call = literalFormatCall(expr, checked);
    const issue = call === undefined ? undefined : checkFormat(call, checked);
    if (issue !== undefined) issues.push(issue);
  };
  visit(checked.parsed.expr);
  return issues;
}

interface LiteralFormatCall {
  readonly call: CallExpr;
  readonly format: string;
  readonly args: ListExpr;
}

/** A `"literal".format([...])` call that resolved to string_format. */
function literalFormatCall(expr: Expr, checked: CheckedExpr): LiteralFormatCall | undefined {
  if (expr.type !== 'call' || expr.function !== 'format' || expr.target?.type !== 'const' || expr.target.value.kind !== 'string') return undefined;
  const reference = checked.references.get(expr.id);
  if (reference?.kind === 'function' && reference.overloadIds.length > 0 && !reference.overloadIds.includes('string_format')) return undefined;
  const [args, ...rest] = expr.args;
  return args?.type === 'list' && rest.length === 0 ? { call: expr, format: expr.target.value.value, args } : undefined;
}

function checkFormat({ call, format, args }: LiteralFormatCall, checked: CheckedExpr): CelIssue | undefined {
  const typeOf = (expr: Expr): CelType => checked.types.get(expr.id)!;
  const argCount = args.elements.length;
  let clauses = 0;
  for (const piece of formatPieces(format)) {
    if (piece.kind === 'text') continue;
    const index = clauses++;
    if (piece.kind === 'unexpected-end') return { offset: call.offset, message: 'unexpected end of string' };
    if (index >= argCount) return { offset: call.offset, message: `index ${index} out of range` };
    if (piece.kind === 'unparsable') return { offset: call.offset, message: `could not parse formatting clause: ${piece.reason}` };
    const verb = piece.clause.verb;
    const arg = args.elements[index]!;
    const bad = verb === 's' ? unprintable(arg, typeOf) : takes(verb, typeOf(arg)) ? undefined : arg;
    if (bad !== undefined) return { offset: bad.offset, message: `error during formatting: ${clauseTypeMessage(verb, runtimeTypeName(typeOf(bad)))}` };
  }
  if (argCount > clauses) return { offset: call.offset, message: `too many arguments supplied to string.format (expected ${clauses}, got ${argCount})` };
  return undefined;
}

const takes = (verb: ClauseVerb, type: CelType): boolean => type.kind === 'dyn' || clauseKinds[verb].has(type.kind);

/** The first node %s cannot print: the argument itself, or inside a list or map literal, an element, key or value. */
function unprintable(expr: Expr, typeOf: (expr: Expr) => CelType): Expr | undefined {
  if (!takes('s', typeOf(expr))) return expr;
  const parts = expr.type === 'list' ? expr.elements : expr.type === 'map' ? expr.entries.flatMap((entry) => [entry.key, entry.value]) : [];
  for (const part of parts) {
    const bad = unprintable(part, typeOf);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** The name a type's values carry at run time, without parameters: list, map, optional_type, google.protobuf.Timestamp. */
function runtimeTypeName(type: CelType): string {
  switch (type.kind) {
    case 'list':
      return 'list';
    case 'map':
      return 'map';
    case 'optional':
      return 'optional_type';
    case 'type':
      return 'type';
    case 'opaque':
      return type.name;
    default:
      return celTypeName(type);
  }
}
