// The watches each write would send events to (kube's flowcontrol watchTracker): counted by
// resource, and within it by namespace and name, so a write's work estimate knows how many
// watchers its event goes to.

import type { RequestInfo } from '../request-info/request-info.ts';

const resourceKey = (info: RequestInfo): string => `${info.apiGroup}/${info.resource}`;
const scopeKey = (namespace: string, name: string): string => `${namespace}/${name}`;

export class WatchTracker {
  /** resource -> "namespace/name" of the watch ("" for all) -> count. */
  readonly #watches = new Map<string, Map<string, number>>();

  /** Counts a watch until the function it answers is called. */
  register(info: RequestInfo): () => void {
    const resource = resourceKey(info);
    const scope = scopeKey(info.namespace, info.name);
    let scopes = this.#watches.get(resource);
    if (scopes === undefined) {
      scopes = new Map();
      this.#watches.set(resource, scopes);
    }
    scopes.set(scope, (scopes.get(scope) ?? 0) + 1);
    let forgotten = false;
    return () => {
      if (forgotten) return;
      forgotten = true;
      const left = (scopes.get(scope) ?? 1) - 1;
      if (left > 0) scopes.set(scope, left);
      else scopes.delete(scope);
      if (scopes.size === 0) this.#watches.delete(resource);
    };
  }

  /** The watches an event of a write to this object would reach. */
  interestedWatchCount(info: RequestInfo): number {
    const scopes = this.#watches.get(resourceKey(info));
    if (scopes === undefined) return 0;
    const count = (namespace: string, name: string): number => scopes.get(scopeKey(namespace, name)) ?? 0;
    let total = count('', '');
    if (info.namespace !== '') total += count(info.namespace, '');
    if (info.name !== '') {
      total += count('', info.name);
      if (info.namespace !== '') total += count(info.namespace, info.name);
    }
    return total;
  }
}
