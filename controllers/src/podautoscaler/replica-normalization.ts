// How kube's HPA turns the metrics' proposal into the replica count it sets (normalizeDesiredReplicas
// and, for an HPA with spec.behavior, normalizeDesiredReplicasWithBehaviors): recommendations are
// remembered per HPA and stabilized (scale down only to the highest recommendation of the
// stabilization window, 5 min by default), then limited by minReplicas and maxReplicas and by the
// rate of change (without behavior: at most double, at least 4; with it: the scaling policies over
// the scale events of their periods). Each step says why as the AbleToScale and ScalingLimited
// conditions.

import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from '@capstan/common/api-types/autoscaling-v2';
import type { Condition } from './hpa-conditions.ts';

interface Recommendation {
  replicas: number;
  at: number;
}

interface ScaleEvent {
  change: number;
  at: number;
  outdated: boolean;
}

export interface Normalized {
  readonly replicas: number;
  readonly conditions: readonly Condition[];
}

const readyForNewScale: Condition = { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };

const limited = (replicas: number, wanted: number, reason: string, message: string): Condition => ({
  type: 'ScalingLimited',
  status: replicas === wanted ? 'False' : 'True',
  reason,
  message,
});

/** convertDesiredReplicasWithRules. */
function withRules(current: number, desired: number, min: number, max: number): { replicas: number; reason: string; message: string } {
  const scaleUpLimit = Math.max(2 * current, 4);
  const [maximum, reason, message] =
    max > scaleUpLimit
      ? [scaleUpLimit, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']
      : [max, 'TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
  if (desired < min) return { replicas: min, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
  if (desired > maximum) return { replicas: maximum, reason, message };
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

const changeInPeriod = (periodSeconds: number, events: readonly ScaleEvent[], now: number): number =>
  events.filter((event) => event.at > now - periodSeconds * 1000).reduce((sum, event) => sum + event.change, 0);

/** calculateScaleUpLimitWithScalingRules / calculateScaleDownLimitWithBehaviors. */
function policyLimit(current: number, up: readonly ScaleEvent[], down: readonly ScaleEvent[], rules: HPAScalingRules, scalingUp: boolean, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  // Min picks the smallest change: the lowest limit going up, the highest going down.
  const smallestChange = rules.selectPolicy === 'Min';
  const pick = scalingUp === smallestChange ? Math.min : Math.max;
  let result = pick === Math.min ? 2 ** 31 - 1 : -(2 ** 31);
  for (const policy of rules.policies ?? []) {
    const start = current - changeInPeriod(policy.periodSeconds, up, now) + changeInPeriod(policy.periodSeconds, down, now);
    let proposed = 0;
    if (policy.type === 'Pods') proposed = scalingUp ? start + policy.value : start - policy.value;
    else if (policy.type === 'Percent') proposed = scalingUp ? Math.ceil(start * (1 + policy.value / 100)) : Math.trunc(start * (1 - policy.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

export class ReplicaRecommendations {
  readonly #downscaleWindowMs: number;
  readonly #recommendations = new Map<string, Recommendation[]>();
  readonly #scaleUps = new Map<string, ScaleEvent[]>();
  readonly #scaleDowns = new Map<string, ScaleEvent[]>();

  /** `downscaleWindowMs`: --horizontal-pod-autoscaler-downscale-stabilization (5 min). */
  constructor(downscaleWindowMs: number) {
    this.#downscaleWindowMs = downscaleWindowMs;
  }

  /** recordInitialRecommendation: the first look at an HPA remembers the current count. */
  recordInitial(key: string, current: number): void {
    if (!this.#recommendations.has(key)) this.#recommendations.set(key, [{ replicas: current, at: Date.now() }]);
  }

  forget(key: string): void {
    this.#recommendations.delete(key);
    this.#scaleUps.delete(key);
    this.#scaleDowns.delete(key);
  }

  /** normalizeDesiredReplicas (no behavior). */
  normalize(key: string, current: number, desired: number, min: number, max: number): Normalized {
    const now = Date.now();
    const cutoff = now - this.#downscaleWindowMs;
    const list = this.#recommendations.get(key) ?? [];
    let stabilized = desired;
    let old = -1;
    list.forEach((recommendation, index) => {
      if (recommendation.at < cutoff) old = index;
      else if (recommendation.replicas > stabilized) stabilized = recommendation.replicas;
    });
    if (old >= 0) list[old] = { replicas: desired, at: now };
    else list.push({ replicas: desired, at: now });
    this.#recommendations.set(key, list);
    const able: Condition =
      stabilized !== desired
        ? {
            type: 'AbleToScale',
            status: 'True',
            reason: 'ScaleDownStabilized',
            message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
          }
        : readyForNewScale;
    const ruled = withRules(current, stabilized, min, max);
    return { replicas: ruled.replicas, conditions: [able, limited(ruled.replicas, stabilized, ruled.reason, ruled.message)] };
  }

  /** normalizeDesiredReplicasWithBehaviors (the API server filled in the behavior's defaults). */
  normalizeWithBehavior(key: string, behavior: HorizontalPodAutoscalerBehavior, current: number, desired: number, min: number, max: number): Normalized {
    const now = Date.now();
    const up = behavior.scaleUp ?? {};
    const down = behavior.scaleDown ?? {};
    const upCutoff = now - (up.stabilizationWindowSeconds ?? 0) * 1000;
    const downCutoff = now - (down.stabilizationWindowSeconds ?? this.#downscaleWindowMs / 1000) * 1000;
    const list = this.#recommendations.get(key) ?? [];
    let upRecommendation = desired;
    let downRecommendation = desired;
    let old = -1;
    list.forEach((recommendation, index) => {
      if (recommendation.at > upCutoff) upRecommendation = Math.min(recommendation.replicas, upRecommendation);
      if (recommendation.at > downCutoff) downRecommendation = Math.max(recommendation.replicas, downRecommendation);
      if (recommendation.at < upCutoff && recommendation.at < downCutoff) old = index;
    });
    const stabilized = Math.min(Math.max(current, upRecommendation), downRecommendation);
    if (old >= 0) list[old] = { replicas: desired, at: now };
    else list.push({ replicas: desired, at: now });
    this.#recommendations.set(key, list);
    const able: Condition =
      stabilized === desired
        ? readyForNewScale
        : desired >= current
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
            };
    const ups = this.#scaleUps.get(key) ?? [];
    const downs = this.#scaleDowns.get(key) ?? [];
    let replicas = stabilized;
    let reason = 'DesiredWithinRange';
    let message = 'the desired count is within the acceptable range';
    if (stabilized > current) {
      const limit = Math.max(policyLimit(current, ups, downs, up, true, now), current);
      const maximum = Math.min(max, limit);
      if (stabilized > maximum) {
        replicas = maximum;
        [reason, message] =
          max > limit
            ? ['ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']
            : ['TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
      }
    } else if (stabilized < current) {
      const limit = Math.min(policyLimit(current, ups, downs, down, false, now), current);
      const minimum = Math.max(min, limit);
      if (stabilized < minimum) {
        replicas = minimum;
        [reason, message] =
          min < limit
            ? ['ScaleDownLimit', 'the desired replica count is decreasing faster than the maximum scale rate']
            : ['TooFewReplicas', 'the desired replica count is less than the minimum replica count'];
      }
    }
    return { replicas, conditions: [able, limited(replicas, stabilized, reason, message)] };
  }

  /** storeScaleEvent: a rescale counted against the policies' periods (only with a behavior). */
  storeScaleEvent(key: string, behavior: HorizontalPodAutoscalerBehavior | undefined, previous: number, next: number): void {
    if (behavior === undefined) return;
    const scalingUp = next > previous;
    const rules = (scalingUp ? behavior.scaleUp : behavior.scaleDown) ?? {};
    const store = scalingUp ? this.#scaleUps : this.#scaleDowns;
    const longest = Math.max(0, ...(rules.policies ?? []).map((policy) => policy.periodSeconds));
    const now = Date.now();
    const events = store.get(key) ?? [];
    for (const event of events) if (event.at < now - longest * 1000) event.outdated = true;
    const fresh: ScaleEvent = { change: Math.abs(next - previous), at: now, outdated: false };
    const old = events.findLastIndex((event) => event.outdated);
    if (old >= 0) events[old] = fresh;
    else events.push(fresh);
    store.set(key, events);
  }
}
