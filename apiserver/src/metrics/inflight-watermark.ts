// apiserver_current_inflight_requests: the most requests that were in flight at once during the
// last full second, read-only and mutating apart, as kube's max-in-flight filter reports them.
// Long-running requests (watches, streams) hold no slot and are not counted. A flow-control layer
// that keeps its own counts can report through the same functions.

import { legacyRegistry } from '@capstan/common/metrics';

export type RequestKind = 'readOnly' | 'mutating';

const windowMs = 1000;

class Watermark {
  current = 0;
  #max = 0;
  #published = 0;
  #windowStart = Date.now();

  change(delta: number, now: number): void {
    this.#roll(now);
    this.current += delta;
    if (this.current > this.#max) this.#max = this.current;
  }

  /** The most in flight during the last full window. */
  lastSecond(now: number): number {
    this.#roll(now);
    return this.#published;
  }

  #roll(now: number): void {
    const elapsed = now - this.#windowStart;
    if (elapsed < windowMs) return;
    // With more than one window gone and no change since, the last one held `current` throughout.
    this.#published = elapsed >= 2 * windowMs ? this.current : this.#max;
    this.#max = this.current;
    this.#windowStart = now - (elapsed % windowMs);
  }
}

const watermarks: Readonly<Record<RequestKind, Watermark>> = { readOnly: new Watermark(), mutating: new Watermark() };
let registered = false;

function register(): void {
  if (registered) return;
  registered = true;
  legacyRegistry.gauge({
    name: 'apiserver_current_inflight_requests',
    help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    stabilityLevel: 'STABLE',
    labelNames: ['request_kind'],
    collect: (gauge) => {
      const now = Date.now();
      for (const kind of ['readOnly', 'mutating'] as const) gauge.set({ request_kind: kind }, watermarks[kind].lastSecond(now));
    },
  });
}

/** kube's read-only verbs: everything else takes a mutating slot. */
const readOnlyVerbs: ReadonlySet<string> = new Set(['get', 'list', 'watch']);

export const requestKindOf = (verb: string): RequestKind => (readOnlyVerbs.has(verb) ? 'readOnly' : 'mutating');

/** Counts one request in flight; the returned function ends it. */
export function trackInflight(kind: RequestKind): () => void {
  register();
  const watermark = watermarks[kind];
  watermark.change(1, Date.now());
  return () => watermark.change(-1, Date.now());
}
