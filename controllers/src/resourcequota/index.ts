// kube-controller-manager's resourcequota-controller: each ResourceQuota's status.hard is its
// spec.hard, and status.used what the objects of its namespace in its scopes use, recomputed in
// full when a quota is created or its spec.hard changes, every --resource-quota-sync-period, and
// when an object that counted is deleted or stops counting (a pod that ended): the ResourceQuota
// admission only ever adds to status.used, so this is what gives quota back.

import { errorMessage } from '@capstan/common';
import type { Informer, KubeObject } from '@capstan/common/client';
import {
  calculateUsage,
  maskResourceList,
  QuotaEvaluators,
  resourceListJson,
  resourceListOf,
  resourceListsEqual,
  scopeRequirementsOf,
  type QuotaEvaluator,
  type ResourceList,
} from '@capstan/common/quota';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { GenericResourceLister } from './generic-resources.ts';

type JsonObject = Record<string, unknown>;
type ResourceQuota = KubeObject & { spec?: { hard?: Record<string, unknown> }; status?: { hard?: Record<string, unknown>; used?: Record<string, unknown> } };

const resourceQuotas = { group: '', version: 'v1', resource: 'resourcequotas' };
/** The resources kube's core evaluators count, watched so that what their deletion frees is given back at once. */
const watchedResources = [
  ...['pods', 'services', 'persistentvolumeclaims', 'configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas'].map((resource) => ({
    group: '',
    version: 'v1',
    resource,
  })),
  { group: 'resource.k8s.io', version: 'v1', resource: 'resourceclaims' },
];

const keyOf = (object: KubeObject): string => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

export const resourceQuotaController: ControllerDefinition = {
  name: 'resourcequota-controller',
  aliases: ['resourcequota'],
  clientName: 'resourcequota-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal, options } = context;
    const evaluators = new QuotaEvaluators();
    const generic = new GenericResourceLister(client);
    const quotaInformer = context.informers.informer<ResourceQuota>(resourceQuotas);
    const informers = new Map<QuotaEvaluator, Informer>();
    for (const target of watchedResources) {
      const evaluator = evaluators.of(target.group, target.resource) as QuotaEvaluator;
      informers.set(evaluator, target.resource === 'resourcequotas' ? quotaInformer : context.informers.informer(target));
    }
    const queue = new WorkQueue({ name: 'resourcequota_primary' });
    const enqueue = (quota: KubeObject): void => queue.add(keyOf(quota));
    const hardOf = (quota: ResourceQuota): ResourceList => resourceListOf(quota.spec?.hard);

    quotaInformer.addEventHandler({
      onAdd: enqueue,
      // Status changes are this controller's and admission's own: only a new spec.hard asks for a sync.
      onUpdate: (old, quota) => {
        if (!resourceListsEqual(hardOf(old), hardOf(quota))) enqueue(quota);
      },
    });
    /** The quotas of the namespace that limit something the evaluator counts. */
    const replenish = (evaluator: QuotaEvaluator, namespace: string | undefined): void => {
      for (const quota of quotaInformer.store.list(namespace)) {
        if (evaluator.matchingResources(Object.keys(resourceListOf(quota.status?.hard))).length > 0) enqueue(quota);
      }
    };
    for (const [evaluator, informer] of informers) {
      informer.addEventHandler({
        onUpdate: (old, object) => {
          const now = new Date();
          if (!resourceListsEqual(evaluator.usage(old as JsonObject, now), evaluator.usage(object as JsonObject, now))) replenish(evaluator, object.metadata?.namespace);
        },
        onDelete: (object) => replenish(evaluator, object.metadata?.namespace),
      });
    }

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const quota = quotaInformer.store.get(namespace, name);
      if (quota === undefined) return;
      const hard = hardOf(quota);
      const hardNames = Object.keys(hard);
      // A count/<resource>.<group> of any resource gets its evaluator, which counts what a list finds.
      for (const resourceName of hardNames) {
        const counted = /^count\/([^.]+)(?:\.(.+))?$/.exec(resourceName);
        if (counted !== null) evaluators.of(counted[2] ?? '', counted[1] as string);
      }
      const objectsOf = (evaluator: QuotaEvaluator): readonly KubeObject[] | Promise<readonly KubeObject[]> =>
        informers.get(evaluator)?.store.list(namespace) ?? generic.list(evaluator.group, evaluator.resource, namespace, signal);
      const { usage, errors } = await calculateUsage(hardNames, scopeRequirementsOf(quota as JsonObject), evaluators.all, objectsOf, new Date());
      const statusHard = quota.status?.hard === undefined ? undefined : resourceListOf(quota.status.hard);
      const statusUsed = quota.status?.used === undefined ? undefined : resourceListOf(quota.status.used);
      const used = maskResourceList({ ...statusUsed, ...usage }, hardNames);
      const dirty = statusHard === undefined || statusUsed === undefined || !resourceListsEqual(hard, statusHard) || !resourceListsEqual(used, statusUsed);
      if (dirty) {
        await client.update({ ...resourceQuotas, namespace, name, subresource: 'status' }, { ...quota, status: { hard: resourceListJson(hard), used: resourceListJson(used) } });
      }
      if (errors.length > 0) throw new Error(errors.map(errorMessage).join('; '));
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    // kube's full resync: every quota recomputed each period, which also catches what no watch told.
    const resync = setInterval(() => {
      for (const quota of quotaInformer.store.list()) enqueue(quota);
    }, options.resourceQuotaSyncPeriodMs);
    resync.unref();
    try {
      await queue.run(options.concurrentResourceQuotaSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.warn({ err: error, resourceQuota: key }, 'syncing the resource quota failed; retrying');
      });
    } finally {
      clearInterval(resync);
      signal.removeEventListener('abort', stop);
    }
  },
};
