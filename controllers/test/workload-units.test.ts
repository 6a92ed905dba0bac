// The workload controllers' shared rules without an API server: selector matching, expectations,
// slow-start batches and the scale-down order.

import type { Pod } from '@capstan/common/api-types/core-v1';
import test from 'ava';
import { ControllerExpectations, expectationsTimeoutMs } from '../src/workload/expectations.ts';
import { labelSelectorMatcher } from '../src/workload/label-selector-matcher.ts';
import { podFromTemplate, podNamePrefix } from '../src/workload/pod-control.ts';
import { activePodsWithRanksComparator, compareActivePods } from '../src/workload/pod-ranking.ts';
import { isPodAvailable } from '../src/workload/pod-state.ts';
import { slowStartBatch } from '../src/workload/slow-start.ts';

test('an absent selector selects nothing, an empty one everything, expressions as kube reads them', (t) => {
  t.false(labelSelectorMatcher(undefined)({ app: 'web' }));
  t.true(labelSelectorMatcher({})({ app: 'web' }));
  const matcher = labelSelectorMatcher({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }] });
  t.true(matcher({ app: 'web' }));
  t.false(matcher({ app: 'web', tier: 'db' }));
  t.false(matcher({ app: 'api' }));
  t.false(labelSelectorMatcher({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] })({ a: 'x' }));
});

test('expectations hold a sync back until every create and awaited delete is seen, or five minutes pass', (t) => {
  let now = 0;
  const expectations = new ControllerExpectations(() => now);
  t.true(expectations.satisfied('ns/web'));
  expectations.expectCreations('ns/web', 2);
  t.false(expectations.satisfied('ns/web'));
  expectations.creationObserved('ns/web');
  t.false(expectations.satisfied('ns/web'));
  expectations.creationObserved('ns/web');
  t.true(expectations.satisfied('ns/web'));
  expectations.expectDeletions('ns/web', ['ns/a', 'ns/b']);
  expectations.deletionObserved('ns/web', 'ns/other');
  expectations.deletionObserved('ns/web', 'ns/a');
  expectations.deletionObserved('ns/web', 'ns/a');
  t.false(expectations.satisfied('ns/web'), 'one deletion is still awaited; a repeat or a stranger does not count');
  now += expectationsTimeoutMs + 1;
  t.true(expectations.satisfied('ns/web'), 'expired');
});

test('slow start doubles its batches and stops after the first batch with a failure', async (t) => {
  const sizes: number[] = [];
  let inBatch = 0;
  let calls = 0;
  const result = await slowStartBatch(10, async () => {
    calls += 1;
    inBatch += 1;
    await Promise.resolve();
    if (inBatch > 0) {
      sizes.push(inBatch);
      inBatch = 0;
    }
  });
  t.deepEqual(result, { successes: 10 });
  t.deepEqual(sizes, [1, 2, 4, 3]);
  calls = 0;
  const failing = await slowStartBatch(10, async () => {
    calls += 1;
    if (calls >= 2) throw new Error('quota');
  });
  t.is(failing.successes, 1);
  t.is((failing.error as Error).message, 'quota');
  t.is(calls, 3, 'the batch of 2 ran whole, the next never started');
});

const at = (seconds: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString().replace('.000Z', 'Z');

function pod(name: string, fields: { node?: string; phase?: string; readySince?: number; restarts?: number; created?: number; cost?: string; uid?: string }): Pod {
  return {
    metadata: {
      name,
      uid: fields.uid ?? name,
      creationTimestamp: at(fields.created ?? 0),
      ...(fields.cost === undefined ? {} : { annotations: { 'controller.kubernetes.io/pod-deletion-cost': fields.cost } }),
    },
    spec: { containers: [{ name: 'c' }], ...(fields.node === undefined ? {} : { nodeName: fields.node }) },
    status: {
      phase: fields.phase ?? 'Running',
      conditions: fields.readySince === undefined ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: at(fields.readySince) }],
      containerStatuses: [{ name: 'c', restartCount: fields.restarts ?? 0, ready: fields.readySince !== undefined, image: 'x', imageID: '' }],
    },
  } as Pod;
}

test('the scale-down order: unassigned, pending, not ready, ready for less time, more restarts, newer first', (t) => {
  const pods = [
    pod('old-ready', { node: 'n', readySince: 10, created: 1 }),
    pod('new-ready', { node: 'n', readySince: 50, created: 2 }),
    pod('restarting', { node: 'n', readySince: 10, restarts: 3, created: 1 }),
    pod('not-ready', { node: 'n' }),
    pod('pending', { node: 'n', phase: 'Pending' }),
    pod('unassigned', { phase: 'Pending' }),
  ];
  t.deepEqual(
    [...pods].sort(compareActivePods).map((p) => p.metadata?.name),
    ['unassigned', 'pending', 'not-ready', 'new-ready', 'restarting', 'old-ready'],
  );
});

test('with ranks: a lower deletion cost and a doubled-up node go first; ready times compare on a log scale', (t) => {
  const now = Date.parse(at(1000));
  const cheap = pod('cheap', { node: 'a', readySince: 10, cost: '-5' });
  const doubled = pod('doubled', { node: 'a', readySince: 10 });
  const alone = pod('alone', { node: 'b', readySince: 10 });
  const ranks = new Map([
    ['cheap', 1],
    ['doubled', 1],
    ['alone', 0],
  ]);
  const compare = activePodsWithRanksComparator((p) => ranks.get(p.metadata?.name ?? '') ?? 0, now);
  t.deepEqual(
    [alone, doubled, cheap].sort(compare).map((p) => p.metadata?.name),
    ['cheap', 'doubled', 'alone'],
  );
  // Ready 990 s and 985 s ago share a log2 rank: the uid decides, not the few seconds.
  const a = pod('a', { node: 'x', readySince: 10, uid: 'b-uid' });
  const b = pod('b', { node: 'x', readySince: 15, uid: 'a-uid' });
  t.deepEqual(
    [a, b].sort(activePodsWithRanksComparator(() => 0, now)).map((p) => p.metadata?.name),
    ['b', 'a'],
  );
  t.true(compareActivePods(a, b) > 0, 'without ranks the later-ready pod goes first');
});

test('availability waits more than minReadySeconds after the Ready transition', (t) => {
  const ready = pod('p', { node: 'n', readySince: 100 });
  t.false(isPodAvailable(ready, 10, Date.parse(at(105))));
  t.false(isPodAvailable(ready, 10, Date.parse(at(110))), 'kube wants strictly more than minReadySeconds');
  t.true(isPodAvailable(ready, 10, Date.parse(at(111))));
  t.true(isPodAvailable(ready, 0, Date.parse(at(100))));
  t.false(isPodAvailable(pod('q', { node: 'n' }), 0, Date.parse(at(100))));
});

test('a pod from a template carries its labels, annotations, finalizers and spec, named after its owner', (t) => {
  const made = podFromTemplate(
    { metadata: { labels: { app: 'web' }, annotations: { a: '1' }, finalizers: ['f'] }, spec: { containers: [{ name: 'c', image: 'x' }] } },
    'web-5d4f8',
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d4f8', uid: 'u', controller: true, blockOwnerDeletion: true },
  );
  t.like(made.metadata, { generateName: 'web-5d4f8-', labels: { app: 'web' }, annotations: { a: '1' }, finalizers: ['f'] });
  t.is(made.metadata?.ownerReferences?.[0]?.uid, 'u');
  t.is(made.spec?.containers[0]?.image, 'x');
  t.is(podNamePrefix('x'.repeat(252)), `${'x'.repeat(252)}-`);
  t.is(podNamePrefix('x'.repeat(253)), 'x'.repeat(253));
});
