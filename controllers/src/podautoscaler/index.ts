// kube-controller-manager's horizontal-pod-autoscaler-controller (pkg/controller/podautoscaler) for
// autoscaling/v2 HPAs: each HPA is looked at every --horizontal-pod-autoscaler-sync-period (15 s;
// a new or changed one after the same delay, as kube's fixed-interval queue does), reading its
// target's scale subresource and the resource metrics API (metrics.k8s.io, when an aggregated
// metrics server serves it; otherwise the conditions and events say why nothing is computed).

import type { HorizontalPodAutoscaler } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { AutoscalerSelectors } from './autoscaler-selectors.ts';
import { type AutoscalerContext, reconcileAutoscaler } from './reconcile-autoscaler.ts';
import { ReplicaRecommendations } from './replica-normalization.ts';
import { ScaleTargets } from './scale-target.ts';

export { defaultHorizontalPodAutoscalerOptions, type HorizontalPodAutoscalerOptions } from './autoscaler-options.ts';

const hpas = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
const pods = { group: '', version: 'v1', resource: 'pods' };

const keyOf = (hpa: HorizontalPodAutoscaler): string => `${hpa.metadata?.namespace}/${hpa.metadata?.name}`;

export const horizontalPodAutoscalerController: ControllerDefinition = {
  name: 'horizontal-pod-autoscaler-controller',
  aliases: ['horizontalpodautoscaling'],
  clientName: 'horizontal-pod-autoscaler',
  async start(controller: ControllerContext): Promise<void> {
    const { logger, signal } = controller;
    const options = controller.options.horizontalPodAutoscaler;
    const informer = controller.informers.informer<HorizontalPodAutoscaler>(hpas);
    const podInformer = controller.informers.informer<Pod>(pods);
    const queue = new WorkQueue();
    const selectors = new AutoscalerSelectors();
    const recommendations = new ReplicaRecommendations(options.downscaleStabilizationMs);
    const enqueue = (hpa: HorizontalPodAutoscaler): void => {
      queue.addAfter(keyOf(hpa), options.syncPeriodMs);
      selectors.add(keyOf(hpa));
    };
    informer.addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, hpa) => enqueue(hpa),
      onDelete: (hpa) => {
        queue.forget(keyOf(hpa));
        selectors.delete(keyOf(hpa));
      },
    });
    const context: AutoscalerContext = {
      client: controller.client,
      recorder: controller.eventRecorder('horizontal-pod-autoscaler'),
      pods: podInformer.store,
      scales: new ScaleTargets(controller.client),
      recommendations,
      selectors,
      settings: { cpuInitializationPeriodMs: options.cpuInitializationPeriodMs, initialReadinessDelayMs: options.initialReadinessDelayMs },
      tolerance: options.tolerance,
    };
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await controller.informers.waitForSync(signal))) return;
    const handle = async (key: string): Promise<void> => {
      const hpa = informer.store.getByKey(key);
      if (hpa === undefined) {
        recommendations.forget(key);
        return;
      }
      try {
        await reconcileAutoscaler(context, hpa, key);
      } catch (error) {
        if (!signal.aborted) logger.warn({ err: error, hpa: key }, 'reconciling the HorizontalPodAutoscaler failed');
      }
      // Looked at again every sync period, whatever happened.
      queue.addAfter(key, options.syncPeriodMs);
    };
    try {
      await queue.run(options.workers, handle, () => {});
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
