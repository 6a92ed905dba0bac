// What `capstan up` knows of its nodes: it watches the Node objects (as kubectl would) and tells the
// terminal when one of its nodes becomes Ready or stops being Ready; a node agent counts as started
// once its Node is Ready.

import { defaultUserAgent, Informer, RestClient, type KubeObject } from '@capstan/common/client';

interface Node extends KubeObject {
  readonly status?: { readonly conditions?: readonly { readonly type: string; readonly status: string; readonly reason?: string; readonly message?: string }[] };
}

const nodesTarget = { group: '', version: 'v1', resource: 'nodes' } as const;

/** `Ready`, or `NotReady (reason: message)` as the Node's Ready condition says. */
function readiness(node: Node): { ready: boolean; text: string } {
  const condition = node.status?.conditions?.find((c) => c.type === 'Ready');
  if (condition?.status === 'True') return { ready: true, text: 'Ready' };
  const why = [condition?.reason, condition?.message].filter((part) => part !== undefined && part !== '').join(': ');
  return { ready: false, text: `NotReady${why === '' ? '' : ` (${why})`}` };
}

export class NodeReadiness {
  readonly #client: RestClient;
  readonly #informer: Informer<Node>;
  readonly #names: ReadonlySet<string>;
  readonly #seen = new Map<string, boolean>();
  readonly #wasReady = new Set<string>();
  readonly #waiters = new Map<string, (() => void)[]>();

  /** Watches the Nodes `names`; `say` is told of each change of their readiness after the first Ready. */
  constructor(kubeconfig: string, names: readonly string[], say: (line: string) => void, onError: (error: unknown) => void) {
    this.#names = new Set(names);
    this.#client = RestClient.fromKubeconfig(kubeconfig, { userAgent: defaultUserAgent('capstan-up') });
    this.#informer = new Informer<Node>(this.#client, nodesTarget, { onError });
    const observe = (node: Node): void => {
      const name = node.metadata?.name ?? '';
      if (!this.#names.has(name)) return;
      const { ready, text } = readiness(node);
      const before = this.#seen.get(name);
      this.#seen.set(name, ready);
      // The first Ready is announced by whoever waits for it; changes after it are news.
      if (this.#wasReady.has(name) && before !== ready) say(`node ${name} is ${text}`);
      if (ready) {
        this.#wasReady.add(name);
        for (const resolve of this.#waiters.get(name) ?? []) resolve();
        this.#waiters.delete(name);
      }
    };
    this.#informer.addEventHandler({ onAdd: observe, onUpdate: (_old, node) => observe(node) });
    this.#informer.start();
  }

  /** Resolves when the Node is Ready (now, or when it becomes so). */
  whenReady(name: string): Promise<void> {
    if (this.#seen.get(name) === true) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.set(name, [...(this.#waiters.get(name) ?? []), resolve]));
  }

  async stop(): Promise<void> {
    await this.#informer.stop();
    this.#client.close();
  }
}
