// An Indexed Job's successPolicy: the first rule whose succeededIndexes (all of them, or
// succeededCount of them) or bare succeededCount is met makes the Job succeed early.

import type { SuccessPolicy } from '@capstan/common/api-types/batch-v1';
import { intervalsTotal, meetsIndexesRule, type OrderedIntervals, parseIndexes } from './completed-indexes.ts';

/** kube's message for the SuccessCriteriaMet condition, or undefined when no rule is met. */
export function matchSuccessPolicy(policy: SuccessPolicy | undefined, completions: number, succeeded: OrderedIntervals): string | undefined {
  if (policy === undefined || succeeded.length === 0) return undefined;
  for (const [index, rule] of policy.rules.entries()) {
    if (rule.succeededIndexes !== undefined) {
      const required = parseIndexes(rule.succeededIndexes, completions);
      if (required.length === 0) continue;
      if (meetsIndexesRule(required, succeeded, rule.succeededCount)) return `Matched rules at index ${index}`;
    } else if (rule.succeededCount !== undefined && intervalsTotal(succeeded) >= rule.succeededCount) return `Matched rules at index ${index}`;
  }
  return undefined;
}
