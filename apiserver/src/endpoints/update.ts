// PUT .../{resource}/{name}: replace the object (kubectl replace, edit's write).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

export async function updateObject(store: GenericStore, info: RequestInfo, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readJsonBody(request);
  sendJson(response, 200, await store.update(namespaceOf(info), info.name, body));
}

