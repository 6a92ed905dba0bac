// How a proxy request reaches its backend: kube's proxy transport (plain HTTP, or HTTPS that
// verifies nothing and presents nothing) for pods, services and a node's other ports; the
// API server's kubelet client credentials for a node's agent.

import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { KubeletTimeout } from '../../kubelet/connection-error.ts';
import type { KubeletClient } from '../../kubelet/kubelet-client.ts';
import type { ProxyLocation } from './proxy-location.ts';

export interface BackendRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly target: string;
  /** Raw header pairs, as sent. */
  readonly headers: readonly string[];
}

/** kube's proxy dialer gives up connecting after 30 s (Go's `dial tcp ...: i/o timeout`). */
const dialTimeoutMs = 30_000;

export function openBackendRequest(location: ProxyLocation, kubelet: KubeletClient, backend: BackendRequest): ClientRequest {
  const outgoing = sendRequest(location, kubelet, backend);
  outgoing.once('socket', (socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => outgoing.destroy(new KubeletTimeout('dial')), dialTimeoutMs);
    socket.once('connect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
  return outgoing;
}

function sendRequest(location: ProxyLocation, kubelet: KubeletClient, backend: BackendRequest): ClientRequest {
  const base: RequestOptions = { host: location.hostname, method: backend.method, path: backend.target, agent: false, setHost: false };
  if (location.port !== undefined) base.port = location.port;
  if (location.scheme === 'http') return httpRequest({ ...base, headers: [...backend.headers] });
  if (location.transport === 'plain') return httpsRequest({ ...base, rejectUnauthorized: false, headers: [...backend.headers] });
  const port = location.port ?? 443;
  const { options, headers } = kubelet.proxyTransport({ host: location.hostname, port });
  const credentials = Object.entries(headers).flat();
  return httpsRequest({ ...options, ...base, headers: [...backend.headers, ...credentials] });
}
