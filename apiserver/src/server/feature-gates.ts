// The API server's feature gates: all of kube-apiserver 1.35's (kube-apiserver-features.ts), read
// from --feature-gates at the release of --emulated-version as kube-apiserver reads them, and the
// ones among them whose behaviour Capstan implements.

import { featureSpecAt, type FeatureGates, type FeatureSpec } from '@capstan/common';
import { kubeApiServerFeatures, type KubeApiServerFeature } from './kube-apiserver-features.ts';
import { kubeBinaryVersion } from './emulated-version.ts';

/** The gates that change what Capstan does. */
const actedOn = [
  // Watches with sendInitialEvents, and a watch from "now" or "0" defaulted to one.
  'WatchList',
  // application/cbor answers and request bodies, application/cbor-seq watches.
  'CBORServingAndStorage',
  // DeleteOptions' ignoreStoreReadErrorWithClusterBreakingPotential (the unsafe deletion of objects
  // whose stored value does not decode), and kube's corrupt-object errors on the reads that meet one.
  'AllowUnsafeMalformedObjectDeletion',
  // pods/log's stream option (All, Stdout or Stderr), defaulted to All.
  'PodLogsQuerySplitStreams',
  // admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicies and their bindings (served when
  // --runtime-config enables the version too) and the MutatingAdmissionPolicy admission plugin.
  'MutatingAdmissionPolicy',
  // ReplicationControllers' declared checks run beside the hand-written ones, their differences
  // counted (DeclarativeValidation); the declared errors answer instead (DeclarativeValidationTakeover).
  'DeclarativeValidation',
  'DeclarativeValidationTakeover',
] as const satisfies readonly KubeApiServerFeature[];

type ActedOnFeature = (typeof actedOn)[number];

/** The specs at 1.35 of the gates Capstan acts on (for tests and tools that need the defaults). */
export const apiServerFeatures = Object.fromEntries(actedOn.map((name) => [name, featureSpecAt(kubeApiServerFeatures[name], kubeBinaryVersion) as FeatureSpec])) as Readonly<
  Record<ActedOnFeature, FeatureSpec>
>;

/** The gates in force; every known gate is in it, and these are the ones the server reads. */
export type ApiServerFeatureGates = FeatureGates<ActedOnFeature>;
