// A watch whose objects go through a remote conversion (a CRD's conversion webhook) before its
// listener sees them: each event's conversion starts as the event comes, so a burst converts
// side by side, and the listener gets the events in their order. The initial events of a watch
// that sends them must all convert, or the watch fails as a list would; a later event that does
// not convert ends the watch with an ERROR event carrying the conversion's Status.

import { statusOf } from '@capstan/common';
import type { Watch } from '../../storage/storage.ts';
import type { JsonObject } from '../object-meta.ts';
import type { ApiWatchEvent, ApiWatchListener } from '../store-watch.ts';

/** How many events may wait for their conversion before the store is asked to hold the rest. */
const maxWaitingEvents = 256;

interface Waiting {
  readonly event: ApiWatchEvent;
  /** The conversion of the event's object; none for events without one (BOOKMARK, ERROR, CLOSED). */
  readonly converted: Promise<JsonObject> | undefined;
}

/**
 * Starts a watch (`start` with the listener it is given) whose ADDED, MODIFIED and DELETED
 * objects `convert` makes into this view's; resolves once the initial events are delivered.
 */
export async function watchConverting(
  start: (listener: ApiWatchListener) => Promise<Watch>,
  convert: (stored: JsonObject) => Promise<JsonObject>,
  listener: ApiWatchListener,
): Promise<Watch> {
  const waiting: Waiting[] = [];
  let draining = false;
  let ended = false;
  // The client's buffer is full: nothing more is taken from the store until it drains.
  let clientFull = false;
  // The store was told to hold its events (our queue or the client's buffer is full).
  let storeHeld = false;
  let inner: Watch | undefined;
  // While the initial events are delivered, a failed conversion fails the watch itself.
  let startup: { failure: unknown } | undefined = { failure: undefined };
  let startupDone: (() => void) | undefined;

  const wantsMore = (): boolean => !clientFull && waiting.length < maxWaitingEvents;
  const resumeStore = (): void => {
    if (storeHeld && wantsMore()) {
      storeHeld = false;
      inner?.resume();
    }
  };
  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      for (let next = waiting[0]; next !== undefined && !ended; next = waiting[0]) {
        let event = next.event;
        if (next.converted !== undefined) {
          try {
            event = { type: event.type as 'ADDED' | 'MODIFIED' | 'DELETED', object: await next.converted };
          } catch (error) {
            ended = true;
            waiting.length = 0;
            if (startup !== undefined) startup.failure = error;
            else listener({ type: 'ERROR', object: statusOf(error) });
            break;
          }
          if (ended) break;
        }
        waiting.shift();
        if (listener(event) === false) clientFull = true;
      }
    } finally {
      draining = false;
    }
    if (waiting.length === 0) startupDone?.();
    resumeStore();
  };
  const onEvent: ApiWatchListener = (event) => {
    if (ended) return true;
    const converted = event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED' ? convert(event.object) : undefined;
    // Awaited in order by drain; a failure meanwhile is no unhandled rejection.
    converted?.catch(() => {});
    waiting.push({ event, converted });
    void drain();
    if (wantsMore()) return true;
    storeHeld = true;
    return false;
  };

  inner = await start(onEvent);
  const started = inner;
  if (waiting.length > 0 || draining) await new Promise<void>((resolve) => (startupDone = resolve));
  startupDone = undefined;
  const failure = startup.failure;
  startup = undefined;
  if (ended && failure !== undefined) {
    started.close();
    throw failure;
  }
  return {
    resume: () => {
      clientFull = false;
      resumeStore();
    },
    requestProgress: () => started.requestProgress(),
    close: () => {
      ended = true;
      waiting.length = 0;
      started.close();
    },
  };
}
