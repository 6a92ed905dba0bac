// A core/v1 Event as the components write it (client-go's legacy recorder), and the keys by which
// client-go's correlator tells events apart: the same event (everything but the time), similar
// events (the same but for the message), and one source's events about one object (for the spam
// filter).

export interface CoreEventSource {
  readonly component: string;
  readonly host?: string;
}

export interface CoreEventObjectReference {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly uid?: string;
  readonly resourceVersion?: string;
  readonly fieldPath?: string;
}

export interface CoreEvent {
  readonly apiVersion: 'v1';
  readonly kind: 'Event';
  readonly metadata: { readonly name: string; readonly namespace: string };
  readonly involvedObject: CoreEventObjectReference;
  readonly reason: string;
  readonly message: string;
  readonly source: CoreEventSource;
  readonly firstTimestamp: string;
  readonly lastTimestamp: string;
  readonly count: number;
  readonly type: string;
  readonly reportingComponent: string;
  readonly reportingInstance: string;
}

const objectParts = (event: CoreEvent): string[] => {
  const object = event.involvedObject;
  return [event.source.component, event.source.host ?? '', object.kind, object.namespace ?? '', object.name, object.uid ?? '', object.apiVersion ?? ''];
};

/** One source's events about one object (getSpamKey). */
export const spamKey = (event: CoreEvent): string => JSON.stringify(objectParts(event));

/** Events alike but for their message (EventAggregatorByReasonFunc's key). */
export const aggregateKey = (event: CoreEvent): string => JSON.stringify([...objectParts(event), event.type, event.reason, event.reportingComponent, event.reportingInstance]);

/** The same event again (getEventKey). */
export function eventKey(event: CoreEvent): string {
  const object = event.involvedObject;
  return JSON.stringify([
    event.source.component,
    event.source.host ?? '',
    object.kind,
    object.namespace ?? '',
    object.name,
    object.fieldPath ?? '',
    object.uid ?? '',
    object.apiVersion ?? '',
    event.type,
    event.reason,
    event.message,
  ]);
}
