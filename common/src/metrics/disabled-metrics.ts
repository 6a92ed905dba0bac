// --disabled-metrics, as kube-apiserver and kube-controller-manager have it (component-base's
// metrics options; the kubelet has no such flag): metrics named there are never exposed.

export const disabledMetricsFlags = {
  'disabled-metrics': {
    type: 'strings',
    default: [] as readonly string[],
    help:
      'This flag provides an escape hatch for misbehaving metrics. You must provide the fully qualified metric name in order to disable it. ' +
      'Disclaimer: disabling metrics is higher in precedence than showing hidden metrics.',
  },
} as const;
