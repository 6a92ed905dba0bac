// Waiting that a shutdown interrupts: the one sleep of the controllers, the node agent and the
// client. It resolves (never rejects) after the delay, or at once when the signal aborts, so a
// loop wakes up and sees its signal aborted.

/** Resolves after `ms`, or at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
