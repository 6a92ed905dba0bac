// The API server's worker threads: the work of one large request (encoding a big Protobuf answer,
// decoding and preparing a big body) runs here, so that it does not stall every other client
// (node heartbeats included) on the event loop. The first task starts the threads; a task that
// needs a module loads it on its thread with its first use. Once started, the threads stay.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

let pool: Piscina | undefined;
/** The servers of this process that may use the threads (several in one test process: @capstan/testenv). */
let servers = 0;

export const workThreads = (): Piscina =>
  (pool ??= new Piscina({
    filename: new URL('./work-thread-tasks.ts', import.meta.url).href,
    minThreads: 1,
    // One thread per core but one: the event loop keeps a core of its own.
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: Number.POSITIVE_INFINITY,
  }));

/** A server of this process starts: the threads stay until it has closed them. */
export function useWorkThreads(): void {
  servers++;
}

/** Stops the threads once the last server that uses them shuts down (a task of another would fail). */
export async function closeWorkThreads(): Promise<void> {
  servers = Math.max(0, servers - 1);
  if (servers > 0) return;
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
