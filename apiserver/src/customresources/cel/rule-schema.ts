// The parts of a CRD's openAPIV3Schema (its JSON, already validated as a structural schema) that
// x-kubernetes-validations rules depend on, and the rules themselves as the JSON holds them.

import type { OpenApiV3Schema } from '@capstan/common/cel';

export interface ValidationRuleJson {
  readonly rule?: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  readonly optionalOldSelf?: boolean;
}

export interface RuleSchema extends OpenApiV3Schema {
  readonly properties?: { readonly [name: string]: RuleSchema };
  readonly additionalProperties?: RuleSchema | boolean;
  readonly items?: RuleSchema;
  readonly 'x-kubernetes-map-type'?: string;
  readonly 'x-kubernetes-validations'?: readonly ValidationRuleJson[];
}

export const isSchemaObject = (value: unknown): value is RuleSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rules of a node (none when the field is missing or not a list). */
export const rulesOf = (schema: RuleSchema): readonly ValidationRuleJson[] => {
  const rules = schema['x-kubernetes-validations'];
  return Array.isArray(rules) ? rules.filter((rule): rule is ValidationRuleJson => isSchemaObject(rule)) : [];
};

/** The schema of a node's properties, of its map values and of its list items (undefined when absent). */
export const propertiesOf = (schema: RuleSchema): [string, RuleSchema][] =>
  isSchemaObject(schema.properties) ? Object.entries(schema.properties).filter((entry): entry is [string, RuleSchema] => isSchemaObject(entry[1])) : [];

export const additionalPropertiesOf = (schema: RuleSchema): RuleSchema | undefined => (isSchemaObject(schema.additionalProperties) ? schema.additionalProperties : undefined);

export const itemsOf = (schema: RuleSchema): RuleSchema | undefined => (isSchemaObject(schema.items) ? schema.items : undefined);

/** Whether any rule sits on the node or below it. */
export function hasRules(schema: RuleSchema | undefined): boolean {
  if (schema === undefined) return false;
  if (rulesOf(schema).length > 0) return true;
  const additional = additionalPropertiesOf(schema);
  return hasRules(itemsOf(schema)) || hasRules(additional) || propertiesOf(schema).some(([, property]) => hasRules(property));
}
