// How far one sync may move the replica count, as kube's HPA normalizes a recommendation: the
// stabilization window (scale down to the highest recommendation of the last five minutes, or the
// behavior's windows both ways), then min/max replicas and the scale rate (at most double or +4
// without a behavior; the behavior's Pods/Percent policies over their periods otherwise), with
// the AbleToScale and ScalingLimited conditions that say which rule applied.

import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from '@capstan/common/api-types/autoscaling-v2';
import type { HpaCondition } from './hpa-conditions.ts';

interface Recommendation {
  readonly replicas: number;
  readonly at: number;
}

interface ScaleEvent {
  readonly change: number;
  readonly at: number;
}

/** kube's scaleUpLimitFactor and scaleUpLimitMinimum. */
const scaleUpLimitFactor = 2;
const scaleUpLimitMinimum = 4;

export interface Normalized {
  readonly replicas: number;
  readonly conditions: readonly HpaCondition[];
}

export interface NormalizeRequest {
  readonly key: string;
  readonly behavior: HorizontalPodAutoscalerBehavior | undefined;
  readonly currentReplicas: number;
  readonly desiredReplicas: number;
  readonly minReplicas: number;
  readonly maxReplicas: number;
}

/** What the controller remembers of each HPA between syncs (kube keeps it in memory too). */
export class ReplicaLimits {
  readonly #recommendations = new Map<string, Recommendation[]>();
  readonly #scaleUps = new Map<string, ScaleEvent[]>();
  readonly #scaleDowns = new Map<string, ScaleEvent[]>();
  readonly #downscaleStabilizationMs: number;
  readonly #now: () => number;

  constructor(downscaleStabilizationMs: number, now: () => number = Date.now) {
    this.#downscaleStabilizationMs = downscaleStabilizationMs;
    this.#now = now;
  }

  /** recordInitialRecommendation: the current count, when the HPA has none yet. */
  recordInitial(key: string, replicas: number): void {
    if (!this.#recommendations.has(key)) this.#recommendations.set(key, [{ replicas, at: this.#now() }]);
  }

  forget(key: string): void {
    this.#recommendations.delete(key);
    this.#scaleUps.delete(key);
    this.#scaleDowns.delete(key);
  }

  normalize(request: NormalizeRequest): Normalized {
    return request.behavior === undefined ? this.#withoutBehavior(request) : this.#withBehavior(request, request.behavior);
  }

  /** storeScaleEvent: only HPAs with a behavior count their changes. */
  recordScale(key: string, behavior: HorizontalPodAutoscalerBehavior | undefined, from: number, to: number): void {
    if (behavior === undefined || from === to) return;
    const up = to > from;
    const rules = up ? behavior.scaleUp : behavior.scaleDown;
    const events = up ? this.#scaleUps : this.#scaleDowns;
    const cutoff = this.#now() - longestPeriodSeconds(rules) * 1000;
    const kept = (events.get(key) ?? []).filter((event) => event.at >= cutoff);
    kept.push({ change: Math.abs(to - from), at: this.#now() });
    events.set(key, kept);
  }

  /** Keeps this recommendation, replacing one older than `keepMs`; answers those within it (before the new one). */
  #remember(key: string, replicas: number, keepMs: number): Recommendation[] {
    const now = this.#now();
    const all = this.#recommendations.get(key) ?? [];
    const recent = all.filter((rec) => rec.at >= now - keepMs);
    this.#recommendations.set(key, [...recent, { replicas, at: now }]);
    return recent;
  }

  #withoutBehavior(request: NormalizeRequest): Normalized {
    const recent = this.#remember(request.key, request.desiredReplicas, this.#downscaleStabilizationMs);
    const stabilized = Math.max(request.desiredReplicas, ...recent.map((rec) => rec.replicas));
    const able: HpaCondition =
      stabilized !== request.desiredReplicas
        ? {
            type: 'AbleToScale',
            status: 'True',
            reason: 'ScaleDownStabilized',
            message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
          }
        : { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
    const scaleUpLimit = Math.max(scaleUpLimitFactor * request.currentReplicas, scaleUpLimitMinimum);
    let limited = { replicas: stabilized, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
    if (stabilized < request.minReplicas) {
      limited = { replicas: request.minReplicas, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
    } else if (request.maxReplicas > scaleUpLimit && stabilized > scaleUpLimit) {
      limited = { replicas: scaleUpLimit, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
    } else if (request.maxReplicas <= scaleUpLimit && stabilized > request.maxReplicas) {
      limited = { replicas: request.maxReplicas, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
    }
    return { replicas: limited.replicas, conditions: [able, scalingLimited(limited, stabilized)] };
  }

  #withBehavior(request: NormalizeRequest, behavior: HorizontalPodAutoscalerBehavior): Normalized {
    const upWindowMs = (behavior.scaleUp?.stabilizationWindowSeconds ?? 0) * 1000;
    const downWindowMs = (behavior.scaleDown?.stabilizationWindowSeconds ?? this.#downscaleStabilizationMs / 1000) * 1000;
    const now = this.#now();
    const previous = this.#remember(request.key, request.desiredReplicas, Math.max(upWindowMs, downWindowMs));
    let upRecommendation = request.desiredReplicas;
    let downRecommendation = request.desiredReplicas;
    for (const rec of previous) {
      if (rec.at > now - upWindowMs) upRecommendation = Math.min(upRecommendation, rec.replicas);
      if (rec.at > now - downWindowMs) downRecommendation = Math.max(downRecommendation, rec.replicas);
    }
    const stabilized = Math.min(Math.max(request.currentReplicas, upRecommendation), downRecommendation);
    const up = request.desiredReplicas >= request.currentReplicas;
    const able: HpaCondition =
      stabilized !== request.desiredReplicas
        ? up
          ? {
              type: 'AbleToScale',
              status: 'True',
              reason: 'ScaleUpStabilized',
              message: 'recent recommendations were lower than current one, applying the lowest recent recommendation',
            }
          : {
              type: 'AbleToScale',
              status: 'True',
              reason: 'ScaleDownStabilized',
              message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
            }
        : { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
    const limited = this.#rateLimited(request, behavior, stabilized);
    return { replicas: limited.replicas, conditions: [able, scalingLimited(limited, stabilized)] };
  }

  #rateLimited(request: NormalizeRequest, behavior: HorizontalPodAutoscalerBehavior, desired: number): { replicas: number; reason: string; message: string } {
    const within = { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
    const ups = this.#scaleUps.get(request.key) ?? [];
    const downs = this.#scaleDowns.get(request.key) ?? [];
    const current = request.currentReplicas;
    if (desired > current) {
      const limit = Math.max(scaleLimit(current, ups, downs, behavior.scaleUp, 'up', this.#now()), current);
      const allowed = Math.min(request.maxReplicas, limit);
      if (desired > allowed) {
        return request.maxReplicas > limit
          ? { replicas: allowed, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' }
          : { replicas: allowed, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
      }
    } else if (desired < current) {
      const limit = Math.min(scaleLimit(current, ups, downs, behavior.scaleDown, 'down', this.#now()), current);
      const allowed = Math.max(request.minReplicas, limit);
      if (desired < allowed) {
        return request.minReplicas < limit
          ? { replicas: allowed, reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' }
          : { replicas: allowed, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
      }
    }
    return within;
  }
}

function scalingLimited(limited: { replicas: number; reason: string; message: string }, stabilized: number): HpaCondition {
  return { type: 'ScalingLimited', status: limited.replicas === stabilized ? 'False' : 'True', reason: limited.reason, message: limited.message };
}

function longestPeriodSeconds(rules: HPAScalingRules | undefined): number {
  return Math.max(0, ...(rules?.policies ?? []).map((policy) => policy.periodSeconds));
}

function changedWithin(events: readonly ScaleEvent[], periodSeconds: number, now: number): number {
  const cutoff = now - periodSeconds * 1000;
  return events.filter((event) => event.at > cutoff).reduce((sum, event) => sum + event.change, 0);
}

/** calculateScaleUpLimitWithScalingRules / calculateScaleDownLimitWithBehaviors. */
function scaleLimit(current: number, ups: readonly ScaleEvent[], downs: readonly ScaleEvent[], rules: HPAScalingRules | undefined, direction: 'up' | 'down', now: number): number {
  const select = rules?.selectPolicy ?? 'Max';
  if (select === 'Disabled') return current;
  // For scaling up the largest change is the largest count; for scaling down, the smallest.
  const pickLargestChange = select !== 'Min';
  const pick = direction === 'up' ? (pickLargestChange ? Math.max : Math.min) : pickLargestChange ? Math.min : Math.max;
  let result: number | undefined;
  for (const policy of rules?.policies ?? []) {
    const periodStart = current - changedWithin(ups, policy.periodSeconds, now) + changedWithin(downs, policy.periodSeconds, now);
    let proposed: number;
    if (direction === 'up') proposed = policy.type === 'Pods' ? periodStart + policy.value : Math.ceil(periodStart * (1 + policy.value / 100));
    else proposed = policy.type === 'Pods' ? periodStart - policy.value : Math.trunc(periodStart * (1 - policy.value / 100));
    result = result === undefined ? proposed : pick(result, proposed);
  }
  return result ?? current;
}
