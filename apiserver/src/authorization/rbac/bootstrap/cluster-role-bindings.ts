// kube's bootstrap ClusterRoleBindings (bootstrappolicy.ClusterRoleBindings and
// ControllerRoleBindings): system:masters to cluster-admin, every authenticated user to discovery
// and basic-user, everyone to public-info-viewer, each component and controller to its role.

import { clusterRoleBinding, group, serviceAccount, user } from './policy-builders.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';

export const bootstrapClusterRoleBindings: readonly JsonObject[] = [
  clusterRoleBinding('cluster-admin', 'cluster-admin', [group('system:masters')]),
  clusterRoleBinding('system:basic-user', 'system:basic-user', [group('system:authenticated')]),
  clusterRoleBinding('system:controller:attachdetach-controller', 'system:controller:attachdetach-controller', [serviceAccount('kube-system', 'attachdetach-controller')]),
  clusterRoleBinding('system:controller:certificate-controller', 'system:controller:certificate-controller', [serviceAccount('kube-system', 'certificate-controller')]),
  clusterRoleBinding('system:controller:clusterrole-aggregation-controller', 'system:controller:clusterrole-aggregation-controller', [
    serviceAccount('kube-system', 'clusterrole-aggregation-controller'),
  ]),
  clusterRoleBinding('system:controller:cronjob-controller', 'system:controller:cronjob-controller', [serviceAccount('kube-system', 'cronjob-controller')]),
  clusterRoleBinding('system:controller:daemon-set-controller', 'system:controller:daemon-set-controller', [serviceAccount('kube-system', 'daemon-set-controller')]),
  clusterRoleBinding('system:controller:deployment-controller', 'system:controller:deployment-controller', [serviceAccount('kube-system', 'deployment-controller')]),
  clusterRoleBinding('system:controller:disruption-controller', 'system:controller:disruption-controller', [serviceAccount('kube-system', 'disruption-controller')]),
  clusterRoleBinding('system:controller:endpoint-controller', 'system:controller:endpoint-controller', [serviceAccount('kube-system', 'endpoint-controller')]),
  clusterRoleBinding('system:controller:endpointslice-controller', 'system:controller:endpointslice-controller', [serviceAccount('kube-system', 'endpointslice-controller')]),
  clusterRoleBinding('system:controller:endpointslicemirroring-controller', 'system:controller:endpointslicemirroring-controller', [
    serviceAccount('kube-system', 'endpointslicemirroring-controller'),
  ]),
  clusterRoleBinding('system:controller:ephemeral-volume-controller', 'system:controller:ephemeral-volume-controller', [
    serviceAccount('kube-system', 'ephemeral-volume-controller'),
  ]),
  clusterRoleBinding('system:controller:expand-controller', 'system:controller:expand-controller', [serviceAccount('kube-system', 'expand-controller')]),
  clusterRoleBinding('system:controller:generic-garbage-collector', 'system:controller:generic-garbage-collector', [serviceAccount('kube-system', 'generic-garbage-collector')]),
  clusterRoleBinding('system:controller:horizontal-pod-autoscaler', 'system:controller:horizontal-pod-autoscaler', [serviceAccount('kube-system', 'horizontal-pod-autoscaler')]),
  clusterRoleBinding('system:controller:job-controller', 'system:controller:job-controller', [serviceAccount('kube-system', 'job-controller')]),
  clusterRoleBinding('system:controller:legacy-service-account-token-cleaner', 'system:controller:legacy-service-account-token-cleaner', [
    serviceAccount('kube-system', 'legacy-service-account-token-cleaner'),
  ]),
  clusterRoleBinding('system:controller:namespace-controller', 'system:controller:namespace-controller', [serviceAccount('kube-system', 'namespace-controller')]),
  clusterRoleBinding('system:controller:node-controller', 'system:controller:node-controller', [serviceAccount('kube-system', 'node-controller')]),
  clusterRoleBinding('system:controller:persistent-volume-binder', 'system:controller:persistent-volume-binder', [serviceAccount('kube-system', 'persistent-volume-binder')]),
  clusterRoleBinding('system:controller:pod-garbage-collector', 'system:controller:pod-garbage-collector', [serviceAccount('kube-system', 'pod-garbage-collector')]),
  clusterRoleBinding('system:controller:pv-protection-controller', 'system:controller:pv-protection-controller', [serviceAccount('kube-system', 'pv-protection-controller')]),
  clusterRoleBinding('system:controller:pvc-protection-controller', 'system:controller:pvc-protection-controller', [serviceAccount('kube-system', 'pvc-protection-controller')]),
  clusterRoleBinding('system:controller:replicaset-controller', 'system:controller:replicaset-controller', [serviceAccount('kube-system', 'replicaset-controller')]),
  clusterRoleBinding('system:controller:replication-controller', 'system:controller:replication-controller', [serviceAccount('kube-system', 'replication-controller')]),
  clusterRoleBinding('system:controller:resource-claim-controller', 'system:controller:resource-claim-controller', [serviceAccount('kube-system', 'resource-claim-controller')]),
  clusterRoleBinding('system:controller:resourcequota-controller', 'system:controller:resourcequota-controller', [serviceAccount('kube-system', 'resourcequota-controller')]),
  clusterRoleBinding('system:controller:root-ca-cert-publisher', 'system:controller:root-ca-cert-publisher', [serviceAccount('kube-system', 'root-ca-cert-publisher')]),
  clusterRoleBinding('system:controller:route-controller', 'system:controller:route-controller', [serviceAccount('kube-system', 'route-controller')]),
  clusterRoleBinding('system:controller:selinux-warning-controller', 'system:controller:selinux-warning-controller', [serviceAccount('kube-system', 'selinux-warning-controller')]),
  clusterRoleBinding('system:controller:service-account-controller', 'system:controller:service-account-controller', [serviceAccount('kube-system', 'service-account-controller')]),
  clusterRoleBinding('system:controller:service-cidrs-controller', 'system:controller:service-cidrs-controller', [serviceAccount('kube-system', 'service-cidrs-controller')]),
  clusterRoleBinding('system:controller:service-controller', 'system:controller:service-controller', [serviceAccount('kube-system', 'service-controller')]),
  clusterRoleBinding('system:controller:statefulset-controller', 'system:controller:statefulset-controller', [serviceAccount('kube-system', 'statefulset-controller')]),
  clusterRoleBinding('system:controller:ttl-after-finished-controller', 'system:controller:ttl-after-finished-controller', [
    serviceAccount('kube-system', 'ttl-after-finished-controller'),
  ]),
  clusterRoleBinding('system:controller:ttl-controller', 'system:controller:ttl-controller', [serviceAccount('kube-system', 'ttl-controller')]),
  clusterRoleBinding('system:controller:validatingadmissionpolicy-status-controller', 'system:controller:validatingadmissionpolicy-status-controller', [
    serviceAccount('kube-system', 'validatingadmissionpolicy-status-controller'),
  ]),
  clusterRoleBinding('system:controller:volumeattributesclass-protection-controller', 'system:controller:volumeattributesclass-protection-controller', [
    serviceAccount('kube-system', 'volumeattributesclass-protection-controller'),
  ]),
  clusterRoleBinding('system:discovery', 'system:discovery', [group('system:authenticated')]),
  clusterRoleBinding('system:kube-controller-manager', 'system:kube-controller-manager', [user('system:kube-controller-manager')]),
  clusterRoleBinding('system:kube-dns', 'system:kube-dns', [serviceAccount('kube-system', 'kube-dns')]),
  clusterRoleBinding('system:kube-scheduler', 'system:kube-scheduler', [user('system:kube-scheduler')]),
  clusterRoleBinding('system:monitoring', 'system:monitoring', [group('system:monitoring')]),
  clusterRoleBinding('system:node', 'system:node', []),
  clusterRoleBinding('system:node-proxier', 'system:node-proxier', [user('system:kube-proxy')]),
  clusterRoleBinding('system:public-info-viewer', 'system:public-info-viewer', [group('system:authenticated'), group('system:unauthenticated')]),
  clusterRoleBinding('system:service-account-issuer-discovery', 'system:service-account-issuer-discovery', [group('system:serviceaccounts')]),
  clusterRoleBinding('system:volume-scheduler', 'system:volume-scheduler', [user('system:kube-scheduler')]),
];
