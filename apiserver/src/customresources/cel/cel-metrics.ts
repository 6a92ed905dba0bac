// kube's CEL metrics (apiserver/pkg/cel/metrics), which kube records for the
// x-kubernetes-validations rules of custom resources only: the compilation of a schema node's
// rules and the evaluation of a node's rules on an object. Tallied (metrics/tallies.ts): the
// write path of a custom resource pays two clock reads and a few additions per node with rules.

import { legacyRegistry } from '@capstan/common/metrics';
import { talliedHistogram, type HistogramTally } from '../../metrics/tallies.ts';

/** The Go client's DefBuckets (kube sets none for these). */
const defaultBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let tallies: { readonly compilation: HistogramTally; readonly evaluation: HistogramTally } | undefined;

/** Registered at start, as kube registers them. */
export function celMetrics(): { readonly compilation: HistogramTally; readonly evaluation: HistogramTally } {
  tallies ??= {
    compilation: talliedHistogram(
      legacyRegistry.histogram({ name: 'apiserver_cel_compilation_duration_seconds', help: 'CEL compilation time in seconds.', stabilityLevel: 'BETA', buckets: defaultBuckets }),
      defaultBuckets,
    )({}),
    evaluation: talliedHistogram(
      legacyRegistry.histogram({ name: 'apiserver_cel_evaluation_duration_seconds', help: 'CEL evaluation time in seconds.', stabilityLevel: 'BETA', buckets: defaultBuckets }),
      defaultBuckets,
    )({}),
  };
  return tallies;
}
