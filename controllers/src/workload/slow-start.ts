// kube's slowStartBatch: calls `call` `count` times in batches that double in size (1, 2, 4, ...),
// all of a batch at once, stopping after the first batch with a failure so that a controller
// whose every create fails (quota, a bad template) sends one request, not hundreds.

/** kube's SlowStartInitialBatchSize. */
export const slowStartInitialBatchSize = 1;

/** Answers how many calls succeeded and the first error, if any. */
export async function slowStartBatch(count: number, call: () => Promise<void>, initialBatchSize = slowStartInitialBatchSize): Promise<{ successes: number; error?: unknown }> {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initialBatchSize); batch > 0; batch = Math.min(2 * batch, remaining)) {
    const results = await Promise.allSettled(Array.from({ length: batch }, () => call()));
    let error: unknown;
    for (const result of results) {
      if (result.status === 'fulfilled') successes += 1;
      else error ??= result.reason;
    }
    if (error !== undefined) return { successes, error };
    remaining -= batch;
  }
  return { successes };
}
