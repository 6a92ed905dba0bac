// The HPA controller's settings: kube-controller-manager's --horizontal-pod-autoscaler-* flags.

export interface AutoscalerOptions {
  /** --horizontal-pod-autoscaler-sync-period: how often each HPA is synced (15 s). */
  readonly syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization: how far back scale-down recommendations count (5 min). */
  readonly downscaleStabilizationMs: number;
  /** --horizontal-pod-autoscaler-tolerance: a usage ratio this close to 1 does not scale (0.1). */
  readonly tolerance: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period: a starting pod's CPU samples are doubted this long (5 min). */
  readonly cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay: readiness changes this soon after start are the start's (30 s). */
  readonly initialReadinessDelayMs: number;
  /** --concurrent-horizontal-pod-autoscaler-syncs: HPAs synced at once (5). */
  readonly workers: number;
}

export const defaultAutoscalerOptions: AutoscalerOptions = {
  syncPeriodMs: 15_000,
  downscaleStabilizationMs: 300_000,
  tolerance: 0.1,
  cpuInitializationPeriodMs: 300_000,
  initialReadinessDelayMs: 30_000,
  workers: 5,
};
