// Test support for the Job tests: runs the pods of a namespace as a kubelet would report them,
// without a node. Each new pod is posted Running and Ready, then ends as `outcome` says: Succeeded
// (exit code 0), Failed with an exit code, or left running. Status is written through pods/status
// with the container states and the Ready condition a kubelet writes. It also keeps the most pods
// it saw running at once.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { metaTime } from '@capstan/common';
import { Informer, isNotFound, type RestClient } from '@capstan/common/client';

/** What a pod does: exit with this code, or keep running. */
export type PodOutcome = { readonly exitCode: number } | 'run';

const pods = { group: '', version: 'v1', resource: 'pods' } as const;

function isRunning(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata?.deletionTimestamp === undefined;
}

export class SimulatedPodRunner {
  readonly #client: RestClient;
  readonly #informer: Informer<Pod>;
  readonly #outcome: (pod: Pod) => PodOutcome;
  readonly #started = new Set<string>();
  #work: Promise<void> = Promise.resolve();
  /** The most pods (not finished, not being deleted) seen at once. */
  maxRunning = 0;

  constructor(client: RestClient, namespace: string, outcome: (pod: Pod) => PodOutcome) {
    this.#client = client;
    this.#outcome = outcome;
    this.#informer = new Informer<Pod>(client, { ...pods, namespace });
    this.#informer.addEventHandler({
      onAdd: (pod) => this.#observe(pod),
      onUpdate: (_old, pod) => this.#observe(pod),
    });
  }

  start(): Promise<boolean> {
    this.#informer.start();
    return this.#informer.waitForSync();
  }

  async stop(): Promise<void> {
    await this.#informer.stop();
    await this.#work;
  }

  #observe(pod: Pod): void {
    this.maxRunning = Math.max(this.maxRunning, this.#informer.store.list().filter(isRunning).length);
    const uid = pod.metadata?.uid ?? '';
    if (this.#started.has(uid) || !isRunning(pod)) return;
    this.#started.add(uid);
    this.#work = this.#work.then(() => this.#run(pod)).catch(() => {});
  }

  async #run(pod: Pod): Promise<void> {
    await this.#post(pod, 'Running', undefined);
    const outcome = this.#outcome(pod);
    if (outcome !== 'run') await this.finish(pod, outcome.exitCode);
  }

  /** Ends the pod's containers with the exit code: Succeeded for 0, else Failed. */
  async finish(pod: Pod, exitCode: number): Promise<void> {
    await this.#post(pod, exitCode === 0 ? 'Succeeded' : 'Failed', exitCode);
  }

  async #post(pod: Pod, phase: 'Running' | 'Succeeded' | 'Failed', exitCode: number | undefined): Promise<void> {
    const now = metaTime(Date.now());
    const running = phase === 'Running';
    const containerStatuses = (pod.spec?.containers ?? []).map((container) => ({
      name: container.name,
      image: container.image ?? '',
      imageID: '',
      ready: running,
      restartCount: 0,
      started: running,
      state: running
        ? { running: { startedAt: now } }
        : { terminated: { exitCode: exitCode ?? 0, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: now, finishedAt: now } },
    }));
    const ready = running ? 'True' : 'False';
    const conditions = [
      { type: 'Initialized', status: 'True', lastTransitionTime: now },
      { type: 'Ready', status: ready, lastTransitionTime: now, ...(running ? {} : { reason: 'PodCompleted' }) },
      { type: 'ContainersReady', status: ready, lastTransitionTime: now, ...(running ? {} : { reason: 'PodCompleted' }) },
      { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
    ];
    try {
      await this.#client.patch(
        { ...pods, namespace: pod.metadata?.namespace, name: pod.metadata?.name, subresource: 'status' },
        { status: { phase, conditions, containerStatuses, startTime: now } },
        { type: 'merge' },
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}
