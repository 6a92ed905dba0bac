// The pods informer's index by spec.nodeName (client-go's "spec.nodeName" indexer): which pods are
// bound to a Node. Register it before the handlers that read it, so it is current when they run.

import { objectKey, type Informer } from '@capstan/common/client';
import type { Pod } from './api-types.ts';

export class PodsByNode {
  readonly #informer: Informer<Pod>;
  readonly #keys = new Map<string, Set<string>>();

  constructor(informer: Informer<Pod>) {
    this.#informer = informer;
    informer.addEventHandler({
      onAdd: (pod) => this.#add(pod),
      onUpdate: (old, pod) => {
        this.#remove(old);
        this.#add(pod);
      },
      onDelete: (pod) => this.#remove(pod),
    });
  }

  /** The pods bound to the Node, as the informer has them. */
  pods(nodeName: string): Pod[] {
    const pods: Pod[] = [];
    for (const key of this.#keys.get(nodeName) ?? []) {
      const pod = this.#informer.store.getByKey(key);
      if (pod !== undefined) pods.push(pod);
    }
    return pods;
  }

  #add(pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    let keys = this.#keys.get(nodeName);
    if (keys === undefined) this.#keys.set(nodeName, (keys = new Set()));
    keys.add(objectKey(pod));
  }

  #remove(pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const keys = this.#keys.get(nodeName);
    keys?.delete(objectKey(pod));
    if (keys?.size === 0) this.#keys.delete(nodeName);
  }
}
