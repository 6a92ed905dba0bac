// GET .../{resource}: a list, paged with limit and continue, at the resourceVersion asked for, in
// the media type and conversion (a Table for kubectl get) that the request negotiated.

import type { RequestScope } from './request-scope.ts';
import type { ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { KeyValue } from '../storage/storage.ts';
import type { ListPage, ListRequest } from '../registry/store-list.ts';
import { storedListJson, storedListJsonInSteps } from '../registry/stored-object.ts';
import { compileFieldSelector } from '../registry/field-selector.ts';
import { checkListOptions, decodeListOptions } from '../registry/list-options.ts';
import { apiVersionOf, isCustomResource } from '../resources/resource-definition.ts';
import { labelSelectorOf } from '../registry/label-selector-query.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { answersAsProtobufList, sendProtobufList } from './protobuf-list.ts';
import { sendJson, sendStoredJson } from './send-json.ts';
import { listItemsPerTurn, nextTurn } from './yield-between-stages.ts';
import { sendTableInSteps, tableRowsPerTurn } from './table-in-steps.ts';

export async function listObjects({ store, info, query, response }: RequestScope): Promise<void> {
  // kube-apiserver answers 406 before it reads anything.
  negotiateOutput(response.req);
  await sendList(store, await store.list(listRequestOf(store, info, query)), response);
}

/** The list parameters of a request (limit, continue, resourceVersion, selectors), checked in kube's order. */
export function listRequestOf(store: GenericStore, info: RequestInfo, query: URLSearchParams): ListRequest {
  const decoded = decodeListOptions(query, 'list');
  const labelSelector = labelSelectorOf(query);
  const fieldSelector = compileFieldSelector(store.definition, query.get('fieldSelector') ?? '', namespaceOf(info));
  const options = checkListOptions(decoded);
  return {
    namespace: namespaceOf(info),
    limit: options.limit,
    continueToken: options.continue,
    resourceVersion: options.resourceVersionText === '' ? undefined : options.resourceVersionText,
    resourceVersionMatch: options.resourceVersionMatch,
    labelSelector,
    fieldSelector,
  };
}

/**
 * A page of stored objects as a <Kind>List, or what the request's Accept header converts it to (a
 * Table, a PartialObjectMetadataList). Plain JSON joins the stored bytes of the items.
 */
export function sendList(store: GenericStore, page: ListPage, response: ServerResponse): void | Promise<void> {
  if (!store.servesStoredBytes) return sendConvertedList(store, page, response);
  const decoded = (): JsonObject =>
    listOf(
      store,
      page,
      page.items.map((kv) => listItemOf(store, kv)),
    );
  const { mediaType, conversion, pretty } = negotiateOutput(response.req);
  const { kind } = store.definition;
  const apiVersion = apiVersionOf(store.definition);
  if (mediaType.id === 'protobuf' && conversion === undefined && answersAsProtobufList(apiVersion, kind)) {
    return sendProtobufList(response, mediaType.mediaType, { apiVersion, kind, metadata: listMetadataOf(page), items: page.items });
  }
  if (conversion?.kind === 'Table' && mediaType.id === 'json' && !pretty && page.items.length > tableRowsPerTurn && store.definition.behaviour.table.rowOrder === undefined) {
    return sendTableInSteps(
      page.items,
      (part) =>
        listOf(
          store,
          page,
          part.map((kv) => listItemOf(store, kv)),
        ),
      conversion,
      mediaType.mediaType,
      response,
    );
  }
  return sendStoredJson(
    response,
    200,
    () => {
      // The list without items ends in `"items":[]}`: the items go between its brackets.
      const head = JSON.stringify(listOf(store, page, [])).slice(0, -2);
      const typeMeta = itemsKeepTypeMeta(store);
      return page.items.length > listItemsPerTurn
        ? storedListJsonInSteps(head, page.items, ']}\n', listItemsPerTurn, nextTurn, typeMeta)
        : storedListJson(head, page.items, ']}\n', typeMeta);
    },
    decoded,
  );
}

/** A page of a view whose objects are converted from the stored ones (possibly by a CRD's conversion webhook). */
async function sendConvertedList(store: GenericStore, page: ListPage, response: ServerResponse): Promise<void> {
  sendObjectList(store, { ...page, items: await store.readAll(page.items) }, response);
}

/** A page of objects already decoded (those a deletecollection removed) as a <Kind>List. */
export function sendObjectList(store: GenericStore, page: ListPage<JsonObject>, response: ServerResponse): void {
  sendJson(
    response,
    200,
    listOf(
      store,
      page,
      page.items.map((object) => listItemShape(store, object)),
    ),
  );
}

/**
 * Built-in lists carry no kind and apiVersion on their items (Go's typed lists); lists of custom
 * objects do, as kube's unstructured lists keep each object whole.
 */
const itemsKeepTypeMeta = (store: GenericStore): boolean => isCustomResource(store.definition);

function listItemShape(store: GenericStore, object: JsonObject): JsonObject {
  if (itemsKeepTypeMeta(store)) return object;
  const { kind: _kind, apiVersion: _apiVersion, ...item } = object;
  return item;
}

const listItemOf = (store: GenericStore, kv: KeyValue): JsonObject => listItemShape(store, store.decode(kv));

function listOf(store: GenericStore, page: ListPage<unknown>, items: readonly JsonObject[]): JsonObject {
  const { definition } = store;
  return { kind: `${definition.kind}List`, apiVersion: apiVersionOf(definition), metadata: listMetadataOf(page), items };
}

/** A page's ListMeta: its resourceVersion, and the continue token and remaining count of a partial page. */
function listMetadataOf(page: ListPage<unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { resourceVersion: page.resourceVersion };
  if (page.continueToken !== undefined) metadata.continue = page.continueToken;
  if (page.remainingItemCount !== undefined) metadata.remainingItemCount = page.remainingItemCount;
  return metadata;
}
