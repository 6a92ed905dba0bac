// DELETE .../{resource}/{name}: the object goes at once (a Success Status names it, or the object
// itself for the kinds that answer so), or stays marked for deletion and is answered as it now is.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseDeleteOptions, type DeleteOptions } from '../registry/delete-options.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { listRequestOf, sendObjectList } from './list.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

export async function deleteObject(
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  hooks?: ResourceHooks,
): Promise<void> {
  const options = await deleteOptionsOf(request, query);
  const { object, deleted } = await store.delete(namespaceOf(info), info.name, options);
  if (deleted && !options.dryRun) await hooks?.afterDelete?.(object);
  if (!deleted || store.strategy.returnsDeletedObject === true) {
    // kube answers 202 only where a client asked for cascading with the old orphanDependents=false.
    sendJson(response, !deleted && options.orphanDependents === false ? 202 : 200, object);
    return;
  }
  const uid = (object.metadata as { uid?: string } | undefined)?.uid;
  const { group, resource } = store.groupResource;
  sendJson(response, 200, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: info.name, ...(group === '' ? {} : { group }), kind: resource, ...(uid === undefined ? {} : { uid }) },
  });
}

// DELETE .../{resource}: every object the selectors pick; the answer lists them.
export async function deleteCollection(
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  hooks?: ResourceHooks,
): Promise<void> {
  const options = await deleteOptionsOf(request, query);
  const deleted = await store.deleteCollection(listRequestOf(store, info, query), options);
  // Those still held by finalizers or a grace period keep what they hold until they go.
  if (!options.dryRun) for (const object of deleted.items) if (metadataOf(object).deletionTimestamp === undefined) await hooks?.afterDelete?.(object);
  sendObjectList(store, deleted, response);
}

/**
 * DeleteOptions come in the body (kubectl) or, when there is none, in the query. The answer is
 * negotiated first: kube-apiserver answers 406 before it deletes anything.
 */
async function deleteOptionsOf(request: IncomingMessage, query: URLSearchParams): Promise<DeleteOptions> {
  negotiateOutput(request);
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? '0') > 0;
  const body: JsonObject | undefined = hasBody ? await readJsonBody(request) : undefined;
  return parseDeleteOptions(body, query);
}
