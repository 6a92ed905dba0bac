// Lets every other client in between the parts of a large piece of work on the event loop: the
// synchronous stages of a large write the work threads do not take (create-on-thread.ts), and
// the parts of a large list's answer. Node serves all clients on one thread, and the stages of
// one write follow each other in microtasks: without a break, a ConfigMap with 100,000 labels
// holds every other request (node heartbeats included) for the whole write. Breaks are turns of
// the event loop (setImmediate, no timer), taken one at a time: each turn runs at most one part of
// one large piece of work, then the I/O of the others, so the longest wait is one part, not eight
// requests' worth of parts.

import type { IncomingMessage } from 'node:http';

/**
 * From this body size on, a write breaks between its stages. A body of 256 KiB (about 8,000
 * labels) takes a few milliseconds per stage; below it a break would cost more than it frees.
 */
export const largeWriteBytes = 256 * 1024;

/**
 * A list of more items than this is joined a part at a time, with a turn between the parts, and a
 * Protobuf list of more waits a turn before its messages are joined: 1,000 ConfigMaps of 1 KiB
 * take a few milliseconds to join, and eight lists of 5,000 joined each in one piece held every
 * other client for 100-600 ms (`npm run bench -- stall`).
 */
export const listItemsPerTurn = 1000;

/** Awaited between two stages of a write: a turn of the event loop for a large one, nothing for the rest. */
export type StageBreak = () => Promise<void> | undefined;

const noBreak: StageBreak = () => undefined;

/** The break of a request's write: by its Content-Length; a body of unknown length (chunked) counts as large. */
export function stageBreakFor(request: IncomingMessage): StageBreak {
  const length = request.headers['content-length'];
  const known = length !== undefined && /^\d+$/.test(length);
  return known && Number(length) < largeWriteBytes ? noBreak : nextTurn;
}

/** The large writes waiting for their next stage, first come first served. */
const waiting: (() => void)[] = [];
let turnScheduled = false;

/** Resolves in a later turn of the event loop, after the large writes that asked before. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(releaseOne);
    }
  });
}

function releaseOne(): void {
  // The released stage runs in this turn's microtasks; the next one waits for the next turn.
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(releaseOne);
  else turnScheduled = false;
}
