// GET pods/{name}/log: the container's log from the agent of the pod's node
// (/containerLogs/{namespace}/{pod}/{container}), streamed to the client as text/plain as it
// arrives (or over WebSocket, for a WebSocket request: pod-log-websocket.ts), until the agent ends
// it or the client goes away. A pod not yet on a node has no log: 204, as kube answers it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { encodeGoQuery } from '../kubelet/go-query.ts';
import { isSuccessfulAnswer, kubeletAnswerError, maxErrorBodyBytes } from '../kubelet/kubelet-answer-check.ts';
import type { KubeletClient } from '../kubelet/kubelet-client.ts';
import { podContainer, podNodeName } from '../kubelet/pod-container.ts';
import { podLogOptions, type PodLogOptions } from '../kubelet/pod-log-options.ts';
import { namespaceOf } from './get.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { isWebSocketRequest, streamOverWebSocket } from './pod-log-websocket.ts';
import { isUpgradeRequest } from './upgrade-response.ts';

export async function streamPodLog(
  pods: GenericStore,
  kubelet: KubeletClient,
  info: RequestInfo,
  query: URLSearchParams,
  response: ServerResponse,
  splitStreams: boolean,
): Promise<void> {
  // kube-apiserver answers 406 before it reads anything.
  negotiateOutput(response.req);
  const options = podLogOptions(query, info.name, splitStreams);
  const pod = await pods.get(namespaceOf(info), info.name);
  const container = podContainer(pod, options.container);
  const nodeName = podNodeName(pod);
  if (nodeName === '') {
    response.writeHead(204).end();
    return;
  }
  const connection = await kubelet.locate(nodeName);
  const target = `/containerLogs/${info.namespace}/${info.name}/${container}`;
  const kubeletQuery = encodeGoQuery(kubeletLogQuery(options));
  const clientGone = new AbortController();
  response.once('close', () => clientGone.abort());
  let answer: IncomingMessage;
  try {
    answer = await kubelet.get(connection, kubeletQuery === '' ? target : `${target}?${kubeletQuery}`, {
      insecureSkipVerify: options.insecureSkipTLSVerifyBackend,
      signal: clientGone.signal,
    });
  } catch (error) {
    // Nobody is left to answer.
    if (clientGone.signal.aborted) return;
    throw error;
  }
  const status = answer.statusCode ?? 0;
  if (!isSuccessfulAnswer(status)) throw kubeletAnswerError(status, await readStart(answer, maxErrorBodyBytes), { group: '', resource: 'pods/log' }, info.name);
  if (isUpgradeRequest(response.req) && isWebSocketRequest(response.req)) {
    kubelet.adopt(response.req.socket);
    return streamOverWebSocket(response.req, response, answer);
  }
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  // The head goes at once, so that a client following a quiet log knows the stream is open.
  response.flushHeaders();
  answer.pipe(response);
  answer.once('error', () => response.end());
}

/** What kube's LogLocation asks the kubelet for: only the options that are set. */
function kubeletLogQuery(options: PodLogOptions): Map<string, string[]> {
  const values = new Map<string, string[]>();
  if (options.follow) values.set('follow', ['true']);
  if (options.previous) values.set('previous', ['true']);
  if (options.timestamps) values.set('timestamps', ['true']);
  if (options.sinceSeconds !== undefined) values.set('sinceSeconds', [options.sinceSeconds.toString()]);
  if (options.sinceTime !== undefined) values.set('sinceTime', [options.sinceTime]);
  if (options.tailLines !== undefined) values.set('tailLines', [options.tailLines.toString()]);
  if (options.limitBytes !== undefined) values.set('limitBytes', [options.limitBytes.toString()]);
  if (options.stream !== undefined) values.set('stream', [options.stream]);
  return values;
}

/** Up to `limit` bytes of a body, as text; the rest is dropped. */
async function readStart(body: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
