// The feature gates the API server knows: kube-apiserver's names and defaults in 1.35, for the
// features whose behaviour Capstan implements.

import type { FeatureGates, FeatureSpec } from '@capstan/common';

export const apiServerFeatures = {
  // Watches with sendInitialEvents, and a watch from "now" or "0" defaulted to one.
  WatchList: { default: true, preRelease: 'BETA' },
  // application/cbor answers and request bodies, application/cbor-seq watches.
  CBORServingAndStorage: { default: false, preRelease: 'ALPHA' },
  // DeleteOptions' ignoreStoreReadErrorWithClusterBreakingPotential (the unsafe deletion of objects
  // whose stored value does not decode), and kube's corrupt-object errors on the reads that meet one.
  AllowUnsafeMalformedObjectDeletion: { default: false, preRelease: 'ALPHA' },
  // pods/log's stream option (All, Stdout or Stderr), defaulted to All.
  PodLogsQuerySplitStreams: { default: false, preRelease: 'ALPHA' },
  // admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicies and their bindings (served when
  // --runtime-config enables the version too) and the MutatingAdmissionPolicy admission plugin.
  MutatingAdmissionPolicy: { default: false, preRelease: 'BETA' },
} as const satisfies Record<string, FeatureSpec>;

export type ApiServerFeatureGates = FeatureGates<keyof typeof apiServerFeatures>;
