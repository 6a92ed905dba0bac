// The node lifecycle controller's parts on their own, on a fake clock where time matters: the
// per-zone rate-limited queue, zone states, node health bookkeeping, and toleration matching.

import test from 'ava';
import type { Node } from '../src/node-lifecycle/api-types.ts';
import { observeNodeHealth, silentNodeConditions } from '../src/node-lifecycle/node-health.ts';
import { noScheduleTaintChanges } from '../src/node-lifecycle/no-schedule-taints.ts';
import { RateLimitedTimedQueue, type TimedValue } from '../src/node-lifecycle/rate-limited-timed-queue.ts';
import { matchingTolerations, minTolerationTimeMs } from '../src/node-lifecycle/tolerations.ts';
import { computeZoneState, zoneKey } from '../src/node-lifecycle/zone-state.ts';

function fakeClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function drain(queue: RateLimitedTimedQueue): Promise<string[]> {
  const taken: string[] = [];
  await queue.try(async (value: TimedValue) => {
    taken.push(value.value);
    return { done: true };
  });
  return taken;
}

test('the queue hands out one value per token: the first at once, then one per 1/rate seconds', async (t) => {
  const clock = fakeClock();
  const queue = new RateLimitedTimedQueue(0.5, clock.now);
  for (const name of ['a', 'b', 'c']) t.true(queue.add(name, `uid-${name}`));
  t.false(queue.add('a', 'uid-a'), 'a value is queued once');
  t.deepEqual(await drain(queue), ['a']);
  clock.advance(1999);
  t.deepEqual(await drain(queue), []);
  clock.advance(1);
  t.deepEqual(await drain(queue), ['b']);
  clock.advance(2000);
  t.deepEqual(await drain(queue), ['c']);
  // Taken values stay known until removed.
  t.false(queue.add('a', 'uid-a'));
  t.true(queue.remove('a'));
  t.true(queue.add('a', 'uid-a'));
});

test('rate 0 takes nothing; a new rate resumes, its first token spent if the old limiter was waiting', async (t) => {
  const clock = fakeClock();
  const queue = new RateLimitedTimedQueue(1, clock.now);
  queue.add('a', '');
  queue.add('b', '');
  t.deepEqual(await drain(queue), ['a']);
  queue.swapLimiter(0);
  clock.advance(10_000);
  t.deepEqual(await drain(queue), []);
  queue.swapLimiter(2);
  // The never-limiter refuses, so the new bucket starts drained: half a second to the next token.
  t.deepEqual(await drain(queue), []);
  clock.advance(500);
  t.deepEqual(await drain(queue), ['b']);
});

test('a value the action is not done with comes back after its delay', async (t) => {
  const clock = fakeClock();
  const queue = new RateLimitedTimedQueue(1000, clock.now);
  queue.add('a', '');
  let tries = 0;
  const action = async () => {
    tries++;
    return tries === 1 ? ({ done: false, retryAfterMs: 50 } as const) : ({ done: true } as const);
  };
  await queue.try(action);
  t.is(tries, 1);
  t.true(queue.has('a'));
  clock.advance(20);
  await queue.try(action);
  t.is(tries, 1);
  clock.advance(40);
  await queue.try(action);
  t.is(tries, 2);
  t.false(queue.has('a'));
});

test('zone state: no Ready node is full disruption; 3 or more not Ready making the threshold share is partial', (t) => {
  const ready = { type: 'Ready', status: 'True' } as const;
  const unknown = { type: 'Ready', status: 'Unknown' } as const;
  t.deepEqual(computeZoneState([unknown, undefined], 0.55), { notReady: 2, state: 'FullDisruption' });
  t.deepEqual(computeZoneState([unknown, unknown, ready], 0.55), { notReady: 2, state: 'Normal' });
  t.deepEqual(computeZoneState([unknown, unknown, unknown, ready, ready, ready], 0.55), { notReady: 3, state: 'Normal' });
  t.deepEqual(computeZoneState([unknown, unknown, unknown, ready], 0.55), { notReady: 3, state: 'PartialDisruption' });
  t.deepEqual(computeZoneState([ready], 0.55), { notReady: 0, state: 'Normal' });
  // 11 of 20 is exactly 0.55.
  t.is(computeZoneState([...Array(11).fill(unknown), ...Array(9).fill(ready)], 0.55).state, 'PartialDisruption');
});

test('the zone key is region and zone, stable or beta labels', (t) => {
  const node = (labels: Record<string, string>): Node => ({ metadata: { name: 'n', labels } });
  t.is(zoneKey(node({})), '');
  t.is(zoneKey(node({ 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': 'z' })), 'r:\0:z');
  t.is(zoneKey(node({ 'failure-domain.beta.kubernetes.io/region': 'r', 'failure-domain.beta.kubernetes.io/zone': 'z' })), 'r:\0:z');
  t.is(zoneKey(node({ 'topology.kubernetes.io/zone': 'z' })), ':\0:z');
});

test('health: a new heartbeat or a renewed Lease is a report seen now; an old one is not', (t) => {
  const periods = { monitorGracePeriodMs: 40_000, startupGracePeriodMs: 60_000 };
  const ready = (heartbeat: string) => ({ type: 'Ready', status: 'True', lastHeartbeatTime: heartbeat, lastTransitionTime: '2025-01-01T00:00:00Z' }) as const;
  const node = (heartbeat: string): Node => ({ metadata: { name: 'n', creationTimestamp: '2025-01-01T00:00:00Z' }, status: { conditions: [ready(heartbeat)] } });
  const lease = (renew: string) => ({ metadata: { name: 'n' }, spec: { renewTime: renew } });

  const first = observeNodeHealth(node('2025-01-01T00:01:00Z'), undefined, lease('2025-01-01T00:01:00.000001Z'), 1000, periods);
  t.is(first.health.probeTimestamp, 1000);
  t.is(first.gracePeriodMs, 40_000);
  const same = observeNodeHealth(node('2025-01-01T00:01:00Z'), first.health, lease('2025-01-01T00:01:00.000001Z'), 5000, periods);
  t.is(same.health.probeTimestamp, 1000);
  const renewed = observeNodeHealth(node('2025-01-01T00:01:00Z'), same.health, lease('2025-01-01T00:01:00.000002Z'), 9000, periods);
  t.is(renewed.health.probeTimestamp, 9000, 'a microsecond later is a renewal');
  const beat = observeNodeHealth(node('2025-01-01T00:01:10Z'), renewed.health, lease('2025-01-01T00:01:00.000002Z'), 12_000, periods);
  t.is(beat.health.probeTimestamp, 12_000);
  t.is(beat.health.readyTransitionTimestamp, 1000, 'the Ready condition did not transition');

  // A Node that never posted Ready counts from its creation, with the startup grace period.
  const mute: Node = { metadata: { name: 'm', creationTimestamp: '2025-01-01T00:00:00Z' } };
  const never = observeNodeHealth(mute, undefined, undefined, Date.parse('2025-01-01T00:00:30Z'), periods);
  t.is(never.health.probeTimestamp, Date.parse('2025-01-01T00:00:00Z'));
  t.is(never.gracePeriodMs, 60_000);
  t.like(never.observedReady, { status: 'Unknown', lastHeartbeatTime: '2025-01-01T00:00:00Z' });
});

test('a silent node keeps the heartbeats of its conditions; NetworkUnavailable and already Unknown ones are left alone', (t) => {
  const node: Node = {
    metadata: { name: 'n', creationTimestamp: '2025-01-01T00:00:00Z' },
    status: {
      conditions: [
        { type: 'NetworkUnavailable', status: 'False', reason: 'RouteCreated', lastHeartbeatTime: '2025-01-01T00:00:05Z', lastTransitionTime: '2025-01-01T00:00:05Z' },
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastHeartbeatTime: '2025-01-01T00:01:00Z',
          lastTransitionTime: '2025-01-01T00:00:10Z',
        },
        { type: 'DiskPressure', status: 'Unknown', reason: 'Mine', lastHeartbeatTime: '2025-01-01T00:01:00Z', lastTransitionTime: '2025-01-01T00:00:10Z' },
      ],
    },
  };
  t.deepEqual(silentNodeConditions(node, Date.parse('2025-01-01T00:02:00.500Z')), [
    { type: 'NetworkUnavailable', status: 'False', reason: 'RouteCreated', lastHeartbeatTime: '2025-01-01T00:00:05Z', lastTransitionTime: '2025-01-01T00:00:05Z' },
    {
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
      lastHeartbeatTime: '2025-01-01T00:01:00Z',
      lastTransitionTime: '2025-01-01T00:02:00Z',
    },
    { type: 'DiskPressure', status: 'Unknown', reason: 'Mine', lastHeartbeatTime: '2025-01-01T00:01:00Z', lastTransitionTime: '2025-01-01T00:00:10Z' },
    {
      type: 'MemoryPressure',
      status: 'Unknown',
      reason: 'NodeStatusNeverUpdated',
      message: 'Kubelet never posted node status.',
      lastHeartbeatTime: '2025-01-01T00:00:00Z',
      lastTransitionTime: '2025-01-01T00:02:00Z',
    },
    {
      type: 'PIDPressure',
      status: 'Unknown',
      reason: 'NodeStatusNeverUpdated',
      message: 'Kubelet never posted node status.',
      lastHeartbeatTime: '2025-01-01T00:00:00Z',
      lastTransitionTime: '2025-01-01T00:02:00Z',
    },
  ]);
});

test('NoSchedule taint changes leave foreign taints and NoExecute ones alone', (t) => {
  const node: Node = {
    metadata: { name: 'n' },
    spec: {
      taints: [
        { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
        { key: 'example.com/x', effect: 'NoSchedule' },
      ],
    },
    status: {
      conditions: [
        { type: 'Ready', status: 'Unknown' },
        { type: 'MemoryPressure', status: 'True' },
      ],
    },
  };
  t.deepEqual(noScheduleTaintChanges(node), {
    toAdd: [
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' },
    ],
    toRemove: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }],
  });
});

test('tolerations: each taint needs one; the shortest tolerationSeconds of those used counts', (t) => {
  const taints = [
    { key: 'a', effect: 'NoExecute' },
    { key: 'b', value: 'v', effect: 'NoExecute' },
  ] as const;
  t.is(matchingTolerations(taints, [{ key: 'a', operator: 'Exists' }]), undefined);
  t.is(
    matchingTolerations(taints, [
      { key: 'a', operator: 'Exists' },
      { key: 'b', value: 'w' },
    ]),
    undefined,
  );
  t.is(matchingTolerations(taints, [{ operator: 'Exists', effect: 'NoSchedule' }]), undefined);
  const used = matchingTolerations(taints, [
    { key: 'a', operator: 'Exists', tolerationSeconds: 30 },
    { key: 'b', value: 'v', effect: 'NoExecute', tolerationSeconds: 10 },
  ]);
  t.is(minTolerationTimeMs(used ?? []), 10_000);
  t.is(minTolerationTimeMs(matchingTolerations(taints, [{ operator: 'Exists' }]) ?? []), Infinity);
  t.is(minTolerationTimeMs([{ operator: 'Exists', tolerationSeconds: -5 }]), 0);
});
