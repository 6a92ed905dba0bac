// The HPA controller's settings, from kube-controller-manager's flags of the same names.

export interface HorizontalPodAutoscalerOptions {
  /** --horizontal-pod-autoscaler-sync-period (15 s). */
  readonly syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization (5 min). */
  readonly downscaleStabilizationMs: number;
  /** --horizontal-pod-autoscaler-tolerance (0.1). */
  readonly tolerance: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period (5 min). */
  readonly cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay (30 s). */
  readonly initialReadinessDelayMs: number;
  /** --concurrent-horizontal-pod-autoscaler-syncs (5). */
  readonly workers: number;
}

export const defaultHorizontalPodAutoscalerOptions: HorizontalPodAutoscalerOptions = {
  syncPeriodMs: 15_000,
  downscaleStabilizationMs: 300_000,
  tolerance: 0.1,
  cpuInitializationPeriodMs: 300_000,
  initialReadinessDelayMs: 30_000,
  workers: 5,
};
