// Test support for the workload controllers' tests: what a kubelet reports of the pods it runs,
// without a kubelet. Each pod that appears (and that `runs` accepts) is posted Running and Ready
// through pods/status, and a pod being deleted is removed at once (as a kubelet does once its
// containers stopped); the order in which pods appeared, became ready and went is kept, as an
// informer saw it, so that tests can check the order a controller acted in.

import type { Pod } from '@capstan/common/api-types/core-v1';
import { Informer, type RestClient } from '@capstan/common/client';

export interface PodRunnerOptions {
  readonly namespace?: string;
  /** Pods this answers false for stay as created (Pending, no phase) until run() is called. */
  readonly runs?: (pod: Pod) => boolean;
}

const nowTime = (): string => `${new Date().toISOString().slice(0, 19)}Z`;

export class PodRunner {
  readonly #client: RestClient;
  readonly #informer: Informer<Pod>;
  readonly #namespace: string;
  #runs: (pod: Pod) => boolean;
  /** "added web-0", "ready web-0", "deleted web-2", ... in the order the informer saw them. */
  readonly log: string[] = [];

  private constructor(client: RestClient, options: PodRunnerOptions) {
    this.#client = client;
    this.#namespace = options.namespace ?? 'default';
    this.#runs = options.runs ?? (() => true);
    this.#informer = new Informer<Pod>(client, { group: '', version: 'v1', resource: 'pods', namespace: this.#namespace });
    this.#informer.addEventHandler({
      onAdd: (pod) => {
        this.log.push(`added ${pod.metadata?.name}`);
        this.#maybeRun(pod);
      },
      onUpdate: (old, pod) => {
        const ready = (p: Pod): boolean => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
        if (!ready(old) && ready(pod)) this.log.push(`ready ${pod.metadata?.name}`);
        if (pod.metadata?.deletionTimestamp && !old.metadata?.deletionTimestamp) {
          const target = { group: '', version: 'v1', resource: 'pods', namespace: this.#namespace, name: pod.metadata.name };
          void client.delete(target, { gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } }).catch(() => {});
        }
      },
      onDelete: (pod) => this.log.push(`deleted ${pod.metadata?.name}`),
    });
  }

  static async start(client: RestClient, options: PodRunnerOptions = {}): Promise<PodRunner> {
    const runner = new PodRunner(client, options);
    runner.#informer.start();
    await runner.#informer.waitForSync();
    return runner;
  }

  /** Changes which pods are run from now on, and runs those already waiting that it accepts. */
  setRuns(runs: (pod: Pod) => boolean): void {
    this.#runs = runs;
    for (const pod of this.#informer.store.list()) this.#maybeRun(pod);
  }

  pod(name: string): Pod | undefined {
    return this.#informer.store.get(this.#namespace, name);
  }

  pods(): Pod[] {
    return this.#informer.store.list();
  }

  #maybeRun(pod: Pod): void {
    if (pod.metadata?.deletionTimestamp || pod.status?.phase === 'Running' || !this.#runs(pod)) return;
    void this.run(pod.metadata?.name ?? '').catch(() => {});
  }

  /** Posts the pod Running and Ready (with a started container). */
  async run(name: string): Promise<void> {
    const time = nowTime();
    const condition = (type: string) => ({ type, status: 'True', lastProbeTime: null, lastTransitionTime: time });
    await this.setStatus(name, {
      phase: 'Running',
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(condition),
      startTime: time,
    });
  }

  /** Posts a status as the kubelet would (a merge patch of pods/status). */
  async setStatus(name: string, status: Record<string, unknown>): Promise<void> {
    await this.#client.patch({ group: '', version: 'v1', resource: 'pods', namespace: this.#namespace, name, subresource: 'status' }, { status }, { type: 'merge' });
  }

  async stop(): Promise<void> {
    await this.#informer.stop();
  }
}
