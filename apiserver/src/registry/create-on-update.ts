// The kinds whose PUT of a missing object creates it (kube's AllowCreateOnUpdate): those that
// controllers and kube itself write by name without knowing whether the object exists yet.

import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { holds, resourceKeyOf, type BuiltinResourceKey } from '../resources/builtin-keys.ts';

const createdOnUpdate: ReadonlySet<BuiltinResourceKey> = new Set<BuiltinResourceKey>([
  '/endpoints',
  '/events',
  'events.k8s.io/events',
  '/limitranges',
  '/services',
  '/serviceaccounts',
  'coordination.k8s.io/leases',
  'rbac.authorization.k8s.io/roles',
  'rbac.authorization.k8s.io/clusterroles',
  'rbac.authorization.k8s.io/rolebindings',
  'rbac.authorization.k8s.io/clusterrolebindings',
]);

export function allowsCreateOnUpdate(definition: Pick<ResourceDefinition, 'group' | 'resource'>): boolean {
  return holds(createdOnUpdate, resourceKeyOf(definition));
}
