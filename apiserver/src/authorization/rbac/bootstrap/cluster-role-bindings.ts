// kube's bootstrap ClusterRoleBindings (bootstrappolicy.ClusterRoleBindings): system:masters to
// cluster-admin, every authenticated user to discovery and basic-user, everyone to
// public-info-viewer, each component to its role. The controllers' bindings are in
// controller-roles.ts.

import { clusterRoleBinding, group, serviceAccount, user } from './policy-builders.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';

export const bootstrapClusterRoleBindings: readonly JsonObject[] = [
  clusterRoleBinding('cluster-admin', 'cluster-admin', [group('system:masters')]),
  clusterRoleBinding('system:basic-user', 'system:basic-user', [group('system:authenticated')]),
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
