// kube-apiserver's bootstrap RBAC policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy), which
// the rbac/bootstrap-roles post-start hook reconciles at every start.

import { bootstrapClusterRoleBindings } from './cluster-role-bindings.ts';
import { bootstrapClusterRoles } from './cluster-roles.ts';
import { bootstrapControllerRoleBindings, bootstrapControllerRoles } from './controller-roles.ts';
import { bootstrapRoleBindings, bootstrapRoles } from './namespace-policy.ts';
import type { BootstrapPolicy } from './reconcile-policy.ts';

export const bootstrapPolicy: BootstrapPolicy = {
  clusterRoles: [...bootstrapClusterRoles, ...bootstrapControllerRoles],
  clusterRoleBindings: [...bootstrapClusterRoleBindings, ...bootstrapControllerRoleBindings],
  roles: bootstrapRoles,
  roleBindings: bootstrapRoleBindings,
};
