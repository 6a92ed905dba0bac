// The controller manager's secure port (kube-controller-manager's --secure-port 10257): HTTPS
// with an in-memory self-signed certificate, /healthz (also /livez and /readyz) for anyone, and
// /metrics (kube's legacyregistry: workqueue_*, the scheduler's scheduler_* that kube-scheduler
// serves on its own port, node_collector_*, rest_client_*, process and Node.js runtime metrics) and
// kube-scheduler's /metrics/resources (kube_pod_resource_request and _limit) for whoever the API
// server authorizes to get them.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { errorMessage, generateSelfSignedCertKey, type Logger } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import { legacyRegistry } from '@capstan/common/metrics';
import { podResourceMetrics } from '../scheduler/pod-resource-metrics.ts';
import { refusalOf } from './delegated-authorization.ts';

export const secureServingFlags = {
  'secure-port': { type: 'int', default: 10257, help: "The port on which to serve HTTPS with authentication and authorization. If 0, don't serve HTTPS at all." },
  'bind-address': {
    type: 'string',
    default: '0.0.0.0',
    help: 'The IP address on which to listen for the --secure-port port. The associated interface(s) must be reachable by the rest of the cluster, and by CLI/web clients.',
  },
} as const;

export interface SecureServing {
  readonly port: number;
  close(): Promise<void>;
}

const healthPaths: ReadonlySet<string> = new Set(['/healthz', '/livez', '/readyz']);
/** kube-scheduler's kube_pod_resource_* (its port 10259 serves them; here the controllers' port, authorized as /metrics is). */
const podResourceMetricsPath = '/metrics/resources';

export async function startSecureServing(options: {
  readonly bindAddress: string;
  readonly port: number;
  readonly client: RestClient;
  readonly logger: Logger;
}): Promise<SecureServing> {
  const { certificate, privateKey } = await generateSelfSignedCertKey(options.bindAddress === '0.0.0.0' ? 'localhost' : options.bindAddress, { alternateDNS: ['localhost'] });
  legacyRegistry.registerProcessMetrics();
  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'https://controllers').pathname;
    const known = healthPaths.has(path) || path === '/metrics' || path === podResourceMetricsPath;
    if (!known) return answer(response, 404, 'text/plain; charset=utf-8', '404 page not found\n');
    const refusal = await refusalOf(options.client, request, path);
    if (refusal !== undefined) return answer(response, refusal.code, 'application/json', `${JSON.stringify(refusal.status)}\n`);
    if (healthPaths.has(path)) return answer(response, 200, 'text/plain; charset=utf-8', 'ok');
    const { contentType, body } = await (path === podResourceMetricsPath ? podResourceMetrics : legacyRegistry).expose(request.headers.accept);
    answer(response, 200, contentType, request.method === 'HEAD' ? '' : body);
  };
  const server: Server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
    serve(request, response).catch((error: unknown) => {
      options.logger.warn({ err: error, url: request.url }, 'serving the secure port failed');
      if (!response.headersSent) answer(response, 500, 'text/plain; charset=utf-8', `${errorMessage(error)}\n`);
      else response.destroy();
    });
  });
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.bindAddress, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.logger.info({ address: options.bindAddress, port }, `Serving securely on ${options.bindAddress}:${port}`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'x-content-type-options': 'nosniff', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}
