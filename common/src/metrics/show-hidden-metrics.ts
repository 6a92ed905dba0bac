// --show-hidden-metrics-for-version, as every Kubernetes component has it: the previous minor
// release (e.g. 1.34 on 1.35) shows the metrics hidden in this release, for one more release.

import { FlagError } from '../cli/flags.ts';
import type { MetricVersion } from './stability.ts';

export const showHiddenMetricsFlags = {
  'show-hidden-metrics-for-version': {
    type: 'string',
    default: '',
    help:
      'The previous version for which you want to show hidden metrics. Only the previous minor version is meaningful, other values will not be allowed. ' +
      "The format is <major>.<minor>, e.g.: '1.16'. The purpose of this format is make sure you have the opportunity to notice if the next release hides additional metrics, " +
      'rather than being surprised when they are permanently removed in the release after that.',
  },
} as const;

/** The flag's value checked as kube checks it: empty, or exactly the previous minor release. */
export function showHiddenMetrics(flag: string, current: MetricVersion): boolean {
  if (flag === '') return false;
  const previous = `${current.major}.${current.minor - 1}`;
  if (flag !== previous) throw new FlagError(`--show-hidden-metrics-for-version must be omitted or have the value '${previous}'. Only the previous minor version is allowed`);
  return true;
}
