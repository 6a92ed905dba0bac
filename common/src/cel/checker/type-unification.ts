// Type assignability and unification as cel-go's checker decides them: dyn and error types match
// anything, type parameters bind to the types they meet (with the occurs check), null is assignable
// to the nullable kinds, and parameterized types (list, map, optional, opaque) match parameter by
// parameter. Substitutions are immutable snapshots so a failed attempt leaves no bindings behind.

import { dynType, optionalOf, opaqueType, typeOfType, untypedFieldType, type CelType, type TypeParamCelType } from '../types/cel-types.ts';

/** Bindings of type parameters (by name) to the types they stand for. */
export type Substitutions = ReadonlyMap<string, CelType>;

export const isDyn = (type: CelType): boolean => type.kind === 'dyn' || type.kind === 'any';
export const isDynOrError = (type: CelType): boolean => isDyn(type) || type.kind === 'error';

/** The same type, parameters included; cel-go's IsExactType. */
export function isExactType(a: CelType, b: CelType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'list':
      return isExactType(a.elem, (b as typeof a).elem);
    case 'map':
      return isExactType(a.key, (b as typeof a).key) && isExactType(a.value, (b as typeof a).value);
    case 'optional':
      return isExactType(a.value, (b as typeof a).value);
    case 'type': {
      const other = b as typeof a;
      if (a.type === undefined || other.type === undefined) return a.type === other.type;
      return isExactType(a.type, other.type);
    }
    case 'object':
    case 'type_param':
      return a.name === (b as typeof a).name;
    case 'opaque': {
      const other = b as typeof a;
      return a.name === other.name && a.params.length === other.params.length && a.params.every((param, i) => isExactType(param, other.params[i]!));
    }
    default:
      return true;
  }
}

/** The parameters of a parameterized type, in cel-go's order. */
function parametersOf(type: CelType): readonly CelType[] {
  switch (type.kind) {
    case 'list':
      return [type.elem];
    case 'map':
      return [type.key, type.value];
    case 'optional':
      return [type.value];
    case 'opaque':
      return type.params;
    case 'type':
      return type.type === undefined ? [] : [type.type];
    default:
      return [];
  }
}

/** Whether `a` is as general as `b` or more (dyn and type parameters are the most general). */
function isEqualOrLessSpecific(a: CelType, b: CelType): boolean {
  if (isDyn(a) || a.kind === 'type_param') return true;
  if (isDyn(b) || b.kind === 'type_param') return false;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'opaque':
    case 'optional':
    case 'list':
    case 'map': {
      if (a.kind === 'opaque' && a.name !== (b as typeof a).name) return false;
      const paramsA = parametersOf(a);
      const paramsB = parametersOf(b);
      return paramsA.length === paramsB.length && paramsA.every((param, i) => isEqualOrLessSpecific(param, paramsB[i]!));
    }
    case 'type':
      return true;
    default:
      return isExactType(a, b);
  }
}

export const mostGeneral = (a: CelType, b: CelType): CelType => (isEqualOrLessSpecific(a, b) ? a : b);

/** Kinds whose values may be null in cel-go's legacy checker. */
const nullableKinds = new Set<CelType['kind']>(['opaque', 'optional', 'object', 'any', 'duration', 'timestamp', 'null_type']);

/** Whether null is assignable to the type (not to a field without a type: cel-go has no type to ask). */
const nullable = (type: CelType): boolean => nullableKinds.has(type.kind) && !isExactType(type, untypedFieldType);

class Unifier {
  readonly bindings: Map<string, CelType>;
  constructor(substitutions: Substitutions) {
    this.bindings = new Map(substitutions);
  }

  find(type: CelType): CelType | undefined {
    return type.kind === 'type_param' ? this.bindings.get(type.name) : undefined;
  }

  assignable(from: CelType, to: CelType): boolean {
    if (to.kind === 'type_param') {
      const { valid, bound } = this.validSubstitution(from, to);
      if (valid) return true;
      if (bound) return false;
    }
    if (from.kind === 'type_param') return this.validSubstitution(to, from).valid;
    if (isDynOrError(from) || isDynOrError(to)) return true;
    if (from.kind === 'null_type') return nullable(to);
    if (to.kind === 'null_type') return nullable(from);
    switch (from.kind) {
      case 'type':
        return to.kind === 'type';
      case 'list':
      case 'map':
      case 'optional':
      case 'opaque': {
        if (to.kind !== from.kind) return false;
        if (from.kind === 'opaque' && from.name !== (to as typeof from).name) return false;
        return this.assignableList(parametersOf(from), parametersOf(to));
      }
      default:
        return isExactType(to, from);
    }
  }

  assignableList(from: readonly CelType[], to: readonly CelType[]): boolean {
    if (from.length !== to.length) return false;
    return from.every((type, i) => this.assignable(type, to[i]!));
  }

  /** Whether `param` (or what it is bound to) can stand for `type`; binds it when free. */
  private validSubstitution(type: CelType, param: TypeParamCelType): { valid: boolean; bound: boolean } {
    if (type.kind === param.kind && isExactType(type, param)) return { valid: true, bound: true };
    const bound = this.find(param);
    if (bound !== undefined) {
      if (type.kind === bound.kind && isExactType(type, bound)) return { valid: true, bound: true };
      if (this.assignable(type, bound)) {
        const general = mostGeneral(type, bound);
        if (this.notReferencedIn(param, general)) this.bindings.set(param.name, general);
        return { valid: true, bound: true };
      }
      return { valid: false, bound: true };
    }
    if (this.notReferencedIn(param, type)) {
      this.bindings.set(param.name, type);
      return { valid: true, bound: false };
    }
    return { valid: false, bound: false };
  }

  /** The occurs check: `param` does not appear in `within`, directly or through bindings. */
  private notReferencedIn(param: CelType, within: CelType): boolean {
    if (isExactType(param, within)) return false;
    if (within.kind === 'type_param') {
      const bound = this.find(within);
      return bound === undefined || this.notReferencedIn(param, bound);
    }
    return parametersOf(within).every((inner) => this.notReferencedIn(param, inner));
  }
}

/** The substitutions under which `from` is assignable to `to`, or undefined when it is not. */
export function assignable(substitutions: Substitutions, from: CelType, to: CelType): Substitutions | undefined {
  const unifier = new Unifier(substitutions);
  return unifier.assignable(from, to) ? unifier.bindings : undefined;
}

/** As assignable, argument by argument. */
export function assignableList(substitutions: Substitutions, from: readonly CelType[], to: readonly CelType[]): Substitutions | undefined {
  const unifier = new Unifier(substitutions);
  return unifier.assignableList(from, to) ? unifier.bindings : undefined;
}

/** The type with its bound parameters replaced; free ones become dyn when `freeToDyn`. */
export function substitute(substitutions: Substitutions, type: CelType, freeToDyn: boolean): CelType {
  if (type.kind === 'type_param') {
    const bound = substitutions.get(type.name);
    if (bound !== undefined) return substitute(substitutions, bound, freeToDyn);
    return freeToDyn ? dynType : type;
  }
  const again = (inner: CelType): CelType => substitute(substitutions, inner, freeToDyn);
  switch (type.kind) {
    case 'list':
      return hasParams(type.elem) ? { ...type, elem: again(type.elem) } : type;
    case 'map':
      return hasParams(type.key) || hasParams(type.value) ? { ...type, key: again(type.key), value: again(type.value) } : type;
    case 'optional':
      return hasParams(type.value) ? optionalOf(again(type.value)) : type;
    case 'opaque':
      return type.params.some(hasParams) ? opaqueType(type.name, ...type.params.map(again)) : type;
    case 'type':
      return type.type !== undefined && hasParams(type.type) ? typeOfType(again(type.type)) : type;
    default:
      return type;
  }
}

/** Whether a type mentions a type parameter anywhere. */
function hasParams(type: CelType): boolean {
  return type.kind === 'type_param' || parametersOf(type).some(hasParams);
}

/** The names of the type parameters a type mentions. */
export function typeParamNames(type: CelType, into: Set<string> = new Set()): Set<string> {
  if (type.kind === 'type_param') into.add(type.name);
  else for (const inner of parametersOf(type)) typeParamNames(inner, into);
  return into;
}
