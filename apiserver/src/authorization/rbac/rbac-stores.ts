// The stores of the four RBAC resources, as the authorizer, the escalation check and the bootstrap
// policy read and write them.

import type { Registry } from '../../registry/registry.ts';
import { clusterRoleBindingResource } from '../../resources/rbac/clusterrolebindings.ts';
import { clusterRoleResource } from '../../resources/rbac/clusterroles.ts';
import { roleBindingResource } from '../../resources/rbac/rolebindings.ts';
import { roleResource } from '../../resources/rbac/roles.ts';
import type { RbacStores } from './rule-resolver.ts';

export const rbacStoresOf = (registry: Registry): RbacStores => ({
  roles: registry.builtinStore(roleResource),
  roleBindings: registry.builtinStore(roleBindingResource),
  clusterRoles: registry.builtinStore(clusterRoleResource),
  clusterRoleBindings: registry.builtinStore(clusterRoleBindingResource),
});
