// POST /checkpoint/{namespace}/{pod}/{container}?timeout=<seconds>: the kubelet's checkpoint API
// (beta gate ContainerCheckpoint, on by default). The pod must exist (404 "pod does not exist") and
// name the container among its init, regular or ephemeral containers (404 "container <name> does
// not exist"); the runtime writes the archive <root-dir>/checkpoints/checkpoint-<pod full name>-
// <container>-<RFC 3339 time>.tar, and the answer is {"items":["<path>"]}. A container that does
// not run, or any runtime error (a runtime without the API answers UNIMPLEMENTED), is the
// kubelet's 500 "checkpointing of <namespace>/<pod>/<container> failed (<error>)".

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { answerJson, answerText, type Exchange } from './exchange.ts';
import type { ServerContext } from './server-context.ts';
import { errorMessage } from '@capstan/common';

export async function serveCheckpoint(context: ServerContext, exchange: Exchange, [namespace, podName, containerName]: readonly string[]): Promise<void> {
  if (namespace === undefined || podName === undefined || containerName === undefined) return;
  const pod = context.pods.findPod(namespace, podName);
  if (pod === undefined) return answerText(exchange, 404, 'pod does not exist');
  if (!pod.containerNames.includes(containerName)) return answerText(exchange, 404, `container ${containerName} does not exist`);
  // The last of several timeout parameters counts.
  const timeouts = exchange.url.searchParams.getAll('timeout');
  let timeout = 0;
  if (timeouts.length > 0) {
    const text = timeouts[timeouts.length - 1] as string;
    const value = /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
    if (value === undefined || value > 2n ** 63n - 1n || value < -(2n ** 63n)) return answerText(exchange, 404, 'cannot parse value of timeout parameter');
    timeout = Number(value);
  }
  const failed = (why: string): void => answerText(exchange, 500, `checkpointing of ${namespace}/${podName}/${containerName} failed (${why})`);
  const container = context.pods.findContainer(namespace, podName, containerName);
  // The kubelet looks for the container among those the runtime runs.
  if (container === undefined || !container.running) return failed(`container ${containerName} not found`);
  const directory = join(context.rootDirectory, 'checkpoints');
  const location = join(directory, `checkpoint-${pod.fullName}-${containerName}-${rfc3339Local(new Date())}.tar`);
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    await context.runtime.checkpointContainer({ containerId: container.id, location, timeout });
  } catch (error) {
    return failed(errorMessage(error));
  }
  answerJson(exchange, `{"items":["${location}"]}`);
}

/** Go's time.Now().Format(time.RFC3339): whole seconds in the local zone, "Z" for a zero offset. */
export function rfc3339Local(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const local = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  if (offset === 0) return `${local}Z`;
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
