// kube's work estimator (request-work-estimator.ts): a list takes seats for the memory it reads,
// capped by its level; a write to a much-watched resource keeps seats after it ends; anything else
// takes one seat. And the debug dumps' columns are Go tabwriter's.

import test from 'ava';
import { estimateWork, type WorkEstimatorSources } from '../src/flowcontrol/request-work-estimator.ts';
import { alignColumns, row } from '../src/flowcontrol/tab-writer.ts';
import { WatchTracker } from '../src/flowcontrol/watch-tracker.ts';
import { parseRequestInfo } from '../src/request-info/request-info.ts';

const sources = (objectCount: number, averageBytes: number, watches = new WatchTracker()): WorkEstimatorSources => ({
  objectStats: () => ({ objectCount, averageBytes }),
  interestedWatchCount: (info) => watches.interestedWatchCount(info),
  watchList: true,
});

function estimate(method: string, path: string, levelMaxSeats: number, from: WorkEstimatorSources) {
  const url = new URL(path, 'https://capstan');
  return estimateWork(parseRequestInfo(method, url), url.searchParams, levelMaxSeats, from);
}

test('a list takes a seat per 100 kB it reads, a cached list at most 1 MB, capped by its level and at least one', (t) => {
  // 5,000 objects of 1.3 kB: 6.5 MB, but from the watch cache counted as 1 MB: 10 seats.
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps', 0, sources(5000, 1300)).initialSeats, 10);
  // global-default's cap: min(15% of 49, 49 / handSize 6) = 8.
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps', 8, sources(5000, 1300)).initialSeats, 8);
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps?limit=100', 0, sources(5000, 1300)).initialSeats, 2);
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps', 0, sources(10, 1000)).initialSeats, 1);
  // A continued page is read from the store, not the cache: all it reads counts.
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps?limit=2000&continue=abc', 0, sources(5000, 1300)).initialSeats, 26);
  // A get is one seat whatever the resource holds.
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps/one', 0, sources(5000, 1300)).initialSeats, 1);
  // A watch from now sends no initial events: one seat; one from "" sends them all, as a list would.
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps?watch=1&resourceVersion=55', 0, sources(5000, 1300)).initialSeats, 1);
  t.is(estimate('GET', '/api/v1/namespaces/a/configmaps?watch=1', 0, sources(5000, 1300)).initialSeats, 10);
});

test('a write to a resource with many interested watches keeps seats after it, for their events', (t) => {
  const watches = new WatchTracker();
  const forget = Array.from({ length: 35 }, () => watches.register(parseRequestInfo('GET', '/api/v1/pods?watch=1')));
  watches.register(parseRequestInfo('GET', '/api/v1/namespaces/other/pods?watch=1'));
  const write = estimate('PUT', '/api/v1/namespaces/a/pods/p', 0, sources(10, 1000, watches));
  t.deepEqual(write, { initialSeats: 1, finalSeats: 4, additionalLatencyMs: 5 });
  // The watches of another namespace do not see it; a token request writes nothing watched.
  t.is(watches.interestedWatchCount(parseRequestInfo('PUT', '/api/v1/namespaces/other/pods/p')), 36);
  t.deepEqual(estimate('POST', '/api/v1/namespaces/a/serviceaccounts/default/token', 0, sources(10, 1000, watches)).finalSeats, 0);
  for (const done of forget) done();
  t.deepEqual(estimate('PUT', '/api/v1/namespaces/a/pods/p', 0, sources(10, 1000, watches)), { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 });
});

test('the dumps align columns as Go tabwriter (minwidth 8, padding 1): the last column is not padded', (t) => {
  const text = alignColumns([row(['PriorityLevelName', 'IsIdle', 'X']), row(['exempt', 'true', 'longer value'])]);
  t.is(text, 'PriorityLevelName, IsIdle, X\nexempt,            true,   longer value\n');
});
