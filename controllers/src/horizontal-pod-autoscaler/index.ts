// kube-controller-manager's horizontal-pod-autoscaler-controller: every HPA synced once per sync
// period (the first sync one period after it appears, as kube's fixed-interval queue does), scaling
// its target through the /scale subresource from the resource metrics API (metrics.k8s.io) when one
// is served, and otherwise saying why in its conditions and events.

import type { HorizontalPodAutoscaler } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { namespacedKey } from '../workload/controller-ref.ts';
import { podsResource } from '../workload/pod-control.ts';
import { hpaResource, reconcileAutoscaler } from './reconcile-autoscaler.ts';
import { ReplicaLimits } from './replica-limits.ts';
import { ScaleTargets } from './scale-target.ts';

export const horizontalPodAutoscalerController: ControllerDefinition = {
  name: 'horizontal-pod-autoscaler-controller',
  aliases: ['horizontalpodautoscaling'],
  clientName: 'horizontal-pod-autoscaler',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const options = context.options.horizontalPodAutoscaler;
    const hpas = context.informers.informer<HorizontalPodAutoscaler & KubeObject>(hpaResource);
    const pods = context.informers.informer<Pod & KubeObject>(podsResource);
    const queue = new WorkQueue({ name: 'horizontalpodautoscaler' });
    const enqueue = (hpa: KubeObject): void => queue.addAfter(namespacedKey(hpa), options.syncPeriodMs);
    const limits = new ReplicaLimits(options.downscaleStabilizationMs);
    const selectors = new Map<string, string>();
    hpas.addEventHandler({
      onAdd: enqueue,
      onUpdate: (old, hpa) => {
        // Its own status writes come back as updates: only a new spec asks for a sync.
        if (old.metadata?.generation !== hpa.metadata?.generation) enqueue(hpa);
      },
      onDelete: (hpa) => {
        limits.forget(namespacedKey(hpa));
        selectors.delete(namespacedKey(hpa));
      },
    });
    const scales = new ScaleTargets(client);
    const sync = {
      client,
      events: context.eventRecorder('horizontal-pod-autoscaler'),
      scales,
      limits,
      pods: (namespace: string) => pods.store.list(namespace),
      settings: () => ({
        tolerances: { scaleDown: options.tolerance, scaleUp: options.tolerance },
        cpuInitializationPeriodMs: options.cpuInitializationPeriodMs,
        initialReadinessDelayMs: options.initialReadinessDelayMs,
        now: Date.now(),
      }),
      // The scale targets' reading of discovery, shared rather than read a second time.
      customMetricsServed: async () => (await scales.servedGroups()).some((group) => group.name === 'custom.metrics.k8s.io'),
      selectors,
    };
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    if (!(await context.informers.waitForSync(signal))) return;
    signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    const workers = queue.run(
      options.workers,
      async (key) => {
        const [namespace = '', name = ''] = key.split('/');
        const hpa = hpas.store.get(namespace, name);
        if (hpa === undefined) return;
        try {
          await reconcileAutoscaler(sync, hpa);
        } finally {
          // Every HPA comes back once a period, whatever this sync's outcome.
          queue.addAfter(key, options.syncPeriodMs);
        }
      },
      (key, error) => logger.warn({ hpa: key, err: error }, 'HPA sync failed'),
    );
    await Promise.all([stopped, workers]);
  },
};
