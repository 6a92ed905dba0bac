// GET /containerLogs/{namespace}/{pod}/{container}: a container's log, as the kubelet serves it.
// The checks answer with the kubelet's words (a query it cannot read 400, an invalid one 422, an
// unknown pod or container 404, a container without a log yet 400); then the answer starts (200,
// chunked) and the log streams, following the file with `follow` until the container stops or the
// client leaves. A failure after the answer started ends the body with the failure's text, as the
// kubelet writes its late errors into the body.

import { once } from 'node:events';
import { goQuote, errorMessage } from '@capstan/common';
import { CriError, GrpcStatus } from '../cri/index.ts';
import type { PodContainerRef } from '../pods/pod-directory.ts';
import type { LogStream } from './cri-log-line.ts';
import { answerText, type Exchange } from './exchange.ts';
import { decodePodLogQuery, type PodLogQuery } from './pod-log-query.ts';
import { ContainerLogError, readContainerLog, type ContainerLogOptions } from './read-container-log.ts';
import type { ServerContext } from './server-context.ts';

const bothStreams: ReadonlySet<LogStream> = new Set(['stdout', 'stderr']);

export async function serveContainerLogs(context: ServerContext, exchange: Exchange, [namespace, podName, containerName]: readonly string[]): Promise<void> {
  const response = exchange.response;
  if (response === undefined || namespace === undefined || podName === undefined || containerName === undefined) return;
  const query = decodePodLogQuery(exchange.url.searchParams);
  if ('status' in query) return answerText(exchange, query.status, query.body);
  const pod = context.pods.findPod(namespace, podName);
  if (pod === undefined) return answerText(exchange, 404, `pod ${goQuote(podName)} does not exist`);
  if (!pod.containerNames.includes(containerName)) return answerText(exchange, 404, `container ${goQuote(containerName)} not found in pod ${goQuote(podName)}`);
  // The PodLogsQuerySplitStreams gate is alpha and off in 1.35, and the agent has no switch for it.
  if (query.stream !== undefined && query.stream !== 'All') {
    return answerText(exchange, 400, `unable to return the given log stream: ${goQuote(query.stream)}. Please enable PodLogsQuerySplitStreams feature gate in kubelet`);
  }
  const container = context.pods.findContainer(namespace, podName, containerName, { previous: query.previous });
  if (container === undefined) {
    const why = query.previous
      ? `previous terminated container ${goQuote(containerName)} in pod ${goQuote(podName)} not found`
      : `container ${goQuote(containerName)} in pod ${goQuote(podName)} is waiting to start - no logs yet`;
    return answerText(exchange, 400, why);
  }

  response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Transfer-Encoding': 'chunked' });
  response.flushHeaders();
  const leaving = new AbortController();
  response.once('close', () => leaving.abort());
  try {
    await readContainerLog(
      container.logPath,
      logOptions(query, Date.now()),
      {
        streams: bothStreams,
        async write(data) {
          if (data.length === 0 || response.destroyed) return;
          if (!response.write(data)) await Promise.race([once(response, 'drain'), once(response, 'close')]);
        },
      },
      { running: () => isRunning(context, container), signal: leaving.signal },
    );
    response.end();
  } catch (error) {
    if (leaving.signal.aborted) return;
    if (!(error instanceof ContainerLogError)) context.log(`reading the log of ${namespace}/${podName}/${containerName} failed`, error);
    response.end(errorMessage(error));
  }
}

/** logs.NewLogOptions: since is the later of now - sinceSeconds and sinceTime. */
export function logOptions(query: PodLogQuery, nowMs: number): ContainerLogOptions {
  let since = 0n;
  if (query.sinceSeconds !== undefined) since = BigInt(nowMs) * 1_000_000n - query.sinceSeconds * 1_000_000_000n;
  if (query.sinceTime !== undefined && query.sinceTime > since) since = query.sinceTime;
  return {
    tail: query.tailLines === undefined ? -1 : Number(query.tailLines),
    limitBytes: query.limitBytes === undefined ? -1 : Number(query.limitBytes),
    since,
    follow: query.follow,
    timestamps: query.timestamps,
  };
}

/** Whether the runtime says the container runs; an unavailable runtime counts as running, as the kubelet counts it. */
async function isRunning(context: ServerContext, container: PodContainerRef): Promise<boolean> {
  try {
    const { status } = await context.runtime.containerStatus({ containerId: container.id });
    if (status === null) throw new Error('container status is nil');
    return status.state === 'CONTAINER_RUNNING';
  } catch (error) {
    if (CriError.is(error, GrpcStatus.UNAVAILABLE)) return true;
    throw error;
  }
}
