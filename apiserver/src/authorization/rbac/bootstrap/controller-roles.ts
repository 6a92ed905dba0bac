// kube's bootstrap roles of kube-controller-manager's controllers (bootstrappolicy.ControllerRoles):
// system:controller:<name>, each bound to the service account <name> in kube-system that the
// controller runs as with --use-service-account-credentials.

import { clusterRole, clusterRoleBinding, rule, serviceAccount } from './policy-builders.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';

/** kube's eventsRule: what every controller needs to report events. */
const events = rule(['create', 'patch', 'update'], ['', 'events.k8s.io'], ['events']);

export const bootstrapControllerRoles: readonly JsonObject[] = [
  clusterRole('system:controller:attachdetach-controller', [
    rule(['list', 'watch'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['get', 'list', 'watch'], [''], ['nodes']),
    rule(['patch', 'update'], [''], ['nodes/status']),
    rule(['list', 'watch'], [''], ['pods']),
    events,
    rule(['create', 'delete', 'get', 'list', 'watch'], ['storage.k8s.io'], ['volumeattachments']),
    rule(['get', 'list', 'watch'], ['storage.k8s.io'], ['csidrivers']),
    rule(['get', 'list', 'watch'], ['storage.k8s.io'], ['csinodes']),
  ]),
  clusterRole('system:controller:certificate-controller', [
    rule(['delete', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
    rule(['update'], ['certificates.k8s.io'], ['certificatesigningrequests/approval', 'certificatesigningrequests/status']),
    rule(['approve'], ['certificates.k8s.io'], ['signers'], ['kubernetes.io/kube-apiserver-client-kubelet']),
    rule(
      ['sign'],
      ['certificates.k8s.io'],
      ['signers'],
      ['kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/legacy-unknown'],
    ),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    events,
  ]),
  clusterRole('system:controller:clusterrole-aggregation-controller', [
    rule(['escalate', 'get', 'list', 'patch', 'update', 'watch'], ['rbac.authorization.k8s.io'], ['clusterroles']),
  ]),
  clusterRole('system:controller:cronjob-controller', [
    rule(['get', 'list', 'update', 'watch'], ['batch'], ['cronjobs']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['cronjobs/status']),
    rule(['update'], ['batch'], ['cronjobs/finalizers']),
    rule(['delete', 'list', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:daemon-set-controller', [
    rule(['get', 'list', 'watch'], ['apps', 'extensions'], ['daemonsets']),
    rule(['update'], ['apps', 'extensions'], ['daemonsets/status']),
    rule(['update'], ['apps', 'extensions'], ['daemonsets/finalizers']),
    rule(['list', 'watch'], [''], ['nodes']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    rule(['create'], [''], ['pods/binding']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['apps'], ['controllerrevisions']),
    events,
  ]),
  clusterRole('system:controller:deployment-controller', [
    rule(['get', 'list', 'update', 'watch'], ['apps', 'extensions'], ['deployments']),
    rule(['update'], ['apps', 'extensions'], ['deployments/status']),
    rule(['update'], ['apps', 'extensions'], ['deployments/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['get', 'list', 'update', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:disruption-controller', [
    rule(['get', 'list', 'watch'], ['apps', 'extensions'], ['deployments']),
    rule(['get', 'list', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['get', 'list', 'watch'], [''], ['replicationcontrollers']),
    rule(['get', 'list', 'watch'], ['policy'], ['poddisruptionbudgets']),
    rule(['get', 'list', 'watch'], ['apps'], ['statefulsets']),
    rule(['update'], ['policy'], ['poddisruptionbudgets/status']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(['get'], ['*'], ['*/scale']),
    events,
  ]),
  clusterRole('system:controller:endpoint-controller', [
    rule(['get', 'list', 'watch'], [''], ['pods', 'services']),
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], [''], ['endpoints']),
    rule(['create'], [''], ['endpoints/restricted']),
    events,
  ]),
  clusterRole('system:controller:endpointslice-controller', [
    rule(['get', 'list', 'watch'], [''], ['nodes', 'pods', 'services']),
    rule(['update'], [''], ['services/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
    events,
  ]),
  clusterRole('system:controller:endpointslicemirroring-controller', [
    rule(['get', 'list', 'watch'], [''], ['endpoints', 'services']),
    rule(['update'], [''], ['services/finalizers']),
    rule(['update'], [''], ['endpoints/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
    events,
  ]),
  clusterRole('system:controller:ephemeral-volume-controller', [
    rule(['get', 'list', 'watch'], [''], ['pods']),
    rule(['update'], [''], ['pods/finalizers']),
    rule(['create', 'get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    events,
  ]),
  clusterRole('system:controller:expand-controller', [
    rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumes']),
    rule(['patch', 'update'], [''], ['persistentvolumeclaims/status']),
    rule(['get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    events,
    rule(['get'], [''], ['services']),
  ]),
  clusterRole('system:controller:generic-garbage-collector', [rule(['delete', 'get', 'list', 'patch', 'update', 'watch'], ['*'], ['*']), events]),
  clusterRole('system:controller:horizontal-pod-autoscaler', [
    rule(['get', 'list', 'watch'], ['autoscaling'], ['horizontalpodautoscalers']),
    rule(['update'], ['autoscaling'], ['horizontalpodautoscalers/status']),
    rule(['get', 'update'], ['*'], ['*/scale']),
    rule(['list', 'watch'], [''], ['pods']),
    rule(['list', 'watch'], ['metrics.k8s.io'], ['pods']),
    rule(['get', 'list', 'watch'], ['custom.metrics.k8s.io'], ['*']),
    rule(['get', 'list', 'watch'], ['external.metrics.k8s.io'], ['*']),
    events,
  ]),
  clusterRole('system:controller:job-controller', [
    rule(['get', 'list', 'patch', 'update', 'watch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['jobs/status']),
    rule(['update'], ['batch'], ['jobs/finalizers']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:legacy-service-account-token-cleaner', [
    rule(['get'], [''], ['configmaps'], ['kube-apiserver-legacy-service-account-token-tracking']),
    rule(['delete', 'patch'], [''], ['secrets']),
  ]),
  clusterRole('system:controller:namespace-controller', [
    rule(['delete', 'get', 'list', 'watch'], [''], ['namespaces']),
    rule(['update'], [''], ['namespaces/finalize', 'namespaces/status']),
    rule(['delete', 'deletecollection', 'get', 'list', 'watch'], ['*'], ['*']),
  ]),
  clusterRole('system:controller:node-controller', [
    rule(['delete', 'get', 'list', 'patch', 'update', 'watch'], [''], ['nodes']),
    rule(['patch', 'update'], [''], ['nodes/status']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(['delete', 'get', 'list', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:persistent-volume-binder', [
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], [''], ['persistentvolumes']),
    rule(['update'], [''], ['persistentvolumes/status']),
    rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['update'], [''], ['persistentvolumeclaims/status']),
    rule(['create', 'delete', 'get', 'list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], ['storage.k8s.io'], ['storageclasses']),
    rule(['list', 'watch'], [''], ['nodes']),
    events,
    rule(['watch'], [''], ['events']),
    rule(['get'], [''], ['services']),
  ]),
  clusterRole('system:controller:pod-garbage-collector', [
    rule(['delete', 'list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], [''], ['nodes']),
    rule(['patch'], [''], ['pods/status']),
  ]),
  clusterRole('system:controller:pv-protection-controller', [rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumes']), events]),
  clusterRole('system:controller:pvc-protection-controller', [
    rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['get', 'list', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:replicaset-controller', [
    rule(['get', 'list', 'update', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/status']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/finalizers']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:replication-controller', [
    rule(['get', 'list', 'update', 'watch'], [''], ['replicationcontrollers']),
    rule(['update'], [''], ['replicationcontrollers/status']),
    rule(['update'], [''], ['replicationcontrollers/finalizers']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    events,
  ]),
  clusterRole('system:controller:resource-claim-controller', [
    rule(['get', 'list', 'watch'], [''], ['pods']),
    rule(['update'], [''], ['pods/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'watch'], ['resource.k8s.io'], ['resourceclaims']),
    rule(['patch', 'update'], ['resource.k8s.io'], ['resourceclaims', 'resourceclaims/status']),
    rule(['patch', 'update'], [''], ['pods/status']),
    events,
  ]),
  clusterRole('system:controller:resourcequota-controller', [rule(['list', 'watch'], ['*'], ['*']), rule(['update'], [''], ['resourcequotas/status']), events]),
  clusterRole('system:controller:root-ca-cert-publisher', [rule(['create', 'update'], [''], ['configmaps']), events]),
  clusterRole('system:controller:route-controller', [rule(['list', 'watch'], [''], ['nodes']), rule(['patch'], [''], ['nodes/status']), events]),
  clusterRole('system:controller:selinux-warning-controller', [
    events,
    rule(['get', 'list', 'watch'], [''], ['persistentvolumes']),
    rule(['get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['get', 'list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], ['storage.k8s.io'], ['csidrivers']),
  ]),
  clusterRole('system:controller:service-account-controller', [rule(['create'], [''], ['serviceaccounts']), events]),
  clusterRole('system:controller:service-cidrs-controller', [
    rule(['get', 'list', 'patch', 'update', 'watch'], ['networking.k8s.io'], ['servicecidrs']),
    rule(['patch', 'update'], ['networking.k8s.io'], ['servicecidrs/finalizers']),
    rule(['patch', 'update'], ['networking.k8s.io'], ['servicecidrs/status']),
    rule(['get', 'list', 'watch'], ['networking.k8s.io'], ['ipaddresses']),
    events,
  ]),
  clusterRole('system:controller:service-controller', [
    rule(['get', 'list', 'watch'], [''], ['services']),
    rule(['patch', 'update'], [''], ['services/status']),
    rule(['list', 'watch'], [''], ['nodes']),
    events,
  ]),
  clusterRole('system:controller:statefulset-controller', [
    rule(['list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], ['apps'], ['statefulsets']),
    rule(['update'], ['apps'], ['statefulsets/status']),
    rule(['update'], ['apps'], ['statefulsets/finalizers']),
    rule(['create', 'delete', 'get', 'patch', 'update'], [''], ['pods']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['apps'], ['controllerrevisions']),
    rule(['create', 'get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['delete', 'update'], [''], ['persistentvolumeclaims']),
    rule(['update'], [''], ['pods/finalizers']),
    events,
  ]),
  clusterRole('system:controller:ttl-after-finished-controller', [rule(['delete', 'get', 'list', 'watch'], ['batch'], ['jobs']), events]),
  clusterRole('system:controller:ttl-controller', [rule(['list', 'patch', 'update', 'watch'], [''], ['nodes']), events]),
  clusterRole('system:controller:validatingadmissionpolicy-status-controller', [
    rule(['get', 'list', 'watch'], ['admissionregistration.k8s.io'], ['validatingadmissionpolicies']),
    rule(['get', 'patch', 'update'], ['admissionregistration.k8s.io'], ['validatingadmissionpolicies/status']),
    events,
  ]),
  clusterRole('system:controller:volumeattributesclass-protection-controller', [
    rule(['get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['get', 'list', 'watch'], [''], ['persistentvolumes']),
    rule(['get', 'list', 'update', 'watch'], ['storage.k8s.io'], ['volumeattributesclasses']),
    events,
  ]),
];

const controllerPrefix = 'system:controller:';

/** kube's ControllerRoleBindings: each controller role bound to the service account of its name in kube-system. */
export const bootstrapControllerRoleBindings: readonly JsonObject[] = bootstrapControllerRoles.map((role) => {
  const name = String((role.metadata as JsonObject).name);
  return clusterRoleBinding(name, name, [serviceAccount('kube-system', name.slice(controllerPrefix.length))]);
});
