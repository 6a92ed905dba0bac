// The scale benchmark's pod startup SLI, as kube's: from the pod's creation (its
// creationTimestamp, whole seconds as kube's test reads it, so up to a second more) to a watch
// seeing it Running. The simulated runtime pulls nothing, so no image pull is to be taken out.

import { Informer, type KubeObject, type RestClient } from '@capstan/common/client';

type Pod = KubeObject & { spec?: { nodeName?: string }; status?: { phase?: string } };

export class PodStartupWatch {
  readonly #informer: Informer<Pod>;
  /** The pods not seen Running yet: whether they are bound to a node. */
  readonly #pending = new Map<string, boolean>();
  /** The pods seen Running, each counted once, at its first Running. */
  readonly #started: string[] = [];
  readonly #startedSet = new Set<string>();
  /** Startup latencies (ms) of the pods seen Running since the last takeLatencies(). */
  #latencies: number[] = [];
  /** Creation to bound to a node (ms, as the watch first sees spec.nodeName), since the last takeLatencies(): the scheduler's share. */
  #bindLatencies: number[] = [];

  constructor(client: RestClient, labelSelector: string) {
    // Only what the SLI needs is kept: 150,000 whole pods would weigh on the benchmark's own memory.
    const transform = <O extends KubeObject>(pod: O): O =>
      ({
        metadata: { name: pod.metadata?.name, namespace: pod.metadata?.namespace, creationTimestamp: pod.metadata?.creationTimestamp },
        spec: { nodeName: (pod as Pod).spec?.nodeName },
        status: { phase: (pod as Pod).status?.phase },
      }) as unknown as O;
    this.#informer = new Informer<Pod>(client, { group: '', version: 'v1', resource: 'pods' }, { labelSelector, transform });
    const note = (pod: Pod): void => {
      const key = `${pod.metadata?.namespace}/${pod.metadata?.name}`;
      if (this.#startedSet.has(key)) return;
      const created = Date.parse(pod.metadata?.creationTimestamp ?? '');
      if (pod.spec?.nodeName !== undefined && this.#pending.get(key) !== true) this.#bindLatencies.push(Date.now() - created);
      if (pod.status?.phase !== 'Running') {
        this.#pending.set(key, pod.spec?.nodeName !== undefined);
        return;
      }
      this.#pending.delete(key);
      this.#started.push(key);
      this.#startedSet.add(key);
      this.#latencies.push(Date.now() - created);
    };
    this.#informer.addEventHandler({ onAdd: note, onUpdate: (_old, pod) => note(pod) });
  }

  async start(): Promise<void> {
    this.#informer.start();
    await this.#informer.waitForSync();
  }

  /** Pods seen Running so far. */
  get running(): number {
    return this.#started.length;
  }

  /** Pods seen and not Running yet: in all, and those bound to a node (the others wait for the scheduler). */
  pending(): { readonly all: number; readonly bound: number } {
    let bound = 0;
    for (const isBound of this.#pending.values()) if (isBound) bound++;
    return { all: this.#pending.size, bound };
  }

  /** The names of some pods seen, for single-object reads. */
  somePod(index: number): { namespace: string; name: string } | undefined {
    const key = this.#started[index % Math.max(1, this.#started.length)];
    if (key === undefined) return undefined;
    const [namespace = '', name = ''] = key.split('/');
    return { namespace, name };
  }

  /** The startup and bind latencies of the pods that started or were bound since the last call, sorted, and forgets them. */
  takeLatencies(): { readonly startup: number[]; readonly bind: number[] } {
    const taken = { startup: this.#latencies.sort((a, b) => a - b), bind: this.#bindLatencies.sort((a, b) => a - b) };
    this.#latencies = [];
    this.#bindLatencies = [];
    return taken;
  }

  async stop(): Promise<void> {
    await this.#informer.stop();
  }
}
