// The HTTPS client of one webhook (a CRD's conversion webhook, an admission webhook), as
// kube-apiserver's webhook client manager makes it (k8s.io/apiserver pkg/util/webhook): POST to
// clientConfig.url, or to https://<name>.<namespace>.svc:<port><path> for a service (port 443
// unless given), dialled at the address the service resolves to and verified against the name
// <name>.<namespace>.svc; the caBundle's authorities are trusted (the system's when there is none),
// the request has a limit (kube's 30 s unless the caller gives its own; also sent as
// ?timeout=<seconds>s), and failures read as Go's http client words them (`Post "<url>": dial tcp
// 127.0.0.1:9443: connect: connection refused`). Each webhook has its own connections and its own
// limit of requests in flight, so a slow one delays only its own requests.

import type { Agent } from 'node:http';
import { caBundleCertificates, caBundleError, errorCode, goQuote } from '@capstan/common';
import { apiErrorFromResponse, createAgent, sendRequest, type BufferedResponse } from '@capstan/common/client';
import { goConnectionError } from '../../kubelet/connection-error.ts';
import { isObject, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { ConversionFailure } from './conversion-review.ts';
import type { ServiceResolver } from './service-resolver.ts';

/** kube's webhook request timeout (webhook.defaultRequestTimeout). */
export const webhookTimeoutMs = 30_000;

/** Requests to one webhook in flight at once; more wait their turn (a list converts its objects one review each). */
const maxInFlight = 16;

export interface ServiceReference {
  readonly namespace: string;
  readonly name: string;
  readonly path: string;
  readonly port: number;
}

/** A webhook's clientConfig: exactly one of url and service (the owner's validation sees to it). */
export interface WebhookClientConfig {
  readonly url: string | undefined;
  readonly service: ServiceReference | undefined;
  /** PEM authorities; none trusts the system's. */
  readonly certificateAuthorities: string | undefined;
}

/** How the client words what goes wrong; by default as the conversion webhook client. */
export interface WebhookClientOptions {
  /** The failure thrown, from kube's message. */
  readonly failure?: (message: string) => Error;
  /**
   * The words of a request that ran out of time: the conversion client's is http.Client's own
   * timeout; the admission client's, its context's deadline ("context deadline exceeded").
   */
  readonly timeoutText?: string;
}

export interface WebhookAnswer {
  readonly body: Buffer;
  readonly contentType: string;
}

export class WebhookClient {
  readonly #config: WebhookClientConfig;
  readonly #resolver: ServiceResolver;
  readonly #agent: Agent;
  /** The name the serving certificate must hold: a service's <name>.<namespace>.svc, else the URL's host. */
  readonly #serverName: string | undefined;
  /** The URL as kube shows it in its errors, without its ?timeout. */
  readonly #url: string;
  readonly #failureOf: (message: string) => Error;
  readonly #timeoutText: string;
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(config: WebhookClientConfig, resolver: ServiceResolver, options: WebhookClientOptions = {}) {
    this.#config = config;
    this.#resolver = resolver;
    this.#failureOf = options.failure ?? ((message) => new ConversionFailure(message));
    this.#timeoutText = options.timeoutText ?? 'net/http: request canceled (Client.Timeout exceeded while awaiting headers)';
    const { service } = config;
    const serverName = service === undefined ? undefined : `${service.name}.${service.namespace}.svc`;
    this.#serverName = serverName;
    this.#url = service === undefined ? urlBase(config.url ?? '') : `https://${serverName}:${service.port}${service.path}`;
    this.#agent = createAgent({
      server: this.#url,
      ...(config.certificateAuthorities === undefined ? {} : { certificateAuthority: config.certificateAuthorities }),
      ...(serverName === undefined ? {} : { tlsServerName: serverName }),
    });
  }

  /** POSTs a review within `timeoutMs`; the answer of a 2xx, else the failure in kube's words. */
  async post(body: string, timeoutMs = webhookTimeoutMs): Promise<WebhookAnswer> {
    await this.#turn();
    try {
      return await this.#post(body, timeoutMs);
    } finally {
      const next = this.#waiting.shift();
      if (next === undefined) this.#inFlight--;
      else next();
    }
  }

  #turn(): Promise<void> {
    if (this.#inFlight < maxInFlight) {
      this.#inFlight++;
      return Promise.resolve();
    }
    // The request that finishes hands its place over: the count stays.
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async #post(body: string, timeoutMs: number): Promise<WebhookAnswer> {
    const { service } = this.#config;
    // client-go's ?timeout: the limit in whole seconds, rounded up.
    const url = `${this.#url}?timeout=${Math.ceil(timeoutMs / 1000)}s`;
    const target = new URL(url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, */*',
      'user-agent': 'kube-apiserver-admission',
    };
    if (service !== undefined) {
      let address;
      try {
        address = await this.#resolver.resolve(service.namespace, service.name, service.port);
      } catch (error) {
        throw this.#failure(url, error instanceof Error ? error.message : String(error));
      }
      // The Host header and the certificate keep the service's name; only the dial goes to the address.
      headers.host = target.host;
      target.hostname = address.host.includes(':') ? `[${address.host}]` : address.host;
      target.port = String(address.port);
    }
    let answer: BufferedResponse;
    try {
      answer = await sendRequest({ method: 'POST', url: target, headers, body, agent: this.#agent, timeoutMs });
    } catch (error) {
      throw this.#failure(url, errorCode(error) === 'RequestTimeout' ? this.#timeoutText : connectionErrorText(error, target, this.#serverName));
    }
    const contentType = answer.headers['content-type'] ?? '';
    if (answer.statusCode < 200 || answer.statusCode > 299) {
      // client-go's reading of an error answer: its Status, or a message made from the code.
      const status = apiErrorFromResponse({ method: 'POST', path: url, statusCode: answer.statusCode, body: answer.body.toString('utf8'), contentType });
      throw this.#failureOf(status.message);
    }
    return { body: answer.body, contentType };
  }

  #failure(url: string, reason: string): Error {
    return this.#failureOf(`Post ${goQuote(url)}: ${reason}`);
  }
}

/** scheme://host/path of a webhook URL, as kube's REST client puts it together. */
function urlBase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

function connectionErrorText(error: unknown, target: URL, serverName: string | undefined): string {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const port = target.port === '' ? '443' : target.port;
  return goConnectionError(cause, serverName ?? target.hostname.replace(/^\[|\]$/g, ''), `${target.hostname}:${port}`);
}

/**
 * The client config of a webhook's clientConfig (JSON as stored: caBundle in base64, blank is
 * none); undefined when its caBundle holds no certificate kube can read (kube cannot build a
 * client for it).
 */
export function webhookClientConfigOf(clientConfig: JsonObject): WebhookClientConfig | undefined {
  const bundle = Buffer.from(stringOf(clientConfig.caBundle), 'base64');
  const blank = bundle.toString('latin1').trim() === '';
  if (!blank && caBundleError(bundle) !== undefined) return undefined;
  return {
    url: typeof clientConfig.url === 'string' ? clientConfig.url : undefined,
    service: serviceReferenceOf(clientConfig.service),
    certificateAuthorities: blank ? undefined : caBundleCertificates(bundle).join(''),
  };
}

function serviceReferenceOf(service: unknown): ServiceReference | undefined {
  if (!isObject(service)) return undefined;
  return {
    namespace: stringOf(service.namespace),
    name: stringOf(service.name),
    path: stringOf(service.path),
    // Defaulted to 443 when the owner is written; kube's client defaults it again.
    port: typeof service.port === 'number' && service.port !== 0 ? service.port : 443,
  };
}
