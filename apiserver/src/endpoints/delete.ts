// DELETE .../{resource}/{name}: the object goes at once; the answer is a Success Status naming it.

import type { ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { listRequestOf, sendList } from './list.ts';
import { sendJson } from './send-json.ts';

export async function deleteObject(store: GenericStore, info: RequestInfo, response: ServerResponse): Promise<void> {
  const deleted = await store.delete(namespaceOf(info), info.name);
  const uid = (deleted.metadata as { uid?: string } | undefined)?.uid;
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
export async function deleteCollection(store: GenericStore, info: RequestInfo, query: URLSearchParams, response: ServerResponse): Promise<void> {
  sendList(store, await store.deleteCollection(listRequestOf(info, query)), query, undefined, response);
}
