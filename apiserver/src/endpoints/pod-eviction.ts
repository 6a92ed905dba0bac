// POST pods/{name}/eviction (policy/v1 Eviction): deletes the pod with the eviction's
// deleteOptions, answered with a Success Status. PodDisruptionBudgets are not consulted yet:
// they need the disruption controller to keep their status.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newBadRequest } from '@capstan/common';
import { parseDeleteOptions } from '../registry/delete-options.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

export async function evictPod(pods: GenericStore, info: RequestInfo, query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const eviction = await readJsonBody(request);
  if (metadataOf(eviction).name !== info.name) throw newBadRequest('name in URL does not match name in Eviction object');
  const options = parseDeleteOptions((eviction.deleteOptions ?? {}) as JsonObject, query);
  await pods.delete(namespaceOf(info), info.name, options);
  sendJson(response, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}
