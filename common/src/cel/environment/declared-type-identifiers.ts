// The type names that Kubernetes' environments make usable as identifiers, because it registers
// the object types of its variables with the type provider: an expression may write
// `kubernetes.AdmissionRequest` (a type(kubernetes.AdmissionRequest)), `selfType123.spec`, or even
// `kubernetes.AdmissionRequest.userInfo.groups` (a list or map is registered under the path of
// the field holding it). They type check, but Kubernetes cannot plan a program that uses one: the
// compilation fails with "program instantiation failed: reference to undefined type: <name>" (the
// type checking of policies, which plans no program, accepts them).

import type { CheckedExpr } from '../checker/checked-expr.ts';
import type { Expr } from '../syntax/ast.ts';
import { childrenOf } from '../syntax/expr-children.ts';
import { typeOfType, type CelType } from '../types/cel-types.ts';

/**
 * The identifiers the given registered types bring, as cel-go finds them: every object type by its
 * name, every list and map by its path from the root (`<object type name>.<field>...`, `.@idx`
 * for list items, `.@elem` for map values). Only object roots count: the root list or map of a rule
 * registers under `list` or `map`, which the standard type identifiers shadow.
 */
export function declaredTypeIdentifiers(types: readonly CelType[]): Map<string, CelType> {
  const identifiers = new Map<string, CelType>();
  const register = (path: string, type: CelType): void => {
    switch (type.kind) {
      case 'object':
        identifiers.set(type.name, typeOfType(type));
        for (const [name, field] of type.fields) register(`${path}.${name}`, field.type);
        return;
      case 'map':
        register(`${path}.@elem`, type.value);
        identifiers.set(path, typeOfType(type));
        return;
      case 'list':
        register(`${path}.@idx`, type.elem);
        identifiers.set(path, typeOfType(type));
        return;
    }
  };
  for (const type of types) if (type.kind === 'object') register(type.name, type);
  return identifiers;
}

/**
 * Kubernetes' reason for refusing to plan a checked expression that refers to one of the declared
 * type identifiers (or to a message type of the environment's type provider, such as `Object`),
 * "reference to undefined type: <name>" for the first one in planning order (operands before
 * selections, targets before arguments); undefined when it refers to none.
 */
export function undefinedTypeReference(checked: CheckedExpr, identifiers: ReadonlyMap<string, CelType>): string | undefined {
  const find = (expr: Expr): string | undefined => {
    const reference = checked.references.get(expr.id);
    if (reference?.kind === 'variable' && (identifiers.has(reference.name) || reference.messageType === true)) return `reference to undefined type: ${reference.name}`;
    for (const child of childrenOf(expr)) {
      const found = find(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return find(checked.parsed.expr);
}
