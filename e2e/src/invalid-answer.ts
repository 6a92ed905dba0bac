// What a test reads of a JSON answer, and the check that it is kube's 422 Invalid with exactly the
// message and the causes (their fields, in order) kube-apiserver would give.

import type { ExecutionContext } from 'ava';

export interface Answer {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the answers they check
  readonly body: Record<string, any>;
}

/** A 422 with exactly this message, and causes naming these fields in this order. */
export function assertInvalid(t: ExecutionContext, answer: Answer, message: string, fields: readonly string[]): void {
  t.is(answer.status, 422, JSON.stringify(answer.body));
  t.is(answer.body.reason, 'Invalid');
  t.is(answer.body.message, message);
  t.deepEqual(
    answer.body.details.causes.map((cause: { field: string }) => cause.field),
    fields,
  );
}
