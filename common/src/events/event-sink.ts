// Writes core/v1 Events through the correlator, as client-go's recordToSink does: a new event is
// created; a repeat patches the first one (strategic merge of count, lastTimestamp and message),
// and is created anew when that one is gone. Best effort: a failure is logged, and the event is
// forgotten so that its next repeat starts a new one.

import type { RestClient } from '../client/rest-client.ts';
import { isNotFound } from '../client/api-error.ts';
import type { CoreEvent } from './core-event.ts';
import type { EventCorrelator } from './event-correlator.ts';

export async function writeCorrelatedEvent(client: RestClient, correlator: EventCorrelator, event: CoreEvent, log: (message: string, error?: unknown) => void): Promise<void> {
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
