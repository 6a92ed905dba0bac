// What the probe, volume and hook tests look at besides the pod: the events recorded about a pod,
// and a command run in the pod's current container through CRI (as kubectl exec would).

import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { podsOf, type AgentNode } from './pods-fixture.ts';

export interface PodEvent {
  readonly reason: string;
  readonly message: string;
  readonly type: string;
  readonly involvedObject: { readonly name: string; readonly fieldPath?: string };
  /** Repeats of the event (the kubelet's correlator counts them on the first one). */
  readonly count?: number;
}

export const createPod = (client: RestClient, manifest: Record<string, unknown>) => client.create<Pod & { metadata: { name: string } }>(podsOf('default'), manifest);

export const isRunning = (pod: Pod): boolean => pod.status?.containerStatuses?.[0]?.state?.running !== undefined;

/** The events of namespace default about the pod. */
export async function eventsOf(client: RestClient, pod: string): Promise<PodEvent[]> {
  const { items } = await client.list<{ metadata: Record<string, unknown> } & PodEvent>({ group: '', version: 'v1', resource: 'events', namespace: 'default' });
  return items.filter((event) => event.involvedObject.name === pod);
}

/** Runs a command in the pod's first container; its exit code and stdout. */
export async function execIn(node: AgentNode, pod: Pod, cmd: string[]): Promise<{ exitCode: number; stdout: string }> {
  const id = pod.status?.containerStatuses?.[0]?.containerID?.replace(/^.*:\/\//, '') as string;
  const answer = await node.runtime.execSync({ containerId: id, cmd, timeout: 5 });
  return { exitCode: answer.exitCode, stdout: Buffer.from(answer.stdout).toString('utf8') };
}
