// GET /pods and /healthz on the agent's port. /pods answers the pods bound to the agent as a v1
// PodList (items null when there are none, as Go encodes a nil slice). /healthz runs the kubelet's
// checks — ping, log, syncloop — and answers "ok", or 500 with the checks listed and the reasons
// withheld; ?verbose lists them on success too; /healthz/<check> runs one.

import { answer, answerHttpError, answerJson, type Exchange } from './exchange.ts';
import type { ServerContext } from './server-context.ts';

export function servePods(context: ServerContext, exchange: Exchange): void {
  const items = context.pods.listPods();
  answerJson(exchange, JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: items.length === 0 ? null : items }));
}

export interface HealthCheck {
  readonly name: string;
  /** Why the check fails; undefined while it passes. */
  check(): string | undefined;
}

const healthText = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } as const;

export function serveHealthz(checks: readonly HealthCheck[], exchange: Exchange, [name]: readonly string[]): void {
  if (name !== undefined) {
    const check = checks.find((candidate) => candidate.name === name);
    if (check === undefined) return answerHttpError(exchange, 404, '404 page not found');
    const failure = check.check();
    if (failure !== undefined) return answerHttpError(exchange, 500, `internal server error: ${failure}`);
    return answer(exchange, 200, 'ok', healthText);
  }
  const results = checks.map((check) => ({ name: check.name, failure: check.check() }));
  const failed = results.some((result) => result.failure !== undefined);
  const lines = results.map((result) => (result.failure === undefined ? `[+]${result.name} ok\n` : `[-]${result.name} failed: reason withheld\n`)).join('');
  if (failed) return answer(exchange, 500, `${lines}healthz check failed\n`, healthText);
  if (exchange.url.searchParams.has('verbose')) return answer(exchange, 200, `${lines}healthz check passed\n`, healthText);
  answer(exchange, 200, 'ok', healthText);
}
