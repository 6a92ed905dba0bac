// The x-kubernetes-validations rules of custom resources, as kube-apiserver 1.35 compiles and
// evaluates them: compileSchemaRules for the validation of a CustomResourceDefinition (its errors)
// and for the write path of its custom resources (its validator), schemaRuleValidator for a CRD
// already stored.

import type { FieldError } from '@capstan/common';
import { compileSchemaRulesTree, type RuleCompileOptions, type StoredExpressions } from './compile-schema-rules.ts';
import { additionalPropertiesOf, hasRules, itemsOf, propertiesOf, rulesOf, type RuleSchema } from './rule-schema.ts';
import { SchemaRuleValidator } from './schema-rule-validator.ts';

export type { CompiledRule, RuleCompileOptions, RuleNode, StoredExpressions, ValidationRule } from './compile-schema-rules.ts';
export type { RuleSchema, ValidationRuleJson } from './rule-schema.ts';
export { validRuleFieldPath, type RuleFieldPath } from './rule-field-path.ts';
export { SchemaRuleValidator, type RuleValidation, type RuleValidationOptions } from './schema-rule-validator.ts';

export interface SchemaRulesResult {
  /** Kube's errors for the rules, in its order: the rules' field checks, then compilation and cost errors. */
  readonly errors: FieldError[];
  readonly schemaErrors: FieldError[];
  readonly celErrors: FieldError[];
  /** The rules compiled, to validate custom objects with; undefined when the schema has none or when errors were found. */
  readonly validator?: SchemaRuleValidator;
}

/**
 * Compiles the rules of a CRD version's openAPIV3Schema (the JSON of a structural schema that
 * passed the rest of the CRD validation), reporting errors under `path` (the schema's field path,
 * e.g. `spec.validation.openAPIV3Schema`).
 */
export function compileSchemaRules(schema: RuleSchema, path: string, options: RuleCompileOptions = {}): SchemaRulesResult {
  if (!hasRules(schema)) return { errors: [], schemaErrors: [], celErrors: [] };
  const compiled = compileSchemaRulesTree(schema, path, options);
  const { errors, schemaErrors, celErrors, root } = compiled;
  return errors.length > 0 || root === undefined ? { errors, schemaErrors, celErrors } : { errors, schemaErrors, celErrors, validator: new SchemaRuleValidator(root) };
}

/**
 * The validator of a stored CRD version's schema, compiled as kube compiles it to serve the custom
 * resource: every expression in the stored-expressions environment, and a rule that does not
 * compile reported on each object it applies to instead. Undefined when the schema has no rule.
 */
export function schemaRuleValidator(schema: RuleSchema, options: Pick<RuleCompileOptions, 'envSet'> = {}): SchemaRuleValidator | undefined {
  if (!hasRules(schema)) return undefined;
  const { root } = compileSchemaRulesTree(schema, '', { ...options, storedExpressions: 'all', suppressPerExpressionCost: true });
  return root === undefined ? undefined : new SchemaRuleValidator(root);
}

/** The rules and messageExpressions of the old CRD's schemas (kube's preexisting expressions): on update they compile as stored. */
export function storedExpressionsOf(schemas: readonly (RuleSchema | undefined)[]): StoredExpressions {
  const rules = new Set<string>();
  const messageExpressions = new Set<string>();
  const collect = (schema: RuleSchema | undefined): void => {
    if (schema === undefined) return;
    for (const rule of rulesOf(schema)) {
      if (typeof rule.rule === 'string') rules.add(rule.rule);
      if (typeof rule.messageExpression === 'string' && rule.messageExpression !== '') messageExpressions.add(rule.messageExpression);
    }
    for (const [, property] of propertiesOf(schema)) collect(property);
    collect(additionalPropertiesOf(schema));
    collect(itemsOf(schema));
  };
  for (const schema of schemas) collect(schema);
  return { rules, messageExpressions };
}
