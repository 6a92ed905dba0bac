// The variables of a custom resource validation rule (x-kubernetes-validations) and of its
// messageExpression, as apiextensions-apiserver declares them: `self`, typed by the schema node the
// rule sits on, and `oldSelf`, the same type (optional_type(T) when the rule sets
// optionalOldSelf: true). A rule that refers to oldSelf is a transition rule.

import type { CheckedExpr } from '../checker/checked-expr.ts';
import { optionalOf, type CelType } from '../types/cel-types.ts';
import { assignTypeNames } from '../types/object-type-names.ts';
import { schemaCelType, type OpenApiV3Schema } from '../types/schema-types.ts';
import { uniqueTypeName } from './unique-type-name.ts';

/**
 * Why rules cannot sit on a schema node whose values have no CEL type (no type and no
 * x-kubernetes-int-or-string, or a list or map of such). Kubernetes refuses the definition with an
 * internal error on `<node>.x-kubernetes-validations`: "internal error: failed to construct type
 * information for x-kubernetes-validations rules: " followed by this.
 */
export const untypedRuleScopeMessage = 'unable to convert structural schema to CEL declarations';

export interface RuleScopeOptions {
  /**
   * The node is the root of the custom resource's schema. Like a node with
   * x-kubernetes-embedded-resource, its `self` always has apiVersion, kind, metadata.name and
   * metadata.generateName.
   */
  readonly isRoot?: boolean;
  /** The name of `self`'s type; by default a new `selfType<nanoseconds>`, as every compilation has. */
  readonly typeName?: string;
}

/**
 * The type of `self` for the rules on a schema node, or undefined when the node's values have no
 * CEL type (see untypedRuleScopeMessage). Scalars are their type (a string node's `self` is a
 * string), x-kubernetes-int-or-string is dyn, and an object with x-kubernetes-preserve-unknown-fields
 * exposes only its declared properties.
 */
export function ruleSelfType(schema: OpenApiV3Schema, options: RuleScopeOptions = {}): CelType | undefined {
  const type = schemaCelType(schema, options.isRoot === true || schema['x-kubernetes-embedded-resource'] === true);
  return type === undefined ? undefined : assignTypeNames(type, options.typeName ?? uniqueTypeName('selfType'));
}

export interface RuleOptions {
  /** The rule's optionalOldSelf: oldSelf is optional_type(T), none on create and where the old value is absent. */
  readonly optionalOldSelf?: boolean;
}

/** `self` and `oldSelf` of a rule (and of its messageExpression) whose scope has the given type. */
export function customResourceRuleVariables(selfType: CelType, options: RuleOptions = {}): Map<string, CelType> {
  return new Map([
    ['self', selfType],
    ['oldSelf', options.optionalOldSelf === true ? optionalOf(selfType) : selfType],
  ]);
}

/** Whether a checked rule refers to oldSelf, which makes it a transition rule. */
export function usesOldSelf(checked: CheckedExpr): boolean {
  for (const reference of checked.references.values()) {
    if (reference.kind === 'variable' && reference.name === 'oldSelf') return true;
  }
  return false;
}
