// GET .../{resource}/{name}: one object.

import type { ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { tableColumnsFor } from '../table/table-columns.ts';
import { acceptsTable, includeObjectOf, toTable } from '../table/to-table.ts';
import { sendJson } from './send-json.ts';

export async function getObject(
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  accept: string | undefined,
  response: ServerResponse,
): Promise<void> {
  const object = await store.get(namespaceOf(info), info.name);
  if (!acceptsTable(accept)) return sendJson(response, 200, object);
  const { definition } = store;
  const { resourceVersion } = object.metadata as { resourceVersion?: string };
  sendJson(response, 200, toTable(tableColumnsFor(definition.group, definition.kind), [object], includeObjectOf(query), { resourceVersion }));
}

export const namespaceOf = (info: RequestInfo): string | undefined => (info.namespace === '' ? undefined : info.namespace);
