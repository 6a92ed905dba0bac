// GET .../{resource}/{name}: one object.

import type { ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { sendJson } from './send-json.ts';

export async function getObject(store: GenericStore, info: RequestInfo, response: ServerResponse): Promise<void> {
  sendJson(response, 200, await store.get(namespaceOf(info), info.name));
}

export const namespaceOf = (info: RequestInfo): string | undefined => (info.namespace === '' ? undefined : info.namespace);
