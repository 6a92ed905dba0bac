// The API server's worker threads: the work of one large request (encoding a big Protobuf answer,
// decoding and preparing a big body) runs here, so that it does not stall every other client
// (node heartbeats included) on the event loop. The first task starts the threads; a task that
// needs a module loads it on its thread with its first use. Once started, the threads stay.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

let pool: Piscina | undefined;

export const workThreads = (): Piscina =>
  (pool ??= new Piscina({
    filename: new URL('./work-thread-tasks.ts', import.meta.url).href,
    minThreads: 1,
    // One thread per core but one: the event loop keeps a core of its own.
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: Number.POSITIVE_INFINITY,
  }));

/** Stops the threads (the server's shutdown). */
export async function closeWorkThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
