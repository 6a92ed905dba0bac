// The matchConditions of an admission webhook (kube's webhook matchconditions Matcher): CEL
// expressions over the request (`object`, `oldObject`, `request`), compiled once per webhook in
// the environment of stored expressions, each to true or false. A false condition skips the
// webhook; errors (with no condition false) follow the webhook's failurePolicy: Fail refuses the
// request with them, Ignore skips the webhook. The whole evaluation has kube's cost budget.

import {
  admissionTypeIdentifiers,
  admissionVariables,
  celValueOfJsonText,
  CelError,
  compileExpression,
  costLimitExceededMessage,
  formatIssues,
  kubernetesEnvSet,
  runtimeCelCostBudgetMatchConditions,
  type CelProgram,
} from '@capstan/common/cel';
import type { MatchCondition } from '@capstan/common/api-types/admissionregistration-v1';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { Invocation } from './admission-review.ts';

type CompiledCondition = { readonly expression: string; readonly program: CelProgram } | { readonly expression: string; readonly error: string };

/** The conditions' verdict: whether the webhook is called, or the errors that keep it from being decided. */
export type ConditionsVerdict = { readonly matches: boolean } | { readonly errors: readonly string[] };

export class MatchConditions {
  readonly #conditions: readonly CompiledCondition[];

  constructor(conditions: readonly MatchCondition[]) {
    const environment = kubernetesEnvSet().storedExpressions;
    const variables = new Map([...admissionTypeIdentifiers(false), ...admissionVariables({ hasParams: false, hasAuthorizer: true })]);
    this.#conditions = conditions.map(({ expression }) => {
      const result = compileExpression(expression, { environment, variables });
      return result.ok ? { expression, program: result.compiled.program } : { expression, error: `compilation failed: ${formatIssues(expression, result.issues)}` };
    });
  }

  get empty(): boolean {
    return this.#conditions.length === 0;
  }

  /** Evaluates every condition for the request; any false one decides at once. */
  evaluate(attributes: AdmissionAttributes, invocation: Invocation): ConditionsVerdict {
    const variables = conditionVariables(attributes, invocation);
    const errors: string[] = [];
    let budget = runtimeCelCostBudgetMatchConditions;
    for (const condition of this.#conditions) {
      if ('error' in condition) {
        errors.push(condition.error);
        continue;
      }
      const { value, cost, costLimitExceeded } = condition.program.evaluateWithCost(variables, { costLimit: budget });
      budget -= cost;
      if (costLimitExceeded || budget < 0) return { errors: [`expression '${condition.expression}' resulted in error: ${costLimitExceededMessage}`] };
      if (value === false) return { matches: false };
      if (value instanceof CelError) errors.push(`expression '${condition.expression}' resulted in error: ${value.message}`);
      else if (value !== true) errors.push(`expression '${condition.expression}' resulted in error: no such overload`);
    }
    return errors.length === 0 ? { matches: true } : { errors };
  }
}

/** kube's admission CEL activation for a webhook: the objects as JSON values, the request as CreateAdmissionRequest makes it. */
function conditionVariables(attributes: AdmissionAttributes, invocation: Invocation): Record<string, unknown> {
  const json = (object: unknown): unknown => (object === undefined ? null : celValueOfJsonText(JSON.stringify(object)));
  const { userInfo } = attributes;
  return {
    object: json(attributes.object),
    oldObject: json(attributes.oldObject),
    namespaceObject: null,
    request: {
      kind: invocation.kind,
      resource: invocation.resource,
      subResource: attributes.subresource,
      requestKind: attributes.kind,
      requestResource: { group: attributes.resource.group, version: attributes.resource.version, resource: attributes.resource.resource },
      requestSubResource: attributes.subresource,
      name: attributes.name,
      namespace: attributes.namespace,
      operation: attributes.operation,
      userInfo: { username: userInfo.username, uid: userInfo.uid, groups: [...userInfo.groups], extra: userInfo.extra },
      dryRun: attributes.dryRun,
      options: null,
    },
  };
}
