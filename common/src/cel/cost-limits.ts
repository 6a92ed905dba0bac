// The cost limits Kubernetes 1.35 puts on CEL (k8s.io/apiserver's celconfig and apiextensions'
// validation), and the messages a user sees when an expression runs past them, so that rules
// written for Capstan are refused exactly where kube-apiserver refuses them.

import { goQuote } from '../status/go-format.ts';

/** The most one evaluation of one expression may cost; past it the evaluation stops (about 0.1 s). */
export const perCallLimit = 1_000_000;

/** What all the rules of a custom resource, or of one ValidatingAdmissionPolicyBinding, may cost together (about 1 s). */
export const runtimeCelCostBudget = 10_000_000;

/** What the matchConditions of one webhook or policy binding may cost together for an object. */
export const runtimeCelCostBudgetMatchConditions = 2_500_000;

/** The largest estimated cost one CRD validation rule may have. */
export const staticEstimatedCostLimit = 10_000_000;

/** The largest estimated cost all the validation rules of one CRD may have together. */
export const staticEstimatedCrdCostLimit = 100_000_000;

/** How long a CRD rule's messageExpression may evaluate to, in bytes. */
export const maxEvaluatedMessageExpressionSizeBytes = 5 * 1024;

/** The error of an evaluation stopped by its per-call limit (cel-go's text, which Kubernetes tests for). */
export const costLimitExceededMessage = 'operation cancelled: actual cost limit exceeded';

/** Kubernetes' message once the rules of an object have spent the runtime budget (CRD rules and admission policies). */
export const outOfCostBudgetMessage = 'validation failed due to running out of cost budget, no further validation rules will be run';

/** The same for a CRD rule's messageExpression. */
export const messageExpressionOutOfBudgetMessage = 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run';

/**
 * A CRD rule stopped by the per-call limit (field.Invalid at the rule's field; no later rule of the
 * object runs); `rule` is what Kubernetes shows of it: its message if it has one, else its expression, trimmed.
 */
export const ruleCallCostExceededMessage = (rule: string): string =>
  `'${costLimitExceededMessage}': no further validation rules will be run due to call cost exceeds limit for rule: ${rule}`;

/** A CRD rule's messageExpression stopped by the per-call limit (the expression Go-quoted, %q). */
export const messageExpressionCallCostExceededMessage = (messageExpression: string): string =>
  `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${goQuote(messageExpression)}`;

/** A ValidatingAdmissionPolicy (or match condition) expression stopped by the per-call limit. */
export const admissionExpressionCostExceededMessage = (expression: string): string => `expression '${expression}' resulted in error: ${costLimitExceededMessage}`;
