// The syntax tree of a CEL expression, after parsing and macro expansion, as the checker, the cost
// estimator and the interpreter read it. It follows the CEL specification's abstract syntax (the
// shape of cel.expr.Expr): every node has an id, unique in its expression, and the offset of the
// source text it came from, for error messages with positions. Macros (has, all, exists,
// exists_one, map, filter, cel.bind, optional ones) are expanded by the parser into `select` with
// testOnly and `comprehension` nodes, as cel-go expands them, and the parser records each
// expansion so that messages and cost accounting can name the macro.

export type Expr = ConstExpr | IdentExpr | SelectExpr | CallExpr | ListExpr | MapExpr | StructExpr | ComprehensionExpr;

interface ExprBase {
  /** Unique within one parsed expression; 1-based, in the order the parser creates nodes. */
  readonly id: number;
  /** Offset in code points from the start of the source text. */
  readonly offset: number;
}

/** A literal. Integers are JavaScript numbers while safe, bigints beyond; uint literals keep their kind. */
export type Constant =
  | { readonly kind: 'null' }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'int'; readonly value: number | bigint }
  | { readonly kind: 'uint'; readonly value: number | bigint }
  | { readonly kind: 'double'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bytes'; readonly value: Uint8Array };

export interface ConstExpr extends ExprBase {
  readonly type: 'const';
  readonly value: Constant;
}

/** A name, possibly qualified by a leading dot (`.x` resolves from the root container). */
export interface IdentExpr extends ExprBase {
  readonly type: 'ident';
  readonly name: string;
}

/** `operand.field`; testOnly for the expansion of has(operand.field). `?.` is a call of `_?._`. */
export interface SelectExpr extends ExprBase {
  readonly type: 'select';
  readonly operand: Expr;
  readonly field: string;
  readonly testOnly: boolean;
}

/**
 * A function or operator call. Operators use their CEL internal names: `_+_`, `_-_`, `_*_`,
 * `_/_`, `_%_`, `-_` (negation), `!_`, `_==_`, `_!=_`, `_<_`, `_<=_`, `_>_`, `_>=_`, `_&&_`,
 * `_||_`, `_?_:_`, `_[_]`, `@in`, `_[?_]` and `_?._` (optional index and select), `@not_strictly_false`.
 * A receiver-style call (`a.f(b)`) has a target.
 */
export interface CallExpr extends ExprBase {
  readonly type: 'call';
  readonly function: string;
  readonly target?: Expr;
  readonly args: readonly Expr[];
}

/** `[a, ?b]`: optionalIndices are the indices of elements written with `?`. */
export interface ListExpr extends ExprBase {
  readonly type: 'list';
  readonly elements: readonly Expr[];
  readonly optionalIndices: readonly number[];
}

export interface MapEntry {
  readonly id: number;
  readonly offset: number;
  readonly key: Expr;
  readonly value: Expr;
  /** Written `?key: value`: the entry is present only when value is a present optional. */
  readonly optional: boolean;
}

export interface MapExpr extends ExprBase {
  readonly type: 'map';
  readonly entries: readonly MapEntry[];
}

export interface FieldInit {
  readonly id: number;
  readonly offset: number;
  readonly field: string;
  readonly value: Expr;
  readonly optional: boolean;
}

/** `Name{field: value}`: a message literal (CEL's protobuf messages; Kubernetes uses few). */
export interface StructExpr extends ExprBase {
  readonly type: 'struct';
  readonly messageName: string;
  readonly fields: readonly FieldInit[];
}

/**
 * A fold over `iterRange`, the form every comprehension macro expands to:
 *   accu = accuInit; for (iterVar[, iterVar2] in iterRange) { if (!loopCondition) break; accu = loopStep } ; result
 * iterVar2 is set for the two-variable forms (map keys and values, list indices and values).
 */
export interface ComprehensionExpr extends ExprBase {
  readonly type: 'comprehension';
  readonly iterVar: string;
  readonly iterVar2?: string;
  readonly iterRange: Expr;
  readonly accuVar: string;
  readonly accuInit: Expr;
  readonly loopCondition: Expr;
  readonly loopStep: Expr;
  readonly result: Expr;
}

/** A parsed expression: its tree, its source, and which node each macro call became. */
export interface ParsedExpr {
  readonly expr: Expr;
  readonly source: string;
  /** Node id of an expansion -> the macro call as written (for messages and cost). */
  readonly macroCalls: ReadonlyMap<number, CallExpr>;
}

/** A parse or check error at a place in the source, worded as cel-go words it. */
export interface CelIssue {
  readonly message: string;
  /** Offset in code points. */
  readonly offset: number;
}
