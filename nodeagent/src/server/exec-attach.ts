// GET or POST /exec/{namespace}/{pod}[/{uid}]/{container}?command=...&input=1&output=1&error=1&tty=1
// and /attach/...: the kubelet asks the runtime (CRI Exec or Attach) for the URL of its streaming
// server and proxies the client's upgraded connection to it (the kubelet proxies rather than
// redirects). Its answers: 400 for no stream asked for, 404 "pod does not exist", the runtime's
// error by its gRPC code (NotFound 404, ResourceExhausted 429, else 500) with the error's text, and
// 500 "Upgrade request required" for a request that is not an upgrade.

import { goQuote, errorMessage } from '@capstan/common';
import { CriError, GrpcStatus } from '../cri/index.ts';
import { answerHttpError, answerText, type Exchange } from './exchange.ts';
import { proxyUpgrade } from './proxy-upgrade.ts';
import type { ServerContext } from './server-context.ts';

export type StreamingKind = 'exec' | 'attach';

interface StreamOptions {
  readonly stdin: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
  readonly tty: boolean;
}

/** The request cache's time to live, which the kubelet tells a client to wait when the runtime is full. */
const retryAfterSeconds = 60;

export async function serveStreaming(kind: StreamingKind, context: ServerContext, exchange: Exchange, params: readonly string[]): Promise<void> {
  // /{namespace}/{pod}/{container} or /{namespace}/{pod}/{uid}/{container}; the uid is not consulted, as the kubelet finds pods by full name.
  const [namespace = '', podName = '', ...rest] = params;
  const containerName = rest[rest.length - 1] ?? '';
  const options = streamOptions(exchange.url.searchParams);
  if (options === undefined) return answerText(exchange, 400, 'you must specify at least 1 of stdin, stdout, stderr');
  const pod = context.pods.findPod(namespace, podName);
  if (pod === undefined) return answerText(exchange, 404, 'pod does not exist');
  const container = context.pods.findContainer(namespace, podName, containerName);
  if (container === undefined || !container.running) {
    const why = kind === 'exec' ? `container not found (${goQuote(containerName)})` : `container ${containerName} not found in pod ${pod.fullName}`;
    return answerText(exchange, 500, why);
  }
  let url: string;
  try {
    const answer =
      kind === 'exec'
        ? await context.runtime.exec({ containerId: container.id, cmd: exchange.url.searchParams.getAll('command'), ...options })
        : await context.runtime.attach({ containerId: container.id, ...options });
    url = answer.url;
    if (url === '') throw new Error('URL is not set');
  } catch (error) {
    return runtimeRefusal(exchange, error);
  }
  await proxyToRuntime(exchange, url);
}

/** The kubelet's proxyStream: the client's upgrade sent on to the URL the runtime answered. */
export async function proxyToRuntime(exchange: Exchange, url: string): Promise<void> {
  let location: URL;
  try {
    location = new URL(url);
  } catch {
    return answerHttpError(exchange, 500, `parse ${JSON.stringify(url)}: invalid URI for request`);
  }
  if (exchange.upgrade === undefined) return answerHttpError(exchange, 500, 'Upgrade request required');
  await proxyUpgrade(exchange, location, exchange.upgrade);
}

/** remotecommand.NewOptions: each stream on for "1"; a terminal has no separate stderr. */
function streamOptions(query: URLSearchParams): StreamOptions | undefined {
  const on = (name: string): boolean => query.get(name) === '1';
  const tty = on('tty');
  const options = { stdin: on('input'), stdout: on('output'), stderr: on('error') && !tty, tty };
  return options.stdin || options.stdout || options.stderr ? options : undefined;
}

/** streaming.WriteError: the runtime's error as the status its gRPC code maps to, with the error's text. */
export function runtimeRefusal(exchange: Exchange, error: unknown): void {
  const text = errorMessage(error);
  if (CriError.is(error, GrpcStatus.NOT_FOUND)) return answerText(exchange, 404, text);
  if (CriError.is(error, GrpcStatus.RESOURCE_EXHAUSTED)) return answerText(exchange, 429, text, { 'Retry-After': String(retryAfterSeconds) });
  answerText(exchange, 500, text);
}
