// One look at an HPA (kube's reconcileAutoscaler): the target's scale is read (AbleToScale), the
// replica count is computed from the metrics (ScalingActive) unless the target is scaled to zero
// or outside [minReplicas, maxReplicas], normalized (replica-normalization.ts), written to the
// scale when it changes (SuccessfulRescale), and the status written when it changed.

import { LabelSelectorError, metaTime, parseLabelSelector, StatusError, type LabelSelector } from '@capstan/common';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus, MetricStatus } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ReadonlyObjectStore, RestClient } from '@capstan/common/client';
import { type EventType, involvedObjectOf, type EventRecorder } from '../event-recorder.ts';
import { type Condition, setCondition } from './hpa-conditions.ts';
import { computeReplicasForMetric } from './metric-replicas.ts';
import type { CalculatorSettings } from './replica-calculator.ts';
import type { ReplicaRecommendations } from './replica-normalization.ts';
import { parseGroupVersion, type Scale, type ScaleResource, type ScaleTargets } from './scale-target.ts';
import type { AutoscalerSelectors } from './autoscaler-selectors.ts';

export interface AutoscalerContext {
  readonly client: RestClient;
  readonly recorder: EventRecorder;
  readonly pods: ReadonlyObjectStore<Pod>;
  readonly scales: ScaleTargets;
  readonly recommendations: ReplicaRecommendations;
  readonly selectors: AutoscalerSelectors;
  readonly settings: CalculatorSettings;
  /** --horizontal-pod-autoscaler-tolerance (0.1). */
  readonly tolerance: number;
}

const hpaResource = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
/** retry.DefaultRetry's attempts. */
const scaleUpdateAttempts = 5;

class Reconciliation {
  readonly #context: AutoscalerContext;
  readonly hpa: HorizontalPodAutoscaler;
  conditions: HorizontalPodAutoscalerCondition[];

  constructor(context: AutoscalerContext, hpa: HorizontalPodAutoscaler) {
    this.#context = context;
    this.hpa = hpa;
    this.conditions = [...(hpa.status?.conditions ?? [])];
  }

  set(condition: Condition): void {
    this.conditions = setCondition(this.conditions, condition);
  }

  event(type: EventType, reason: string, message: string): void {
    void this.#context.recorder.record(involvedObjectOf(this.hpa, 'HorizontalPodAutoscaler', 'autoscaling/v2'), type, reason, message);
  }

  /** setStatus then updateStatusIfNeeded: the status is written only when it changed. */
  async writeStatus(current: number, desired: number, metrics: readonly MetricStatus[] | undefined, lastScaleTime: string | undefined): Promise<void> {
    const status = {
      ...(current === 0 ? {} : { currentReplicas: current }),
      desiredReplicas: desired,
      ...(lastScaleTime === undefined ? {} : { lastScaleTime }),
      // kube's field has no omitempty: no statuses at all are written as null.
      currentMetrics: metrics === undefined ? null : metrics,
      ...(this.conditions.length === 0 ? {} : { conditions: this.conditions }),
    } as HorizontalPodAutoscalerStatus;
    const before = this.hpa.status ?? { desiredReplicas: 0 };
    if (JSON.stringify(normalized(before)) === JSON.stringify(normalized(status))) return;
    const meta = this.hpa.metadata ?? {};
    try {
      await this.#context.client.update({ ...hpaResource, namespace: meta.namespace ?? '', name: meta.name ?? '', subresource: 'status' }, { ...this.hpa, status });
    } catch (error) {
      this.event('Warning', 'FailedUpdateStatus', (error as Error).message);
      throw new Error(`failed to update status for ${meta.name}: ${(error as Error).message}`);
    }
  }
}

/** Status fields in one order, so that two statuses compare by their content. */
function normalized(status: HorizontalPodAutoscalerStatus): unknown[] {
  return [status.currentReplicas ?? 0, status.desiredReplicas, status.lastScaleTime ?? null, status.currentMetrics ?? null, status.conditions ?? []];
}

async function targetScale(context: AutoscalerContext, hpa: HorizontalPodAutoscaler): Promise<{ scale: Scale; target: ScaleResource }> {
  const ref = hpa.spec?.scaleTargetRef;
  const { group } = parseGroupVersion(ref?.apiVersion ?? '');
  const target = await context.scales.resolve(group, ref?.kind ?? '');
  return { scale: await context.scales.get(target, hpa.metadata?.namespace ?? '', ref?.name ?? ''), target };
}

export async function reconcileAutoscaler(context: AutoscalerContext, hpa: HorizontalPodAutoscaler, key: string): Promise<void> {
  const run = new Reconciliation(context, hpa);
  const namespace = hpa.metadata?.namespace ?? '';
  const spec = hpa.spec;
  const reference = `${spec?.scaleTargetRef.kind}/${namespace}/${spec?.scaleTargetRef.name}`;
  const previousDesired = hpa.status?.desiredReplicas ?? 0;
  let scale: Scale;
  let target: ScaleResource;
  try {
    ({ scale, target } = await targetScale(context, hpa));
  } catch (error) {
    const message = (error as Error).message;
    run.event('Warning', 'FailedGetScale', message);
    run.set({ type: 'AbleToScale', status: 'False', reason: 'FailedGetScale', message: `the HPA controller was unable to get the target's current scale: ${message}` });
    await run.writeStatus(hpa.status?.currentReplicas ?? 0, previousDesired, hpa.status?.currentMetrics, hpa.status?.lastScaleTime);
    throw new Error(`failed to query scale subresource for ${reference}: ${message}`);
  }
  run.set({ type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" });
  const current = scale.spec?.replicas ?? 0;
  context.recommendations.recordInitial(key, current);
  const minReplicas = spec?.minReplicas ?? 1;
  const maxReplicas = spec?.maxReplicas ?? 0;
  let desired = 0;
  let rescaleReason = '';
  let rescale = true;
  let metricStatuses: MetricStatus[] | undefined;
  if (current === 0 && minReplicas !== 0) {
    desired = 0;
    rescale = false;
    run.set({ type: 'ScalingActive', status: 'False', reason: 'ScalingDisabled', message: 'scaling is disabled since the replica count of the target is zero' });
  } else if (current > maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desired = maxReplicas;
  } else if (current < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desired = minReplicas;
  } else {
    const computed = await computeReplicasForMetrics(context, run, scale, current);
    metricStatuses = computed.statuses;
    if (computed.replicas === -1) {
      await run.writeStatus(current, previousDesired, metricStatuses, hpa.status?.lastScaleTime);
      run.event('Warning', 'FailedComputeMetricsReplicas', computed.error ?? '');
      throw new Error(`failed to compute desired number of replicas based on listed metrics for ${reference}: ${computed.error}`);
    }
    let rescaleMetric = '';
    if (computed.replicas > desired) {
      desired = computed.replicas;
      rescaleMetric = computed.metric;
    }
    if (desired > current) rescaleReason = `${rescaleMetric} above target`;
    if (desired < current) rescaleReason = 'All metrics below target';
    const normalizedReplicas =
      spec?.behavior === undefined
        ? context.recommendations.normalize(key, current, desired, minReplicas, maxReplicas)
        : context.recommendations.normalizeWithBehavior(key, spec.behavior, current, desired, minReplicas, maxReplicas);
    for (const condition of normalizedReplicas.conditions) run.set(condition);
    desired = normalizedReplicas.replicas;
    rescale = desired !== current;
  }
  let lastScaleTime = hpa.status?.lastScaleTime;
  if (rescale) {
    try {
      await updateScale(context, target, namespace, scale, desired);
    } catch (error) {
      const message = (error as Error).message;
      run.event('Warning', 'FailedRescale', `New size: ${desired}; reason: ${rescaleReason}; error: ${message}`);
      run.set({ type: 'AbleToScale', status: 'False', reason: 'FailedUpdateScale', message: `the HPA controller was unable to update the target scale: ${message}` });
      await run.writeStatus(current, previousDesired, metricStatuses, lastScaleTime);
      throw new Error(`failed to rescale ${reference}: ${message}`);
    }
    run.set({ type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: `the HPA controller was able to update the target scale to ${desired}` });
    run.event('Normal', 'SuccessfulRescale', `New size: ${desired}; reason: ${rescaleReason}`);
    context.recommendations.storeScaleEvent(key, spec?.behavior, current, desired);
    lastScaleTime = metaTime(Date.now());
  } else desired = current;
  await run.writeStatus(current, desired, metricStatuses, lastScaleTime);
}

/** The scale written with the new count, read again after a conflict. */
async function updateScale(context: AutoscalerContext, target: ScaleResource, namespace: string, read: Scale, replicas: number): Promise<void> {
  let scale = read;
  for (let attempt = 1; ; attempt++) {
    try {
      await context.scales.update(target, namespace, { ...scale, spec: { ...scale.spec, replicas } });
      return;
    } catch (error) {
      if (!(error instanceof StatusError && error.code === 409) || attempt >= scaleUpdateAttempts) throw error;
      scale = await context.scales.get(target, namespace, scale.metadata?.name ?? '').catch(() => scale);
    }
  }
}

interface ComputedReplicas {
  readonly replicas: number;
  readonly metric: string;
  /** undefined when no metric was looked at. */
  readonly statuses?: MetricStatus[];
  readonly error?: string;
}

/** computeReplicasForMetrics: the highest proposal of the valid metrics; all invalid (or some, when scaling down) is a failure. */
async function computeReplicasForMetrics(context: AutoscalerContext, run: Reconciliation, scale: Scale, current: number): Promise<ComputedReplicas> {
  const hpa = run.hpa;
  const namespace = hpa.metadata?.namespace ?? '';
  const selectorText = scale.status?.selector ?? '';
  let selector: LabelSelector;
  const invalidSelector = (reason: string, eventMessage: string, conditionMessage: string): ComputedReplicas => {
    run.event('Warning', reason, eventMessage);
    run.set({ type: 'ScalingActive', status: 'False', reason: reason === 'SelectorRequired' ? 'InvalidSelector' : reason, message: conditionMessage });
    return { replicas: -1, metric: '', error: eventMessage };
  };
  if (selectorText === '') return invalidSelector('SelectorRequired', 'selector is required', "the HPA target's scale is missing a selector");
  try {
    selector = parseLabelSelector(selectorText);
  } catch (error) {
    if (!(error instanceof LabelSelectorError)) throw error;
    const message = `couldn't convert selector into a corresponding internal selector object: ${error.message}`;
    return invalidSelector('InvalidSelector', message, message);
  }
  const others = context.selectors.othersSelecting(hpa, selector, context.pods.list(namespace));
  if (others.length > 0) {
    const message = `pods by selector ${selectorText} are controlled by multiple HPAs: [${others.join(' ')}]`;
    return invalidSelector('AmbiguousSelector', message, message);
  }
  const specs = hpa.spec?.metrics ?? [];
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }));
  const specReplicas = scale.spec?.replicas ?? 0;
  let replicas = 0;
  let metric = '';
  let invalid = 0;
  let firstError: { reason: string; conditionError: string; error: string } | undefined;
  const metricContext = {
    client: context.client,
    pods: context.pods,
    namespace,
    selector,
    selectorText,
    currentReplicas: current,
    tolerances: { scaleDown: context.tolerance, scaleUp: context.tolerance },
    settings: context.settings,
  };
  for (const [index, spec] of specs.entries()) {
    const outcome = await computeReplicasForMetric(metricContext, spec);
    if ('reason' in outcome) {
      run.event('Warning', outcome.reason, outcome.conditionError);
      firstError ??= outcome;
      invalid += 1;
      continue;
    }
    statuses[index] = outcome.status;
    if (replicas === 0 || outcome.replicas > replicas) {
      replicas = outcome.replicas;
      metric = outcome.metric;
    }
  }
  const error = firstError === undefined ? undefined : `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError.error}`;
  if (firstError !== undefined && (invalid >= specs.length || replicas < specReplicas)) {
    run.set({ type: 'ScalingActive', status: 'False', reason: firstError.reason, message: `the HPA was unable to compute the replica count: ${firstError.conditionError}` });
    return { replicas: -1, metric: '', statuses, ...(error === undefined ? {} : { error }) };
  }
  run.set({ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound', message: `the HPA was able to successfully calculate a replica count from ${metric}` });
  return { replicas, metric, statuses, ...(error === undefined ? {} : { error }) };
}
