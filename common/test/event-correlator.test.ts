// client-go's event correlation, as every component's recorder runs it: repeats patch the first
// event, the tenth similar event (same but for the message) and those after it are combined into
// one, and a flood from one source about one object is cut to 25 then one each five minutes.

import test from 'ava';
import { type CoreEvent, EventCorrelator } from '../src/client/index.ts';

let clock = 0;
const event = (message: string, reason = 'FailedCreate', name = 'web'): CoreEvent => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: `${name}.${clock.toString(16)}`, namespace: 'default' },
  involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name, uid: `uid-${name}` },
  reason,
  message,
  source: { component: 'replicaset-controller' },
  firstTimestamp: new Date(clock).toISOString(),
  lastTimestamp: new Date(clock).toISOString(),
  count: 1,
  type: 'Warning',
  reportingComponent: 'replicaset-controller',
  reportingInstance: '',
});

test.beforeEach(() => {
  clock = Date.UTC(2026, 0, 1);
});

test('a repeat patches the first event: its count, lastTimestamp and message', (t) => {
  const correlator = new EventCorrelator(() => clock);
  const first = correlator.correlate(event('quota exceeded'));
  t.is(first.action, 'create');
  clock += 1000;
  const again = correlator.correlate(event('quota exceeded'));
  if (again.action !== 'patch' || first.action !== 'create') return t.fail(again.action);
  t.is(again.event.metadata.name, first.event.metadata.name);
  t.is(again.event.firstTimestamp, first.event.firstTimestamp);
  t.deepEqual(again.patch, { count: 2, lastTimestamp: new Date(clock).toISOString(), message: 'quota exceeded' });
  t.is(correlator.correlate(event('quota exceeded')).action, 'patch');
});

test('from the tenth similar event on, events are combined into one whose count grows', (t) => {
  const correlator = new EventCorrelator(() => clock);
  const actions = Array.from({ length: 12 }, (_, i) => correlator.correlate(event(`pod ${i} refused`)));
  t.deepEqual(
    actions.map((a) => a.action),
    [...Array(10).fill('create'), 'patch', 'patch'],
  );
  const combined = actions[9];
  const last = actions[11];
  if (combined?.action !== 'create' || last?.action !== 'patch') return t.fail();
  t.is(combined.event.message, '(combined from similar events): pod 9 refused');
  t.is(combined.event.count, 1);
  t.is(combined.event.reportingComponent, '');
  t.is(last.event.metadata.name, combined.event.metadata.name);
  t.deepEqual(last.patch.count, 3);
  t.is(last.patch.message, '(combined from similar events): pod 11 refused');
  // Another reason is not similar: written as itself.
  const other = correlator.correlate(event('pod 12 refused', 'SuccessfulCreate'));
  t.is(other.action === 'create' ? other.event.message : '', 'pod 12 refused');
});

test('similar events more than ten minutes apart are counted afresh', (t) => {
  const correlator = new EventCorrelator(() => clock);
  for (let i = 0; i < 9; i++) correlator.correlate(event(`pod ${i} refused`));
  clock += 600_001;
  const next = correlator.correlate(event('pod 9 refused'));
  t.is(next.action === 'create' ? next.event.message : '', 'pod 9 refused');
});

test('one source may write 25 events about one object, then one every five minutes', (t) => {
  const correlator = new EventCorrelator(() => clock);
  const written = Array.from({ length: 30 }, () => correlator.correlate(event('same again')).action !== 'skip').filter(Boolean).length;
  t.is(written, 25);
  t.is(correlator.correlate(event('same again', 'Other', 'api')).action, 'create', 'another object has its own allowance');
  clock += 300_000;
  t.not(correlator.correlate(event('same again')).action, 'skip');
  t.is(correlator.correlate(event('same again')).action, 'skip');
});

test('a forgotten event (its write failed) is created anew', (t) => {
  const correlator = new EventCorrelator(() => clock);
  const first = correlator.correlate(event('x'));
  if (first.action !== 'create') return t.fail();
  correlator.forget(first.key);
  t.is(correlator.correlate(event('x')).action, 'create');
});
