// The controllers benchmark's workload part: a Deployment of many replicas on simulated nodes
// that run the agent's pod workers (so pods really start on the runtime-sim and become Ready),
// with the time from the create to every replica available, then from a new image to the rollout
// done (every replica updated and available, the old ReplicaSet at zero), as a watcher of the
// Deployment's status sees them.

import { Informer, type KubeObject, type RestClient } from '@capstan/common/client';
import type { Deployment } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';

const deployments = { group: 'apps', version: 'v1', resource: 'deployments' } as const;

export interface RolloutTimes {
  /** Create call to status.availableReplicas = replicas for the first template. */
  readonly firstRolloutMs: number;
  /** Image change to every replica updated and available, no old replica left. */
  readonly rollingUpdateMs: number;
}

/** True once the Deployment's status says its generation's rollout is complete (kubectl rollout status's test). */
function rolledOut(deployment: Deployment | undefined, generation: number, replicas: number): boolean {
  const status = deployment?.status;
  if (status === undefined || (status.observedGeneration ?? 0) < generation) return false;
  return status.updatedReplicas === replicas && status.replicas === replicas && status.availableReplicas === replicas;
}

export async function measureDeploymentRollout(client: RestClient, namespace: string, replicas: number, log: (line: string) => void, timeoutMs: number): Promise<RolloutTimes> {
  const target = { ...deployments, namespace };
  const name = 'bench-web';
  const informer = new Informer<Deployment & KubeObject>(client, target, { fieldSelector: `metadata.name=${name}` });
  // The pods, to say in the progress lines where the time goes: made, bound, running.
  const pods = new Informer<Pod & KubeObject>(client, { group: '', version: 'v1', resource: 'pods', namespace }, { labelSelector: `app=${name}` });
  pods.start();
  let waiter: (() => void) | undefined;
  const check = (): void => waiter?.();
  informer.addEventHandler({ onAdd: check, onUpdate: check });
  informer.start();
  await informer.waitForSync();
  const waitFor = (generation: number, what: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(informer.store.get(namespace, name)?.status)}`)), timeoutMs);
      const progress = setInterval(() => {
        const status = informer.store.get(namespace, name)?.status;
        const all = pods.store.list(namespace);
        const bound = all.filter((pod) => pod.spec?.nodeName).length;
        const running = all.filter((pod) => pod.status?.phase === 'Running').length;
        log(`${what}: ${all.length} pods, ${bound} bound, ${running} running; ${status?.updatedReplicas ?? 0} updated, ${status?.availableReplicas ?? 0} available of ${replicas}`);
      }, 5_000);
      waiter = () => {
        if (!rolledOut(informer.store.get(namespace, name), generation, replicas)) return;
        clearTimeout(timer);
        clearInterval(progress);
        waiter = undefined;
        resolve();
      };
      waiter();
    });
  const template = (image: string) => ({
    metadata: { labels: { app: name } },
    spec: {
      containers: [{ name: 'web', image, resources: { requests: { cpu: '1m', memory: '1Mi' } } }],
      terminationGracePeriodSeconds: 0,
    },
  });
  try {
    const began = performance.now();
    const created = await client.create<Deployment>(target, {
      metadata: { name },
      spec: { replicas, selector: { matchLabels: { app: name } }, template: template('registry.example/web:1') },
    });
    await waitFor(created.metadata?.generation ?? 1, 'the first rollout');
    const firstRolloutMs = performance.now() - began;
    log(`${replicas} replicas available in ${Math.round(firstRolloutMs)} ms`);
    const updating = performance.now();
    const updated = await client.patch<Deployment>({ ...target, name }, { spec: { template: template('registry.example/web:2') } }, { type: 'strategic' });
    await waitFor(updated.metadata?.generation ?? 2, 'the rolling update');
    const rollingUpdateMs = performance.now() - updating;
    log(`rolled to a new image in ${Math.round(rollingUpdateMs)} ms`);
    return { firstRolloutMs, rollingUpdateMs };
  } finally {
    await Promise.all([informer.stop(), pods.stop()]);
  }
}
