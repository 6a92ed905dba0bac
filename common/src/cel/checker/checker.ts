// The type checker: walks a parsed expression once, giving every node a type and every identifier
// and call a reference, the way cel-go's checker does (same resolution order, same unification of
// type parameters, same error messages at the same places), so that Kubernetes' users see the
// messages they know. Issues are reported in source order.

import type { CallExpr, CelIssue, ComprehensionExpr, Expr, FieldInit, ListExpr, MapExpr, ParsedExpr, SelectExpr, StructExpr } from '../syntax/ast.ts';
import {
  boolType,
  bytesType,
  doubleType,
  dynType,
  errorType,
  findField,
  intType,
  listOf,
  mapOf,
  nullType,
  optionalOf,
  stringType,
  typeOfType,
  typeParam,
  uintType,
  type CelType,
} from '../types/cel-types.ts';
import { celTypeName, checkerTypeName } from '../types/type-names.ts';
import type { CheckEnvironment } from './check-environment.ts';
import type { CheckedExpr, Reference } from './checked-expr.ts';
import type { FunctionDecl } from './function-declarations.ts';
import { assignable, assignableList, isDyn, isDynOrError, isExactType, mostGeneral, substitute, typeParamNames, type Substitutions } from './type-unification.ts';

export type CheckResult = { readonly ok: true; readonly checked: CheckedExpr } | { readonly ok: false; readonly issues: readonly CelIssue[] };

export function checkCel(parsed: ParsedExpr, environment: CheckEnvironment): CheckResult {
  const checker = new Checker(environment);
  checker.check(parsed.expr);
  if (checker.issues.length > 0) return { ok: false, issues: inSourceOrder(checker.issues) };
  const types = new Map<number, CelType>();
  for (const [id, type] of checker.types) types.set(id, substitute(checker.substitutions, type, true));
  return { ok: true, checked: { parsed, type: types.get(parsed.expr.id)!, types, references: checker.references } };
}

const inSourceOrder = (issues: readonly CelIssue[]): CelIssue[] =>
  issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => a.issue.offset - b.issue.offset || a.i - b.i)
    .map(({ issue }) => issue);

const unwrapOptional = (type: CelType): { type: CelType; optional: boolean } => (type.kind === 'optional' ? { type: type.value, optional: true } : { type, optional: false });

/** `a.b.c` as one name, when the expression is only identifiers and selections (not has()). */
function qualifiedName(expr: Expr): string | undefined {
  if (expr.type === 'ident') return expr.name;
  if (expr.type === 'select' && !expr.testOnly) {
    const operand = qualifiedName(expr.operand);
    return operand === undefined ? undefined : `${operand}.${expr.field}`;
  }
  return undefined;
}

class Checker {
  readonly issues: CelIssue[] = [];
  readonly types = new Map<number, CelType>();
  readonly references = new Map<number, Reference>();
  substitutions: Substitutions = new Map();
  private readonly scopes: Map<string, CelType>[] = [];
  private freeTypeVars = 0;
  private readonly environment: CheckEnvironment;

  constructor(environment: CheckEnvironment) {
    this.environment = environment;
  }

  check(expr: Expr): void {
    switch (expr.type) {
      case 'const':
        this.setType(expr, this.constantType(expr.value.kind));
        return;
      case 'ident':
        this.checkIdent(expr.id, expr.offset, expr.name);
        return;
      case 'select':
        this.checkSelect(expr);
        return;
      case 'call':
        this.checkCall(expr);
        return;
      case 'list':
        this.checkList(expr);
        return;
      case 'map':
        this.checkMap(expr);
        return;
      case 'struct':
        this.checkStruct(expr);
        return;
      case 'comprehension':
        this.checkComprehension(expr);
        return;
    }
  }

  private constantType(kind: 'null' | 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes'): CelType {
    return { null: nullType, bool: boolType, int: intType, uint: uintType, double: doubleType, string: stringType, bytes: bytesType }[kind];
  }

  /**
   * A name as cel-go's LookupIdent resolves it: a comprehension variable, a declared variable (or
   * type identifier), else a message type of the environment's type provider, as type(T).
   */
  private lookupIdent(name: string): { readonly name: string; readonly type: CelType; readonly messageType: boolean } | undefined {
    const candidate = name.startsWith('.') ? name.slice(1) : name;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const type = this.scopes[i]!.get(candidate);
      if (type !== undefined) return { name: candidate, type, messageType: false };
    }
    const type = this.environment.variables.get(candidate);
    if (type !== undefined) return { name: candidate, type, messageType: false };
    const message = this.environment.messageTypes?.(candidate);
    return message === undefined ? undefined : { name: candidate, type: typeOfType(message), messageType: true };
  }

  private referTo(id: number, found: { readonly name: string; readonly messageType: boolean }): void {
    this.references.set(id, found.messageType ? { kind: 'variable', name: found.name, messageType: true } : { kind: 'variable', name: found.name });
  }

  private lookupFunction(name: string): FunctionDecl | undefined {
    return this.environment.functions.get(name.startsWith('.') ? name.slice(1) : name);
  }

  private checkIdent(id: number, offset: number, name: string): void {
    const found = this.lookupIdent(name);
    if (found === undefined) {
      this.types.set(id, errorType);
      this.report(offset, `undeclared reference to '${name}' (in container '')`);
      return;
    }
    this.types.set(id, found.type);
    this.referTo(id, found);
  }

  private checkSelect(expr: SelectExpr): void {
    const name = qualifiedName(expr);
    if (name !== undefined) {
      const found = this.lookupIdent(name);
      if (found !== undefined) {
        this.setType(expr, found.type);
        this.referTo(expr.id, { ...found, name });
        return;
      }
    }
    const fieldType = this.checkSelectField(expr, expr.operand, expr.field, false);
    this.setType(expr, expr.testOnly ? boolType : substitute(this.substitutions, fieldType, false));
  }

  private checkSelectField(expr: Expr, operand: Expr, field: string, optional: boolean): CelType {
    this.check(operand);
    const { type: target, optional: targetOptional } = unwrapOptional(substitute(this.substitutions, this.typeOf(operand), false));
    let result: CelType = errorType;
    switch (target.kind) {
      case 'map':
        result = target.value;
        break;
      case 'object': {
        if (target.unresolvable === true) {
          this.report(expr.offset, `unexpected failed resolution of '${target.name}'`);
          break;
        }
        const declared = findField(target, field, this.environment.keywordsAsFieldNames === true);
        if (declared === undefined) this.report(expr.offset, `undefined field '${field}'`);
        else result = declared.type;
        break;
      }
      case 'type_param':
        this.isAssignable(dynType, target);
        result = dynType;
        break;
      default:
        if (!isDynOrError(target)) this.report(expr.offset, `type '${checkerTypeName(target)}' does not support field selection`);
        result = dynType;
    }
    return targetOptional || optional ? optionalOf(result) : result;
  }

  private checkCall(expr: CallExpr): void {
    if (expr.function === '_?._') {
      this.checkOptionalSelect(expr);
      return;
    }
    for (const arg of expr.args) this.check(arg);
    if (expr.target === undefined) {
      const fn = this.lookupFunction(expr.function);
      if (fn === undefined) {
        this.report(expr.offset, `undeclared reference to '${expr.function}' (in container '')`);
        this.setType(expr, errorType);
        return;
      }
      this.resolveOverload(expr, fn, undefined);
      return;
    }
    // `a.b.f()` is the namespaced function `a.b.f` when one is declared, else `f` on the target `a.b`.
    const prefix = qualifiedName(expr.target);
    if (prefix !== undefined) {
      const namespaced = this.lookupFunction(`${prefix}.${expr.function}`);
      if (namespaced !== undefined) {
        this.resolveOverload(expr, namespaced, undefined);
        return;
      }
    }
    this.check(expr.target);
    const fn = this.lookupFunction(expr.function);
    if (fn === undefined) {
      this.setType(expr, errorType);
      this.report(expr.offset, `undeclared reference to '${expr.function}' (in container '')`);
      return;
    }
    this.resolveOverload(expr, fn, expr.target);
  }

  private checkOptionalSelect(expr: CallExpr): void {
    const [operand, field] = expr.args;
    if (expr.args.length !== 2 || expr.target !== undefined) {
      const style = expr.target !== undefined ? ' member call with' : '';
      this.report(expr.offset, `unsupported optional field selection: incorrect signature.${style} argument count: ${expr.args.length}`);
      return;
    }
    if (field!.type !== 'const' || field!.value.kind !== 'string') {
      this.report(field!.offset, `unsupported optional field selection: ${describeExpr(field!)}`);
      return;
    }
    const result = this.checkSelectField(expr, operand!, field!.value.value, true);
    this.setType(expr, substitute(this.substitutions, result, false));
    this.references.set(expr.id, { kind: 'function', overloadIds: ['select_optional_field'] });
  }

  private resolveOverload(expr: CallExpr, fn: FunctionDecl, target: Expr | undefined): void {
    const argExprs = target === undefined ? expr.args : [target, ...expr.args];
    const argTypes = argExprs.map((arg) => this.typeOf(arg));
    let result: CelType | undefined;
    const overloadIds: string[] = [];
    for (const overload of fn.overloads) {
      if (overload.member !== (target !== undefined)) continue;
      if (fn.name === '_&&_' || fn.name === '_||_') {
        let mismatch = false;
        argTypes.forEach((argType, i) => {
          if (!this.isAssignable(argType, boolType)) {
            this.report(argExprs[i]!.offset, `expected type '${checkerTypeName(boolType)}' but found '${checkerTypeName(argType)}'`);
            mismatch = true;
          }
        });
        if (mismatch) {
          this.setType(expr, errorType);
          return;
        }
        this.setType(expr, boolType);
        this.references.set(expr.id, { kind: 'function', overloadIds: [overload.id] });
        return;
      }
      let params = overload.params;
      let overloadResult = overload.result;
      const names = new Set<string>();
      for (const param of params) typeParamNames(param, names);
      typeParamNames(overloadResult, names);
      if (names.size > 0) {
        const fresh = new Map<string, CelType>([...names].map((name) => [name, this.newTypeVar()]));
        params = params.map((param) => substitute(fresh, param, false));
        overloadResult = substitute(fresh, overloadResult, false);
      }
      if (!this.isAssignableList(argTypes, params)) continue;
      overloadIds.push(overload.id);
      const resolved = substitute(this.substitutions, overloadResult, false);
      if (result === undefined) result = resolved;
      else if (!isDyn(result) && !isExactType(resolved, result)) result = dynType;
    }
    if (result === undefined) {
      const shown = argTypes.map((type) => checkerTypeName(substitute(this.substitutions, type, true)));
      const signature = target === undefined ? `(${shown.join(', ')})` : `${shown[0]}.(${shown.slice(1).join(', ')})`;
      this.report(expr.offset, `found no matching overload for '${fn.name}' applied to '${signature}'`);
      this.setType(expr, errorType);
      return;
    }
    this.setType(expr, result);
    this.references.set(expr.id, { kind: 'function', overloadIds });
  }

  private checkList(expr: ListExpr): void {
    const optional = new Set(expr.optionalIndices);
    let elemType: CelType | undefined;
    expr.elements.forEach((element, i) => {
      this.check(element);
      let type = this.typeOf(element);
      if (optional.has(i)) type = this.unwrapOptionalElement(element, type);
      elemType = this.joinTypes(elemType, type);
    });
    this.setType(expr, listOf(elemType ?? this.newTypeVar()));
  }

  private checkMap(expr: MapExpr): void {
    let keyType: CelType | undefined;
    let valueType: CelType | undefined;
    for (const entry of expr.entries) {
      this.check(entry.key);
      keyType = this.joinTypes(keyType, this.typeOf(entry.key));
      this.check(entry.value);
      let type = this.typeOf(entry.value);
      if (entry.optional) type = this.unwrapOptionalElement(entry.value, type);
      valueType = this.joinTypes(valueType, type);
    }
    this.setType(expr, keyType === undefined ? mapOf(this.newTypeVar(), this.newTypeVar()) : mapOf(keyType, valueType!));
  }

  /**
   * `Name{field: value, ...}`: Name must be a type identifier of a message type (an object type, or
   * one cel-go treats as a well-known message), each field one of its fields, each value assignable
   * to its field. As cel-go, nothing more is checked when Name is undeclared.
   */
  private checkStruct(expr: StructExpr): void {
    const found = this.lookupIdent(expr.messageName);
    if (found === undefined) {
      this.report(expr.offset, `undeclared reference to '${expr.messageName}' (in container '')`);
      this.setType(expr, errorType);
      return;
    }
    let resultType: CelType = errorType;
    if (found.type.kind !== 'error') {
      const named = found.type.kind === 'type' ? found.type.type : undefined;
      if (found.type.kind !== 'type') this.report(expr.offset, `'${declaredTypeName(found.type)}' is not a type`);
      else if (named !== undefined && (named.kind === 'object' || wellKnownMessageKinds.has(named.kind))) resultType = named;
      else this.report(expr.offset, `'${named === undefined ? 'type' : declaredTypeName(named)}' is not a message type`);
    }
    this.setType(expr, resultType);
    for (const field of expr.fields) {
      this.check(field.value);
      const fieldType = this.fieldInitType(field, found.name, found.type.kind === 'type', resultType);
      let valueType = this.typeOf(field.value);
      if (field.optional) valueType = this.unwrapOptionalElement(field.value, valueType);
      if (!this.isAssignable(fieldType, valueType)) {
        this.report(field.offset, `expected type of field '${field.field}' is '${checkerTypeName(fieldType)}' but provided type is '${checkerTypeName(valueType)}'`);
      }
    }
  }

  /** The declared type of a field a message literal sets (error, reported, when there is none). */
  private fieldInitType(field: FieldInit, typeName: string, isTypeName: boolean, message: CelType): CelType {
    if (!isTypeName) {
      this.report(field.offset, `unexpected failed resolution of '${typeName}'`);
      return errorType;
    }
    const declared = message.kind === 'object' ? findField(message, field.field, this.environment.keywordsAsFieldNames === true) : undefined;
    if (declared !== undefined) return declared.type;
    this.report(field.offset, `undefined field '${field.field}'`);
    return errorType;
  }

  /** The value type of an element written `?e`, which must be optional (or dyn). */
  private unwrapOptionalElement(element: Expr, type: CelType): CelType {
    const unwrapped = unwrapOptional(type);
    if (!unwrapped.optional && !isDyn(unwrapped.type)) {
      this.report(element.offset, `expected type '${checkerTypeName(optionalOf(unwrapped.type))}' but found '${checkerTypeName(unwrapped.type)}'`);
    }
    return unwrapped.type;
  }

  private checkComprehension(expr: ComprehensionExpr): void {
    this.check(expr.iterRange);
    this.check(expr.accuInit);
    const rangeType = substitute(this.substitutions, this.typeOf(expr.iterRange), false);
    const accuType = this.typeOf(expr.accuInit);
    this.scopes.push(new Map([[expr.accuVar, accuType]]));
    let varType: CelType;
    let var2Type: CelType | undefined;
    const twoVariables = expr.iterVar2 !== undefined;
    switch (rangeType.kind) {
      case 'list':
        varType = twoVariables ? intType : rangeType.elem;
        if (twoVariables) var2Type = rangeType.elem;
        break;
      case 'map':
        varType = rangeType.key;
        if (twoVariables) var2Type = rangeType.value;
        break;
      case 'dyn':
      case 'error':
      case 'type_param':
        this.isAssignable(dynType, rangeType);
        varType = dynType;
        if (twoVariables) var2Type = dynType;
        break;
      default:
        this.report(expr.iterRange.offset, `expression of type '${checkerTypeName(rangeType)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        varType = errorType;
        if (twoVariables) var2Type = errorType;
    }
    const loopScope = new Map<string, CelType>([[expr.iterVar, varType]]);
    if (expr.iterVar2 !== undefined) loopScope.set(expr.iterVar2, var2Type!);
    this.scopes.push(loopScope);
    this.check(expr.loopCondition);
    this.assertType(expr.loopCondition, boolType);
    this.check(expr.loopStep);
    this.assertType(expr.loopStep, accuType);
    this.scopes.pop();
    this.check(expr.result);
    this.scopes.pop();
    this.setType(expr, substitute(this.substitutions, this.typeOf(expr.result), false));
  }

  /**
   * The most general type of two literal elements; dyn when they do not agree (mixed literals are
   * refused afterwards by the homogeneous-literal validator, as cel-go does).
   */
  private joinTypes(previous: CelType | undefined, current: CelType): CelType {
    if (previous === undefined) return current;
    if (this.isAssignable(previous, current)) return mostGeneral(previous, current);
    return dynType;
  }

  private assertType(expr: Expr, type: CelType): void {
    const actual = this.typeOf(expr);
    if (!this.isAssignable(type, actual)) this.report(expr.offset, `expected type '${checkerTypeName(type)}' but found '${checkerTypeName(actual)}'`);
  }

  private newTypeVar(): CelType {
    return typeParam(`_var${this.freeTypeVars++}`);
  }

  private isAssignable(from: CelType, to: CelType): boolean {
    const next = assignable(this.substitutions, from, to);
    if (next === undefined) return false;
    this.substitutions = next;
    return true;
  }

  private isAssignableList(from: readonly CelType[], to: readonly CelType[]): boolean {
    const next = assignableList(this.substitutions, from, to);
    if (next === undefined) return false;
    this.substitutions = next;
    return true;
  }

  private typeOf(expr: Expr): CelType {
    return this.types.get(expr.id) ?? errorType;
  }

  private setType(expr: Expr, type: CelType): void {
    this.types.set(expr.id, type);
  }

  private report(offset: number, message: string): void {
    this.issues.push({ offset, message });
  }
}

/** The kinds cel-go's checker lets a message literal construct although they are no object types (its well-known types). */
const wellKnownMessageKinds = new Set<CelType['kind']>(['any', 'timestamp', 'duration', 'dyn', 'null_type']);

/** A type's name without its parameters, as cel-go's DeclaredTypeName gives it (`list`, `map`, `kubernetes.AdmissionRequest`). */
function declaredTypeName(type: CelType): string {
  switch (type.kind) {
    case 'list':
    case 'map':
    case 'type':
      return type.kind;
    case 'optional':
      return 'optional_type';
    case 'opaque':
      return type.name;
    default:
      return celTypeName(type);
  }
}

/** How cel-go prints an expression in "unsupported optional field selection" (its proto text form). */
function describeExpr(expr: Expr): string {
  return `id:${expr.id} ${expr.type}`;
}
