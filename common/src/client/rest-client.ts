// RestClient: the verbs of the Kubernetes API (get, list, create, update, patch, delete, watch) over
// one keep-alive agent, JSON in and out, failures as ApiError (the server's Status) or RequestError
// (no answer). Every request but a watch has a deadline, so an outage cannot pile requests up.

import type { Agent } from 'node:http';
import { parseJson } from '../json/parse-json.ts';
import { sleep } from '../wait/sleep.ts';
import type { Status } from '../status/status.ts';
import { type ApiError, apiErrorFromResponse, isResourceExpired } from './api-error.ts';
import { defaultTimeoutMs, type ClientConfig } from './client-config.ts';
import { loadKubeconfig, type KubeconfigOptions } from './kubeconfig.ts';
import type { KubeObject, ObjectList } from './object-types.ts';
import {
  deleteOptionsBody,
  listQuery,
  patchContentTypes,
  patchQuery,
  watchQuery,
  writeQuery,
  type DeleteOptions,
  type ListOptions,
  type PatchOptions,
  type RequestControl,
  type WatchOptions,
  type WriteOptions,
} from './request-options.ts';
import { RequestError } from './request-error.ts';
import { resourcePath, type ResourceTarget } from './resource-path.ts';
import { noAnswerCode, RestClientMetrics } from './rest-client-metrics.ts';
import { openStream, sendRequest, type BufferedResponse } from './send-request.ts';
import { Credentials, createAgent } from './transport.ts';
import { defaultUserAgent } from './user-agent.ts';
import { Watch } from './watch.ts';
import { warningTexts } from './warning-header.ts';

/** client-go's metadata client: objects as PartialObjectMetadata, JSON as the fallback. */
/** Answers asking to be tried again after a while are tried again this often at most (client-go's maxRetries). */
const maxRetries = 10;

/** The seconds to wait before sending again a request answered 429 or 5xx with a Retry-After, as client-go's checkWait reads it. */
function retryAfterToWait(error: ApiError): number | undefined {
  if (error.code !== 429 && error.code < 500) return undefined;
  return error.retryAfterSeconds;
}

const metadataAccept = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';
const metadataListAccept = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
export interface RawRequest extends RequestControl {
  readonly method: string;
  /** The path below the server's URL, e.g. `/api/v1/namespaces/default/pods/x/log`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly contentType?: string;
  readonly accept?: string;
  /** Names the resource in the message of an error answer that carries no Status. */
  readonly target?: ResourceTarget;
}

/** How much longer than its timeoutSeconds a watch may last before the client gives up on the server. */
const watchDeadlineGraceMs = 30_000;
const defaultPageSize = 500;

export class RestClient {
  readonly config: ClientConfig;
  /** The kubeconfig context's namespace, "default" otherwise. */
  readonly namespace: string;
  readonly userAgent: string;
  readonly #agent: Agent;
  readonly #ownsAgent: boolean;
  readonly #credentials: Credentials;
  readonly #base: URL;
  readonly #timeoutMs: number;
  readonly #metrics: RestClientMetrics;
  #inFlight = 0;
  #openWatches = 0;

  constructor(config: ClientConfig) {
    this.config = config;
    this.namespace = config.namespace ?? 'default';
    this.userAgent = config.userAgent ?? defaultUserAgent();
    this.#base = new URL(config.server);
    this.#agent = createAgent(config);
    this.#ownsAgent = config.agent === undefined;
    this.#credentials = new Credentials(config);
    this.#timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
    this.#metrics = new RestClientMetrics(config.server);
  }

  /** A client for the kubeconfig's current context; `overrides` set the user agent, timeout, ... */
  static fromKubeconfig(path: string, options: Omit<KubeconfigOptions, 'baseDir'> & Partial<Omit<ClientConfig, 'server'>> = {}): RestClient {
    const { context, ...overrides } = options;
    return new RestClient({ ...loadKubeconfig(path, context === undefined ? {} : { context }), ...overrides });
  }

  /** Requests sent and not yet answered (watches not counted). */
  get inFlight(): number {
    return this.#inFlight;
  }

  get openWatches(): number {
    return this.#openWatches;
  }

  /** The agent the client's connections live in (for sharing between clients, or counting sockets). */
  get agent(): Agent {
    return this.#agent;
  }

  /** Closes the connections of the client's own agent; a shared agent is left to its owner. */
  close(): void {
    if (this.#ownsAgent) this.#agent.destroy();
  }

  async get<T extends KubeObject>(target: ResourceTarget, options: RequestControl & { readonly resourceVersion?: string } = {}): Promise<T> {
    const query: Record<string, string> = options.resourceVersion ? { resourceVersion: options.resourceVersion } : {};
    return this.#json<T>({ method: 'GET', path: resourcePath(target), query, target, ...control(options) });
  }

  /** A subresource answered in plain text, such as pods/log (`query` holds container, tailLines, ...). */
  async getText(target: ResourceTarget, query: Readonly<Record<string, string>> = {}, options: RequestControl = {}): Promise<string> {
    const response = await this.request({ method: 'GET', path: resourcePath(target), query, accept: '*/*', target, ...control(options) });
    return response.body.toString('utf8');
  }

  /** One page: as many items as `limit` allows, and metadata.continue for the next page. */
  async list<T extends KubeObject>(target: ResourceTarget, options: ListOptions = {}): Promise<ObjectList<T>> {
    const accept = options.metadataOnly === true ? metadataListAccept : undefined;
    return this.#json<ObjectList<T>>({
      method: 'GET',
      path: resourcePath(target),
      query: listQuery(options),
      target,
      ...(accept === undefined ? {} : { accept }),
      ...control(options),
    });
  }

  /**
   * Every item, `pageSize` at a time (500 by default, 0 for one request), all of one snapshot. If
   * the snapshot is compacted between pages (410 Expired) it lists again in one request, as
   * client-go's pager does.
   */
  async listAll<T extends KubeObject>(target: ResourceTarget, options: Omit<ListOptions, 'limit' | 'continue'> & { readonly pageSize?: number } = {}): Promise<ObjectList<T>> {
    const { pageSize = defaultPageSize, ...rest } = options;
    const first = await this.list<T>(target, { ...rest, limit: pageSize });
    const items = [...first.items];
    let page = first;
    while (page.metadata.continue) {
      try {
        page = await this.list<T>(target, { ...rest, continue: page.metadata.continue, limit: pageSize, resourceVersion: '', resourceVersionMatch: undefined });
      } catch (error) {
        if (!isResourceExpired(error)) throw error;
        return this.list<T>(target, rest);
      }
      items.push(...page.items);
    }
    return { ...page, metadata: { resourceVersion: page.metadata.resourceVersion ?? first.metadata.resourceVersion }, items };
  }

  /** POST to the collection (or to a subresource such as pods/binding or pods/eviction). */
  async create<T extends KubeObject>(target: ResourceTarget, body: unknown, options: WriteOptions = {}): Promise<T> {
    return this.#json<T>({ method: 'POST', path: resourcePath(target), query: writeQuery(options), body: JSON.stringify(body), target, ...control(options) });
  }

  /** PUT the whole object; the name comes from the target or else from the body's metadata. */
  async update<T extends KubeObject>(target: ResourceTarget, body: T, options: WriteOptions = {}): Promise<T> {
    const named = target.name === undefined ? { ...target, name: body.metadata?.name ?? '' } : target;
    return this.#json<T>({ method: 'PUT', path: resourcePath(named), query: writeQuery(options), body: JSON.stringify(body), target: named, ...control(options) });
  }

  /** `patch` is the patch document: an object (merge, strategic, apply) or a list of operations (json). */
  async patch<T extends KubeObject>(target: ResourceTarget, patch: unknown, options: PatchOptions): Promise<T> {
    return this.#json<T>({
      method: 'PATCH',
      path: resourcePath(target),
      query: patchQuery(options),
      body: JSON.stringify(patch),
      contentType: patchContentTypes[options.type],
      target,
      ...control(options),
    });
  }

  /** The deleted object while finalizers or a grace period keep it, a Success Status once it is gone. */
  async delete<T extends KubeObject>(target: ResourceTarget, options: DeleteOptions = {}): Promise<T | Status> {
    const body = deleteOptionsBody(options);
    return this.#json<T | Status>({
      method: 'DELETE',
      path: resourcePath(target),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      target,
      ...control(options),
    });
  }

  /** Deletes what the selectors pick; answers the list of what it deleted. */
  async deleteCollection<T extends KubeObject>(target: ResourceTarget, options: Omit<ListOptions, 'limit' | 'continue'> & DeleteOptions = {}): Promise<ObjectList<T> | Status> {
    const body = deleteOptionsBody(options);
    return this.#json<ObjectList<T> | Status>({
      method: 'DELETE',
      path: resourcePath(target),
      query: listQuery(options),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      target,
      ...control(options),
    });
  }

  /**
   * Opens a watch; resolves once the server has accepted it (an error answer rejects with its
   * ApiError). The events then come through the Watch's async iterator until it or the server ends it.
   */
  async watch<T extends KubeObject>(target: ResourceTarget, options: WatchOptions = {}): Promise<Watch<T>> {
    const url = this.#url(resourcePath(target), watchQuery(options));
    const described = `GET ${url.href}`;
    this.#inFlight += 1;
    let opened;
    try {
      opened = await openStream({
        method: 'GET',
        url,
        headers: await this.#headers(options.metadataOnly === true ? { accept: metadataAccept } : {}),
        agent: this.#agent,
        timeoutMs: this.#timeoutMs,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof RequestError) this.#metrics.attempted('GET', noAnswerCode, 0, false);
      throw error;
    } finally {
      this.#inFlight -= 1;
    }
    const { request, response } = opened;
    this.#metrics.attempted('GET', response.statusCode ?? 0, 0, false);
    if (response.statusCode === 401) this.config.bearerTokenSource?.invalidate();
    if (response.statusCode !== 200) {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      throw apiErrorFromResponse({
        method: 'GET',
        path: url.pathname + url.search,
        statusCode: response.statusCode ?? 0,
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: response.headers['content-type'],
        target,
      });
    }
    this.#warn(response.headersDistinct.warning);
    this.#openWatches += 1;
    const deadlineMs = options.timeoutSeconds === undefined ? 0 : options.timeoutSeconds * 1000 + watchDeadlineGraceMs;
    return new Watch<T>(request, response, described, { signal: options.signal, deadlineMs, onEnd: () => (this.#openWatches -= 1) });
  }

  /**
   * Any request; answers 2xx responses as they are and throws ApiError for the rest. A 429 or 5xx
   * answer with a Retry-After header (API priority and fairness refusing a request, a server
   * still starting) is sent again after that many seconds, up to 10 times, as client-go does.
   */
  async request(request: RawRequest): Promise<BufferedResponse> {
    const url = this.#url(request.path, request.query ?? {});
    const started = performance.now();
    let responseBytes: number | undefined;
    try {
      for (let attempt = 1; ; attempt++) {
        const response = await this.#requestOnce(request, url, attempt > 1);
        if (response.statusCode >= 200 && response.statusCode <= 299) {
          responseBytes = response.body.length;
          return response;
        }
        const error = apiErrorFromResponse({
          method: request.method,
          path: url.pathname + url.search,
          statusCode: response.statusCode,
          body: response.body.toString('utf8'),
          contentType: response.headers['content-type'],
          retryAfter: response.headers['retry-after'],
          target: request.target,
        });
        const seconds = retryAfterToWait(error);
        if (seconds === undefined || attempt > maxRetries || request.signal?.aborted === true) {
          // client-go reports the size of a failed request's answer when it has a body.
          if (response.body.length > 0) responseBytes = response.body.length;
          throw error;
        }
        await sleep(seconds * 1000, request.signal);
      }
    } finally {
      this.#metrics.finished(request.method, (performance.now() - started) / 1000, responseBytes);
    }
  }

  /** One attempt: the answer, whatever its status; a RequestError when none came. */
  async #requestOnce(request: RawRequest, url: URL, retry: boolean): Promise<BufferedResponse> {
    const requestBytes = request.body === undefined ? 0 : Buffer.byteLength(request.body);
    // In flight from the call on, also while a bearer token is fetched.
    this.#inFlight += 1;
    let response: BufferedResponse;
    try {
      response = await sendRequest({
        method: request.method,
        url,
        headers: await this.#headers({
          accept: request.accept ?? 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
        }),
        body: request.body,
        agent: this.#agent,
        timeoutMs: request.timeoutMs ?? this.#timeoutMs,
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof RequestError) this.#metrics.attempted(request.method, noAnswerCode, requestBytes, retry);
      throw error;
    } finally {
      this.#inFlight -= 1;
    }
    this.#metrics.attempted(request.method, response.statusCode, requestBytes, retry);
    this.#warn(response.headersDistinct.warning);
    if (response.statusCode === 401) this.config.bearerTokenSource?.invalidate();
    return response;
  }

  async #json<T>(request: RawRequest): Promise<T> {
    const response = await this.request(request);
    const text = response.body.toString('utf8');
    return (text.trim() === '' ? {} : parseJson(text)) as T;
  }

  #url(path: string, query: Readonly<Record<string, string>>): URL {
    const url = new URL(this.#base.href);
    url.pathname = this.#base.pathname.replace(/\/+$/, '') + path;
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  async #headers(extra: Record<string, string>): Promise<Record<string, string>> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.userAgent, ...extra };
    const source = this.config.bearerTokenSource;
    const authorization = source === undefined ? this.#credentials.authorization() : `Bearer ${await source.token()}`;
    if (authorization !== undefined) headers.authorization = authorization;
    return headers;
  }

  #warn(values: readonly string[] | undefined): void {
    if (this.config.onWarning === undefined || values === undefined) return;
    for (const text of warningTexts(values)) this.config.onWarning(text);
  }
}

function control(options: RequestControl): RequestControl {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}
