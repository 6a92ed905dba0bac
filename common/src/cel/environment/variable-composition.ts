// The `variables` of an admission policy (spec.variables), composed as Kubernetes composes them:
// an object type named kubernetes.variables whose fields are the variables declared so far, each
// compiled in order against the ones before it (a variable that refers to itself or to a later one
// selects an undefined field). A field's type is the variable's checked type with everything but
// primitives, lists and maps made dyn; a variable that does not compile is dyn.

import { checkExpression, type CheckExpressionResult } from '../checker/check-expression.ts';
import { anyType, dynType, listOf, mapOf, objectType, type CelType, type DeclField, type ObjectCelType } from '../types/cel-types.ts';
import { declField } from './admission-types.ts';
import type { CelEnvironment } from './kubernetes-environment.ts';

export const variablesTypeName = 'kubernetes.variables';

/**
 * The type a variable's field gets from the variable's checked type (Kubernetes'
 * convertCelTypeToDeclType): primitives, timestamp, duration, null and any stay; lists and maps keep
 * their shape with their parameters converted; objects, optionals, type values and opaque types
 * become dyn. Schema facts (sizes) are not kept.
 */
export function composedVariableType(type: CelType | undefined): CelType {
  if (type === undefined) return dynType;
  switch (type.kind) {
    case 'int':
    case 'uint':
    case 'double':
    case 'bool':
    case 'string':
    case 'bytes':
    case 'null_type':
    case 'timestamp':
    case 'duration':
      return { kind: type.kind };
    case 'any':
      return anyType;
    case 'list':
      return listOf(composedVariableType(type.elem));
    case 'map':
      return mapOf(composedVariableType(type.key), composedVariableType(type.value));
    default:
      return dynType;
  }
}

/** The policy's variables as they are declared one by one; `declarations()` adds `variables` to a use's variables. */
export class VariableComposition {
  private readonly fields = new Map<string, DeclField>();
  private readonly environment: CelEnvironment;
  private readonly variables: ReadonlyMap<string, CelType>;

  /**
   * @param environment the environment variables are checked in (the lead's choice of new or stored
   * expressions, per expression, can be passed to add() instead)
   * @param variables the variables a policy variable may use (admissionVariables of the policy's options)
   */
  constructor(environment: CelEnvironment, variables: ReadonlyMap<string, CelType>) {
    this.environment = environment;
    this.variables = variables;
  }

  /** Checks a variable's expression against the variables before it, then declares it (dyn when it did not check). */
  add(name: string, expression: string, environment: CelEnvironment = this.environment): CheckExpressionResult {
    const result = checkExpression(expression, environment, this.declarations());
    this.declare(name, result.ok ? result.checked.type : undefined);
    return result;
  }

  /** Declares a variable of a known checked type (undefined: it did not compile). A later one of the same name replaces it. */
  declare(name: string, type: CelType | undefined): void {
    this.fields.set(name, declField(name, composedVariableType(type), true));
  }

  /** The type of `variables` as composed so far. */
  get type(): ObjectCelType {
    return objectType(variablesTypeName, this.fields.values());
  }

  /** The given variables (by default the ones of the constructor) plus `variables`. */
  declarations(variables: ReadonlyMap<string, CelType> = this.variables): Map<string, CelType> {
    return new Map([...variables, ['variables', this.type]]);
  }
}
