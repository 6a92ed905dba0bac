// What kube-controller-manager's three storage protection controllers share (pkg/controller/volume/
// {pvcprotection,pvprotection,vacprotection}): the StorageObjectInUseProtection admission creates
// each PersistentVolumeClaim, PersistentVolume and VolumeAttributesClass with a protection
// finalizer; the controller adds it where it is missing and, once the object is being deleted and
// nothing uses it any more, removes it so the deletion can finish.

import { isNotFound } from '@capstan/common';
import type { Informer, KubeObject, ResourceTarget } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';

/** kube retries an object at most this long after a failure. */
const maxRetryDelayMs = 60_000;

/** kube's IsDeletionCandidate: being deleted, the finalizer still there. */
export const isDeletionCandidate = (object: KubeObject, finalizer: string): boolean =>
  object.metadata?.deletionTimestamp !== undefined && (object.metadata.finalizers ?? []).includes(finalizer);

/** kube's NeedToAddFinalizer: not being deleted, and without the finalizer. */
export const needsFinalizer = (object: KubeObject, finalizer: string): boolean =>
  object.metadata?.deletionTimestamp === undefined && !(object.metadata?.finalizers ?? []).includes(finalizer);

/** The work queue key of an object: "namespace/name", or the name of a cluster-scoped one. */
export const keyOf = (object: KubeObject): string => (object.metadata?.namespace ? `${object.metadata.namespace}/${object.metadata.name}` : (object.metadata?.name ?? ''));

export interface ProtectionOptions {
  readonly name: string;
  readonly clientName: string;
  readonly aliases: readonly string[];
  /** The protected resource (all namespaces). */
  readonly resource: Omit<ResourceTarget, 'namespace' | 'name'>;
  readonly finalizer: string;
  /** kube's name of the controller's work queue. */
  readonly queueName: string;
  /**
   * Sets up the informers that tell who uses an object (calling `enqueue` with the key of an object
   * to look at again when a user goes) and answers whether something uses the object.
   */
  watchUsers(context: ControllerContext, enqueue: (key: string) => void): (object: KubeObject) => Promise<boolean>;
}

export function protectionController(options: ProtectionOptions): ControllerDefinition {
  const { finalizer } = options;
  return {
    name: options.name,
    aliases: options.aliases,
    clientName: options.clientName,
    async start(context: ControllerContext): Promise<void> {
      const { client, logger, signal } = context;
      const informer: Informer<KubeObject> = context.informers.informer<KubeObject>(options.resource);
      const queue = new WorkQueue({ name: options.queueName, maxDelayMs: maxRetryDelayMs });
      const enqueue = (key: string): void => queue.add(key);
      const changed = (object: KubeObject): void => {
        if (needsFinalizer(object, finalizer) || isDeletionCandidate(object, finalizer)) enqueue(keyOf(object));
      };
      informer.addEventHandler({ onAdd: changed, onUpdate: (_old, object) => changed(object) });
      const isUsed = options.watchUsers(context, enqueue);
      const stop = (): void => queue.shutDown();
      signal.addEventListener('abort', stop, { once: true });
      if (signal.aborted) stop();
      if (!(await context.informers.waitForSync(signal))) return;

      const sync = async (key: string): Promise<void> => {
        const [namespace, name] = key.includes('/') ? (key.split('/', 2) as [string, string]) : [undefined, key];
        const object = informer.store.get(namespace, name);
        if (object === undefined) return;
        const finalizers = object.metadata?.finalizers ?? [];
        let next: string[] | undefined;
        if (isDeletionCandidate(object, finalizer) && !(await isUsed(object))) next = finalizers.filter((f) => f !== finalizer);
        else if (needsFinalizer(object, finalizer)) next = [...finalizers, finalizer];
        if (next === undefined) return;
        try {
          await client.update({ ...options.resource, ...(namespace === undefined ? {} : { namespace }), name }, { ...object, metadata: { ...object.metadata, finalizers: next } });
        } catch (error) {
          // Gone meanwhile: nothing left to protect.
          if (isNotFound(error)) return;
          throw error;
        }
      };
      try {
        await queue.run(1, sync, (key, error) => {
          if (!signal.aborted) logger.warn({ err: error, object: key, controller: options.name }, 'updating the protection finalizer failed; retrying');
        });
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
