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
}

export const defaultAutoscalerOptions: AutoscalerOptions = {
  syncPeriodMs: 15_000,
  downscaleStabilizationMs: 300_000,
  tolerance: 0.1,
  cpuInitializationPeriodMs: 300_000,
  initialReadinessDelayMs: 30_000,
};

/** The flags, as `capstan controllers` declares them. */
export const autoscalerFlags = {
  'horizontal-pod-autoscaler-sync-period': { type: 'duration', default: defaultAutoscalerOptions.syncPeriodMs, help: 'How often each HorizontalPodAutoscaler is synced' },
  'horizontal-pod-autoscaler-downscale-stabilization': {
    type: 'duration',
    default: defaultAutoscalerOptions.downscaleStabilizationMs,
    help: 'How far back scale-down recommendations are considered',
  },
  'horizontal-pod-autoscaler-tolerance': { type: 'float', default: defaultAutoscalerOptions.tolerance, help: 'The minimum change (from 1.0) in the usage ratio that scales' },
  'horizontal-pod-autoscaler-cpu-initialization-period': {
    type: 'duration',
    default: defaultAutoscalerOptions.cpuInitializationPeriodMs,
    help: 'How long after a pod starts its CPU samples may be skipped',
  },
  'horizontal-pod-autoscaler-initial-readiness-delay': {
    type: 'duration',
    default: defaultAutoscalerOptions.initialReadinessDelayMs,
    help: 'How long after a pod starts its readiness changes count as its start',
  },
} as const;

export function autoscalerOptionsOf(values: {
  readonly 'horizontal-pod-autoscaler-sync-period': number;
  readonly 'horizontal-pod-autoscaler-downscale-stabilization': number;
  readonly 'horizontal-pod-autoscaler-tolerance': number;
  readonly 'horizontal-pod-autoscaler-cpu-initialization-period': number;
  readonly 'horizontal-pod-autoscaler-initial-readiness-delay': number;
}): AutoscalerOptions {
  return {
    syncPeriodMs: values['horizontal-pod-autoscaler-sync-period'],
    downscaleStabilizationMs: values['horizontal-pod-autoscaler-downscale-stabilization'],
    tolerance: values['horizontal-pod-autoscaler-tolerance'],
    cpuInitializationPeriodMs: values['horizontal-pod-autoscaler-cpu-initialization-period'],
    initialReadinessDelayMs: values['horizontal-pod-autoscaler-initial-readiness-delay'],
  };
}
