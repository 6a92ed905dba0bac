// Waiting that a shutdown interrupts: resolves after the delay, or at once when the signal aborts.

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The kubelet's wait.JitterUntil period: interval x (1 + random x factor). */
export const jittered = (intervalMs: number, factor: number, random: () => number = Math.random): number => intervalMs * (1 + random() * factor);
