// Builds the nodes of one parsed expression: hands out node ids in creation order and remembers each
// node's nesting depth (by id), which the parser checks against its recursion limit. Every node kind
// is built in one place so that objects of a kind always have the same shape.

import type { CallExpr, ComprehensionExpr, ConstExpr, Constant, Expr, FieldInit, IdentExpr, ListExpr, MapEntry, MapExpr, SelectExpr, StructExpr } from './ast.ts';
import type { MacroHelper } from './macros.ts';

export class ExprFactory {
  private lastId = 0;
  /** Depth of the subtree rooted at each node, by id: 1 for a leaf. */
  private readonly depths: number[] = [0];

  /** Reserves the next id, for nodes whose id comes before their children's (calls, literals of lists). */
  nextId(): number {
    this.depths.push(1);
    return ++this.lastId;
  }

  depthOf(e: Expr): number {
    return this.depths[e.id] ?? 1;
  }

  private setDepth(id: number, ...children: readonly Expr[]): number {
    let d = 0;
    for (const c of children) {
      const cd = this.depths[c.id] ?? 1;
      if (cd > d) d = cd;
    }
    this.depths[id] = d + 1;
    return d + 1;
  }

  /** Gives a node (an expansion) the depth another node has, as if it stood in its place. */
  inheritDepth(node: Expr, depth: number): void {
    this.depths[node.id] = depth;
  }

  constant(id: number, offset: number, value: Constant): ConstExpr {
    return { type: 'const', id, offset, value };
  }

  ident(id: number, offset: number, name: string): IdentExpr {
    return { type: 'ident', id, offset, name };
  }

  select(id: number, offset: number, operand: Expr, field: string, testOnly: boolean): SelectExpr {
    this.setDepth(id, operand);
    return { type: 'select', id, offset, operand, field, testOnly };
  }

  call(id: number, offset: number, fn: string, args: readonly Expr[]): CallExpr {
    this.setDepth(id, ...args);
    return { type: 'call', id, offset, function: fn, target: undefined, args };
  }

  memberCall(id: number, offset: number, fn: string, target: Expr, args: readonly Expr[]): CallExpr {
    this.setDepth(id, target, ...args);
    return { type: 'call', id, offset, function: fn, target, args };
  }

  list(id: number, offset: number, elements: readonly Expr[], optionalIndices: readonly number[]): ListExpr {
    this.setDepth(id, ...elements);
    return { type: 'list', id, offset, elements, optionalIndices };
  }

  mapEntry(id: number, offset: number, key: Expr, value: Expr, optional: boolean): MapEntry {
    return { id, offset, key, value, optional };
  }

  map(id: number, offset: number, entries: readonly MapEntry[]): MapExpr {
    const children: Expr[] = [];
    for (const e of entries) children.push(e.key, e.value);
    this.setDepth(id, ...children);
    return { type: 'map', id, offset, entries };
  }

  fieldInit(id: number, offset: number, field: string, value: Expr, optional: boolean): FieldInit {
    return { id, offset, field, value, optional };
  }

  struct(id: number, offset: number, messageName: string, fields: readonly FieldInit[]): StructExpr {
    this.setDepth(id, ...fields.map((f) => f.value));
    return { type: 'struct', id, offset, messageName, fields };
  }

  comprehension(id: number, offset: number, parts: Omit<ComprehensionExpr, 'type' | 'id' | 'offset'>): ComprehensionExpr {
    this.setDepth(id, parts.iterRange, parts.accuInit, parts.loopCondition, parts.loopStep, parts.result);
    return {
      type: 'comprehension',
      id,
      offset,
      iterVar: parts.iterVar,
      iterVar2: parts.iterVar2,
      iterRange: parts.iterRange,
      accuVar: parts.accuVar,
      accuInit: parts.accuInit,
      loopCondition: parts.loopCondition,
      loopStep: parts.loopStep,
      result: parts.result,
    };
  }

  /** Builds the nodes of a macro expansion, all at the position of the macro call. */
  macroHelper(offset: number, accuName: string): MacroHelper {
    return {
      accuName,
      literal: (value: Constant) => this.constant(this.nextId(), offset, value),
      ident: (name: string) => this.ident(this.nextId(), offset, name),
      accuIdent: () => this.ident(this.nextId(), offset, accuName),
      call: (fn: string, ...args: Expr[]) => this.call(this.nextId(), offset, fn, args),
      memberCall: (fn: string, target: Expr, ...args: Expr[]) => this.memberCall(this.nextId(), offset, fn, target, args),
      list: (...elements: Expr[]) => this.list(this.nextId(), offset, elements, []),
      emptyMap: () => this.map(this.nextId(), offset, []),
      presenceTest: (operand: Expr, field: string) => this.select(this.nextId(), offset, operand, field, true),
      comprehension: (parts) => this.comprehension(this.nextId(), offset, parts),
      copy: (e: Expr) => this.copy(e),
    };
  }

  /** A deep copy of a subtree with fresh ids, keeping offsets. */
  copy(e: Expr): Expr {
    switch (e.type) {
      case 'const':
        return this.constant(this.nextId(), e.offset, e.value);
      case 'ident':
        return this.ident(this.nextId(), e.offset, e.name);
      case 'select':
        return this.select(this.nextId(), e.offset, this.copy(e.operand), e.field, e.testOnly);
      case 'call': {
        const target = e.target === undefined ? undefined : this.copy(e.target);
        const args = e.args.map((a) => this.copy(a));
        const id = this.nextId();
        return target === undefined ? this.call(id, e.offset, e.function, args) : this.memberCall(id, e.offset, e.function, target, args);
      }
      case 'list':
        return this.list(
          this.nextId(),
          e.offset,
          e.elements.map((x) => this.copy(x)),
          e.optionalIndices,
        );
      case 'map':
        return this.map(
          this.nextId(),
          e.offset,
          e.entries.map((x) => this.mapEntry(this.nextId(), x.offset, this.copy(x.key), this.copy(x.value), x.optional)),
        );
      case 'struct':
        return this.struct(
          this.nextId(),
          e.offset,
          e.messageName,
          e.fields.map((x) => this.fieldInit(this.nextId(), x.offset, x.field, this.copy(x.value), x.optional)),
        );
      case 'comprehension':
        return this.comprehension(this.nextId(), e.offset, {
          iterVar: e.iterVar,
          iterVar2: e.iterVar2,
          iterRange: this.copy(e.iterRange),
          accuVar: e.accuVar,
          accuInit: this.copy(e.accuInit),
          loopCondition: this.copy(e.loopCondition),
          loopStep: this.copy(e.loopStep),
          result: this.copy(e.result),
        });
    }
  }
}
