// The garbage collector's monitors (kube's graph_builder monitors): a metadata-only shared informer
// per watched resource, whose events feed the graph builder. Synced with each discovery: monitors
// of new resources start, those of resources no longer served stop and are released.

import type { Informer, KubeObject, ReadonlyObjectStore } from '@capstan/common/client';
import type { SharedInformers } from '../shared-informers.ts';
import { apiVersionOf, type ApiResource } from './api-resources.ts';
import type { GraphBuilder } from './graph-builder.ts';

interface Monitor {
  readonly resource: ApiResource;
  readonly informer: Informer;
  readonly removeHandler: () => void;
}

export interface MonitorChanges {
  readonly added: number;
  readonly kept: number;
  readonly removed: number;
}

export class Monitors {
  readonly #informers: SharedInformers;
  readonly #builder: GraphBuilder;
  #monitors = new Map<string, Monitor>();

  constructor(informers: SharedInformers, builder: GraphBuilder) {
    this.#informers = informers;
    this.#builder = builder;
  }

  /** Monitors exactly `resources`, plus those of `keep` (group versions whose discovery failed). */
  sync(resources: readonly ApiResource[], keep: ReadonlySet<string> = new Set()): MonitorChanges {
    const previous = this.#monitors;
    const current = new Map<string, Monitor>();
    let added = 0;
    for (const resource of resources) {
      const key = keyOf(resource);
      const monitor = previous.get(key) ?? this.#start(resource);
      if (previous.has(key)) previous.delete(key);
      else added += 1;
      current.set(key, monitor);
    }
    let removed = 0;
    for (const [key, monitor] of previous) {
      if (keep.has(apiVersionOf(monitor.resource.group, monitor.resource.version))) {
        current.set(key, monitor);
        continue;
      }
      monitor.removeHandler();
      void this.#informers.release(monitor.informer);
      removed += 1;
    }
    this.#monitors = current;
    return { added, kept: current.size - added, removed };
  }

  get resources(): ApiResource[] {
    return [...this.#monitors.values()].map((monitor) => monitor.resource);
  }

  /** True once every monitor has listed; false if the signal aborts first. */
  async waitForSync(signal: AbortSignal): Promise<boolean> {
    const results = await Promise.all([...this.#monitors.values()].map((monitor) => monitor.informer.waitForSync(signal)));
    return results.every(Boolean);
  }

  /** The informer's copy of a resource, if it is monitored. */
  store(resource: ApiResource): ReadonlyObjectStore<KubeObject> | undefined {
    return this.#monitors.get(keyOf(resource))?.informer.store;
  }

  stop(): void {
    for (const monitor of this.#monitors.values()) monitor.removeHandler();
    this.#monitors = new Map();
  }

  #start(resource: ApiResource): Monitor {
    const informer = this.#informers.informer({ group: resource.group, version: resource.version, resource: resource.resource }, { metadataOnly: true });
    const apiVersion = apiVersionOf(resource.group, resource.version);
    const { kind } = resource;
    const builder = this.#builder;
    const removeHandler = informer.addEventHandler({
      onAdd: (object) => builder.process({ type: 'add', object, apiVersion, kind }),
      onUpdate: (oldObject, object) => builder.process({ type: 'update', object, oldObject, apiVersion, kind }),
      onDelete: (object) => builder.process({ type: 'delete', object, apiVersion, kind }),
    });
    return { resource, informer, removeHandler };
  }
}

const keyOf = (resource: ApiResource): string => `${resource.group}/${resource.version}/${resource.resource}`;
