// Test support for the Deployment tests: the deployment and replicaset controllers against a real
// API server, with a stand-in kubelet that runs every new pod (Ready, unless its image says
// "never-ready") and finishes the deletion of pods being deleted, as a kubelet would; and reads of
// a Deployment's ReplicaSets and events.

import type { ExecutionContext } from 'ava';
import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { Informer, isNotFound, type RestClient } from '@capstan/common/client';
import type { ControllerDefinition } from '../src/controller.ts';
import { deploymentController } from '../src/deployment/index.ts';
import { replicaSetController } from '../src/replicaset/index.ts';
import { controllerRefOf } from '../src/workload/controller-ref.ts';
import { eventually, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { eventsOf, namespace, podsResource, replicaSetsResource, runPod } from './replicaset-fixture.ts';

export { eventually, eventsOf, namespace, replicaSetsResource };

export const deploymentsResource = { group: 'apps', version: 'v1', resource: 'deployments', namespace } as const;

/** The image of pods the stand-in kubelet runs but never makes Ready. */
export const neverReadyImage = 'registry.k8s.io/never-ready';

/** Runs new pods (bound to a node, Running, Ready unless never-ready) and deletes pods being deleted, until the test ends. */
function runPodsAsKubelet(t: ExecutionContext, client: RestClient): void {
  const pods = new Informer<Pod>(client, podsResource);
  let work = Promise.resolve();
  let stopped = false;
  const later = (step: () => Promise<void>): void => {
    work = work
      .then(() => (stopped ? undefined : step()))
      .catch((error: unknown) => {
        if (!stopped && !isNotFound(error)) t.log(`stand-in kubelet: ${(error as Error).message}`);
      });
  };
  const handle = (pod: Pod): void => {
    const name = pod.metadata?.name ?? '';
    if (pod.metadata?.deletionTimestamp) later(async () => void (await client.delete({ ...podsResource, name }, { gracePeriodSeconds: 0 })));
    else if (!pod.spec?.nodeName) later(() => runPod(client, pod, !pod.spec?.containers.some((c) => c.image === neverReadyImage)));
  };
  pods.addEventHandler({ onAdd: handle, onUpdate: (_old, pod) => handle(pod) });
  pods.start();
  t.teardown(async () => {
    stopped = true;
    await pods.stop();
    await work;
  });
}

/** A cluster running the deployment and replicaset controllers (and `others`) and the stand-in kubelet. */
export async function startDeploymentCluster(t: ExecutionContext, others: readonly ControllerDefinition[] = []): Promise<TestCluster> {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [deploymentController, replicaSetController, ...others]);
  runPodsAsKubelet(t, cluster.client);
  return cluster;
}

export function getDeployment(client: RestClient, name: string): Promise<Deployment> {
  return client.get<Deployment>({ ...deploymentsResource, name });
}

/** The ReplicaSets the Deployment controls, oldest first. */
export async function replicaSetsOf(client: RestClient, deployment: Deployment): Promise<ReplicaSet[]> {
  const { items } = await client.list<ReplicaSet>(replicaSetsResource);
  return items
    .filter((rs) => controllerRefOf(rs)?.uid === deployment.metadata?.uid)
    .sort((a, b) => String(a.metadata?.creationTimestamp).localeCompare(String(b.metadata?.creationTimestamp)) || Number(revisionOf(a)) - Number(revisionOf(b)));
}

export function revisionOf(object: Deployment | ReplicaSet): string | undefined {
  return object.metadata?.annotations?.['deployment.kubernetes.io/revision'];
}

/** Waits until the Deployment satisfies `test`; answers it. */
export function waitForDeployment(client: RestClient, name: string, what: string, test: (deployment: Deployment) => boolean, timeoutMs?: number): Promise<Deployment> {
  return eventually(
    `deployment ${name}: ${what}`,
    async () => {
      const deployment = await getDeployment(client, name);
      return test(deployment) ? deployment : undefined;
    },
    timeoutMs,
  );
}

export function condition(deployment: Deployment, type: string) {
  return deployment.status?.conditions?.find((c) => c.type === type);
}

/** The messages of the deployment-controller's ScalingReplicaSet events about the Deployment, in order. */
export async function scalingEvents(client: RestClient, name: string): Promise<string[]> {
  return (await eventsOf(client, 'Deployment', name))
    .filter((event) => event.reason === 'ScalingReplicaSet' && event.component === 'deployment-controller')
    .map((event) => event.message);
}
