// The tallies of hot paths expose what prom-client's own counters and histograms would.

import test from 'ava';
import { Counter, Histogram, Registry } from 'prom-client';
import { talliedCounter, talliedHistogram } from '../src/metrics/tallies.ts';

const buckets = [0.1, 1, 10];

test('a tallied histogram and counter are scraped as the same observations made through prom-client', async (t) => {
  const direct = new Registry();
  const tallied = new Registry();
  const make = (registers: Registry[]) => ({
    histogram: new Histogram({ name: 'latency_seconds', help: 'h', labelNames: ['verb'], buckets, registers }),
    counter: new Counter({ name: 'events_total', help: 'c', labelNames: ['verb'], registers }),
  });
  const plain = make([direct]);
  const fast = make([tallied]);
  const series = talliedHistogram(fast.histogram, buckets);
  const counts = talliedCounter(fast.counter);
  const get = series({ verb: 'GET' });
  const list = series({ verb: 'LIST' });
  // Asked for, never observed: not exposed, as prom-client exposes no series before its first observation.
  series({ verb: 'WATCH' });
  counts({ verb: 'WATCH' });
  for (const value of [0.05, 0.1, 0.5, 3, 11, 40]) {
    plain.histogram.observe({ verb: 'GET' }, value);
    get.observe(value);
    plain.counter.inc({ verb: 'GET' });
    counts({ verb: 'GET' }).inc();
  }
  plain.histogram.observe({ verb: 'LIST' }, 2);
  list.observe(2);
  plain.counter.inc({ verb: 'LIST' }, 5);
  counts({ verb: 'LIST' }).inc(5);
  t.is(await tallied.metrics(), await direct.metrics());
  // Scraped again, nothing is counted twice.
  t.is(await tallied.metrics(), await direct.metrics());
});
