// kube-controller-manager's disruption-controller: the status of each PodDisruptionBudget, which
// the API server's eviction subresource reads to allow or refuse an eviction (kubectl drain):
// currentHealthy (ready pods not being deleted nor recently evicted), desiredHealthy (minAvailable,
// or the expected count less maxUnavailable, percentages of the pods' controllers' scale rounded
// up), expectedPods, disruptionsAllowed, the evictions the API server recorded in disruptedPods
// until their pods go (2 min at most), observedGeneration and the DisruptionAllowed condition. A
// budget whose status cannot be computed allows nothing (reason SyncFailed). Separately, a pod left
// with a DisruptionTarget condition but never deleted has it set back to False after 2 minutes.

import type { Pod } from '@capstan/common/api-types/core-v1';
import type { PodDisruptionBudget } from '@capstan/common/api-types/policy-v1';
import { isConflict, type KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { podsResource } from '../workload/pod-control.ts';
import { updatePodCondition } from '../node-lifecycle/pod-conditions.ts';
import { scaledValueFromIntOrPercent } from '../workload/int-or-percent.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { WorkQueue } from '../work-queue.ts';
import { countHealthyPods, disruptedPodsOf, failSafeStatus, goLabelSelectorString, nextStatus, type MutableStatus } from './budget-status.ts';
import { expectedScale, type ScaleSources } from './expected-scale.ts';

export const podDisruptionBudgetsResource = { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets' } as const;
const apps = (resource: string) => ({ group: 'apps', version: 'v1', resource }) as const;

/** stalePodDisruptionTimeout. */
export const stalePodDisruptionTimeoutMs = 2 * 60 * 1000;

const keyOf = (object: KubeObject): string => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

/** nonTerminatingPodHasStaleDisruptionCondition: how long until a stale DisruptionTarget is cleared, or undefined when there is none. */
function staleDisruptionIn(pod: Pod, now: number): number | undefined {
  if (pod.metadata?.deletionTimestamp) return undefined;
  const condition = pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
  const phase = pod.status?.phase;
  if (condition?.status !== 'True' || condition.reason === 'TerminationByKubelet' || phase === 'Succeeded' || phase === 'Failed') return undefined;
  return Math.max(0, (Date.parse(condition.lastTransitionTime ?? '') || 0) + stalePodDisruptionTimeoutMs - now);
}

export const disruptionController: ControllerDefinition = {
  name: 'disruption-controller',
  aliases: ['disruption'],
  clientName: 'disruption-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const budgets = context.informers.informer<PodDisruptionBudget>(podDisruptionBudgetsResource);
    const pods = context.informers.informer<Pod>(podsResource);
    const sources: ScaleSources = {
      client,
      replicationControllers: context.informers.informer({ group: '', version: 'v1', resource: 'replicationcontrollers' }),
      replicaSets: context.informers.informer(apps('replicasets')),
      deployments: context.informers.informer(apps('deployments')),
      statefulSets: context.informers.informer(apps('statefulsets')),
    };
    const events = context.eventRecorder('controllermanager');
    const queue = new WorkQueue({ name: 'disruption' });
    const staleQueue = new WorkQueue({ name: 'stale_pod_disruption' });

    /** GetPodPodDisruptionBudgets: the budgets whose (non-empty) selector picks the pod. */
    const budgetsOf = (pod: Pod): PodDisruptionBudget[] =>
      budgets.store.list(pod.metadata?.namespace ?? '').filter((budget) => {
        const selector = budget.spec?.selector;
        const empty = selector === undefined || selector === null || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0);
        return !empty && labelSelectorMatcher(selector)(pod.metadata?.labels);
      });
    const onPod = (pod: Pod): void => {
      const found = budgetsOf(pod);
      if (found.length > 1) {
        const message = `Pod "${pod.metadata?.namespace}"/"${pod.metadata?.name}" matches multiple PodDisruptionBudgets.  Chose "${found[0]?.metadata?.name}" arbitrarily.`;
        void events.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Warning', 'MultiplePodDisruptionBudgets', message);
      }
      // kube syncs the first budget only; each one the pod counts in is kept right here.
      for (const budget of found) queue.add(keyOf(budget));
      const staleIn = staleDisruptionIn(pod, Date.now());
      if (staleIn !== undefined) staleQueue.addAfter(keyOf(pod), staleIn);
    };
    budgets.addEventHandler({ onAdd: (b) => queue.add(keyOf(b)), onUpdate: (_old, b) => queue.add(keyOf(b)), onDelete: (b) => queue.add(keyOf(b)) });
    pods.addEventHandler({ onAdd: onPod, onUpdate: (_old, pod) => onPod(pod), onDelete: onPod });

    const writeStatus = async (budget: PodDisruptionBudget, status: MutableStatus): Promise<void> => {
      await client.update({ ...podDisruptionBudgetsResource, namespace: budget.metadata?.namespace, name: budget.metadata?.name, subresource: 'status' }, { ...budget, status });
    };

    /** getExpectedPodCount. */
    const expectedCount = async (budget: PodDisruptionBudget, selected: readonly Pod[]): Promise<{ expected: number; desired: number; unmanaged: string[] }> => {
      const { maxUnavailable, minAvailable } = budget.spec ?? {};
      if (maxUnavailable !== undefined && maxUnavailable !== null) {
        const { expected, unmanaged } = await expectedScale(sources, selected);
        return { expected, desired: Math.max(0, expected - scaledValueFromIntOrPercent(maxUnavailable, expected, true)), unmanaged };
      }
      if (typeof minAvailable === 'number') return { expected: selected.length, desired: minAvailable, unmanaged: [] };
      if (typeof minAvailable === 'string') {
        const { expected, unmanaged } = await expectedScale(sources, selected);
        return { expected, desired: scaledValueFromIntOrPercent(minAvailable, expected, true), unmanaged };
      }
      return { expected: 0, desired: 0, unmanaged: [] };
    };

    const trySync = async (key: string, budget: PodDisruptionBudget): Promise<void> => {
      const involved = involvedObjectOf(budget, 'PodDisruptionBudget', 'policy/v1');
      const matches = labelSelectorMatcher(budget.spec?.selector);
      const selected = pods.store.list(budget.metadata?.namespace ?? '').filter((pod) => matches(pod.metadata?.labels));
      if (selected.length === 0) void events.record(involved, 'Normal', 'NoPods', 'No matching pods found');
      let counts: { expected: number; desired: number; unmanaged: string[] };
      try {
        counts = await expectedCount(budget, selected);
      } catch (error) {
        void events.record(involved, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${(error as Error).message}`);
        throw error;
      }
      if (counts.unmanaged.length > 0) {
        void events.record(
          involved,
          'Warning',
          'UnmanagedPods',
          `Pods selected by this PodDisruptionBudget (selector: ${goLabelSelectorString(budget.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
        );
      }
      const now = Date.now();
      const { disrupted, notDeleted, recheckAt } = disruptedPodsOf(budget, selected, now);
      for (const pod of notDeleted) {
        // kube's message names the budget's namespace twice (pdb.Namespace, pdb.Namespace).
        const namespace = budget.metadata?.namespace ?? '';
        void events.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Warning', 'NotDeleted', `Pod was expected by PDB ${namespace}/${namespace} to be deleted but it wasn't`);
      }
      const status = nextStatus(
        budget,
        { currentHealthy: countHealthyPods(selected, disrupted, now), desiredHealthy: counts.desired, expectedPods: counts.expected, disrupted },
        now,
      );
      if (status !== undefined) await writeStatus(budget, status);
      if (recheckAt !== undefined) queue.addAfter(key, recheckAt - now);
    };

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const budget = budgets.store.get(namespace, name);
      if (budget === undefined) return;
      try {
        await trySync(key, budget);
      } catch (error) {
        if (isConflict(error)) throw error;
        logger.warn({ err: error, podDisruptionBudget: key }, 'Failed to sync PDB');
        await writeStatus(budget, failSafeStatus(budget, error as Error, Date.now()));
      }
    };

    const syncStalePod = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const pod = pods.store.get(namespace, name);
      if (pod === undefined) return;
      const staleIn = staleDisruptionIn(pod, Date.now());
      if (staleIn === undefined) return;
      if (staleIn > 0) {
        staleQueue.addAfter(key, staleIn);
        return;
      }
      const generation = pod.metadata?.generation;
      const condition = { type: 'DisruptionTarget', status: 'False', ...(generation === undefined ? {} : { observedGeneration: generation }) };
      const { conditions, updated } = updatePodCondition(pod.status?.conditions ?? [], condition, Date.now());
      if (!updated) return;
      await client.update({ ...podsResource, namespace, name, subresource: 'status' }, { ...pod, status: { ...pod.status, conditions } });
      logger.info({ pod: key }, 'Reset stale DisruptionTarget condition to False');
    };

    const stop = (): void => {
      queue.shutDown();
      staleQueue.shutDown();
    };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    const onError = (what: string) => (key: string, error: unknown) => {
      if (!signal.aborted) logger.info({ err: error, key }, `${what} failed; retrying`);
    };
    try {
      await Promise.all([
        queue.run(1, sync, onError('syncing the pod disruption budget')),
        staleQueue.run(1, syncStalePod, onError('clearing a stale DisruptionTarget condition')),
      ]);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
