// kube's ValidatingAdmissionPolicy metrics (admission/plugin/policy/validating/metrics): each
// decision that acted (a denial by each of its binding's validationActions, an error a policy with
// failurePolicy Ignore let pass) counted and timed by policy, binding, error type and action. A
// validation that passes is not counted, as in kube. Tallied (metrics/tallies.ts).

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedCounter, talliedHistogram, type CounterTally, type HistogramTally } from '../../metrics/tallies.ts';

const checkBuckets = [0.0000005, 0.001, 0.01, 0.1, 1.0];

/** kube's enforcement_action label. */
export type EnforcementAction = 'allow' | 'deny' | 'audit' | 'warn';
/** kube's error_type label. */
export type PolicyCheckErrorType = 'compile_error' | 'invalid_error' | 'out_of_budget';

type Labels = 'policy' | 'policy_binding' | 'error_type' | 'enforcement_action';

let tallies:
  | { readonly check: (labels: Readonly<Record<Labels, string>>) => CounterTally; readonly duration: (labels: Readonly<Record<Labels, string>>) => HistogramTally }
  | undefined;
const series = new Map<string, { readonly check: CounterTally; readonly duration: HistogramTally }>();

/** Registered at start, as kube registers them. */
export function policyCheckMetrics(): NonNullable<typeof tallies> {
  tallies ??= {
    check: talliedCounter(
      legacyRegistry.counter({
        name: 'apiserver_validating_admission_policy_check_total',
        help: 'Validation admission policy check total, labeled by policy and further identified by binding and enforcement action taken.',
        stabilityLevel: 'BETA',
        labelNames: ['policy', 'policy_binding', 'error_type', 'enforcement_action'],
      }),
    ),
    duration: talliedHistogram(
      legacyRegistry.histogram({
        name: 'apiserver_validating_admission_policy_check_duration_seconds',
        help: 'Validation admission latency for individual validation expressions in seconds, labeled by policy and further including binding and enforcement action taken.',
        stabilityLevel: 'BETA',
        buckets: checkBuckets,
        labelNames: ['policy', 'policy_binding', 'error_type', 'enforcement_action'],
      }),
      checkBuckets,
    ),
  };
  return tallies;
}

/**
 * kube's ErrorType of a decision that acted, by its message: every such decision is a denial or an
 * error, never an admission, so kube's no_error does not occur and a validation that came out false
 * is an invalid_error, as kube labels it.
 */
export function policyCheckErrorType(message: string): PolicyCheckErrorType {
  if (message.startsWith('compilation')) return 'compile_error';
  if (message.startsWith('validation failed due to running out of cost budget')) return 'out_of_budget';
  return 'invalid_error';
}

export function observePolicyCheck(policy: string, binding: string, errorType: PolicyCheckErrorType, action: EnforcementAction, seconds: number): void {
  const key = `${policy} ${binding} ${errorType} ${action}`;
  let one = series.get(key);
  if (one === undefined) {
    const labels = { policy, policy_binding: binding, error_type: errorType, enforcement_action: action };
    const { check, duration } = policyCheckMetrics();
    one = { check: check(labels), duration: duration(labels) };
    series.set(key, one);
  }
  one.check.inc();
  one.duration.observe(seconds);
}
