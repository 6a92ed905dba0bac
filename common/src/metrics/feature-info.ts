// kubernetes_feature_enabled: each feature gate a component knows, 1 when on, with its stage, as
// component-base's featuregate records them at start (AddMetrics).

import type { FeatureStage } from '../cli/feature-gates.ts';
import { legacyRegistry } from './kube-registry.ts';

export interface FeatureInfo {
  readonly name: string;
  /** The stage in force; a gate not yet in the emulated release is left out by the caller. */
  readonly stage: FeatureStage;
  readonly enabled: boolean;
}

/** Sets the gauge for each gate; GA is written as "" (kube's name for the GA stage is the empty string). */
export function recordFeatureInfo(features: Iterable<FeatureInfo>): void {
  const gauge = legacyRegistry.gauge({
    name: 'kubernetes_feature_enabled',
    help: 'This metric records the data about the stage and enablement of a k8s feature.',
    stabilityLevel: 'BETA',
    labelNames: ['name', 'stage'],
  });
  for (const feature of features) gauge.set({ name: feature.name, stage: feature.stage === 'GA' ? '' : feature.stage }, feature.enabled ? 1 : 0);
}
