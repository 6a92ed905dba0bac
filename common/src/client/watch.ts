// A watch stream: the JSON lines ({type, object}) of a watch answer read as an async iterator of
// events, closable at any time. It buffers a bounded number of events and pauses the socket beyond
// that, so a slow consumer holds back the server rather than filling memory.

import type { ClientRequest, IncomingMessage } from 'node:http';
import { parseJson } from '../json/parse-json.ts';
import { fieldAt } from '../json/read-field.ts';
import type { Status } from '../status/status.ts';
import type { KubeObject } from './object-types.ts';
import { RequestError } from './request-error.ts';
import { errorMessage } from '../text/error-message.ts';

export type WatchEvent<T extends KubeObject = KubeObject> =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: T }
  /** Only metadata.resourceVersion (and annotations) is set: the server has sent everything up to it. */
  | { readonly type: 'BOOKMARK'; readonly object: T }
  /** The server ended the watch with this Status, e.g. 410 Expired "too old resource version". */
  | { readonly type: 'ERROR'; readonly object: Status };

const eventTypes = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);
const highWaterMark = 1024;

export interface WatchStreamOptions {
  /** Closes the watch when it aborts. */
  readonly signal?: AbortSignal | undefined;
  /** Ends the watch with a RequestTimeout error if the server has not ended it by then; 0 for never. */
  readonly deadlineMs?: number;
  /** Called once when the watch ends, whichever way. */
  readonly onEnd?: () => void;
}

export class Watch<T extends KubeObject = KubeObject> implements AsyncIterable<WatchEvent<T>> {
  readonly #request: ClientRequest;
  readonly #response: IncomingMessage;
  readonly #described: string;
  readonly #signal: AbortSignal | undefined;
  readonly #onEnd: (() => void) | undefined;
  readonly #events: WatchEvent<T>[] = [];
  #partial = '';
  #ended = false;
  #closedByClient = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  #deadline: NodeJS.Timeout | undefined;
  #received = 0;

  constructor(request: ClientRequest, response: IncomingMessage, described: string, options: WatchStreamOptions = {}) {
    this.#request = request;
    this.#response = response;
    this.#described = described;
    this.#signal = options.signal;
    this.#onEnd = options.onEnd;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.#read(chunk));
    response.on('end', () => this.#finish());
    response.on('error', (error: NodeJS.ErrnoException) => this.#fail(error));
    response.on('close', () => {
      if (!response.complete) this.#fail(new RequestError(described, 'ECONNRESET', 'the watch connection closed'));
    });
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (this.#signal?.aborted) this.close();
    if (options.deadlineMs !== undefined && options.deadlineMs > 0) {
      this.#deadline = setTimeout(() => {
        this.#fail(new RequestError(described, 'RequestTimeout', `the server did not end the watch within ${options.deadlineMs} ms`));
        request.destroy();
      }, options.deadlineMs);
      this.#deadline.unref();
    }
  }

  /** How many events have come so far. */
  get received(): number {
    return this.#received;
  }

  get closed(): boolean {
    return this.#ended;
  }

  /** Stops the watch and frees its connection; events not yet read are dropped. */
  close(): void {
    if (this.#ended) return;
    this.#closedByClient = true;
    this.#events.length = 0;
    this.#settle();
    this.#request.destroy();
  }

  [Symbol.dispose](): void {
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<WatchEvent<T>, void, undefined> {
    try {
      for (;;) {
        const event = this.#events.shift();
        if (event !== undefined) {
          if (this.#events.length < highWaterMark / 2 && this.#response.isPaused() && !this.#ended) this.#response.resume();
          yield event;
          continue;
        }
        if (this.#error !== undefined) throw this.#error;
        if (this.#ended) return;
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
    } finally {
      // Leaving the loop early (break, a throw in the body) ends the watch.
      this.close();
    }
  }

  readonly #onAbort = (): void => this.close();

  #read(chunk: string): void {
    const text = this.#partial + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const line = text.slice(start, end);
      start = end + 1;
      if (line.trim() !== '') this.#push(line);
      if (this.#ended) return;
    }
    this.#partial = text.slice(start);
    if (this.#events.length >= highWaterMark) this.#response.pause();
    this.#notify();
  }

  #push(line: string): void {
    let event: unknown;
    try {
      event = parseJson(line);
    } catch (error) {
      this.#fail(new RequestError(this.#described, 'BadWatchEvent', `undecodable watch event: ${errorMessage(error)}`, error));
      this.#request.destroy();
      return;
    }
    const type = fieldAt(event, 'type');
    const object = fieldAt(event, 'object');
    if (typeof type !== 'string' || !eventTypes.has(type) || typeof object !== 'object' || object === null) {
      this.#fail(new RequestError(this.#described, 'BadWatchEvent', `not a watch event: ${line.slice(0, 200)}`));
      this.#request.destroy();
      return;
    }
    this.#received += 1;
    this.#events.push(event as WatchEvent<T>);
  }

  #finish(): void {
    if (this.#partial.trim() !== '') this.#push(this.#partial);
    this.#partial = '';
    this.#settle();
  }

  #fail(error: Error): void {
    if (this.#ended) return;
    if (!this.#closedByClient) this.#error = error;
    this.#settle();
  }

  #settle(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearTimeout(this.#deadline);
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#notify();
    this.#onEnd?.();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
