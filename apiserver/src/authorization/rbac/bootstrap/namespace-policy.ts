// kube's bootstrap Roles and RoleBindings of kube-system and kube-public (bootstrappolicy
// NamespaceRoles and NamespaceRoleBindings): leader election of the controller manager and
// scheduler, the extension API servers' authentication reader, the bootstrap signer.

import { role, roleBinding, rule, serviceAccount, user } from './policy-builders.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';

export const bootstrapRoles: readonly JsonObject[] = [
  role('kube-public', 'system:controller:bootstrap-signer', [
    rule(['get', 'list', 'watch'], [''], ['configmaps']),
    rule(['update'], [''], ['configmaps'], ['cluster-info']),
    rule(['create', 'patch', 'update'], ['', 'events.k8s.io'], ['events']),
  ]),
  role('kube-system', 'extension-apiserver-authentication-reader', [rule(['get', 'list', 'watch'], [''], ['configmaps'], ['extension-apiserver-authentication'])]),
  role('kube-system', 'system::leader-locking-kube-controller-manager', [
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates']),
  ]),
  role('kube-system', 'system::leader-locking-kube-scheduler', [
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
    rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates']),
  ]),
  role('kube-system', 'system:controller:bootstrap-signer', [rule(['get', 'list', 'watch'], [''], ['secrets'])]),
  role('kube-system', 'system:controller:cloud-provider', [rule(['create', 'get', 'list', 'watch'], [''], ['configmaps'])]),
  role('kube-system', 'system:controller:token-cleaner', [
    rule(['delete', 'get', 'list', 'watch'], [''], ['secrets']),
    rule(['create', 'patch', 'update'], ['', 'events.k8s.io'], ['events']),
  ]),
];

export const bootstrapRoleBindings: readonly JsonObject[] = [
  roleBinding('kube-public', 'system:controller:bootstrap-signer', { kind: 'Role', name: 'system:controller:bootstrap-signer' }, [
    serviceAccount('kube-system', 'bootstrap-signer'),
  ]),
  roleBinding('kube-system', 'system::extension-apiserver-authentication-reader', { kind: 'Role', name: 'extension-apiserver-authentication-reader' }, [
    user('system:kube-controller-manager'),
    user('system:kube-scheduler'),
  ]),
  roleBinding('kube-system', 'system::leader-locking-kube-controller-manager', { kind: 'Role', name: 'system::leader-locking-kube-controller-manager' }, [
    user('system:kube-controller-manager'),
    serviceAccount('kube-system', 'kube-controller-manager'),
    serviceAccount('kube-system', 'leader-election-controller'),
  ]),
  roleBinding('kube-system', 'system::leader-locking-kube-scheduler', { kind: 'Role', name: 'system::leader-locking-kube-scheduler' }, [
    user('system:kube-scheduler'),
    serviceAccount('kube-system', 'kube-scheduler'),
  ]),
  roleBinding('kube-system', 'system:controller:bootstrap-signer', { kind: 'Role', name: 'system:controller:bootstrap-signer' }, [
    serviceAccount('kube-system', 'bootstrap-signer'),
  ]),
  roleBinding('kube-system', 'system:controller:cloud-provider', { kind: 'Role', name: 'system:controller:cloud-provider' }, [serviceAccount('kube-system', 'cloud-provider')]),
  roleBinding('kube-system', 'system:controller:token-cleaner', { kind: 'Role', name: 'system:controller:token-cleaner' }, [serviceAccount('kube-system', 'token-cleaner')]),
];
