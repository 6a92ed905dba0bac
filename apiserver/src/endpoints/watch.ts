// GET .../{resource}?watch=true: a chunked stream of {"type":...,"object":...} lines; bookmarks
// on request, the connection ends at timeoutSeconds, and a slow client is closed, never buffered without bound.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import { parseWatchRequest } from '../registry/watch-request.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { encodeOnce } from '../storage/cacher/event-encoding.ts';
import type { Watch } from '../storage/storage.ts';
import { tableColumnsFor } from '../table/table-columns.ts';
import { acceptsTable, includeObjectOf, toTable } from '../table/to-table.ts';
import { namespaceOf } from './get.ts';

/** How often a watch that allows bookmarks gets one (kube-apiserver: about once a minute). */
const bookmarkIntervalMs = 60_000;

export async function watchObjects(
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  stopping: AbortSignal,
): Promise<void> {
  const watchRequest = parseWatchRequest(query, namespaceOf(info));
  // With a Table Accept header every object is a one-row Table; column definitions come once.
  const table = acceptsTable(request.headers.accept);
  const columns = tableColumnsFor(store.definition.group, store.definition.kind);
  const include = table ? includeObjectOf(query) : 'Metadata';
  let definitionsSent = false;
  const pending: (string | Uint8Array)[] = [];
  let watch: Watch | undefined;
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timeout);
    clearInterval(bookmarks);
    stopping.removeEventListener('abort', end);
    watch?.close();
    response.end();
  };
  const write = (line: string | Uint8Array): boolean => {
    if (ended) return true;
    if (!response.headersSent) {
      pending.push(line);
      return true;
    }
    return response.write(line);
  };
  // Set up before the first event, so a request that ends early also stops the watch.
  request.once('close', end);
  response.once('close', end);
  if (stopping.aborted) return void response.end();
  // At shutdown the stream ends (clients re-watch elsewhere).
  stopping.addEventListener('abort', end, { once: true });
  const timeout =
    watchRequest.timeoutSeconds === undefined || watchRequest.timeoutSeconds === 0
      ? undefined
      : setTimeout(end, watchRequest.timeoutSeconds * 1000);
  const bookmarks = watchRequest.allowWatchBookmarks ? setInterval(() => watch?.requestProgress(), bookmarkIntervalMs) : undefined;
  bookmarks?.unref();

  watch = await store.watch(watchRequest, (event) => {
    let line: string | Uint8Array;
    if (table && event.type !== 'ERROR' && event.type !== 'BOOKMARK') {
      const { resourceVersion } = event.object.metadata as { resourceVersion?: string };
      const object = toTable(columns, [event.object], include, { resourceVersion }, !definitionsSent);
      definitionsSent = true;
      line = `${JSON.stringify({ type: event.type, object })}\n`;
    } else {
      // The object is shared by every watcher of the change: its line is encoded once per event type.
      line = encodeOnce(event.object, event.type, () => Buffer.from(`${JSON.stringify(event)}\n`));
    }
    const ok = write(line);
    if (event.type === 'ERROR') setImmediate(end);
    return ok;
  });
  if (ended) {
    watch.close();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'cache-control': 'no-cache, private' });
  response.flushHeaders();
  for (const line of pending.splice(0)) response.write(line);
  response.on('drain', () => watch?.resume());
}
