// The kubelet's caches of webhook answers (TokenReview and SubjectAccessReview): an answer is
// reused for its time to live (the configuration's cacheTTL, or cacheAuthorizedTTL and
// cacheUnauthorizedTTL), so a busy client does not cost a review per request. Concurrent
// questions with the same key share one review; a review that fails is not cached.

export class ReviewCache<T> {
  readonly #ttlMs: (answer: T) => number;
  readonly #entries = new Map<string, { readonly answer: Promise<T>; expires: number }>();

  constructor(ttlMs: (answer: T) => number) {
    this.#ttlMs = ttlMs;
  }

  get(key: string, review: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.expires > now) return cached.answer;
    const answer = review();
    const entry = { answer, expires: Number.POSITIVE_INFINITY };
    this.#entries.set(key, entry);
    answer.then(
      (value) => {
        entry.expires = Date.now() + this.#ttlMs(value);
        if (entry.expires <= Date.now()) this.#entries.delete(key);
      },
      () => this.#entries.delete(key),
    );
    this.#sweep(now);
    return answer;
  }

  /** Drops expired entries now and then, so the map does not grow with every token ever seen. */
  #sweep(now: number): void {
    if (this.#entries.size < 1024) return;
    for (const [key, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(key);
  }
}
