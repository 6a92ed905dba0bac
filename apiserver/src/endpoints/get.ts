// GET .../{resource}/{name}: one object, in the media type and conversion (a Table for kubectl's
// human-readable get) that the request negotiated; JSON straight from the stored bytes. A
// resourceVersion reads from the watch cache, once it is at least that new (kube waits 3 s, then
// answers 504 ResourceVersionTooLarge).

import type { RequestScope } from './request-scope.ts';
import { parseListOptions } from '../registry/list-options.ts';
import { storedObjectJson } from '../registry/stored-object.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { sendJson, sendStoredJson } from './send-json.ts';

export async function getObject({ store, info, query, response }: Pick<RequestScope, 'store' | 'info' | 'query' | 'response'>): Promise<void> {
  // kube-apiserver answers 406 before it reads anything.
  negotiateOutput(response.req);
  // "" reads the store; "0" any state of the cache; a number, a state at least that new.
  const { resourceVersion } = parseListOptions(query, 'get');
  const kv = await store.getStored(namespaceOf(info), info.name, resourceVersion);
  if (!store.servesStoredBytes) return sendJson(response, 200, await store.read(kv));
  // Compact JSON ends in a newline, as Go's json.Encoder writes it.
  await sendStoredJson(
    response,
    200,
    () => storedObjectJson(kv, '\n'),
    () => store.decode(kv),
  );
}

export const namespaceOf = (info: RequestInfo): string | undefined => (info.namespace === '' ? undefined : info.namespace);
