// One informer per resource and selector, shared by every controller that needs it (client-go's
// SharedInformerFactory): one list and one watch per resource however many controllers read it,
// its objects kept without their managedFields.

import { Informer, type InformerOptions, type KubeObject, type ResourceTarget, type RestClient } from '@capstan/common/client';

/**
 * kube-controller-manager's and kube-scheduler's informers drop managedFields (TransformStripManagedFields):
 * no controller reads them, and they are often most of an object's size.
 */
function withoutManagedFields<O extends KubeObject>(object: O): O {
  if (object.metadata?.managedFields === undefined) return object;
  const { managedFields: _dropped, ...metadata } = object.metadata;
  return { ...object, metadata };
}

export type SharedInformerOptions = Pick<InformerOptions, 'labelSelector' | 'fieldSelector' | 'metadataOnly'>;

export class SharedInformers {
  readonly #client: RestClient;
  readonly #onError: (error: unknown) => void;
  readonly #informers = new Map<string, Informer>();
  /** How many users asked for each informer and have not released it. */
  readonly #users = new Map<Informer, number>();
  #started = false;

  constructor(client: RestClient, onError: (error: unknown) => void = () => {}) {
    this.#client = client;
    this.#onError = onError;
  }

  /** The informer of a resource (across namespaces unless the target names one); started with the others. */
  informer<T extends KubeObject = KubeObject>(target: ResourceTarget, options: SharedInformerOptions = {}): Informer<T> {
    const key = JSON.stringify([
      target.group,
      target.version,
      target.resource,
      target.namespace ?? '',
      options.labelSelector ?? '',
      options.fieldSelector ?? '',
      options.metadataOnly === true,
    ]);
    let informer = this.#informers.get(key);
    if (informer === undefined) {
      informer = new Informer(this.#client, target, { ...options, onError: this.#onError, transform: withoutManagedFields });
      this.#informers.set(key, informer);
      if (this.#started) informer.start();
    }
    this.#users.set(informer, (this.#users.get(informer) ?? 0) + 1);
    return informer as unknown as Informer<T>;
  }

  /** One user is done with the informer (a resource no longer served); the last one stops it. */
  async release(informer: Informer<KubeObject>): Promise<void> {
    const users = (this.#users.get(informer) ?? 1) - 1;
    if (users > 0) {
      this.#users.set(informer, users);
      return;
    }
    this.#users.delete(informer);
    for (const [key, shared] of this.#informers) if (shared === informer) this.#informers.delete(key);
    await informer.stop();
  }

  start(): void {
    this.#started = true;
    for (const informer of this.#informers.values()) informer.start();
  }

  /** True once every informer made so far has listed; false if the signal aborts first. */
  async waitForSync(signal?: AbortSignal): Promise<boolean> {
    const results = await Promise.all([...this.#informers.values()].map((informer) => informer.waitForSync(signal)));
    return results.every(Boolean);
  }

  async stop(): Promise<void> {
    this.#started = false;
    await Promise.all([...this.#informers.values()].map((informer) => informer.stop()));
    this.#informers.clear();
    this.#users.clear();
  }
}
