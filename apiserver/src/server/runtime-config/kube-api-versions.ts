// What kube-apiserver 1.35 knows of API versions, for --runtime-config: the group-versions its
// schemes register (a key naming another is refused), the ones it serves by default, the beta
// and alpha ones it serves only when enabled, and the resources of those. Read from kube's
// pkg/apis/*/install, the apiextensions and aggregator schemes, and controlplane's
// DefaultAPIResourceConfigSource; the resources from the oracle's resources.tsv (its rows not
// served by default).

/** Every group-version registered in kube-apiserver's schemes, removed ones included (batch/v1beta1, extensions/v1beta1): a key may name them. */
export const kubeRegisteredVersions: ReadonlyMap<string, readonly string[]> = new Map([
  ['', ['v1']],
  ['admission.k8s.io', ['v1', 'v1beta1']],
  ['admissionregistration.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['apiextensions.k8s.io', ['v1', 'v1beta1']],
  ['apiregistration.k8s.io', ['v1', 'v1beta1']],
  ['apps', ['v1', 'v1beta2', 'v1beta1']],
  ['authentication.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['authorization.k8s.io', ['v1', 'v1beta1']],
  ['autoscaling', ['v1', 'v2', 'v2beta2', 'v2beta1']],
  ['batch', ['v1', 'v1beta1']],
  ['certificates.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['coordination.k8s.io', ['v1', 'v1beta1', 'v1alpha2']],
  ['discovery.k8s.io', ['v1', 'v1beta1']],
  ['events.k8s.io', ['v1', 'v1beta1']],
  ['extensions', ['v1beta1']],
  ['flowcontrol.apiserver.k8s.io', ['v1', 'v1beta3', 'v1beta2', 'v1beta1']],
  ['imagepolicy.k8s.io', ['v1alpha1']],
  ['internal.apiserver.k8s.io', ['v1alpha1']],
  ['networking.k8s.io', ['v1', 'v1beta1']],
  ['node.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['policy', ['v1', 'v1beta1']],
  ['rbac.authorization.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['resource.k8s.io', ['v1', 'v1beta2', 'v1beta1', 'v1alpha3']],
  ['scheduling.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['storage.k8s.io', ['v1', 'v1beta1', 'v1alpha1']],
  ['storagemigration.k8s.io', ['v1beta1']],
]);

/** "group/version" ("/v1" for the core group), as ResourceConfig keys them here. */
export const groupVersionKey = (group: string, version: string): string => `${group}/${version}`;

/** The group-versions served by default (kube's stable list, with the apiextensions and aggregator servers' own). */
export const kubeDefaultOnVersions: readonly string[] = [
  '/v1',
  'admissionregistration.k8s.io/v1',
  'apiextensions.k8s.io/v1',
  'apiregistration.k8s.io/v1',
  'apps/v1',
  'authentication.k8s.io/v1',
  'authorization.k8s.io/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'batch/v1',
  'certificates.k8s.io/v1',
  'coordination.k8s.io/v1',
  'discovery.k8s.io/v1',
  'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1',
  'networking.k8s.io/v1',
  'node.k8s.io/v1',
  'policy/v1',
  'rbac.authorization.k8s.io/v1',
  'resource.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'storage.k8s.io/v1',
];

/**
 * The beta and alpha group-versions kube lists as off by default: with the ones above, all that
 * api/all, api/beta and api/alpha switch (no beta version of 1.35 is on by default).
 */
export const kubeDefaultOffVersions: readonly string[] = [
  'admissionregistration.k8s.io/v1beta1',
  'authentication.k8s.io/v1beta1',
  'certificates.k8s.io/v1beta1',
  'coordination.k8s.io/v1beta1',
  'storage.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta2',
  'flowcontrol.apiserver.k8s.io/v1beta3',
  'networking.k8s.io/v1beta1',
  'resource.k8s.io/v1beta1',
  'resource.k8s.io/v1beta2',
  'storagemigration.k8s.io/v1beta1',
  'admissionregistration.k8s.io/v1alpha1',
  'internal.apiserver.k8s.io/v1alpha1',
  'authentication.k8s.io/v1alpha1',
  'coordination.k8s.io/v1alpha2',
  'resource.k8s.io/v1alpha3',
  'certificates.k8s.io/v1alpha1',
  'scheduling.k8s.io/v1alpha1',
  'storage.k8s.io/v1alpha1',
];

/** The resources kube-apiserver 1.35 serves once their group-version (or they) are enabled, some behind a feature gate too: "group/version/resource". */
export const kubeOffByDefaultResources: readonly string[] = [
  'admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicies',
  'admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicybindings',
  'admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicies',
  'admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicybindings',
  'certificates.k8s.io/v1alpha1/clustertrustbundles',
  'certificates.k8s.io/v1beta1/clustertrustbundles',
  'certificates.k8s.io/v1beta1/podcertificaterequests',
  'coordination.k8s.io/v1alpha2/leasecandidates',
  'coordination.k8s.io/v1beta1/leasecandidates',
  'internal.apiserver.k8s.io/v1alpha1/storageversions',
  'networking.k8s.io/v1beta1/ipaddresses',
  'networking.k8s.io/v1beta1/servicecidrs',
  'resource.k8s.io/v1alpha3/devicetaintrules',
  'resource.k8s.io/v1beta1/deviceclasses',
  'resource.k8s.io/v1beta1/resourceclaims',
  'resource.k8s.io/v1beta1/resourceclaimtemplates',
  'resource.k8s.io/v1beta1/resourceslices',
  'resource.k8s.io/v1beta2/deviceclasses',
  'resource.k8s.io/v1beta2/resourceclaims',
  'resource.k8s.io/v1beta2/resourceclaimtemplates',
  'resource.k8s.io/v1beta2/resourceslices',
  'scheduling.k8s.io/v1alpha1/workloads',
  'storage.k8s.io/v1beta1/volumeattributesclasses',
  'storagemigration.k8s.io/v1beta1/storageversionmigrations',
];
