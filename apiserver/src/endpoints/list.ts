// GET .../{resource}: a list, paged with limit and continue, at the resourceVersion asked for.

import type { ServerResponse } from 'node:http';
import { newBadRequest } from '@capstan/common';
import type { GenericStore, ListPage, ListRequest } from '../registry/generic-store.ts';
import { nameFromFieldSelector } from '../registry/field-selector-query.ts';
import { apiVersionOf } from '../registry/resource-definition.ts';
import { tableColumnsFor } from '../table/table-columns.ts';
import { acceptsTable, includeObjectOf, toTable } from '../table/to-table.ts';
import { labelSelectorOf } from '../registry/label-selector-query.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { sendJson } from './send-json.ts';

export async function listObjects(
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  accept: string | undefined,
  response: ServerResponse,
): Promise<void> {
  sendList(store, await store.list(listRequestOf(info, query)), query, accept, response);
}

/** The list parameters of a request (limit, continue, resourceVersion, selectors). */
export function listRequestOf(info: RequestInfo, query: URLSearchParams): ListRequest {
  const limitText = query.get('limit');
  const limit = limitText === null || limitText === '' ? 0 : Number(limitText);
  if (!Number.isSafeInteger(limit) || limit < 0) throw newBadRequest(`limit: Invalid value: ${JSON.stringify(limitText)}`);
  return {
    namespace: namespaceOf(info),
    limit,
    continueToken: query.get('continue') || undefined,
    resourceVersion: query.get('resourceVersion') ?? undefined,
    resourceVersionMatch: query.get('resourceVersionMatch') ?? undefined,
    labelSelector: labelSelectorOf(query),
    name: nameFromFieldSelector(query.get('fieldSelector') ?? '', namespaceOf(info)),
  };
}

/** A page as a <Kind>List, or a Table when the client asks for one. */
export function sendList(store: GenericStore, page: ListPage, query: URLSearchParams, accept: string | undefined, response: ServerResponse): void {
  const { definition } = store;
  const metadata: Record<string, unknown> = { resourceVersion: page.resourceVersion };
  if (page.continueToken !== undefined) metadata.continue = page.continueToken;
  if (page.remainingItemCount !== undefined) metadata.remainingItemCount = page.remainingItemCount;
  if (acceptsTable(accept)) {
    sendJson(response, 200, toTable(tableColumnsFor(definition.group, definition.kind), page.items, includeObjectOf(query), metadata));
    return;
  }
  const items = page.items.map(({ kind: _kind, apiVersion: _apiVersion, ...item }) => item);
  sendJson(response, 200, {
    kind: `${definition.kind}List`,
    apiVersion: apiVersionOf(definition),
    metadata,
    items,
  });
}
