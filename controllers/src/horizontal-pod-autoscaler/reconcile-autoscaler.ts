// One sync of one HorizontalPodAutoscaler, as kube's reconcileAutoscaler: read the target's scale,
// compute a replica count from each metric (the largest wins), normalize it (stabilization, limits,
// rates), write the scale when it changes, and write the status (currentReplicas, desiredReplicas,
// currentMetrics, lastScaleTime, the AbleToScale/ScalingActive/ScalingLimited conditions) when it
// differs, with kube's events on the way (SuccessfulRescale, FailedGetScale, FailedGetResourceMetric,
// FailedComputeMetricsReplicas, ...).

import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerStatus, MetricStatus } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { LabelSelectorError, matchesLabels, metaTime, parseLabelSelector } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import { type EventRecorder, type EventType, involvedObjectOf } from '../event-recorder.ts';
import { type HpaCondition, setCondition } from './hpa-conditions.ts';
import { type MetricContext, proposeForMetric } from './metric-proposals.ts';
import type { ReplicaCalculatorSettings } from './replica-calculator.ts';
import type { ReplicaLimits } from './replica-limits.ts';
import type { ScaleTargets } from './scale-target.ts';

export const hpaResource = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' } as const;

export interface AutoscalerSync {
  readonly client: RestClient;
  readonly events: EventRecorder;
  readonly scales: ScaleTargets;
  readonly limits: ReplicaLimits;
  readonly pods: (namespace: string) => readonly Pod[];
  readonly settings: () => ReplicaCalculatorSettings;
  readonly customMetricsServed: () => Promise<boolean>;
  /** The scale selectors other HPAs had at their last sync (for AmbiguousSelector). */
  readonly selectors: Map<string, string>;
}

export async function reconcileAutoscaler(sync: AutoscalerSync, hpa: HorizontalPodAutoscaler): Promise<void> {
  const namespace = hpa.metadata?.namespace ?? '';
  const name = hpa.metadata?.name ?? '';
  const key = `${namespace}/${name}`;
  const now = metaTime(Date.now());
  const original = hpa.status ?? { desiredReplicas: 0 };
  let conditions = [...(original.conditions ?? [])];
  const set = (condition: HpaCondition): void => {
    conditions = setCondition(conditions, condition, now);
  };
  const involved = involvedObjectOf(hpa, 'HorizontalPodAutoscaler', 'autoscaling/v2');
  const event = (type: EventType, reason: string, message: string): void => void sync.events.record(involved, type, reason, message);
  const writeStatus = async (status: HorizontalPodAutoscalerStatus): Promise<void> => {
    const next: HorizontalPodAutoscalerStatus = { ...status, conditions };
    if (JSON.stringify(next) === JSON.stringify({ ...original, conditions: original.conditions ?? [] })) return;
    try {
      await sync.client.update({ ...hpaResource, namespace, name, subresource: 'status' }, { ...hpa, apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', status: next });
    } catch (error) {
      event('Warning', 'FailedUpdateStatus', (error as Error).message);
      throw new Error(`failed to update status for ${name}: ${(error as Error).message}`);
    }
  };
  const reference = hpa.spec?.scaleTargetRef;
  const described = `${reference?.kind}/${namespace}/${reference?.name}`;

  let scale: Awaited<ReturnType<ScaleTargets['get']>>;
  try {
    if (reference === undefined) throw new Error('the HPA has no scaleTargetRef');
    scale = await sync.scales.get(reference, namespace);
  } catch (error) {
    const message = (error as Error).message;
    event('Warning', 'FailedGetScale', message);
    set({ type: 'AbleToScale', status: 'False', reason: 'FailedGetScale', message: `the HPA controller was unable to get the target's current scale: ${message}` });
    await writeStatus({ ...original });
    throw new Error(`failed to query scale subresource for ${described}: ${message}`);
  }
  set({ type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" });
  const currentReplicas = scale.scale.spec?.replicas ?? 0;
  sync.limits.recordInitial(key, currentReplicas);
  const minReplicas = hpa.spec?.minReplicas ?? 1;
  const maxReplicas = hpa.spec?.maxReplicas ?? 0;
  const currentStatus = (metrics: readonly MetricStatus[], desiredReplicas: number): HorizontalPodAutoscalerStatus => ({
    ...(original.lastScaleTime ? { lastScaleTime: original.lastScaleTime } : {}),
    currentReplicas,
    desiredReplicas,
    ...(metrics.length > 0 ? { currentMetrics: metrics } : {}),
  });

  let desiredReplicas = 0;
  let rescale = true;
  let rescaleReason = '';
  let metricStatuses: MetricStatus[] = [];
  if (currentReplicas === 0 && minReplicas !== 0) {
    rescale = false;
    set({ type: 'ScalingActive', status: 'False', reason: 'ScalingDisabled', message: 'scaling is disabled since the replica count of the target is zero' });
  } else if (currentReplicas > maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = maxReplicas;
  } else if (currentReplicas < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    const computed = await replicasForMetrics(sync, hpa, scale.scale.status?.selector ?? '', currentReplicas, set, event);
    metricStatuses = computed.statuses;
    if (computed.replicas === -1) {
      await writeStatus(currentStatus(metricStatuses, original.desiredReplicas ?? 0));
      event('Warning', 'FailedComputeMetricsReplicas', computed.error ?? '');
      throw new Error(`failed to compute desired number of replicas based on listed metrics for ${described}: ${computed.error}`);
    }
    desiredReplicas = computed.replicas;
    if (desiredReplicas > currentReplicas) rescaleReason = `${computed.metricName} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    const normalized = sync.limits.normalize({ key, behavior: hpa.spec?.behavior, currentReplicas, desiredReplicas, minReplicas, maxReplicas });
    for (const condition of normalized.conditions) set(condition);
    desiredReplicas = normalized.replicas;
    rescale = desiredReplicas !== currentReplicas;
  }

  let lastScaleTime = original.lastScaleTime;
  if (rescale) {
    try {
      await sync.scales.update(scale.target, scale.scale, desiredReplicas);
    } catch (error) {
      const message = (error as Error).message;
      event('Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${message}`);
      set({ type: 'AbleToScale', status: 'False', reason: 'FailedUpdateScale', message: `the HPA controller was unable to update the target scale: ${message}` });
      await writeStatus(currentStatus(metricStatuses, original.desiredReplicas ?? 0));
      throw new Error(`failed to rescale ${described}: ${message}`);
    }
    set({ type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: `the HPA controller was able to update the target scale to ${desiredReplicas}` });
    event('Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
    sync.limits.recordScale(key, hpa.spec?.behavior, currentReplicas, desiredReplicas);
    lastScaleTime = now;
  } else {
    desiredReplicas = currentReplicas;
  }
  await writeStatus({ ...currentStatus(metricStatuses, desiredReplicas), ...(lastScaleTime ? { lastScaleTime } : {}) });
}

interface ComputedReplicas {
  readonly replicas: number;
  readonly metricName: string;
  readonly statuses: MetricStatus[];
  readonly error?: string;
}

/** computeReplicasForMetrics: the largest proposal of the valid metrics, or -1 when it must not act. */
async function replicasForMetrics(
  sync: AutoscalerSync,
  hpa: HorizontalPodAutoscaler,
  selector: string,
  currentReplicas: number,
  set: (condition: HpaCondition) => void,
  event: (type: EventType, reason: string, message: string) => void,
): Promise<ComputedReplicas> {
  const namespace = hpa.metadata?.namespace ?? '';
  const key = `${namespace}/${hpa.metadata?.name ?? ''}`;
  if (selector === '') {
    event('Warning', 'SelectorRequired', 'selector is required');
    set({ type: 'ScalingActive', status: 'False', reason: 'InvalidSelector', message: "the HPA target's scale is missing a selector" });
    return { replicas: -1, metricName: '', statuses: [], error: 'selector is required' };
  }
  let parsed: ReturnType<typeof parseLabelSelector>;
  try {
    parsed = parseLabelSelector(selector);
  } catch (error) {
    if (!(error instanceof LabelSelectorError)) throw error;
    const message = `couldn't convert selector into a corresponding internal selector object: ${error.message}`;
    event('Warning', 'InvalidSelector', message);
    set({ type: 'ScalingActive', status: 'False', reason: 'InvalidSelector', message });
    return { replicas: -1, metricName: '', statuses: [], error: message };
  }
  sync.selectors.set(key, selector);
  const pods = sync.pods(namespace).filter((pod) => matchesLabels(parsed, pod.metadata?.labels));
  const others = [...sync.selectors]
    .filter(([other]) => other !== key && other.startsWith(`${namespace}/`))
    .filter(([, otherSelector]) => {
      const otherParsed = parseLabelSelector(otherSelector);
      return pods.some((pod) => matchesLabels(otherParsed, pod.metadata?.labels));
    });
  if (others.length > 0) {
    const message = `pods by selector ${selector} are controlled by multiple HPAs: [${[key, ...others.map(([other]) => other)].sort().join(' ')}]`;
    event('Warning', 'AmbiguousSelector', message);
    set({ type: 'ScalingActive', status: 'False', reason: 'AmbiguousSelector', message });
    return { replicas: -1, metricName: '', statuses: [], error: message };
  }
  const context: MetricContext = {
    client: sync.client,
    namespace,
    selector,
    pods,
    currentReplicas,
    settings: sync.settings(),
    customMetricsServed: sync.customMetricsServed,
  };
  const specs = hpa.spec?.metrics ?? [];
  // A metric that fails leaves an empty status in its place, as kube's zero-valued MetricStatus.
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }) as MetricStatus);
  let replicas = 0;
  let metricName = '';
  let invalid = 0;
  let firstError: { message: string; condition: HpaCondition } | undefined;
  for (const [index, spec] of specs.entries()) {
    const proposal = await proposeForMetric(spec, context);
    if ('error' in proposal) {
      event('Warning', proposal.eventReason, proposal.eventMessage);
      firstError ??= { message: proposal.error.message, condition: proposal.condition };
      invalid += 1;
      continue;
    }
    statuses[index] = proposal.status;
    if (replicas === 0 || proposal.replicas > replicas) {
      replicas = proposal.replicas;
      metricName = proposal.metricName;
    }
  }
  const error = firstError === undefined ? undefined : `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError.message}`;
  if (firstError !== undefined && (invalid >= specs.length || replicas < currentReplicas)) {
    set(firstError.condition);
    return { replicas: -1, metricName: '', statuses, ...(error === undefined ? {} : { error }) };
  }
  set({ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound', message: `the HPA was able to successfully calculate a replica count from ${metricName}` });
  return { replicas, metricName, statuses };
}
