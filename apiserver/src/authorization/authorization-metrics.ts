// kube's authorization metrics: the authorization filter's attempts and their duration by result
// (allowed, denied, no-opinion, error; endpoints/filters/metrics.go), and the terminal decisions
// of each authorizer of --authorization-mode by its type and name
// (apiserver_authorization_decisions_total, authorization/metrics).

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedCounter, talliedHistogram } from '../metrics/tallies.ts';
import { timedAnswer } from '../metrics/timed-answer.ts';
import type { AuthorizationDecision, Authorizer } from './authorizer.ts';

/** kube's ExponentialBuckets(0.001, 2, 15): 1 ms to about 16 s. */
const durationBuckets = Array.from({ length: 15 }, (_, i) => 0.001 * 2 ** i);

let filterMetrics: ReturnType<typeof defineFilterMetrics> | undefined;
let decisionSeries: ReturnType<typeof talliedCounter<'type' | 'name' | 'decision'>> | undefined;

function defineFilterMetrics() {
  const attempts = legacyRegistry.counter({
    name: 'apiserver_authorization_attempts_total',
    help: "Counter of authorization attempts broken down by result. It can be either 'allowed', 'denied', 'no-opinion' or 'error'.",
    labelNames: ['result'],
  });
  const duration = legacyRegistry.histogram({
    name: 'apiserver_authorization_duration_seconds',
    help: 'Authorization duration in seconds broken out by result.',
    buckets: durationBuckets,
    labelNames: ['result'],
  });
  const attemptSeries = talliedCounter(attempts);
  const durationSeries = talliedHistogram(duration, durationBuckets);
  const byResult = (result: string) => ({ attempts: attemptSeries({ result }), duration: durationSeries({ result }) });
  return { allow: byResult('allowed'), deny: byResult('denied'), noOpinion: byResult('no-opinion'), error: byResult('error') };
}

/** The authorization filter's authorizer, each answer recorded; synchronous answers stay synchronous. */
export function instrumentedAuthorizer(authorizer: Authorizer): Authorizer {
  filterMetrics ??= defineFilterMetrics();
  const recorded = filterMetrics;
  const answered = (decision: AuthorizationDecision, seconds: number): void => {
    const result = recorded[decision.decision];
    result.attempts.inc();
    result.duration.observe(seconds);
  };
  const failed = (_error: unknown, seconds: number): void => {
    recorded.error.attempts.inc();
    recorded.error.duration.observe(seconds);
  };
  const instrumented: Authorizer = { authorize: (attributes) => timedAnswer(() => authorizer.authorize(attributes), answered, failed) };
  if (authorizer.rulesFor !== undefined) instrumented.rulesFor = authorizer.rulesFor.bind(authorizer);
  return instrumented;
}

/**
 * One authorizer of the modes, its allow and deny decisions counted under its type (the mode,
 * e.g. RBAC) and name (kube names the authorizers of --authorization-mode after their mode in lower case).
 */
export function withDecisionMetrics(type: string, name: string, authorizer: Authorizer): Authorizer {
  const decisions = legacyRegistry.counter({
    name: 'apiserver_authorization_decisions_total',
    help: 'Total number of terminal decisions made by an authorizer split by authorizer type, name, and decision.',
    labelNames: ['type', 'name', 'decision'],
  });
  decisionSeries ??= talliedCounter(decisions);
  const allowed = decisionSeries({ type, name, decision: 'allowed' });
  const denied = decisionSeries({ type, name, decision: 'denied' });
  const count = (decision: AuthorizationDecision): AuthorizationDecision => {
    if (decision.decision === 'allow') allowed.inc();
    else if (decision.decision === 'deny') denied.inc();
    return decision;
  };
  const instrumented: Authorizer = {
    authorize(attributes) {
      const answer = authorizer.authorize(attributes);
      return answer instanceof Promise ? answer.then(count) : count(answer);
    },
  };
  if (authorizer.rulesFor !== undefined) instrumented.rulesFor = authorizer.rulesFor.bind(authorizer);
  return instrumented;
}
