// kube's authentication metrics of the authentication filter (endpoints/filters/metrics.go): each
// attempt by result (success, failure: no credentials anybody recognised, error: credentials
// refused), its duration, and the authenticated requests by a coarse user category.

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedCounter, talliedHistogram, type CounterTally } from '../metrics/tallies.ts';
import { timedAnswer } from '../metrics/timed-answer.ts';
import { AuthenticationError, type Authenticator, type UserInfo } from './authenticator.ts';

/** kube's ExponentialBuckets(0.001, 2, 15): 1 ms to about 16 s. */
const durationBuckets = Array.from({ length: 15 }, (_, i) => 0.001 * 2 ** i);

let metrics: ReturnType<typeof defineAuthenticationMetrics> | undefined;

function defineAuthenticationMetrics() {
  const attempts = legacyRegistry.counter({ name: 'authentication_attempts', help: 'Counter of authenticated attempts.', labelNames: ['result'] });
  const duration = legacyRegistry.histogram({
    name: 'authentication_duration_seconds',
    help: 'Authentication duration in seconds broken out by result.',
    buckets: durationBuckets,
    labelNames: ['result'],
  });
  const userCounter = legacyRegistry.counter({ name: 'authenticated_user_requests', help: 'Counter of authenticated requests broken out by username.', labelNames: ['username'] });
  // The categories are few (compressUsername): their tallies are kept.
  const userSeries = talliedCounter(userCounter);
  const children = new Map<string, CounterTally>();
  const users = (username: string) => {
    const category = compressUsername(username);
    let child = children.get(category);
    if (child === undefined) {
      child = userSeries({ username: category });
      children.set(category, child);
    }
    return child;
  };
  // One tally per result, made once: the authentication of every request records through them.
  const attemptSeries = talliedCounter(attempts);
  const durationSeries = talliedHistogram(duration, durationBuckets);
  const byResult = (result: string) => ({ attempts: attemptSeries({ result }), duration: durationSeries({ result }) });
  return { success: byResult('success'), failure: byResult('failure'), error: byResult('error'), users };
}

/**
 * kube's compressUsername: a few well-known names as they are, an e-mail address as email_id,
 * anyone else as other, so that the label neither grows without bound nor names people.
 */
export function compressUsername(username: string): string {
  if (username === 'admin' || username === 'client' || username === 'kube_proxy' || username === 'kubelet' || username === 'system:serviceaccount:kube-system:default') {
    return username;
  }
  return username.includes('@') ? 'email_id' : 'other';
}

/** The authenticator, each of its answers recorded; synchronous answers stay synchronous. */
export function instrumentedAuthenticator(authenticator: Authenticator): Authenticator {
  metrics ??= defineAuthenticationMetrics();
  const recorded = metrics;
  const answered = (user: UserInfo | undefined, seconds: number): void => {
    const result = user === undefined ? recorded.failure : recorded.success;
    result.attempts.inc();
    result.duration.observe(seconds);
    if (user !== undefined) recorded.users(user.username).inc();
  };
  const failed = (error: unknown, seconds: number): void => {
    if (!(error instanceof AuthenticationError)) return;
    recorded.error.attempts.inc();
    recorded.error.duration.observe(seconds);
  };
  return { authenticate: (request) => timedAnswer(() => authenticator.authenticate(request), answered, failed) };
}
