// scheduler_queue_incoming_pods_total as the scheduling queue counts it: each pod entering activeQ,
// backoffQ or the unschedulable pods, under kube's label of why (UnschedulablePodAdd,
// ScheduleAttemptFailure, a cluster event's label, BackoffComplete, PopFromBackoffQ).

import test from 'ava';
import { legacyRegistry } from '@capstan/common/metrics';
import { SchedulingQueue } from '../src/scheduler/scheduling-queue.ts';

async function incoming(): Promise<Record<string, number>> {
  const { body } = await legacyRegistry.expose(undefined);
  const found: Record<string, number> = {};
  for (const match of body.matchAll(/^scheduler_queue_incoming_pods_total\{event="([^"]+)",queue="([^"]+)"\} (\S+)$/gm)) found[`${match[2]}/${match[1]}`] = Number(match[3]);
  return found;
}

test('pods entering the queues are counted by queue and event', async (t) => {
  const queue = new SchedulingQueue({ initialBackoffMs: 50, maxBackoffMs: 50 });
  // The queue's backoff timer does not hold the process open; this does, while the test waits on it.
  const keepAlive = setInterval(() => {}, 1000);
  t.teardown(() => {
    clearInterval(keepAlive);
    queue.close();
  });
  queue.add('ns/a', 0);
  queue.add('ns/b', 0);
  const a = await queue.pop();
  const b = await queue.pop();
  // a: rejected by the filters, waits as unschedulable; b: an error, backs off.
  queue.requeue(a!, true);
  queue.requeue(b!, false);
  t.deepEqual(await incoming(), { 'active/UnschedulablePodAdd': 2, 'unschedulable/ScheduleAttemptFailure': 1, 'backoff/ScheduleAttemptFailure': 1 });
  // A node appears: a is still within its backoff, so it goes to backoffQ under the event's label.
  queue.moveAllToActiveOrBackoff('NodeAdd');
  // With activeQ empty, the first pod out of backoffQ is taken at once.
  const next = await queue.pop();
  t.is(next?.key, 'ns/a');
  queue.requeue(next!, false);
  // b's error backoff ends: the timer moves it to activeQ.
  const last = await queue.pop();
  t.truthy(last);
  const counts = await incoming();
  t.is(counts['backoff/NodeAdd'], 1);
  t.is(counts['active/PopFromBackoffQ'], 1);
  t.is(counts['backoff/ScheduleAttemptFailure'], 2);
  t.is((counts['active/BackoffComplete'] ?? 0) + (counts['active/PopFromBackoffQ'] ?? 0), 2, JSON.stringify(counts));
});
