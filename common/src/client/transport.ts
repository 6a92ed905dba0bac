// The connection side of a client: the http or https Agent (keep-alive, so heartbeats of thousands
// of agents reuse their sockets instead of opening one per request) and the credentials header.

import { readFileSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import type { ClientConfig } from './client-config.ts';

/** How long an idle connection stays in the pool when the server gives no hint: client-go's 90 s. */
export const idleSocketTimeoutMs = 90_000;

const serverIdleHints = new WeakMap<Duplex, number>();

/**
 * Notes a response's `Keep-Alive: timeout=N` (Node's HTTP server, the API server's, closes idle
 * connections after 5 s): the pool lets the socket go a second before, so the client closes first
 * and never sends on a socket the server is closing.
 */
export function noteKeepAliveHint(socket: Duplex, header: string | undefined): void {
  const seconds = header === undefined ? undefined : /(?:^|,)\s*timeout=(\d+)/i.exec(header)?.[1];
  if (seconds !== undefined) serverIdleHints.set(socket, Math.max(Number(seconds) * 1000 - 1000, 500));
}

export function createAgent(config: ClientConfig): HttpAgent {
  if (config.agent !== undefined) return config.agent;
  const keepAlive = config.keepAlive ?? true;
  // lifo hands out the most recently used socket, so idle ones age out rather than all staying warm.
  const common = { keepAlive, keepAliveMsecs: 30_000, scheduling: 'lifo' as const };
  const url = new URL(config.server);
  if (url.protocol === 'http:') return expireIdleSockets(new HttpAgent(common));
  if (url.protocol !== 'https:') throw new TypeError(`server ${config.server}: only http and https are supported`);
  return expireIdleSockets(
    new HttpsAgent({
      ...common,
      ...(config.certificateAuthority === undefined ? {} : { ca: config.certificateAuthority }),
      ...(config.clientCertificate === undefined ? {} : { cert: config.clientCertificate }),
      ...(config.clientKey === undefined ? {} : { key: config.clientKey }),
      ...(config.tlsServerName === undefined ? {} : { servername: config.tlsServerName }),
      rejectUnauthorized: config.insecureSkipTLSVerify !== true,
    }),
  );
}

/** Idle pooled sockets time out (the agent then destroys them); a socket taken for a request does not. */
function expireIdleSockets<A extends HttpAgent>(agent: A): A {
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  const reuse = agent.reuseSocket.bind(agent);
  agent.keepSocketAlive = ((socket: Duplex & { setTimeout(ms: number): void }) => {
    const kept = keep(socket);
    if (kept) socket.setTimeout(serverIdleHints.get(socket) ?? idleSocketTimeoutMs);
    return kept;
  }) as HttpAgent['keepSocketAlive'];
  agent.reuseSocket = (socket, request) => {
    (socket as Duplex & { setTimeout(ms: number): void }).setTimeout(0);
    reuse(socket, request);
  };
  return agent;
}

const tokenFileRereadMs = 60_000;

/** The Authorization header of a config, re-reading a token file once a minute (client-go's period). */
export class Credentials {
  readonly #config: ClientConfig;
  #fileToken: string | undefined;
  #fileReadAt = -Infinity;

  constructor(config: ClientConfig) {
    this.#config = config;
  }

  authorization(now = Date.now()): string | undefined {
    const { tokenFile, token, username, password } = this.#config;
    if (tokenFile !== undefined && now - this.#fileReadAt >= tokenFileRereadMs) {
      try {
        this.#fileToken = readFileSync(tokenFile, 'utf8').trim() || undefined;
        this.#fileReadAt = now;
      } catch {
        // An unreadable file keeps the last token it gave (client-go's rule); it is tried again next time.
      }
    }
    const bearer = this.#fileToken ?? token;
    if (bearer !== undefined) return `Bearer ${bearer}`;
    if (username !== undefined || password !== undefined) return `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
    return undefined;
  }
}
