// The agent's HTTPS server on its port (the kubelet's 10250 API): TLS with the configured or the
// self-signed serving certificate, client certificates asked for when --client-ca-file is set,
// then for every path the kubelet serves there (/metrics among them): authentication (401 "Unauthorized"),
// authorization, the route (go-restful's 404 and 405 for a known root), and the endpoint. A path
// under no root the kubelet registers is net/http's 404, before any authentication, as the
// kubelet's mux answers it (so is /checkpoint/ with the ContainerCheckpoint gate off).

import { mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { SecureVersion } from 'node:tls';
import type { AgentConfiguration } from '../config/index.ts';
import type { CriRuntimeClient } from '../cri/index.ts';
import type { PodDirectory } from '../pods/pod-directory.ts';
import { authenticateRequest, type AuthenticationSettings } from './authenticate-request.ts';
import { authorizationRefusal, requestAttributes, type AuthorizationMode } from './authorize-request.ts';
import { serveCheckpoint } from './checkpoint.ts';
import { serveContainerLogs } from './container-logs.ts';
import { serveStreaming } from './exec-attach.ts';
import { answerHttpError, answerText, type Exchange } from './exchange.ts';
import { servePortForward } from './port-forward.ts';
import { serveHealthz, servePods, type HealthCheck } from './pods-and-health.ts';
import { serveMetrics, serveProbeMetrics, serveResourceMetrics } from './metrics.ts';
import { registerProberMetrics } from '../metrics/prober-metrics.ts';
import { readCgroupInfo, readNodeUsage, type CgroupInfo } from '../system/index.ts';
import { registerKubeletMetrics } from '../metrics/kubelet-metrics.ts';
import type { ServerContext, ServerLog } from './server-context.ts';
import { errorMessage, loadServingCertificate, ServingCertificateError } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import { tokenReviewer } from './webhook-authentication.ts';
import { accessReviewer } from './webhook-authorization.ts';

export interface AgentServerOptions {
  /** The loaded configuration: address, port, TLS files, authentication, authorization, gates, --cert-dir, --root-dir. */
  readonly configuration: AgentConfiguration;
  readonly runtime: CriRuntimeClient;
  readonly pods: PodDirectory;
  /** Where to listen instead of the configuration's address and port (port 0: any free port). */
  readonly listen?: { readonly host?: string; readonly port?: number };
  readonly log?: ServerLog;
  /** /healthz's syncloop check: why the pod sync loop is stuck, or undefined while it runs. */
  readonly syncLoopHealth?: () => string | undefined;
  /** The API server, for the webhook modes' TokenReviews and SubjectAccessReviews (none in standalone mode). */
  readonly client?: RestClient;
  /** The machine's cgroups, for the node's usage in /metrics/resource (read here when not given). */
  readonly cgroups?: CgroupInfo;
}

export interface AgentServer {
  readonly port: number;
  /** The serving certificate and key in use (<cert-dir>/kubelet.crt and .key when self-signed). */
  readonly certFile: string;
  readonly keyFile: string;
  /** Stops listening and cuts open connections (following logs, exec and attach streams). */
  close(): Promise<void>;
}

/** A failure to start, worded for the agent's log. */
export class AgentServerError extends Error {
  override name = 'AgentServerError';
}

type Serve = (exchange: Exchange, params: readonly string[]) => void | Promise<void>;

interface Route {
  /** Undefined: any method. */
  readonly methods?: readonly string[];
  readonly segments: readonly number[];
  readonly serve: Serve;
}

/** A root path the kubelet registers (a go-restful web service, or a handler of its own). */
interface Root {
  readonly path: string;
  readonly routes: readonly Route[];
}

const tlsVersions: Readonly<Record<string, SecureVersion>> = { VersionTLS10: 'TLSv1', VersionTLS11: 'TLSv1.1', VersionTLS12: 'TLSv1.2', VersionTLS13: 'TLSv1.3' };

export async function startAgentServer(options: AgentServerOptions): Promise<AgentServer> {
  const { configuration } = options;
  const { config, flags, featureGates } = configuration;
  const log = options.log ?? (() => {});

  if (config.serverTLSBootstrap === true && config.tlsCertFile === '' && config.tlsPrivateKeyFile === '') {
    throw new AgentServerError(
      'serverTLSBootstrap needs a CertificateSigningRequest client, which the agent does not have yet: set tlsCertFile and tlsPrivateKeyFile, or turn it off',
    );
  }
  let serving;
  try {
    serving = await loadServingCertificate({
      tlsCertFile: config.tlsCertFile,
      tlsPrivateKeyFile: config.tlsPrivateKeyFile,
      certDirectory: flags['cert-dir'],
      pairName: 'kubelet',
      hostname: configuration.nodeName,
    });
  } catch (error) {
    if (error instanceof ServingCertificateError) throw new AgentServerError(error.message);
    throw error;
  }
  if (serving.generated) log(`Using self-signed cert ${serving.certFile} ${serving.keyFile}`);

  const clientCAFile = config.authentication.x509.clientCAFile;
  const clientCA = clientCAFile === '' ? undefined : readSetting(clientCAFile, (reason) => `unable to load client CA file ${clientCAFile}: ${reason}`);
  const tokenFile = flags['authentication-token-file'];
  let bearerToken: string | undefined;
  if (tokenFile !== '') {
    bearerToken = readSetting(tokenFile, (reason) => `--authentication-token-file: ${reason}`)
      .toString('utf8')
      .trim();
    if (bearerToken === '') throw new AgentServerError(`--authentication-token-file: ${tokenFile} holds no token`);
  }
  const client = options.client;
  const webhookAuthentication = config.authentication.webhook.enabled === true && client !== undefined;
  const authentication: AuthenticationSettings = {
    anonymous: config.authentication.anonymous.enabled === true,
    clientCertificates: clientCA !== undefined,
    bearerToken,
    ...(webhookAuthentication ? { tokenReview: tokenReviewer(client, config.authentication.webhook.cacheTTL as number) } : {}),
  };
  const mode = config.authorization.mode as AuthorizationMode;
  const accessReview =
    mode === 'Webhook' && client !== undefined
      ? accessReviewer(client, {
          nodeName: configuration.nodeName,
          authorizedTtlMs: config.authorization.webhook.cacheAuthorizedTTL as number,
          unauthorizedTtlMs: config.authorization.webhook.cacheUnauthorizedTTL as number,
        })
      : undefined;

  const rootDirectory = flags['root-dir'];
  if (featureGates.ContainerCheckpoint) mkdirSync(join(rootDirectory, 'checkpoints'), { recursive: true, mode: 0o700 });

  const context: ServerContext = { pods: options.pods, runtime: options.runtime, rootDirectory, log };
  const checks: HealthCheck[] = [
    { name: 'ping', check: () => undefined },
    { name: 'log', check: () => undefined },
    { name: 'syncloop', check: () => options.syncLoopHealth?.() },
  ];
  const streaming = (kind: 'exec' | 'attach'): Root => ({
    path: `/${kind}`,
    routes: [{ methods: ['GET', 'POST'], segments: [3, 4], serve: (exchange, params) => serveStreaming(kind, context, exchange, params) }],
  });
  registerKubeletMetrics(configuration.nodeName, options.runtime);
  registerProberMetrics();
  const cgroups = options.cgroups ?? readCgroupInfo();
  const resourceSources = { runtime: options.runtime, node: () => readNodeUsage(cgroups), log };
  const roots: Root[] = [
    // Before /metrics: the kubelet registers them as handlers of their own.
    { path: '/metrics/resource', routes: [{ methods: ['GET'], segments: [0], serve: (exchange) => serveResourceMetrics(resourceSources, exchange) }] },
    { path: '/metrics/probes', routes: [{ methods: ['GET'], segments: [0], serve: (exchange) => serveProbeMetrics(exchange) }] },
    { path: '/metrics', routes: [{ methods: ['GET'], segments: [0], serve: (exchange) => serveMetrics(exchange) }] },
    { path: '/healthz', routes: [{ segments: [0, 1], serve: (exchange, params) => serveHealthz(checks, exchange, params) }] },
    { path: '/pods', routes: [{ methods: ['GET'], segments: [0], serve: (exchange) => servePods(context, exchange) }] },
    { path: '/containerLogs', routes: [{ methods: ['GET'], segments: [3], serve: (exchange, params) => serveContainerLogs(context, exchange, params) }] },
    streaming('exec'),
    streaming('attach'),
    { path: '/portForward', routes: [{ methods: ['GET', 'POST'], segments: [2, 3], serve: (exchange, params) => servePortForward(context, exchange, params) }] },
    ...(featureGates.ContainerCheckpoint
      ? [
          {
            path: '/checkpoint',
            routes: [{ methods: ['POST'], segments: [3], serve: (exchange: Exchange, params: readonly string[]) => serveCheckpoint(context, exchange, params) }],
          },
        ]
      : []),
  ];

  const dispatch = async (exchange: Exchange): Promise<void> => {
    const path = exchange.url.pathname;
    const root = roots.find((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`));
    if (root === undefined) return answerHttpError(exchange, 404, '404 page not found');
    const method = exchange.request.method ?? 'GET';
    const who = await authenticateRequest(exchange.request, authentication);
    if ('failure' in who) {
      log(`Unauthorized ${method} ${path}: ${who.failure}`);
      return answerText(exchange, 401, 'Unauthorized');
    }
    const refusal = await authorizationRefusal(mode, who.user, requestAttributes(method, path), accessReview);
    if (refusal !== undefined) return answerText(exchange, 403, refusal);
    const params = routeParams(path.slice(root.path.length));
    const routes = params === undefined ? [] : root.routes.filter((route) => route.segments.includes(params.length));
    if (params === undefined || routes.length === 0) return answerText(exchange, 404, '404: Page Not Found');
    const route = routes.find((candidate) => candidate.methods === undefined || candidate.methods.includes(method));
    if (route === undefined) return answerText(exchange, 405, '405: Method Not Allowed', { Allow: routes.flatMap((candidate) => candidate.methods ?? []).join(', ') });
    await route.serve(exchange, params);
  };

  const run = (exchange: Exchange): void => {
    dispatch(exchange).catch((error: unknown) => {
      log(`${exchange.request.method ?? ''} ${exchange.url.pathname} failed`, error);
      if (exchange.response?.headersSent === true) exchange.response.destroy();
      else answerText(exchange, 500, errorMessage(error));
    });
  };

  const upgraded = new Set<Duplex>();
  const server: Server = createServer(
    {
      cert: serving.cert,
      key: serving.key,
      ...(clientCA === undefined ? {} : { requestCert: true, rejectUnauthorized: false, ca: clientCA }),
      ...(config.tlsMinVersion !== undefined && config.tlsMinVersion !== '' && tlsVersions[config.tlsMinVersion] !== undefined
        ? { minVersion: tlsVersions[config.tlsMinVersion] }
        : {}),
      keepAliveTimeout: 90_000,
      // Only exec, attach and port-forward take over their connection; any other upgrade request is answered as an ordinary one.
      shouldUpgradeCallback: (request: IncomingMessage) => /^\/(exec|attach|portForward)\//.test(request.url ?? ''),
    },
    (request: IncomingMessage, response: ServerResponse) => run({ request, url: requestUrl(request), response, upgrade: undefined }),
  );
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => upgraded.delete(socket));
    run({ request, url: requestUrl(request), response: undefined, upgrade: { socket, head } });
  });
  server.on('tlsClientError', (_error: Error, socket: Socket) => socket.destroy());

  const host = options.listen?.host ?? config.address;
  const port = options.listen?.port ?? config.port;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log(`Starting to listen on ${host}:${(server.address() as AddressInfo).port}`);

  let closed: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    certFile: serving.certFile,
    keyFile: serving.keyFile,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      });
      return closed;
    },
  };
}

/** The path's parameters after the root ("/ns/pod/c" -> ["ns", "pod", "c"]); undefined when one is empty or badly escaped. */
function routeParams(rest: string): string[] | undefined {
  if (rest === '' || rest === '/') return [];
  const segments = rest.slice(1).split('/');
  try {
    const params = segments.map((segment) => decodeURIComponent(segment));
    return params.some((param) => param === '') ? undefined : params;
  } catch {
    return undefined;
  }
}

function requestUrl(request: IncomingMessage): URL {
  try {
    return new URL(request.url ?? '/', 'https://agent');
  } catch {
    return new URL('https://agent/');
  }
}

function readSetting(path: string, failure: (reason: string) => string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new AgentServerError(failure(errorMessage(error)));
  }
}
