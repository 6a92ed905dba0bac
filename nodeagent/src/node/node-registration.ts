// Registering the Node, as the kubelet does until it succeeds: create it; when it exists already
// (the agent restarted), put back the labels and the attach/detach annotation the agent owns.
// Attempts wait 200 ms, doubling to at most 7 s.

import { isAlreadyExists, type KubeObject, type RestClient } from '@capstan/common/client';
import { sleep } from '@capstan/common';
import { controllerManagedAttachAnnotation, type InitialNode } from './initial-node.ts';

const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;
const maxStepMs = 7_000;

/** Registers the node; resolves once registered (or when the signal aborts). */
export async function registerNode(client: RestClient, build: () => Promise<InitialNode>, signal: AbortSignal, log: (message: string, error?: unknown) => void): Promise<boolean> {
  let step = 100;
  while (!signal.aborted) {
    step = Math.min(step * 2, maxStepMs);
    try {
      const node = await build();
      const { name } = node.metadata;
      log(`Attempting to register node ${name}`);
      if (await tryRegister(client, node)) {
        log(`Successfully registered node ${name}`);
        return true;
      }
    } catch (error) {
      log('Unable to register node with API server', error);
    }
    await sleep(step, signal);
  }
  return false;
}

async function tryRegister(client: RestClient, node: InitialNode): Promise<boolean> {
  try {
    await client.create(nodes, node);
    return true;
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  const { metadata } = node;
  const existing = await client.get<KubeObject>({ ...nodes, name: metadata.name });
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.labels)) if (existing.metadata?.labels?.[key] !== value) labels[key] = value;
  const annotation = metadata.annotations[controllerManagedAttachAnnotation];
  const annotations = existing.metadata?.annotations?.[controllerManagedAttachAnnotation] === annotation ? {} : { [controllerManagedAttachAnnotation]: annotation };
  if (Object.keys(labels).length > 0 || Object.keys(annotations).length > 0) {
    await client.patch({ ...nodes, name: metadata.name }, { metadata: { labels, annotations } }, { type: 'merge' });
  }
  return true;
}
