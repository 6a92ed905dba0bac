// The pods informer's index by spec.nodeName (client-go's "spec.nodeName" indexer): which pods are
// bound to a Node. Register it before the handlers that read it, so it is current when they run.

import type { Informer } from '@capstan/common/client';
import { InformerIndex } from '../workload/informer-index.ts';
import type { Pod } from './api-types.ts';

export class PodsByNode {
  readonly #index: InformerIndex<Pod>;

  constructor(informer: Informer<Pod>) {
    // Unbound pods sit under "", which no Node is named.
    this.#index = new InformerIndex(informer, (pod) => pod.spec?.nodeName ?? '');
  }

  /** The pods bound to the Node, as the informer has them. */
  pods(nodeName: string): Pod[] {
    return nodeName === '' ? [] : this.#index.objects(nodeName);
  }
}
