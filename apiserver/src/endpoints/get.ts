// GET .../{resource}/{name}: one object, in the media type and conversion (a Table for kubectl's
// human-readable get) that the request negotiated.

import type { ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { sendJson } from './send-json.ts';

export async function getObject(
  store: GenericStore,
  info: RequestInfo,
  response: ServerResponse,
): Promise<void> {
  // kube-apiserver answers 406 before it reads anything.
  negotiateOutput(response.req);
  sendJson(response, 200, await store.get(namespaceOf(info), info.name));
}

export const namespaceOf = (info: RequestInfo): string | undefined => (info.namespace === '' ? undefined : info.namespace);
