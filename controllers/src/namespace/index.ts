// The namespace controller of kube-controller-manager: a namespace with a deletionTimestamp is
// queued 5 s after each change (time for every API server to refuse new content in it), then its
// content is deleted by --concurrent-namespace-syncs workers. Content still going away brings it
// back after half the estimate plus a second; a failure, after a per-namespace backoff of at most a
// minute. Every namespace is looked at again each 5 minutes (--namespace-sync-period).

import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { NamespacedResourcesDeleter, ResourcesRemainingError, type Namespace } from './namespaced-resources-deleter.ts';

/** kube's namespaceDeletionGracePeriod. */
const deletionGracePeriodMs = 5_000;
/** --namespace-sync-period's default. */
const resyncPeriodMs = 300_000;
/** kube's namespace queue retries failures at least every minute. */
const maxRetryDelayMs = 60_000;

export const namespaceController: ControllerDefinition = {
  name: 'namespace',
  clientName: 'namespace-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const informer = context.informers.informer<Namespace>({ group: '', version: 'v1', resource: 'namespaces' });
    const queue = new WorkQueue({ name: 'namespace', maxDelayMs: maxRetryDelayMs });
    const enqueue = (namespace: Namespace): void => {
      const name = namespace.metadata?.name;
      if (name !== undefined && namespace.metadata?.deletionTimestamp !== undefined) queue.addAfter(name, deletionGracePeriodMs);
    };
    informer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, namespace) => enqueue(namespace) });
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();

    if (!(await context.informers.waitForSync(signal))) return;
    const resync = setInterval(() => {
      for (const namespace of informer.store.list()) enqueue(namespace);
    }, resyncPeriodMs);
    resync.unref();

    const deleter = new NamespacedResourcesDeleter(client, {
      onStatusError: (namespace, error) => logger.warn({ err: error, namespace }, "couldn't update status condition for namespace"),
    });
    const sync = async (name: string): Promise<void> => {
      const started = Date.now();
      try {
        if (informer.store.get(undefined, name) === undefined) {
          logger.info({ namespace: name }, 'Namespace has been deleted');
          queue.forget(name);
          return;
        }
        await deleter.delete(name, signal);
        queue.forget(name);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ResourcesRemainingError) {
          const waitSeconds = Math.floor(error.estimateSeconds / 2) + 1;
          logger.debug({ namespace: name, waitSeconds }, 'Content remaining in namespace');
          queue.addAfter(name, waitSeconds * 1000);
        } else {
          logger.error({ err: error, namespace: name }, `deletion of namespace ${name} failed`);
          queue.addRateLimited(name);
        }
      } finally {
        logger.debug({ namespace: name, durationMs: Date.now() - started }, 'Finished syncing namespace');
      }
    };
    const worker = async (): Promise<void> => {
      for (let name = await queue.get(); name !== undefined; name = await queue.get()) {
        await sync(name);
        queue.done(name);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, context.options.concurrentNamespaceSyncs) }, worker));
    } finally {
      clearInterval(resync);
      signal.removeEventListener('abort', stop);
    }
  },
};
