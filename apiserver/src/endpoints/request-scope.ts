// What an endpoint knows of the request it answers, in one object: what was asked (RequestInfo and
// query), the request and its response, the store of the resource (and with it its declaration),
// what its writes go through (admission with the user, storage hooks) and where warnings go.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WarningRecorder } from '../filters/request-context.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import type { ResourceWrites } from './resource-writes.ts';

export interface RequestScope {
  readonly info: RequestInfo;
  readonly query: URLSearchParams;
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** The resource's store; `store.definition` is its declaration. */
  readonly store: GenericStore;
  readonly writes: ResourceWrites;
  readonly warnings: WarningRecorder;
}
