// client-go's EventCorrelator for core/v1 Events, which every kube component's recorder runs
// before it writes: an event seen before (same object, type, reason and message) is written again
// as a patch of the first one's count, lastTimestamp and message; from the tenth similar event
// (same but for the message) within ten minutes, events are combined into one whose message says
// "(combined from similar events): "; and one source may write about one object 25 events at
// once, then one every five minutes (a token bucket), the rest dropped.

import { eventName } from '../event-name.ts';
import { metaTime } from '../meta-time.ts';
import { aggregateKey, type CoreEvent, eventKey, spamKey } from './core-event.ts';

/** Similar events combined from this many on (defaultAggregateMaxEvents). */
const maxSimilarEvents = 10;
/** How long similar events are counted together (defaultAggregateIntervalInSeconds). */
const aggregateIntervalMs = 600_000;
/** The spam filter's bucket: 25 events, refilled one every 300 s (defaultSpamBurst, defaultSpamQPS). */
const spamBurst = 25;
const spamRefillMs = 300_000;
/** Entries kept in each cache, as client-go's LRU caches (maxLruCacheEntries). */
const maxEntries = 4096;

/** What to write for an event: a new Event, a patch of the one written before, or nothing. */
export type Correlation =
  | { readonly action: 'create'; readonly event: CoreEvent; readonly key: string }
  | { readonly action: 'patch'; readonly event: CoreEvent; readonly key: string; readonly patch: { count: number; lastTimestamp: string; message: string } }
  | { readonly action: 'skip' };

interface Similar {
  readonly messages: Set<string>;
  at: number;
}

interface Observed {
  readonly name: string;
  readonly firstTimestamp: string;
  count: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class EventCorrelator {
  readonly #now: () => number;
  readonly #similar = new Map<string, Similar>();
  readonly #observed = new Map<string, Observed>();
  readonly #buckets = new Map<string, Bucket>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  correlate(event: CoreEvent): Correlation {
    const now = this.#now();
    const [aggregated, key] = this.#aggregate(event, now);
    const seen = this.#observed.get(key);
    let correlation: Correlation;
    if (seen === undefined) {
      remember(this.#observed, key, { name: aggregated.metadata.name, firstTimestamp: aggregated.firstTimestamp, count: aggregated.count });
      correlation = { action: 'create', event: aggregated, key };
    } else {
      seen.count += 1;
      remember(this.#observed, key, seen);
      const repeated: CoreEvent = { ...aggregated, metadata: { ...aggregated.metadata, name: seen.name }, firstTimestamp: seen.firstTimestamp, count: seen.count };
      correlation = { action: 'patch', event: repeated, key, patch: { count: repeated.count, lastTimestamp: repeated.lastTimestamp, message: repeated.message } };
    }
    return this.#spam(event, now) ? { action: 'skip' } : correlation;
  }

  /** A write that failed for good: the next such event is written as new. */
  forget(key: string): void {
    this.#observed.delete(key);
  }

  /** The event itself and its key, or from the tenth similar one on the combined event and its key. */
  #aggregate(event: CoreEvent, now: number): [CoreEvent, string] {
    const similarKey = aggregateKey(event);
    let similar = this.#similar.get(similarKey);
    if (similar === undefined || now - similar.at > aggregateIntervalMs) similar = { messages: new Set(), at: now };
    similar.messages.add(event.message);
    similar.at = now;
    remember(this.#similar, similarKey, similar);
    if (similar.messages.size < maxSimilarEvents) return [event, eventKey(event)];
    // The set stays below the limit, so that every further similar event is combined too.
    similar.messages.delete(similar.messages.values().next().value as string);
    const time = metaTime(now);
    // client-go's combined event carries no reporting fields: it is built anew from the first one's.
    return [
      {
        ...event,
        metadata: { name: eventName(event.involvedObject.name), namespace: event.metadata.namespace },
        message: `(combined from similar events): ${event.message}`,
        firstTimestamp: time,
        lastTimestamp: time,
        count: 1,
        reportingComponent: '',
        reportingInstance: '',
      },
      similarKey,
    ];
  }

  /** Whether the spam filter drops the event: its source and object have no token left. */
  #spam(event: CoreEvent, now: number): boolean {
    const key = spamKey(event);
    const bucket = this.#buckets.get(key) ?? { tokens: spamBurst, at: now };
    bucket.tokens = Math.min(spamBurst, bucket.tokens + (now - bucket.at) / spamRefillMs);
    bucket.at = now;
    remember(this.#buckets, key, bucket);
    if (bucket.tokens < 1) return true;
    bucket.tokens -= 1;
    return false;
  }
}

/** Sets an entry as the newest of a map kept to maxEntries, the oldest dropped first (an LRU). */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxEntries) map.delete(map.keys().next().value as string);
}
