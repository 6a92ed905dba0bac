// Test support for the Job, CronJob and TTL tests: a cluster with the given controllers, a pod
// runner for a namespace of its own, and reading Jobs, their pods and their events.

import type { ExecutionContext } from 'ava';
import type { Job } from '@capstan/common/api-types/batch-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ControllerDefinition } from '../src/controller.ts';
import { eventually, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { type PodOutcome, SimulatedPodRunner } from './simulated-pod-runner.ts';
import { type EventObject, events } from './simulated-kubelet.ts';

export const jobs = { group: 'batch', version: 'v1', resource: 'jobs' } as const;
export const cronJobs = { group: 'batch', version: 'v1', resource: 'cronjobs' } as const;
export const pods = { group: '', version: 'v1', resource: 'pods' } as const;

export interface JobCluster extends TestCluster {
  readonly namespace: string;
  readonly runner: SimulatedPodRunner;
}

/** A cluster running `controllers`, with a namespace whose pods end as `outcome` says. */
export async function startJobCluster(t: ExecutionContext, controllers: readonly ControllerDefinition[], outcome: (pod: Pod) => PodOutcome): Promise<JobCluster> {
  const cluster = await startCluster(t);
  const namespace = 'jobs';
  await cluster.client.create({ group: '', version: 'v1', resource: 'namespaces' }, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const runner = new SimulatedPodRunner(cluster.client, namespace, outcome);
  t.teardown(() => runner.stop());
  await runner.start();
  runControllers(t, cluster, controllers);
  return { ...cluster, namespace, runner };
}

/** A Job of one busybox container; `spec` adds to (or overrides) completions, parallelism, ... */
export function jobManifest(name: string, spec: Record<string, unknown> = {}, command: readonly string[] = ['true']): Record<string, unknown> {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: {
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'work', image: 'busybox', command }] } },
      ...spec,
    },
  };
}

export async function createJob(cluster: JobCluster, manifest: Record<string, unknown>): Promise<Job> {
  return cluster.client.create<Job>({ ...jobs, namespace: cluster.namespace }, manifest);
}

export async function getJob(cluster: JobCluster, name: string): Promise<Job> {
  return cluster.client.get<Job>({ ...jobs, namespace: cluster.namespace, name });
}

/** Waits for the Job to have a True condition of the type and answers the Job. */
export function waitForJobCondition(cluster: JobCluster, name: string, type: string, timeoutMs = 30_000): Promise<Job> {
  return eventually(
    `job ${name} ${type}`,
    async () => {
      const job = await getJob(cluster, name);
      return job.status?.conditions?.some((c) => c.type === type && c.status === 'True') ? job : undefined;
    },
    timeoutMs,
  );
}

export async function podsOfJob(cluster: JobCluster, name: string): Promise<Pod[]> {
  return (await cluster.client.list<Pod>({ ...pods, namespace: cluster.namespace }, { labelSelector: `batch.kubernetes.io/job-name=${name}` })).items;
}

/** The events about one object, oldest first, as "Type Reason: message". */
export async function eventsOf(cluster: JobCluster, kind: string, name: string): Promise<string[]> {
  const all: EventObject[] = await events(cluster.client, cluster.namespace);
  return all
    .filter((event) => event.involvedObject.kind === kind && event.involvedObject.name === name)
    .sort((a, b) => String(a.metadata?.creationTimestamp).localeCompare(String(b.metadata?.creationTimestamp)))
    .map((event) => `${event.type} ${event.reason}: ${event.message}`);
}
