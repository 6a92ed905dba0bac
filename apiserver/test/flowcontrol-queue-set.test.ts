// Fair queuing of one priority level (kube's queueset) on a clock the test moves: shuffle
// sharding deals each flow distinct queues, the fairest head goes first, seats bound what runs,
// and requests past the limits are rejected with kube's reasons.

import test from 'ava';
import fc from 'fast-check';
import { QueueSet, type HeldSeats, type RejectReason, type RequestDescription } from '../src/flowcontrol/queue-set.ts';
import { dealHand, flowHash } from '../src/flowcontrol/shuffle-sharding.ts';
import { parseRequestInfo } from '../src/request-info/request-info.ts';
import { oneSeat, type WorkEstimate } from '../src/flowcontrol/work-estimate.ts';
import { allocateConcurrency, levelLimits } from '../src/flowcontrol/concurrency-allocation.ts';
import { DroppedRequests } from '../src/flowcontrol/dropped-requests.ts';

test('a hand is handSize distinct queues of the deck, the same for the same flow', (t) => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.integer({ min: 1, max: 128 }), fc.integer({ min: 1, max: 8 }), (hash, deck, size) => {
      const handSize = Math.min(size, deck);
      const hand = dealHand(hash, deck, handSize);
      return hand.length === handSize && new Set(hand).size === handSize && hand.every((card) => card >= 0 && card < deck);
    }),
  );
  t.deepEqual(dealHand(flowHash('global-default', 'alice'), 128, 6), dealHand(flowHash('global-default', 'alice'), 128, 6));
  t.notDeepEqual(dealHand(flowHash('global-default', 'alice'), 128, 6), dealHand(flowHash('global-default', 'bob'), 128, 6));
});

test('every queue of a small deck is dealt to some flow', (t) => {
  const seen = new Set<number>();
  for (let i = 0; i < 200; i++) for (const card of dealHand(flowHash('fs', `user-${i}`), 16, 4)) seen.add(card);
  t.is(seen.size, 16);
});

class Clock {
  now = 1_000_000;
  readonly read = (): number => this.now;
}

const description = (flow: string): RequestDescription => ({ flowSchemaName: 'fs', distinguisher: flow, userName: flow, info: parseRequestInfo('GET', '/api/v1/pods') });
const never = new AbortController().signal;

/** Starts a request; answers its promise and, once settled, its outcome. */
function start(set: QueueSet, flow: string, estimate: WorkEstimate = oneSeat, signal: AbortSignal = never) {
  const tracked: { outcome: HeldSeats | RejectReason | undefined; promise: Promise<HeldSeats | RejectReason> } = { outcome: undefined, promise: undefined as never };
  tracked.promise = set.start(description(flow), estimate, flowHash('fs', flow), signal).then((outcome) => (tracked.outcome = outcome));
  return tracked;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));
const seatsOf = (outcome: HeldSeats | RejectReason | undefined): HeldSeats => {
  if (outcome === undefined || typeof outcome === 'string') throw new Error(`not dispatched: ${String(outcome)}`);
  return outcome;
};

test('requests run while seats are free and wait for them after; a release lets the next one run', async (t) => {
  const set = new QueueSet({ queues: 8, handSize: 2, queueLengthLimit: 10 }, 2, new Clock().read);
  const a = start(set, 'a');
  const b = start(set, 'b');
  const c = start(set, 'c');
  await settled();
  t.truthy(a.outcome);
  t.truthy(b.outcome);
  t.is(c.outcome, undefined);
  t.is(set.requestsWaiting, 1);
  t.is(set.seatsInUse, 2);
  seatsOf(a.outcome).release();
  await settled();
  t.truthy(c.outcome);
  t.is(set.requestsExecuting, 2);
  t.is(set.counters.dispatched, 3);
});

test('a light flow is not stuck behind a heavy flow: its requests go between the backlog of the other', async (t) => {
  const clock = new Clock();
  const set = new QueueSet({ queues: 64, handSize: 1, queueLengthLimit: 100 }, 1, clock.read);
  const order: string[] = [];
  const heavy = Array.from({ length: 12 }, () => start(set, 'heavy'));
  await settled();
  const light = Array.from({ length: 3 }, () => start(set, 'light'));
  const all = [...heavy.map((r) => ({ r, flow: 'heavy' })), ...light.map((r) => ({ r, flow: 'light' }))];
  // Serve one request at a time for 100 ms each, recording whose it was.
  const done = new Set<object>();
  for (let step = 0; step < 15; step++) {
    await settled();
    const now = all.find(({ r }) => r.outcome !== undefined && !done.has(r));
    if (now === undefined) break;
    done.add(now.r);
    order.push(now.flow);
    clock.now += 100;
    seatsOf(now.r.outcome).release();
  }
  t.is(order.length, 15);
  // The light flow's three requests are served within the first seven, not after the twelve heavy ones.
  const lastLight = order.lastIndexOf('light');
  t.true(lastLight < 7, order.join(','));
});

test('a full queue rejects with queue-full while every seat is taken; a level without queues rejects with concurrency-limit', async (t) => {
  const queued = new QueueSet({ queues: 1, handSize: 1, queueLengthLimit: 2 }, 1, new Clock().read);
  const requests = Array.from({ length: 4 }, () => start(queued, 'a'));
  await settled();
  t.is(requests[3]?.outcome, 'queue-full');
  t.is(queued.requestsWaiting, 2);
  t.is(queued.counters.rejectedByReason['queue-full'], 1);

  const rejecting = new QueueSet({ queues: 0, handSize: 0, queueLengthLimit: 0 }, 1, new Clock().read);
  const first = start(rejecting, 'a');
  const second = start(rejecting, 'b');
  await settled();
  t.truthy(first.outcome);
  t.is(second.outcome, 'concurrency-limit');
  seatsOf(first.outcome).release();
  const third = start(rejecting, 'b');
  await settled();
  t.not(third.outcome, 'concurrency-limit');
});

test('a request whose wait limit passes leaves its queue as time-out and counts as cancelled', async (t) => {
  const set = new QueueSet({ queues: 4, handSize: 2, queueLengthLimit: 10 }, 1, new Clock().read);
  const running = start(set, 'a');
  const limit = new AbortController();
  const waiting = start(set, 'b', oneSeat, limit.signal);
  await settled();
  t.is(waiting.outcome, undefined);
  limit.abort();
  await settled();
  t.is(waiting.outcome, 'time-out');
  t.is(set.requestsWaiting, 0);
  t.is(set.counters.cancelled, 1);
  t.is(set.counters.rejectedByReason['time-out'], 1);
  seatsOf(running.outcome).release();
  t.true(set.isIdle);
});

test('a request wider than the level runs alone once nothing else does; the exempt level never waits', async (t) => {
  const set = new QueueSet({ queues: 4, handSize: 2, queueLengthLimit: 10 }, 4, new Clock().read);
  const narrow = start(set, 'a');
  const wide = start(set, 'b', { initialSeats: 10, finalSeats: 0, additionalLatencyMs: 0 });
  await settled();
  t.is(wide.outcome, undefined);
  seatsOf(narrow.outcome).release();
  await settled();
  t.truthy(wide.outcome);
  t.is(set.seatsInUse, 10);

  const exempt = new QueueSet('exempt', 0, new Clock().read);
  const many = Array.from({ length: 50 }, (_, i) => start(exempt, `u${i}`));
  await settled();
  t.true(many.every((r) => r.outcome !== undefined && typeof r.outcome !== 'string'));
  t.is(exempt.requestsExecuting, 50);
});

test('nominal limits come from shares; borrowing moves limits toward demand within the bounds', (t) => {
  // The bootstrap levels' shares sum to 245 with the server's default 600 seats.
  t.deepEqual(levelLimits(600, 245, { shares: 20, lendablePercent: 50, borrowingLimitPercent: undefined }), { nominal: 49, min: 24, max: 649 });
  t.deepEqual(levelLimits(600, 245, { shares: 5, lendablePercent: 0, borrowingLimitPercent: 0 }), { nominal: 13, min: 13, max: 13 });
  // Two levels of 50 nominal seats: one idle (may lend 40), one busy: the busy one gets what the idle one lends.
  const [idle, busy] = allocateConcurrency(100, [
    { lowerBound: 10, upperBound: 100, target: 10 },
    { lowerBound: 50, upperBound: 100, target: 200 },
  ]);
  t.is(Math.round(idle as number), 10);
  t.is(Math.round(busy as number), 90);
});

test('Retry-After grows while many requests of a level are dropped and shrinks after', (t) => {
  const clock = new Clock();
  const dropped = new DroppedRequests(clock.read);
  t.is(dropped.retryAfter('pl'), 1);
  for (let second = 0; second < 4; second++) {
    for (let i = 0; i < 10; i++) dropped.record('pl');
    clock.now += 1000;
  }
  dropped.record('pl');
  t.true(dropped.retryAfter('pl') > 1);
  const high = dropped.retryAfter('pl');
  // One drop every five seconds: fewer than its value each time.
  for (let second = 0; second < 40; second++) {
    clock.now += 5000;
    dropped.record('pl');
  }
  t.true(dropped.retryAfter('pl') < high);
});
