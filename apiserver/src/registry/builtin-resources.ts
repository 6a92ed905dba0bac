// Every resource kube-apiserver 1.35 serves by default (66 resources in 22 group-versions), as data:
// discovery facts, subresources and the etcd key prefix below /registry/ where kube stores each.

import type { ResourceDefinition, SubresourceDefinition, Verb } from './resource-definition.ts';

const all: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const createOnly: readonly Verb[] = ['create'];
const getPatchUpdate: readonly Verb[] = ['get', 'patch', 'update'];
const proxyVerbs: readonly Verb[] = ['create', 'delete', 'get', 'patch', 'update'];

const status = (kind: string): SubresourceDefinition => ({ name: 'status', kind, verbs: getPatchUpdate });
const scale: SubresourceDefinition = { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: getPatchUpdate };

export const builtinResources: readonly ResourceDefinition[] = [
  // core/v1: the legacy group served under /api/v1.
  { group: '', version: 'v1', resource: 'bindings', singularName: 'binding', kind: 'Binding', namespaced: true, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },
  { group: '', version: 'v1', resource: 'componentstatuses', singularName: 'componentstatus', kind: 'ComponentStatus', namespaced: false, verbs: ['get', 'list'], shortNames: ['cs'], categories: [], subresources: [], storagePrefix: undefined },
  { group: '', version: 'v1', resource: 'configmaps', singularName: 'configmap', kind: 'ConfigMap', namespaced: true, verbs: all, shortNames: ['cm'], categories: [], subresources: [], storagePrefix: 'configmaps' },
  { group: '', version: 'v1', resource: 'endpoints', singularName: 'endpoints', kind: 'Endpoints', namespaced: true, verbs: all, shortNames: ['ep'], categories: [], subresources: [], storagePrefix: 'services/endpoints' },
  { group: '', version: 'v1', resource: 'events', singularName: 'event', kind: 'Event', namespaced: true, verbs: all, shortNames: ['ev'], categories: [], subresources: [], storagePrefix: 'events' },
  { group: '', version: 'v1', resource: 'limitranges', singularName: 'limitrange', kind: 'LimitRange', namespaced: true, verbs: all, shortNames: ['limits'], categories: [], subresources: [], storagePrefix: 'limitranges' },
  {
    group: '', version: 'v1', resource: 'namespaces', singularName: 'namespace', kind: 'Namespace', namespaced: false,
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames: ['ns'], categories: [],
    subresources: [{ name: 'finalize', kind: 'Namespace', verbs: ['update'] }, status('Namespace')],
    storagePrefix: 'namespaces',
  },
  {
    group: '', version: 'v1', resource: 'nodes', singularName: 'node', kind: 'Node', namespaced: false, verbs: all, shortNames: ['no'], categories: [],
    subresources: [{ name: 'proxy', kind: 'NodeProxyOptions', verbs: proxyVerbs }, status('Node')],
    storagePrefix: 'minions',
  },
  { group: '', version: 'v1', resource: 'persistentvolumeclaims', singularName: 'persistentvolumeclaim', kind: 'PersistentVolumeClaim', namespaced: true, verbs: all, shortNames: ['pvc'], categories: [], subresources: [status('PersistentVolumeClaim')], storagePrefix: 'persistentvolumeclaims' },
  { group: '', version: 'v1', resource: 'persistentvolumes', singularName: 'persistentvolume', kind: 'PersistentVolume', namespaced: false, verbs: all, shortNames: ['pv'], categories: [], subresources: [status('PersistentVolume')], storagePrefix: 'persistentvolumes' },
  {
    group: '', version: 'v1', resource: 'pods', singularName: 'pod', kind: 'Pod', namespaced: true, verbs: all, shortNames: ['po'], categories: ['all'],
    subresources: [
      { name: 'attach', kind: 'PodAttachOptions', verbs: ['create', 'get'] },
      { name: 'binding', kind: 'Binding', verbs: createOnly },
      { name: 'ephemeralcontainers', kind: 'Pod', verbs: getPatchUpdate },
      { name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: createOnly },
      { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] },
      { name: 'log', kind: 'Pod', verbs: ['get'] },
      { name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'] },
      { name: 'proxy', kind: 'PodProxyOptions', verbs: proxyVerbs },
      { name: 'resize', kind: 'Pod', verbs: getPatchUpdate },
      status('Pod'),
    ],
    storagePrefix: 'pods',
  },
  { group: '', version: 'v1', resource: 'podtemplates', singularName: 'podtemplate', kind: 'PodTemplate', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'podtemplates' },
  { group: '', version: 'v1', resource: 'replicationcontrollers', singularName: 'replicationcontroller', kind: 'ReplicationController', namespaced: true, verbs: all, shortNames: ['rc'], categories: ['all'], subresources: [scale, status('ReplicationController')], storagePrefix: 'controllers' },
  { group: '', version: 'v1', resource: 'resourcequotas', singularName: 'resourcequota', kind: 'ResourceQuota', namespaced: true, verbs: all, shortNames: ['quota'], categories: [], subresources: [status('ResourceQuota')], storagePrefix: 'resourcequotas' },
  { group: '', version: 'v1', resource: 'secrets', singularName: 'secret', kind: 'Secret', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'secrets' },
  {
    group: '', version: 'v1', resource: 'serviceaccounts', singularName: 'serviceaccount', kind: 'ServiceAccount', namespaced: true, verbs: all, shortNames: ['sa'], categories: [],
    subresources: [{ name: 'token', kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', verbs: createOnly }],
    storagePrefix: 'serviceaccounts',
  },
  {
    group: '', version: 'v1', resource: 'services', singularName: 'service', kind: 'Service', namespaced: true, verbs: all, shortNames: ['svc'], categories: ['all'],
    subresources: [{ name: 'proxy', kind: 'ServiceProxyOptions', verbs: proxyVerbs }, status('Service')],
    storagePrefix: 'services/specs',
  },

  // admissionregistration.k8s.io/v1: admission webhooks and CEL validating admission policies.
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'mutatingwebhookconfigurations', singularName: 'mutatingwebhookconfiguration', kind: 'MutatingWebhookConfiguration', namespaced: false, verbs: all, shortNames: [], categories: ['api-extensions'], subresources: [], storagePrefix: 'mutatingwebhookconfigurations' },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicies', singularName: 'validatingadmissionpolicy', kind: 'ValidatingAdmissionPolicy', namespaced: false, verbs: all, shortNames: [], categories: ['api-extensions'], subresources: [status('ValidatingAdmissionPolicy')], storagePrefix: 'validatingadmissionpolicies' },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicybindings', singularName: 'validatingadmissionpolicybinding', kind: 'ValidatingAdmissionPolicyBinding', namespaced: false, verbs: all, shortNames: [], categories: ['api-extensions'], subresources: [], storagePrefix: 'validatingadmissionpolicybindings' },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingwebhookconfigurations', singularName: 'validatingwebhookconfiguration', kind: 'ValidatingWebhookConfiguration', namespaced: false, verbs: all, shortNames: [], categories: ['api-extensions'], subresources: [], storagePrefix: 'validatingwebhookconfigurations' },

  // apiextensions.k8s.io/v1: CRDs; stored by apiextensions-apiserver under <group>/<resource>.
  { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', singularName: 'customresourcedefinition', kind: 'CustomResourceDefinition', namespaced: false, verbs: all, shortNames: ['crd', 'crds'], categories: ['api-extensions'], subresources: [status('CustomResourceDefinition')], storagePrefix: 'apiextensions.k8s.io/customresourcedefinitions' },

  // apiregistration.k8s.io/v1: aggregated API services; stored by kube-aggregator under <group>/<resource>.
  { group: 'apiregistration.k8s.io', version: 'v1', resource: 'apiservices', singularName: 'apiservice', kind: 'APIService', namespaced: false, verbs: all, shortNames: [], categories: ['api-extensions'], subresources: [status('APIService')], storagePrefix: 'apiregistration.k8s.io/apiservices' },

  // apps/v1: workload controllers.
  { group: 'apps', version: 'v1', resource: 'controllerrevisions', singularName: 'controllerrevision', kind: 'ControllerRevision', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'controllerrevisions' },
  { group: 'apps', version: 'v1', resource: 'daemonsets', singularName: 'daemonset', kind: 'DaemonSet', namespaced: true, verbs: all, shortNames: ['ds'], categories: ['all'], subresources: [status('DaemonSet')], storagePrefix: 'daemonsets' },
  { group: 'apps', version: 'v1', resource: 'deployments', singularName: 'deployment', kind: 'Deployment', namespaced: true, verbs: all, shortNames: ['deploy'], categories: ['all'], subresources: [scale, status('Deployment')], storagePrefix: 'deployments' },
  { group: 'apps', version: 'v1', resource: 'replicasets', singularName: 'replicaset', kind: 'ReplicaSet', namespaced: true, verbs: all, shortNames: ['rs'], categories: ['all'], subresources: [scale, status('ReplicaSet')], storagePrefix: 'replicasets' },
  { group: 'apps', version: 'v1', resource: 'statefulsets', singularName: 'statefulset', kind: 'StatefulSet', namespaced: true, verbs: all, shortNames: ['sts'], categories: ['all'], subresources: [scale, status('StatefulSet')], storagePrefix: 'statefulsets' },

  // authentication.k8s.io/v1: create-only reviews, never stored.
  { group: 'authentication.k8s.io', version: 'v1', resource: 'selfsubjectreviews', singularName: 'selfsubjectreview', kind: 'SelfSubjectReview', namespaced: false, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },
  { group: 'authentication.k8s.io', version: 'v1', resource: 'tokenreviews', singularName: 'tokenreview', kind: 'TokenReview', namespaced: false, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },

  // authorization.k8s.io/v1: create-only access reviews, never stored.
  { group: 'authorization.k8s.io', version: 'v1', resource: 'localsubjectaccessreviews', singularName: 'localsubjectaccessreview', kind: 'LocalSubjectAccessReview', namespaced: true, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },
  { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectaccessreviews', singularName: 'selfsubjectaccessreview', kind: 'SelfSubjectAccessReview', namespaced: false, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },
  { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectrulesreviews', singularName: 'selfsubjectrulesreview', kind: 'SelfSubjectRulesReview', namespaced: false, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },
  { group: 'authorization.k8s.io', version: 'v1', resource: 'subjectaccessreviews', singularName: 'subjectaccessreview', kind: 'SubjectAccessReview', namespaced: false, verbs: createOnly, shortNames: [], categories: [], subresources: [], storagePrefix: undefined },

  // autoscaling/v1: HorizontalPodAutoscaler (same stored objects as autoscaling/v2).
  { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers', singularName: 'horizontalpodautoscaler', kind: 'HorizontalPodAutoscaler', namespaced: true, verbs: all, shortNames: ['hpa'], categories: ['all'], subresources: [status('HorizontalPodAutoscaler')], storagePrefix: 'horizontalpodautoscalers' },

  // autoscaling/v2: HorizontalPodAutoscaler (same stored objects as autoscaling/v1).
  { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers', singularName: 'horizontalpodautoscaler', kind: 'HorizontalPodAutoscaler', namespaced: true, verbs: all, shortNames: ['hpa'], categories: ['all'], subresources: [status('HorizontalPodAutoscaler')], storagePrefix: 'horizontalpodautoscalers' },

  // batch/v1: jobs and cron jobs.
  { group: 'batch', version: 'v1', resource: 'cronjobs', singularName: 'cronjob', kind: 'CronJob', namespaced: true, verbs: all, shortNames: ['cj'], categories: ['all'], subresources: [status('CronJob')], storagePrefix: 'cronjobs' },
  { group: 'batch', version: 'v1', resource: 'jobs', singularName: 'job', kind: 'Job', namespaced: true, verbs: all, shortNames: [], categories: ['all'], subresources: [status('Job')], storagePrefix: 'jobs' },

  // certificates.k8s.io/v1: certificate signing requests.
  {
    group: 'certificates.k8s.io', version: 'v1', resource: 'certificatesigningrequests', singularName: 'certificatesigningrequest', kind: 'CertificateSigningRequest', namespaced: false, verbs: all, shortNames: ['csr'], categories: [],
    subresources: [{ name: 'approval', kind: 'CertificateSigningRequest', verbs: getPatchUpdate }, status('CertificateSigningRequest')],
    storagePrefix: 'certificatesigningrequests',
  },

  // coordination.k8s.io/v1: leases.
  { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', singularName: 'lease', kind: 'Lease', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'leases' },

  // discovery.k8s.io/v1: endpoint slices.
  { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices', singularName: 'endpointslice', kind: 'EndpointSlice', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'endpointslices' },

  // events.k8s.io/v1: the core/v1 events seen through another group-version (one stored object).
  { group: 'events.k8s.io', version: 'v1', resource: 'events', singularName: 'event', kind: 'Event', namespaced: true, verbs: all, shortNames: ['ev'], categories: [], subresources: [], storagePrefix: 'events' },

  // flowcontrol.apiserver.k8s.io/v1: API priority and fairness.
  { group: 'flowcontrol.apiserver.k8s.io', version: 'v1', resource: 'flowschemas', singularName: 'flowschema', kind: 'FlowSchema', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [status('FlowSchema')], storagePrefix: 'flowschemas' },
  { group: 'flowcontrol.apiserver.k8s.io', version: 'v1', resource: 'prioritylevelconfigurations', singularName: 'prioritylevelconfiguration', kind: 'PriorityLevelConfiguration', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [status('PriorityLevelConfiguration')], storagePrefix: 'prioritylevelconfigurations' },

  // networking.k8s.io/v1: ingresses, network policies, service CIDRs and IP addresses.
  { group: 'networking.k8s.io', version: 'v1', resource: 'ingressclasses', singularName: 'ingressclass', kind: 'IngressClass', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'ingressclasses' },
  { group: 'networking.k8s.io', version: 'v1', resource: 'ingresses', singularName: 'ingress', kind: 'Ingress', namespaced: true, verbs: all, shortNames: ['ing'], categories: [], subresources: [status('Ingress')], storagePrefix: 'ingress' },
  { group: 'networking.k8s.io', version: 'v1', resource: 'ipaddresses', singularName: 'ipaddress', kind: 'IPAddress', namespaced: false, verbs: all, shortNames: ['ip'], categories: [], subresources: [], storagePrefix: 'ipaddresses' },
  { group: 'networking.k8s.io', version: 'v1', resource: 'networkpolicies', singularName: 'networkpolicy', kind: 'NetworkPolicy', namespaced: true, verbs: all, shortNames: ['netpol'], categories: [], subresources: [], storagePrefix: 'networkpolicies' },
  { group: 'networking.k8s.io', version: 'v1', resource: 'servicecidrs', singularName: 'servicecidr', kind: 'ServiceCIDR', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [status('ServiceCIDR')], storagePrefix: 'servicecidrs' },

  // node.k8s.io/v1: runtime classes.
  { group: 'node.k8s.io', version: 'v1', resource: 'runtimeclasses', singularName: 'runtimeclass', kind: 'RuntimeClass', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'runtimeclasses' },

  // policy/v1: pod disruption budgets.
  { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets', singularName: 'poddisruptionbudget', kind: 'PodDisruptionBudget', namespaced: true, verbs: all, shortNames: ['pdb'], categories: [], subresources: [status('PodDisruptionBudget')], storagePrefix: 'poddisruptionbudgets' },

  // rbac.authorization.k8s.io/v1: roles and bindings.
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterrolebindings', singularName: 'clusterrolebinding', kind: 'ClusterRoleBinding', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'clusterrolebindings' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles', singularName: 'clusterrole', kind: 'ClusterRole', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'clusterroles' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'rolebindings', singularName: 'rolebinding', kind: 'RoleBinding', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'rolebindings' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'roles', singularName: 'role', kind: 'Role', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'roles' },

  // resource.k8s.io/v1: dynamic resource allocation.
  { group: 'resource.k8s.io', version: 'v1', resource: 'deviceclasses', singularName: 'deviceclass', kind: 'DeviceClass', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'deviceclasses' },
  { group: 'resource.k8s.io', version: 'v1', resource: 'resourceclaims', singularName: 'resourceclaim', kind: 'ResourceClaim', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [status('ResourceClaim')], storagePrefix: 'resourceclaims' },
  { group: 'resource.k8s.io', version: 'v1', resource: 'resourceclaimtemplates', singularName: 'resourceclaimtemplate', kind: 'ResourceClaimTemplate', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'resourceclaimtemplates' },
  { group: 'resource.k8s.io', version: 'v1', resource: 'resourceslices', singularName: 'resourceslice', kind: 'ResourceSlice', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'resourceslices' },

  // scheduling.k8s.io/v1: priority classes.
  { group: 'scheduling.k8s.io', version: 'v1', resource: 'priorityclasses', singularName: 'priorityclass', kind: 'PriorityClass', namespaced: false, verbs: all, shortNames: ['pc'], categories: [], subresources: [], storagePrefix: 'priorityclasses' },

  // storage.k8s.io/v1: storage classes, CSI objects and volume attachments.
  { group: 'storage.k8s.io', version: 'v1', resource: 'csidrivers', singularName: 'csidriver', kind: 'CSIDriver', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'csidrivers' },
  { group: 'storage.k8s.io', version: 'v1', resource: 'csinodes', singularName: 'csinode', kind: 'CSINode', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'csinodes' },
  { group: 'storage.k8s.io', version: 'v1', resource: 'csistoragecapacities', singularName: 'csistoragecapacity', kind: 'CSIStorageCapacity', namespaced: true, verbs: all, shortNames: [], categories: [], subresources: [], storagePrefix: 'csistoragecapacities' },
  { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses', singularName: 'storageclass', kind: 'StorageClass', namespaced: false, verbs: all, shortNames: ['sc'], categories: [], subresources: [], storagePrefix: 'storageclasses' },
  { group: 'storage.k8s.io', version: 'v1', resource: 'volumeattachments', singularName: 'volumeattachment', kind: 'VolumeAttachment', namespaced: false, verbs: all, shortNames: [], categories: [], subresources: [status('VolumeAttachment')], storagePrefix: 'volumeattachments' },
  { group: 'storage.k8s.io', version: 'v1', resource: 'volumeattributesclasses', singularName: 'volumeattributesclass', kind: 'VolumeAttributesClass', namespaced: false, verbs: all, shortNames: ['vac'], categories: [], subresources: [], storagePrefix: 'volumeattributesclasses' },
];
