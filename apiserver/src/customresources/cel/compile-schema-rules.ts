// The compilation of the x-kubernetes-validations rules of a CRD's structural schema, as
// kube-apiserver 1.35 compiles them when the CRD is written and when its custom resources are
// served: each rule is checked with `self` typed by the schema at its node (and `oldSelf`, or
// optional_type(oldSelf) with optionalOldSelf), must be a bool, plans into a program and gets an
// estimated cost; its messageExpression must be a string; its fieldPath must name a field under the
// node. The CRD is refused where a rule does not compile, where a rule's estimated cost (times the
// number of times its node may occur in an object) or a messageExpression's passes the
// per-expression limit, where the costs of all the schema's expressions pass the total limit, and
// where a transition rule sits under a list it cannot be correlated through.
//
// Errors come in kube's order: the checks of the rules' own fields (schema errors) first, node by
// node, then the compilation errors (children before their parent), then the total cost.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldBadValue, type FieldError } from '@capstan/common';
import {
  TotalCost,
  childCardinality,
  contributedToTotalCostMessage,
  customResourceRuleVariables,
  declaredTypeIdentifiers,
  exceedsExpressionCostLimit,
  expressionCostWithCardinality,
  formatIssues,
  kubernetesEnvSet,
  messageExpressionCostExceededMessage,
  minSerializedSize,
  rootCardinality,
  ruleCostExceededMessage,
  ruleSelfType,
  schemaSizeEstimator,
  totalCostExceededMessage,
  undefinedTypeReference,
  untypedRuleScopeMessage,
  usesOldSelf,
  compileExpression,
  type CelEnvironment,
  type CelEnvSet,
  type CelProgram,
  type CelType,
  type SizeEstimator,
} from '@capstan/common/cel';
import { validRuleFieldPath } from './rule-field-path.ts';
import { additionalPropertiesOf, itemsOf, propertiesOf, rulesOf, type RuleSchema, type ValidationRuleJson } from './rule-schema.ts';
import { celMetrics } from './cel-metrics.ts';

/** A rule's fields, defaulted as Go reads them (missing strings are ""). */
export interface ValidationRule {
  readonly rule: string;
  readonly message: string;
  readonly messageExpression: string;
  readonly reason: string | undefined;
  readonly fieldPath: string;
  readonly optionalOldSelf: boolean | undefined;
}

/** One rule, compiled. A rule that is only blanks has neither a program nor an error: it is skipped. */
export interface CompiledRule {
  readonly rule: ValidationRule;
  readonly program?: CelProgram;
  /** Why the rule did not compile, as kube details it ("compilation failed: ..."). */
  readonly error?: string;
  readonly usesOldSelf: boolean;
  /** The estimated worst-case cost of one evaluation (0 when the rule did not compile). */
  readonly maxCost: bigint;
  readonly messageProgram?: CelProgram;
  readonly messageExpressionError?: string;
  readonly messageExpressionMaxCost: bigint;
  /** The fieldPath as a field path relative to the rule's node, when it is valid. */
  readonly fieldPath?: string;
}

/** The expressions the CRD already held (before an update): they compile in the stored-expressions environment. */
export interface StoredExpressions {
  readonly rules: ReadonlySet<string>;
  readonly messageExpressions: ReadonlySet<string>;
}

export interface RuleCompileOptions {
  /** Kubernetes' CEL environments; by default those of the default compatibility version. */
  readonly envSet?: CelEnvSet;
  /** The old CRD's expressions (see storedExpressionsOf); 'all' compiles every expression as stored (the serving path). */
  readonly storedExpressions?: StoredExpressions | 'all';
  /** Kube skips the per-expression cost limits for a version whose schema an update leaves unchanged. */
  readonly suppressPerExpressionCost?: boolean;
  /**
   * The paths of the errors the rest of the CRD validation found in this schema. Kube compiles no
   * rule of a node with a schema error at or below it (the rules' own field checks count too).
   */
  readonly schemaErrorPaths?: readonly string[];
}

const supportedReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

const hasNewlines = (text: string): boolean => /[\n\r]/.test(text);

const stringField = (value: unknown): string => (typeof value === 'string' ? value : '');

export function validationRuleOf(json: ValidationRuleJson): ValidationRule {
  return {
    rule: stringField(json.rule),
    message: stringField(json.message),
    messageExpression: stringField(json.messageExpression),
    reason: typeof json.reason === 'string' ? json.reason : undefined,
    fieldPath: stringField(json.fieldPath),
    optionalOldSelf: typeof json.optionalOldSelf === 'boolean' ? json.optionalOldSelf : undefined,
  };
}

/**
 * A rule as kube's compilation errors show it: the internal ValidationRule struct marshalled by
 * encoding/json (no JSON tags, so Go's field names; <, > and & escaped).
 */
export function ruleBadValue(rule: ValidationRule): FieldBadValue {
  const json = JSON.stringify({
    Rule: rule.rule,
    Message: rule.message,
    MessageExpression: rule.messageExpression,
    Reason: rule.reason ?? null,
    FieldPath: rule.fieldPath,
    OptionalOldSelf: rule.optionalOldSelf ?? null,
  });
  return { goSyntax: json.replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) };
}

/** The checks of a rule's own fields (kube's schema errors, which keep the node's rules from being compiled). */
function ruleFieldErrors(rule: ValidationRule, schema: RuleSchema, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const trimmedRule = rule.rule.trim();
  const trimmedMessage = rule.message.trim();
  if (trimmedRule === '') errors.push(fieldRequired(`${path}.rule`, 'rule is not specified'));
  else if (rule.message !== '' && trimmedMessage === '') errors.push(fieldInvalid(`${path}.message`, rule.message, 'must be non-empty if specified'));
  else if (hasNewlines(trimmedMessage)) errors.push(fieldInvalid(`${path}.message`, rule.message, 'must not contain line breaks'));
  else if (hasNewlines(trimmedRule) && trimmedMessage === '') errors.push(fieldRequired(`${path}.message`, 'message must be specified if rule contains line breaks'));
  if (rule.messageExpression !== '' && rule.messageExpression.trim() === '') {
    errors.push(fieldRequired(`${path}.messageExpression`, 'messageExpression must be non-empty if specified'));
  }
  if (rule.reason !== undefined && !supportedReasons.includes(rule.reason)) errors.push(fieldNotSupported(`${path}.reason`, rule.reason, supportedReasons));
  if (rule.fieldPath !== '' && rule.fieldPath.trim() === '') errors.push(fieldInvalid(`${path}.fieldPath`, rule.fieldPath, 'must be non-empty if specified'));
  if (hasNewlines(rule.fieldPath)) errors.push(fieldInvalid(`${path}.fieldPath`, rule.fieldPath, 'must not contain line breaks'));
  if (rule.fieldPath !== '' && !validRuleFieldPath(rule.fieldPath, schema).ok) errors.push(fieldInvalid(`${path}.fieldPath`, rule.fieldPath, 'must be a valid path'));
  return errors;
}

/** What the rules of one node are compiled with: `self`'s type, the names it registers, the sizes the estimator knows. */
interface RuleScope {
  readonly selfType: CelType;
  readonly typeIdentifiers: ReadonlyMap<string, CelType>;
  readonly sizes: SizeEstimator;
}

function ruleScope(schema: RuleSchema, isResourceRoot: boolean): RuleScope | undefined {
  const selfType = ruleSelfType(schema, { isRoot: isResourceRoot });
  if (selfType === undefined) return undefined;
  return { selfType, typeIdentifiers: declaredTypeIdentifiers([selfType]), sizes: schemaSizeEstimator(selfType) };
}

type Environments = (expression: string, kind: 'rules' | 'messageExpressions') => CelEnvironment;

function environments(options: RuleCompileOptions): Environments {
  const envSet = options.envSet ?? kubernetesEnvSet();
  const stored = options.storedExpressions;
  return (expression, kind) => (stored === 'all' || stored?.[kind].has(expression) === true ? envSet.storedExpressions : envSet.newExpressions);
}

/** Compiles one rule of a node, as kube's cel.Compile does (the checks of its fields aside). */
export function compileRule(json: ValidationRuleJson, schema: RuleSchema, scope: RuleScope, environmentOf: Environments): CompiledRule {
  const rule = validationRuleOf(json);
  const skipped: CompiledRule = { rule, usesOldSelf: false, maxCost: 0n, messageExpressionMaxCost: 0n };
  if (rule.rule.trim() === '') return skipped;
  const variables = new Map([...scope.typeIdentifiers, ...customResourceRuleVariables(scope.selfType, { optionalOldSelf: rule.optionalOldSelf === true })]);
  const compiled = compileExpression(rule.rule, { environment: environmentOf(rule.rule, 'rules'), variables, sizes: scope.sizes });
  if (!compiled.ok) return { ...skipped, error: `compilation failed: ${formatIssues(rule.rule, compiled.issues)}` };
  const { checked, program, estimatedCost } = compiled.compiled;
  if (checked.type.kind !== 'bool') return { ...skipped, error: 'cel expression must evaluate to a bool' };
  const oldSelf = usesOldSelf(checked);
  const unplannable = undefinedTypeReference(checked, scope.typeIdentifiers);
  if (unplannable !== undefined) return { ...skipped, usesOldSelf: oldSelf, error: `program instantiation failed: ${unplannable}` };
  let result: CompiledRule = { rule, program, usesOldSelf: oldSelf, maxCost: estimatedCost.max, messageExpressionMaxCost: 0n };
  if (rule.messageExpression !== '') {
    const source = rule.messageExpression;
    const message = compileExpression(source, { environment: environmentOf(source, 'messageExpressions'), variables, sizes: scope.sizes });
    if (!message.ok) return { ...result, messageExpressionError: `messageExpression compilation failed: ${formatIssues(source, message.issues)}` };
    if (message.compiled.checked.type.kind !== 'string') return { ...result, messageExpressionError: 'messageExpression must evaluate to a string' };
    const unplannableMessage = undefinedTypeReference(message.compiled.checked, scope.typeIdentifiers);
    if (unplannableMessage !== undefined) return { ...result, messageExpressionError: `messageExpression instantiation failed: ${unplannableMessage}` };
    result = { ...result, messageProgram: message.compiled.program, messageExpressionMaxCost: message.compiled.estimatedCost.max };
  }
  if (rule.fieldPath !== '') {
    const fieldPath = validRuleFieldPath(rule.fieldPath, schema);
    if (fieldPath.ok) result = { ...result, fieldPath: fieldPath.path };
  }
  return result;
}

/** The compiled rules of a node and of the nodes below it that have rules (kube's cel.Validator). */
export interface RuleNode {
  readonly schema: RuleSchema;
  /** The type of the node's values (`self`), undefined when the schema gives it none. */
  readonly selfType: CelType | undefined;
  /** Rules sit on the node but its values have no CEL type: kube reports this instead of evaluating them. */
  readonly compilerError?: string;
  readonly rules: readonly CompiledRule[];
  readonly properties: ReadonlyMap<string, RuleNode>;
  readonly additionalProperties?: RuleNode;
  readonly items?: RuleNode;
}

export interface SchemaRulesCompilation {
  /** Every error, in kube's order: schemaErrors, then celErrors, then the total cost's. */
  readonly errors: FieldError[];
  /** The checks of the rules' fields (required rule, message, messageExpression, reason, fieldPath). */
  readonly schemaErrors: FieldError[];
  /** Compilation errors, per-expression costs and transition rules where oldSelf cannot be correlated. */
  readonly celErrors: FieldError[];
  /** The tree of compiled rules (undefined when the schema has no rule). */
  readonly root: RuleNode | undefined;
}

interface Visit {
  readonly path: string;
  readonly isResourceRoot: boolean;
  /** How many times the node may occur in an object; undefined when unbounded. */
  readonly cardinality: bigint | undefined;
  /** The outermost list or map above the node whose old values cannot be correlated. */
  readonly uncorrelatableAt: string | undefined;
}

interface Visited {
  readonly schemaErrors: FieldError[];
  readonly celErrors: FieldError[];
  readonly node: RuleNode | undefined;
}

/** Whether a map type lets kube correlate an object's fields with the old object's (kube's MapIsCorrelatable). */
export const mapIsCorrelatable = (mapType: unknown): boolean => mapType === undefined || mapType === null || mapType === 'granular' || mapType === 'atomic';

/**
 * Compiles every rule of `schema` (a CRD version's openAPIV3Schema, structural and otherwise valid),
 * with the errors kube-apiserver reports for them under `path` (the schema's own field path, e.g.
 * `spec.validation.openAPIV3Schema` or `spec.versions[0].schema.openAPIV3Schema`).
 */
export function compileSchemaRulesTree(schema: RuleSchema, path: string, options: RuleCompileOptions = {}): SchemaRulesCompilation {
  const environmentOf = environments(options);
  const external = options.schemaErrorPaths ?? [];
  const total = new TotalCost<string>();
  const atOrBelow = (errorPath: string, nodePath: string): boolean => errorPath === nodePath || errorPath.startsWith(`${nodePath}.`) || errorPath.startsWith(`${nodePath}[`);

  const visit = (node: RuleSchema, at: Visit): Visited => {
    const schemaErrors: FieldError[] = [];
    const celErrors: FieldError[] = [];
    const child = (childSchema: RuleSchema, childAt: Visit): RuleNode | undefined => {
      const visited = visit(childSchema, childAt);
      schemaErrors.push(...visited.schemaErrors);
      celErrors.push(...visited.celErrors);
      return visited.node;
    };
    const cardinality = childCardinality(at.cardinality, node);
    const additional = additionalPropertiesOf(node);
    const additionalNode =
      additional === undefined
        ? undefined
        : child(additional, {
            path: `${at.path}.additionalProperties`,
            isResourceRoot: additional['x-kubernetes-embedded-resource'] === true,
            cardinality,
            uncorrelatableAt: at.uncorrelatableAt,
          });
    const properties = new Map<string, RuleNode>();
    const propertiesUncorrelatable = at.uncorrelatableAt ?? (mapIsCorrelatable(node['x-kubernetes-map-type']) ? undefined : at.path);
    for (const [name, property] of propertiesOf(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const propertyAt = {
        path: `${at.path}.properties[${name}]`,
        isResourceRoot: property['x-kubernetes-embedded-resource'] === true,
        cardinality,
        uncorrelatableAt: propertiesUncorrelatable,
      };
      const propertyNode = child(property, propertyAt);
      if (propertyNode !== undefined) properties.set(name, propertyNode);
    }
    const items = itemsOf(node);
    // Only the items of a map list can be correlated with the old list's.
    const itemsUncorrelatable = at.uncorrelatableAt ?? (node['x-kubernetes-list-type'] === 'map' ? undefined : at.path);
    const itemsNode =
      items === undefined
        ? undefined
        : child(items, { path: `${at.path}.items`, isResourceRoot: items['x-kubernetes-embedded-resource'] === true, cardinality, uncorrelatableAt: itemsUncorrelatable });

    const rulesJson = rulesOf(node);
    const rulesPath = `${at.path}.x-kubernetes-validations`;
    rulesJson.forEach((json, i) => {
      schemaErrors.push(...ruleFieldErrors(validationRuleOf(json), node, `${rulesPath}[${i}]`));
    });
    let rules: CompiledRule[] = [];
    let compilerError: string | undefined;
    const scope = rulesJson.length > 0 ? ruleScope(node, at.isResourceRoot) : undefined;
    if (rulesJson.length > 0) {
      if (scope === undefined) compilerError = 'failed to convert to declType for CEL validation rules';
      else {
        const started = performance.now();
        rules = rulesJson.map((json) => compileRule(json, node, scope, environmentOf));
        celMetrics().compilation.observe((performance.now() - started) / 1000);
      }
      const blocked = schemaErrors.length > 0 || external.some((errorPath) => atOrBelow(errorPath, at.path));
      if (!blocked) {
        if (scope === undefined) {
          celErrors.push({
            type: 'InternalError',
            field: rulesPath,
            detail: `internal error: failed to construct type information for x-kubernetes-validations rules: ${untypedRuleScopeMessage}`,
          });
        } else {
          celErrors.push(...compilationErrors(rules, rulesPath, at, minSerializedSize(scope.selfType), options, total));
        }
      }
    }
    const hasAny = rules.length > 0 || compilerError !== undefined || properties.size > 0 || additionalNode !== undefined || itemsNode !== undefined;
    const ruleNode: RuleNode | undefined = hasAny
      ? {
          schema: node,
          selfType: scope?.selfType,
          rules,
          properties,
          ...(compilerError === undefined ? {} : { compilerError }),
          ...(additionalNode === undefined ? {} : { additionalProperties: additionalNode }),
          ...(itemsNode === undefined ? {} : { items: itemsNode }),
        }
      : undefined;
    return { schemaErrors, celErrors, node: ruleNode };
  };

  const visited = visit(schema, { path, isResourceRoot: true, cardinality: rootCardinality, uncorrelatableAt: undefined });
  const costErrors: FieldError[] = [];
  if (total.exceedsLimit) {
    for (const expensive of total.mostExpensive) costErrors.push(fieldForbidden(expensive.path, contributedToTotalCostMessage));
    costErrors.push(fieldForbidden(path, totalCostExceededMessage(total.total)));
  }
  return {
    errors: [...visited.schemaErrors, ...visited.celErrors, ...costErrors],
    schemaErrors: visited.schemaErrors,
    celErrors: [...visited.celErrors, ...costErrors],
    root: visited.node,
  };
}

/** The errors of a node's compiled rules, and their costs added to the schema's total. */
function compilationErrors(rules: readonly CompiledRule[], rulesPath: string, at: Visit, selfMinSize: number, options: RuleCompileOptions, total: TotalCost<string>): FieldError[] {
  const errors: FieldError[] = [];
  rules.forEach((compiled, i) => {
    const rulePath = `${rulesPath}[${i}]`;
    const { rule } = compiled;
    // A rule that did not compile costs 0; kube's cardinality of an unbounded node comes from the size of its values.
    const cost = expressionCostWithCardinality(compiled.maxCost, at.cardinality, selfMinSize);
    if (options.suppressPerExpressionCost !== true && exceedsExpressionCostLimit(cost)) errors.push(fieldForbidden(`${rulePath}.rule`, ruleCostExceededMessage(cost)));
    total.observe(`${rulePath}.rule`, cost);
    if (compiled.error !== undefined) errors.push(fieldInvalid(`${rulePath}.rule`, ruleBadValue(rule), compiled.error));
    if (compiled.messageExpressionError !== undefined) {
      errors.push(fieldInvalid(`${rulePath}.messageExpression`, ruleBadValue(rule), compiled.messageExpressionError));
    } else if (compiled.messageProgram !== undefined) {
      // A messageExpression's cost is held to the limit as is: kube does not multiply it by the cardinality.
      const messageCost = compiled.messageExpressionMaxCost;
      if (options.suppressPerExpressionCost !== true && exceedsExpressionCostLimit(messageCost)) {
        errors.push(fieldForbidden(`${rulePath}.messageExpression`, messageExpressionCostExceededMessage(messageCost)));
      }
      total.observe(`${rulePath}.messageExpression`, messageCost);
    }
    if (compiled.usesOldSelf) {
      if (at.uncorrelatableAt !== undefined) {
        errors.push(fieldInvalid(`${rulePath}.rule`, rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${at.uncorrelatableAt}`));
      }
    } else if (rule.optionalOldSelf !== undefined) {
      errors.push(fieldInvalid(`${rulePath}.optionalOldSelf`, rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
    }
  });
  return errors;
}
