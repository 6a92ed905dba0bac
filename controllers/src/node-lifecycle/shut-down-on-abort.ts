// Ending a controller's work queues with the controller: their run() loops return once shut down.

import type { WorkQueue } from '../work-queue.ts';

/** Shuts the queues down when the signal aborts (at once if it already has). */
export function shutDownOnAbort(signal: AbortSignal, queues: readonly WorkQueue[]): void {
  const stop = (): void => {
    for (const queue of queues) queue.shutDown();
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
}
