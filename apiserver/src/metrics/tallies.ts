// Counters and histograms fed from plain numbers on hot paths (each watch event, each admission
// plugin, each request's filters): prom-client hashes the labels and checks them on every inc and
// observe, even through a labels() child (some microseconds each); a tally is an addition to
// fields of an object made once per label set, and is handed to prom-client when it is scraped.

import type { Counter, Histogram } from 'prom-client';

/** A counter's series, counted in a plain number. */
export interface CounterTally {
  inc(amount?: number): void;
}

/** A histogram's series, its buckets counted in plain numbers. */
export interface HistogramTally {
  observe(value: number): void;
}

interface CounterSeries<L extends string> extends CounterTally {
  readonly labels: Readonly<Record<L, string>>;
  total: number;
}

/**
 * The series of `counter` by label values, counted apart from prom-client and written into it on
 * each scrape (through its collect hook, which the registry calls before reading it).
 */
export function talliedCounter<L extends string>(counter: Counter<L>): (labels: Readonly<Record<L, string>>) => CounterTally {
  const series = new Map<string, CounterSeries<L>>();
  (counter as unknown as { collect: () => void }).collect = () => {
    counter.reset();
    for (const one of series.values()) if (one.total > 0) counter.inc(one.labels as Parameters<Counter<L>['inc']>[0] & object, one.total);
  };
  return (labels) => {
    const key = seriesKey(labels);
    let one = series.get(key);
    if (one === undefined) {
      const created: CounterSeries<L> = {
        labels: { ...labels },
        total: 0,
        inc(amount = 1) {
          created.total += amount;
        },
      };
      one = created;
      series.set(key, one);
    }
    return one;
  };
}

interface HistogramSeries<L extends string> extends HistogramTally {
  readonly labels: Readonly<Record<L, string>>;
  /** Observations per bucket, not cumulative; the last one is past every bound (+Inf). */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/** What prom-client's histogram reads its series from (its hashMap), as its getForPromString does. */
interface HistogramInternals {
  collect: () => void;
  hashMap: Record<string, { labels: Record<string, string>; bucketValues: Record<number, number>; sum: number; count: number }>;
}

/**
 * The series of `histogram` (with these `buckets`, as it was made with) by label values, counted
 * apart from prom-client and written into its series on each scrape.
 */
export function talliedHistogram<L extends string>(histogram: Histogram<L>, buckets: readonly number[]): (labels: Readonly<Record<L, string>>) => HistogramTally {
  const series = new Map<string, HistogramSeries<L>>();
  const internals = histogram as unknown as HistogramInternals;
  internals.collect = () => {
    const hashMap: HistogramInternals['hashMap'] = {};
    for (const [key, one] of series) {
      // A series nothing was observed in is not there yet, as with prom-client's own.
      if (one.count === 0) continue;
      const bucketValues: Record<number, number> = {};
      buckets.forEach((bound, i) => {
        bucketValues[bound] = one.counts[i] as number;
      });
      hashMap[key] = { labels: { ...one.labels }, bucketValues, sum: one.sum, count: one.count };
    }
    internals.hashMap = hashMap;
  };
  return (labels) => {
    const key = seriesKey(labels);
    let one = series.get(key);
    if (one === undefined) {
      const created: HistogramSeries<L> = {
        labels: { ...labels },
        counts: new Float64Array(buckets.length + 1),
        sum: 0,
        count: 0,
        observe(value) {
          let i = 0;
          while (i < buckets.length && value > (buckets[i] as number)) i++;
          (created.counts[i] as number)++;
          created.sum += value;
          created.count++;
        },
      };
      one = created;
      series.set(key, one);
    }
    return one;
  };
}

const seriesKey = (labels: Readonly<Record<string, string>>): string => JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
