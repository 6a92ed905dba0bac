// The API server's client of the node agents (kube's kubelet client and its upgrade-aware proxy):
// finds a node's agent from its Node object, GETs from it over TLS (pod logs), and splices an
// upgraded connection (exec, attach, port-forward) between a client and the agent byte for byte.
// Connections it splices are cut when the API server stops.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { forwardedHeaders, newUnclassifiedError, spliceConnections } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { goConnectionError, KubeletTimeout, type KubeletTimeoutPhase } from './connection-error.ts';
import type { KubeletClientConfig } from './kubelet-client-config.ts';
import { joinHostPort, nodeConnection, type NodeConnection } from './node-connection.ts';
import { acceptTunnel, spdyUpgradeHeaders } from './spdy-websocket-tunnel.ts';

export interface KubeletGetOptions {
  /** PodLogOptions' insecureSkipTLSVerifyBackend: no verification of the agent's certificate for this request. */
  readonly insecureSkipVerify: boolean;
  /** Aborts the request: the client went away. */
  readonly signal: AbortSignal;
}

/** Go's http client calls CheckRedirect (kube's PreventRedirects) for these statuses with a Location. */
const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Request headers that name the API server's own connection, not the client's: replaced. */
const replacedHeaders: ReadonlySet<string> = new Set(['host', 'authorization', 'x-forwarded-for']);

export class KubeletClient {
  readonly #config: KubeletClientConfig;
  readonly #nodes: GenericStore;
  readonly #spliced = new Set<Duplex>();

  constructor(config: KubeletClientConfig, nodes: GenericStore, stopping: AbortSignal) {
    this.#config = config;
    this.#nodes = nodes;
    stopping.addEventListener('abort', () => {
      for (const socket of this.#spliced) socket.destroy();
    });
  }

  /** Holds a connection the API server took over for a node's stream (logs over WebSocket) until it closes; cut when the API server stops. */
  adopt(connection: Duplex): void {
    if (connection.destroyed) return;
    this.#spliced.add(connection);
    connection.once('close', () => this.#spliced.delete(connection));
  }

  /** The agent of a node: kube's 404 for a Node that does not exist, its 500 for one without a usable address. */
  async locate(nodeName: string): Promise<NodeConnection> {
    return nodeConnection(await this.#nodes.get(undefined, nodeName), this.#config);
  }

  /**
   * GET `target` (path and query) from the agent: its answer once the head arrives, whatever its
   * status. A connection that fails, times out or is redirected is kube's 500 `Get "<url>": ...`.
   */
  get(connection: NodeConnection, target: string, options: KubeletGetOptions): Promise<IncomingMessage> {
    const url = `https://${joinHostPort(connection)}${target}`;
    const fail = (why: string) => newUnclassifiedError(`Get ${JSON.stringify(url)}: ${why}`);
    return new Promise((resolve, reject) => {
      const outgoing = httpsRequest({
        ...this.#requestOptions(connection, options.insecureSkipVerify),
        path: target,
        method: 'GET',
        headers: this.#authorization(),
        signal: options.signal,
      });
      const timer = this.#answerTimer(outgoing);
      outgoing.once('response', (answer) => {
        clearTimeout(timer);
        if (redirectStatuses.has(answer.statusCode ?? 0) && answer.headers.location !== undefined) {
          answer.destroy();
          reject(fail('redirects forbidden'));
        } else resolve(answer);
      });
      outgoing.once('error', (error) => {
        clearTimeout(timer);
        reject(fail(goConnectionError(error, connection.host, joinHostPort(connection))));
      });
      outgoing.end();
    });
  }

  /**
   * Sends the client's upgrade request to `target` on the agent with the client's headers (its
   * Sec-WebSocket-* and X-Stream-Protocol-* among them) and, once the agent switches protocols,
   * writes the agent's answer head to the client and splices the two connections until either
   * ends. An agent that refuses with a 4xx or 5xx has its answer echoed to the client, as kube
   * does; any other answer, or no answer, is kube's 500. With `tunnel` (the SPDY protocols a
   * WebSocket request tunnels), the agent is asked for SPDY and the client's WebSocket carries it.
   */
  upgrade(connection: NodeConnection, target: string, request: IncomingMessage, response: ServerResponse, tunnel?: readonly string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const forwarded = this.#forwardedHeaders(request, connection);
      const outgoing = httpsRequest({
        ...this.#requestOptions(connection, false),
        path: target,
        method: tunnel === undefined ? (request.method ?? 'GET') : 'POST',
        headers: tunnel === undefined ? forwarded : spdyUpgradeHeaders(forwarded, tunnel),
      });
      const timer = this.#answerTimer(outgoing);
      const client = request.socket;
      // A client that leaves before the agent answers takes the agent's connection with it.
      const abandon = (): void => void outgoing.destroy();
      client.once('close', abandon);
      const answered = (): void => {
        clearTimeout(timer);
        client.off('close', abandon);
      };
      outgoing.once('upgrade', (answer: IncomingMessage, agent: Socket, head: Buffer) => {
        answered();
        if (tunnel !== undefined) {
          try {
            acceptTunnel(request, response, answer, agent, head, this.#spliced);
            resolve();
          } catch (error) {
            reject(error);
          }
          return;
        }
        client.write(answerHead(answer));
        if (head.length > 0) client.write(head);
        spliceConnections(client, agent, this.#spliced);
        resolve();
      });
      outgoing.once('response', (answer) => {
        answered();
        const status = answer.statusCode ?? 0;
        if (status < 400) {
          answer.resume();
          reject(newUnclassifiedError(`invalid upgrade response: status code ${status}`));
          return;
        }
        response.writeHead(status, answer.statusMessage, withoutHopByHop(answer.rawHeaders));
        answer.pipe(response);
        response.once('close', () => resolve());
      });
      outgoing.once('error', (error) => {
        answered();
        if (client.destroyed) return resolve();
        const why = goConnectionError(error, connection.host, joinHostPort(connection));
        reject(newUnclassifiedError(why === 'EOF' ? why : `error dialing backend: ${why}`));
      });
      outgoing.end();
    });
  }

  /** What a nodes/proxy request to the agent carries: the TLS options and credentials of every request to it. */
  proxyTransport(connection: NodeConnection): { readonly options: RequestOptions; readonly headers: Readonly<Record<string, string>> } {
    return { options: this.#requestOptions(connection, false), headers: this.#authorization() };
  }

  #requestOptions(connection: NodeConnection, insecureSkipVerify: boolean): RequestOptions {
    const { certificateAuthority, clientCertificate, clientKey } = this.#config;
    const verify = certificateAuthority !== undefined && !insecureSkipVerify;
    return {
      host: connection.host,
      port: connection.port,
      agent: false,
      // Without a certificate authority kube does not verify the kubelet's serving certificate.
      rejectUnauthorized: verify,
      ...(verify ? { ca: certificateAuthority } : {}),
      ...(clientCertificate === undefined ? {} : { cert: clientCertificate, key: clientKey }),
      ...(isIP(connection.host) === 0 ? { servername: connection.host } : {}),
    };
  }

  #authorization(): Record<string, string> {
    const token = this.#config.bearerToken;
    return token === undefined ? {} : { Authorization: `Bearer ${token}` };
  }

  /** The client's headers, as kube's upgrade-aware proxy forwards them: with X-Forwarded-For, and our own Host and credentials. */
  #forwardedHeaders(request: IncomingMessage, connection: NodeConnection): string[] {
    return forwardedHeaders(request, (name) => !replacedHeaders.has(name), { Host: joinHostPort(connection), ...this.#authorization() });
  }

  /** --kubelet-timeout: from the request to the head of the agent's answer. */
  #answerTimer(outgoing: ReturnType<typeof httpsRequest>): NodeJS.Timeout {
    let phase: KubeletTimeoutPhase = 'dial';
    outgoing.once('socket', (socket) => {
      socket.once('connect', () => (phase = 'handshake'));
      socket.once('secureConnect', () => (phase = 'headers'));
    });
    return setTimeout(() => outgoing.destroy(new KubeletTimeout(phase)), this.#config.timeoutMs);
  }
}

/** The agent's status line and headers, as it sent them. */
export function answerHead(answer: IncomingMessage): string {
  let head = `HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? ''}\r\n`;
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return `${head}\r\n`;
}

/** An echoed answer's headers without those of the agent's connection (ours sets its own). */
export function withoutHopByHop(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (name !== 'connection' && name !== 'keep-alive' && name !== 'transfer-encoding') kept.push(raw[i] as string, raw[i + 1] as string);
  }
  return kept;
}
