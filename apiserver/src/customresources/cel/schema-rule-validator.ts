// The evaluation of a CRD schema's x-kubernetes-validations rules against a custom object, as
// kube-apiserver 1.35 runs them on create and update: node by node from the root (a node's rules,
// then its fields, map values and list items), only for values that are present and not null.
// A transition rule (one that uses oldSelf) runs only where the old object has a value to
// correlate with (or always, with optionalOldSelf, oldSelf then being optional). Each evaluation
// may cost up to the per-call limit, all of them together up to the per-object budget; past
// either, the validation stops with kube's error. On update, the error of a rule that does not
// use oldSelf, at a value that did not change, is only a warning (CRD validation ratcheting).

import { fieldDuplicate, fieldErrorMessage, fieldForbidden, fieldInvalid, fieldRequired, type FieldBadValue, type FieldError } from '@capstan/common';
import {
  CelError,
  CelOptional,
  costLimitExceededMessage,
  maxEvaluatedMessageExpressionSizeBytes,
  messageExpressionCallCostExceededMessage,
  messageExpressionOutOfBudgetMessage,
  outOfCostBudgetMessage,
  perCallLimit,
  ruleCallCostExceededMessage,
  runtimeCelCostBudget,
  schemaValue,
  type CelValue,
} from '@capstan/common/cel';
import { mapIsCorrelatable, type CompiledRule, type RuleNode, type ValidationRule } from './compile-schema-rules.ts';
import { Correlated, oldItemsOf, Ratchet } from './correlation.ts';
import { isPlainObject, scalarBadValue } from './json-values.ts';
import { celMetrics } from './cel-metrics.ts';

export interface RuleValidationOptions {
  /** The field path of the object (kube validates custom objects from the root: ''). */
  readonly path?: string;
  /** What all the rules may cost together; kube's per-object budget by default. */
  readonly budget?: number;
  /**
   * On update, whether errors at unchanged values become warnings (kube's CRDValidationRatcheting,
   * on by default in 1.35). Ignored without an old object.
   */
  readonly ratcheting?: boolean;
}

export interface RuleValidation {
  readonly errors: FieldError[];
  /** The ratcheted errors, as kube words the warning: `<field>: <error>`. */
  readonly warnings: string[];
  /** The budget left; negative once the validation stopped for cost. */
  readonly remainingBudget: number;
}

/** How kube writes a field path of nil (the root of the object): `<nil>`. */
const shownPath = (path: string): string => (path === '' ? '<nil>' : path);
const childPath = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`);

/** What a rule is called in kube's messages: its message if it has one, else its expression, trimmed. */
const ruleErrorString = (rule: ValidationRule): string => (rule.message.length > 0 ? rule.message.trim() : rule.rule.trim());

const ruleMessageOrDefault = (rule: ValidationRule): string => (rule.message.length === 0 ? `failed rule: ${ruleErrorString(rule)}` : rule.message.trim());

/** An error whose value kube leaves out (field.OmitValueType, for objects and lists). */
const omitted = (type: 'FieldValueInvalid' | 'FieldValueDuplicate', field: string, detail?: string): FieldError => ({ type, field, ...(detail === undefined ? {} : { detail }) });

function errorForReason(field: string, value: FieldBadValue | undefined, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldForbidden(field, detail);
    case 'FieldValueRequired':
      return fieldRequired(field, detail);
    case 'FieldValueDuplicate':
      return value === undefined ? omitted('FieldValueDuplicate', field) : fieldDuplicate(field, value);
    default:
      return value === undefined ? omitted('FieldValueInvalid', field, detail) : fieldInvalid(field, value, detail);
  }
}

type MessageResult =
  | { readonly kind: 'message'; readonly message: string; readonly cost: number }
  /** The rule's message (or the default one) is shown instead; the cost is still spent. */
  | { readonly kind: 'fallback'; readonly cost: number }
  /** The validation stops with this error. */
  | { readonly kind: 'stop'; readonly detail: string };

function evaluateMessageExpression(compiled: CompiledRule, variables: Readonly<Record<string, unknown>>, budget: number): MessageResult {
  const evaluation = (compiled.messageProgram as NonNullable<CompiledRule['messageProgram']>).evaluateWithCost(variables, { costLimit: perCallLimit });
  if (evaluation.cost > budget) return { kind: 'stop', detail: messageExpressionOutOfBudgetMessage };
  const { value, cost } = evaluation;
  if (evaluation.costLimitExceeded) return { kind: 'stop', detail: messageExpressionCallCostExceededMessage(compiled.rule.messageExpression) };
  // Kube logs why a message could not be made (an error, a message too long, on several lines or empty) and falls back.
  if (typeof value !== 'string') return { kind: 'fallback', cost };
  const message = value.trim();
  if (Buffer.byteLength(message) > maxEvaluatedMessageExpressionSizeBytes || message.includes('\n') || message === '') return { kind: 'fallback', cost };
  return { kind: 'message', message, cost };
}

/** The rules of a schema, compiled, ready to validate custom objects (kube's cel.Validator). */
export class SchemaRuleValidator {
  readonly root: RuleNode;

  constructor(root: RuleNode) {
    this.root = root;
  }

  /** Validates `object` (and, on update, against `oldObject`), as kube does after the schema validation passed. */
  validate(object: unknown, oldObject?: unknown, options: RuleValidationOptions = {}): RuleValidation {
    const errors: FieldError[] = [];
    const warnings: string[] = [];
    const hasOld = oldObject !== undefined && oldObject !== null;
    const ratchet = hasOld && options.ratcheting !== false ? new Ratchet(new Correlated(object, oldObject, this.root.schema), undefined) : Ratchet.none;
    const remainingBudget = new Walk(errors, warnings).node(this.root, options.path ?? '', object, hasOld ? oldObject : undefined, ratchet, options.budget ?? runtimeCelCostBudget);
    return { errors, warnings, remainingBudget };
  }
}

class Walk {
  readonly #errors: FieldError[];
  readonly #warnings: string[];

  constructor(errors: FieldError[], warnings: string[]) {
    this.#errors = errors;
    this.#warnings = warnings;
  }

  node(node: RuleNode, path: string, value: unknown, old: unknown, ratchet: Ratchet, budget: number): number {
    // Null values are not validated: a rule on a nullable node sees only its non-null values.
    if (value === undefined || value === null) return budget;
    const oldValue = old === null ? undefined : old;
    // Only nodes with rules are timed (kube times every node it visits, most with nothing to run).
    const started = node.rules.length > 0 ? performance.now() : undefined;
    let remaining = this.#rules(node, path, value, oldValue, ratchet, budget);
    if (started !== undefined) celMetrics().evaluation.observe((performance.now() - started) / 1000);
    if (remaining < 0) return remaining;
    if (Array.isArray(value)) {
      if (node.items === undefined) return remaining;
      const oldItems = oldItemsOf(node.schema, oldValue);
      for (let i = 0; i < value.length; i++) {
        remaining = this.node(node.items, `${path}[${i}]`, value[i], oldItems.get(value[i]), ratchet.index(i), remaining);
        if (remaining < 0) return remaining;
      }
    } else if (isPlainObject(value)) {
      const correlatable = mapIsCorrelatable(node.schema['x-kubernetes-map-type']);
      const oldMap = correlatable && isPlainObject(oldValue) ? oldValue : undefined;
      const oldOf = (key: string): unknown => (oldMap !== undefined && Object.hasOwn(oldMap, key) ? oldMap[key] : undefined);
      if (node.additionalProperties !== undefined) {
        for (const key of Object.keys(value)) {
          remaining = this.node(node.additionalProperties, `${path}[${key}]`, value[key], oldOf(key), ratchet.key(key), remaining);
          if (remaining < 0) return remaining;
        }
      }
      for (const key of Object.keys(value)) {
        const property = node.properties.get(key);
        if (property === undefined) continue;
        remaining = this.node(property, childPath(path, key), value[key], oldOf(key), ratchet.key(key), remaining);
        if (remaining < 0) return remaining;
      }
    }
    return remaining;
  }

  /** The rules of one node (kube's validateExpressions). */
  #rules(node: RuleNode, path: string, value: unknown, old: unknown, ratchet: Ratchet, budget: number): number {
    const field = shownPath(path);
    // Errors about the evaluation show the schema's type as the value ("object", "string", "" for int-or-string).
    const schemaType = typeof node.schema.type === 'string' ? node.schema.type : '';
    if (node.compilerError !== undefined) {
      this.#errors.push(fieldInvalid(field, schemaType, `rule compiler initialization error: ${node.compilerError}`));
      return budget;
    }
    if (node.rules.length === 0) return budget;
    if (budget <= 0) {
      this.#errors.push(fieldInvalid(field, schemaType, outOfCostBudgetMessage));
      return -1;
    }
    const selfType = node.selfType;
    if (selfType === undefined) return budget;
    let remaining = budget;
    const self: CelValue = schemaValue(value, selfType);
    const oldSelf: CelValue | undefined = old === undefined ? undefined : schemaValue(old, selfType);
    for (const compiled of node.rules) {
      const { rule } = compiled;
      if (compiled.error !== undefined) {
        this.#errors.push(fieldInvalid(field, schemaType, `rule compile error: ${compiled.error}`));
        continue;
      }
      if (compiled.program === undefined) continue;
      const optionalOldSelf = rule.optionalOldSelf === true;
      // A transition rule needs an old value to compare with, unless oldSelf is optional.
      if (compiled.usesOldSelf && oldSelf === undefined && !optionalOldSelf) continue;
      const variables: Record<string, unknown> = { self };
      if (optionalOldSelf) variables.oldSelf = new CelOptional(oldSelf);
      else if (oldSelf !== undefined) variables.oldSelf = oldSelf;
      const evaluation = compiled.program.evaluateWithCost(variables, { costLimit: perCallLimit });
      if (evaluation.cost > remaining) {
        this.#errors.push(fieldInvalid(field, schemaType, outOfCostBudgetMessage));
        return -1;
      }
      remaining -= evaluation.cost;
      const result = evaluation.value;
      if (result instanceof CelError) {
        const message = result.message;
        if (message.startsWith('no such overload')) {
          this.#errors.push(
            fieldInvalid(field, schemaType, `'${message}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`),
          );
        } else if (message.startsWith(costLimitExceededMessage)) {
          this.#errors.push(fieldInvalid(field, schemaType, ruleCallCostExceededMessage(ruleErrorString(rule))));
          return -1;
        } else {
          // no such key, index out of bounds, integer overflow, division by zero, ...
          this.#errors.push(fieldInvalid(field, schemaType, `${message} evaluating rule: ${ruleErrorString(rule)}`));
        }
        continue;
      }
      if (result === true) continue;

      const errorField = compiled.fieldPath === undefined ? field : childPath(path, compiled.fieldPath);
      const add = (error: FieldError): void => {
        if (!compiled.usesOldSelf && ratchet.ratchets) this.#warnings.push(fieldErrorMessage(error));
        else this.#errors.push(error);
      };
      let detail: string | undefined;
      if (compiled.messageProgram !== undefined) {
        const message = evaluateMessageExpression(compiled, variables, remaining);
        if (message.kind === 'stop') {
          add(fieldInvalid(errorField, schemaType, message.detail));
          return -1;
        }
        remaining -= message.cost;
        if (message.kind === 'message') detail = message.message;
      }
      detail ??= ruleMessageOrDefault(rule);
      // Objects and lists are not quoted; a scalar is, as Go prints it.
      const shown = schemaType === 'object' || schemaType === 'array' ? undefined : scalarBadValue(value);
      add(errorForReason(errorField, shown, detail, rule.reason));
    }
    return remaining;
  }
}
