// GET .../{resource}?watch=true: a chunked stream of {"type":...,"object":...} lines; bookmarks
// on request, the connection ends at timeoutSeconds, and a slow client is closed, never buffered
// without bound: its stream ends as kube ends it, and a connection that cannot even take the end
// of its stream is destroyed.
// Objects come as one-row Tables or as PartialObjectMetadata when the Accept header asks so; a
// media type that cannot stream (YAML) is a 406.

import { optionalStringAt } from '@capstan/common';
import type { RequestScope } from './request-scope.ts';
import { parseWatchRequest } from '../registry/watch-request.ts';
import { encodeOnce } from '../storage/cacher/event-encoding.ts';
import { watchEventRecorder } from '../metrics/watch-event-metrics.ts';
import type { Watch } from '../storage/storage.ts';
import { includeObjectOf } from '../table/to-table.ts';
import { namespaceOf } from './get.ts';
import { negotiateOutput, watchNotAcceptable } from './negotiate-media-type.ts';
import { partialObjectMetadata, tableOf } from './negotiated-conversion.ts';
import { cborCodec } from './cbor-codec.ts';
import { protobufCodec } from './protobuf-codec.ts';

export interface WatchSettings {
  /** Aborted when the server shuts down: every watch ends. */
  readonly stopping: AbortSignal;
  /** --min-request-timeout: a watch without timeoutSeconds ends after between one and two times this. */
  readonly minRequestTimeoutMs: number;
  /** The WatchList feature gate: sendInitialEvents is accepted, and the default for a watch from "now" or "0". */
  readonly watchListEnabled: boolean;
}

/** setTimeout's longest delay; longer ones fire at once. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * kube-apiserver ends a watch after its timeoutSeconds (at once when negative), or without one
 * after a random time between --min-request-timeout and twice that, spreading re-watches.
 */
export function watchTimeoutMs(timeoutSeconds: number | undefined, minRequestTimeoutMs: number): number {
  const requested = timeoutSeconds === undefined || timeoutSeconds === 0 ? minRequestTimeoutMs * (1 + Math.random()) : timeoutSeconds * 1000;
  return Math.min(Math.max(requested, 0), maxTimerMs);
}

/** How long an ended watch may take to hand its last bytes to the connection before it is destroyed. */
export const unflushedWatchGraceMs = 5_000;

/** How often a watch that allows bookmarks gets one (kube-apiserver: about once a minute). */
const bookmarkIntervalMs = 60_000;
const finalBookmarkLeadMs = 2_000;

export async function watchObjects({ store, info, query, request, response }: RequestScope, settings: WatchSettings): Promise<void> {
  const { stopping } = settings;
  // As kube-apiserver: the media type is negotiated before the options are read, and whether it
  // can stream is checked after.
  const { mediaType, conversion } = negotiateOutput(request);
  const watchRequest = parseWatchRequest(store.definition, query, namespaceOf(info), settings.watchListEnabled);
  if (mediaType.watchContentType === undefined) throw watchNotAcceptable();
  // With a Table Accept header every object is a one-row Table; column definitions come once.
  const table = conversion?.kind === 'Table' ? conversion : undefined;
  // Asked for PartialObjectMetadataList, kube cannot convert one watched object and sends it as it is.
  const partial = conversion?.kind === 'PartialObjectMetadata' ? conversion : undefined;
  const columns = store.definition.behaviour.table;
  const include = table !== undefined ? includeObjectOf(query) : 'Metadata';
  let definitionsSent = false;
  const pending: (string | Uint8Array)[] = [];
  let watch: Watch | undefined;
  let ended = false;
  // Declared before end(), which a request closing early may call before they are set.
  let timeout: NodeJS.Timeout | undefined;
  let bookmarks: NodeJS.Timeout | undefined;
  let lastBookmark: NodeJS.Timeout | undefined;
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timeout);
    clearInterval(bookmarks);
    clearTimeout(lastBookmark);
    stopping.removeEventListener('abort', end);
    watch?.close();
    response.end();
    // A client that reads nothing keeps what is left in our buffer forever: cut it off.
    if (!response.writableFinished) {
      const destroy = setTimeout(() => response.destroy(), unflushedWatchGraceMs);
      destroy.unref();
      response.once('finish', () => clearTimeout(destroy));
    }
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
  const timeoutMs = watchTimeoutMs(watchRequest.timeoutSeconds, settings.minRequestTimeoutMs);
  timeout = setTimeout(end, timeoutMs);
  bookmarks = watchRequest.allowWatchBookmarks ? setInterval(() => watch?.requestProgress(), bookmarkIntervalMs) : undefined;
  bookmarks?.unref();
  // As kube's cache watcher: one more bookmark shortly before the deadline, so the client resumes from a recent revision.
  lastBookmark = watchRequest.allowWatchBookmarks && timeoutMs > 2 * finalBookmarkLeadMs ? setTimeout(() => watch?.requestProgress(), timeoutMs - finalBookmarkLeadMs) : undefined;
  lastBookmark?.unref();

  const recordEvent = watchEventRecorder(info.apiGroup, info.apiVersion, info.resource);
  watch = await store.watch(watchRequest, (event) => {
    if (event.type === 'CLOSED') {
      setImmediate(end);
      return true;
    }
    let line: string | Uint8Array;
    if (table !== undefined && event.type !== 'ERROR' && event.type !== 'BOOKMARK') {
      const resourceVersion = optionalStringAt(event.object, 'metadata', 'resourceVersion');
      const object = tableOf(columns, [event.object], include, { resourceVersion }, table.version, !definitionsSent);
      definitionsSent = true;
      line = mediaType.id === 'cbor' ? Buffer.from(cborCodec().encodeCborWatchEvent(event.type, object)) : `${JSON.stringify({ type: event.type, object })}\n`;
    } else if (partial !== undefined && event.type !== 'ERROR') {
      const format = `${event.type} as PartialObjectMetadata ${partial.version}`;
      const object = (): unknown => partialObjectMetadata(event.object, partial.version);
      line =
        mediaType.id === 'cbor'
          ? encodeOnce(event.object, `cbor ${format}`, () => Buffer.from(cborCodec().encodeCborWatchEvent(event.type, object())))
          : encodeOnce(event.object, format, () => Buffer.from(`${JSON.stringify({ type: event.type, object: object() })}\n`));
    } else if (mediaType.id === 'protobuf') {
      // A Protobuf watch was negotiated only with the codec loaded.
      const codec = protobufCodec();
      if (codec === undefined) throw new Error('the Protobuf codec is not loaded');
      line = encodeOnce(event.object, `protobuf ${event.type}`, () => codec.encodeWatchEventFrame(event.type, event.type === 'ERROR' ? { ...event.object } : event.object));
    } else if (mediaType.id === 'cbor') {
      line = encodeOnce(event.object, `cbor ${event.type}`, () => Buffer.from(cborCodec().encodeCborWatchEvent(event.type, event.object)));
    } else {
      // The object is shared by every watcher of the change: its line is encoded once per event type.
      line = encodeOnce(event.object, event.type, () => Buffer.from(`${JSON.stringify(event)}\n`));
    }
    recordEvent(typeof line === 'string' ? Buffer.byteLength(line) : line.byteLength);
    const ok = write(line);
    if (event.type === 'ERROR') setImmediate(end);
    return ok;
  });
  if (ended) {
    watch.close();
    return;
  }
  response.writeHead(200, { 'content-type': mediaType.watchContentType });
  response.flushHeaders();
  for (const line of pending.splice(0)) response.write(line);
  response.on('drain', () => watch?.resume());
}
