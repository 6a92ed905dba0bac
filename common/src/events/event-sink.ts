// Writes core/v1 Events through the correlator, one after another, as client-go's broadcaster and
// recordToSink do: a new event is created; a repeat patches the first one (strategic merge of
// count, lastTimestamp and message), and is created anew when that one is gone. Best effort: a
// failure is logged, and the event is forgotten so that its next repeat starts a new one.

import type { RestClient } from '../client/rest-client.ts';
import { isNotFound } from '../status/status-error.ts';
import type { CoreEvent } from './core-event.ts';
import type { EventCorrelator } from './event-correlator.ts';

async function writeCorrelatedEvent(client: RestClient, correlator: EventCorrelator, event: CoreEvent, log: (message: string, error?: unknown) => void): Promise<void> {
  const correlation = correlator.correlate(event);
  if (correlation.action === 'skip') return;
  const events = { group: '', version: 'v1', resource: 'events', namespace: correlation.event.metadata.namespace };
  try {
    if (correlation.action === 'patch') {
      try {
        await client.patch({ ...events, name: correlation.event.metadata.name }, correlation.patch, { type: 'strategic' });
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    await client.create(events, correlation.event);
  } catch (error) {
    correlator.forget(correlation.key);
    const object = correlation.event.involvedObject;
    log(`unable to record event ${correlation.event.reason} for ${object.kind} ${object.namespace ?? ''}/${object.name}`, error);
  }
}

/** Events waiting to be written at most, as client-go's broadcaster queues them; more are dropped. */
const maxQueuedEvents = 1000;

/**
 * One component's event writer, as client-go's broadcaster: events are correlated and written one
 * after another (so that repeats of one event never race to patch it), at most 1,000 waiting.
 */
export class EventWriter {
  readonly #client: RestClient;
  readonly #correlator: EventCorrelator;
  readonly #log: (message: string, error?: unknown) => void;
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;

  constructor(client: RestClient, correlator: EventCorrelator, log: (message: string, error?: unknown) => void) {
    this.#client = client;
    this.#correlator = correlator;
    this.#log = log;
  }

  /** Resolves once the event is written, or was dropped or failed (which is logged). */
  write(event: CoreEvent): Promise<void> {
    if (this.#waiting >= maxQueuedEvents) {
      this.#log(`event ${event.reason} for ${event.involvedObject.kind} ${event.involvedObject.name} dropped: ${maxQueuedEvents} events are waiting to be written`);
      return Promise.resolve();
    }
    this.#waiting += 1;
    const written = this.#tail.then(() => writeCorrelatedEvent(this.#client, this.#correlator, event, this.#log)).finally(() => (this.#waiting -= 1));
    this.#tail = written;
    return written;
  }
}
