// Which HPAs select which pods (kube's hpaSelectors): each HPA's target selector as last seen, so
// that an HPA whose pods another HPA also selects is refused (AmbiguousSelector) rather than two
// HPAs fighting over one set of pods.

import { matchesLabels, type LabelSelector } from '@capstan/common';
import type { HorizontalPodAutoscaler } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';

const keyOf = (hpa: HorizontalPodAutoscaler): string => `${hpa.metadata?.namespace}/${hpa.metadata?.name}`;

export class AutoscalerSelectors {
  /** undefined: known, selecting nothing yet. */
  readonly #selectors = new Map<string, LabelSelector | undefined>();

  add(key: string): void {
    if (!this.#selectors.has(key)) this.#selectors.set(key, undefined);
  }

  delete(key: string): void {
    this.#selectors.delete(key);
  }

  /** Records the HPA's selector; answers every HPA selecting one of the pods, when more than this one does. */
  othersSelecting(hpa: HorizontalPodAutoscaler, selector: LabelSelector, namespacePods: readonly Pod[]): string[] {
    const own = keyOf(hpa);
    if (this.#selectors.has(own)) this.#selectors.set(own, selector);
    const pods = namespacePods.filter((pod) => matchesLabels(selector, pod.metadata?.labels));
    const selecting = new Set<string>();
    for (const [key, candidate] of this.#selectors) {
      if (candidate === undefined || !key.startsWith(`${hpa.metadata?.namespace}/`)) continue;
      if (pods.some((pod) => matchesLabels(candidate, pod.metadata?.labels))) selecting.add(key);
    }
    return selecting.size > 1 ? [...selecting].sort() : [];
  }
}
