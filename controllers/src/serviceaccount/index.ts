// kube-controller-manager's serviceaccount controller: every active namespace has a ServiceAccount
// named "default", made when the namespace appears and made again when it is deleted. A namespace
// being deleted gets none (its content is going away). Pods name their account and the upstream
// e2e framework waits for this one in each namespace it makes.

import { StatusError } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';

/** The accounts kube's controller keeps in every namespace (its ServiceAccounts option). */
const managedNames = ['default'];
/** kube retries a namespace at most this long after a failure. */
const maxRetryDelayMs = 60_000;

const namespaces = { group: '', version: 'v1', resource: 'namespaces' };
const serviceAccounts = { group: '', version: 'v1', resource: 'serviceaccounts' };

type Namespace = KubeObject & { status?: { phase?: string } };

export const serviceAccountController: ControllerDefinition = {
  name: 'serviceaccount',
  clientName: 'service-account-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const namespaceInformer = context.informers.informer<Namespace>(namespaces);
    const accountInformer = context.informers.informer(serviceAccounts);
    const queue = new WorkQueue({ name: 'serviceaccount', maxDelayMs: maxRetryDelayMs });
    const enqueue = (name: string | undefined): void => {
      if (name !== undefined) queue.add(name);
    };
    namespaceInformer.addEventHandler({ onAdd: (namespace) => enqueue(namespace.metadata?.name), onUpdate: (_old, namespace) => enqueue(namespace.metadata?.name) });
    // A managed account deleted: its namespace is looked at again (kube's serviceAccountDeleted).
    accountInformer.addEventHandler({
      onDelete: (account) => {
        if (managedNames.includes(account.metadata?.name ?? '')) enqueue(account.metadata?.namespace);
      },
    });
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;

    const sync = async (name: string): Promise<void> => {
      const namespace = namespaceInformer.store.get(undefined, name);
      if (namespace === undefined || namespace.metadata?.deletionTimestamp !== undefined || namespace.status?.phase === 'Terminating') return;
      for (const account of managedNames) {
        if (accountInformer.store.get(name, account) !== undefined) continue;
        try {
          await client.create({ ...serviceAccounts, namespace: name }, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: account } });
        } catch (error) {
          // Made meanwhile (another controller, a user), or the namespace went: nothing to do.
          if (error instanceof StatusError && (error.reason === 'AlreadyExists' || error.code === 404)) continue;
          // A namespace that began terminating refuses new content (kube's controller ignores that too).
          if (error instanceof StatusError && error.code === 403 && error.reason === 'Forbidden' && /being terminated/.test(error.message)) continue;
          throw error;
        }
      }
    };
    try {
      // kube-controller-manager runs this controller with one worker; a failed namespace comes back after a backoff.
      await queue.run(1, sync, (name, error) => {
        if (!signal.aborted) logger.warn({ err: error, namespace: name }, 'making the default ServiceAccount failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
