// The OpenAPI definition name of a built-in kind, as kube-apiserver names it (io.k8s.api.apps.v1.Deployment).

import type { ResourceDefinition } from '../resources/resource-definition.ts';

// Groups whose Go package is not simply the group's first label.
const packageByGroup: Readonly<Record<string, string>> = {
  '': 'io.k8s.api.core',
  'apiextensions.k8s.io': 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions',
  'apiregistration.k8s.io': 'io.k8s.kube-aggregator.pkg.apis.apiregistration',
  'internal.apiserver.k8s.io': 'io.k8s.api.apiserverinternal',
  'rbac.authorization.k8s.io': 'io.k8s.api.rbac',
};

export function schemaName(definition: Pick<ResourceDefinition, 'group' | 'version' | 'kind'>): string {
  const pkg = packageByGroup[definition.group] ?? `io.k8s.api.${definition.group.split('.')[0]}`;
  return `${pkg}.${definition.version}.${definition.kind}`;
}

export const objectMetaSchemaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
export const patchSchemaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';
