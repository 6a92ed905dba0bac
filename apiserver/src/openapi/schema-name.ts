// The OpenAPI definition name of a kind, as kube-apiserver names it: a built-in kind by its Go
// package (io.k8s.api.apps.v1.Deployment), a custom kind by its group reversed (com.example.v1.Widget).

import type { ResourceDefinition } from '../resources/resource-definition.ts';

// Groups whose Go package is not simply the group's first label.
const packageByGroup: Readonly<Record<string, string>> = {
  '': 'io.k8s.api.core',
  'apiextensions.k8s.io': 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions',
  'apiregistration.k8s.io': 'io.k8s.kube-aggregator.pkg.apis.apiregistration',
  'internal.apiserver.k8s.io': 'io.k8s.api.apiserverinternal',
  'rbac.authorization.k8s.io': 'io.k8s.api.rbac',
};

export function schemaName(definition: Pick<ResourceDefinition, 'group' | 'version' | 'kind' | 'custom'>): string {
  if (definition.custom !== undefined) return customSchemaName(definition.group, definition.version, definition.kind);
  const pkg = packageByGroup[definition.group] ?? `io.k8s.api.${definition.group.split('.')[0]}`;
  return `${pkg}.${definition.version}.${definition.kind}`;
}

export const objectMetaSchemaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
export const patchSchemaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';

/** A custom kind's name: the group's labels reversed, the version, the kind (apiextensions' gvkToModelName). */
export const customSchemaName = (group: string, version: string, kind: string): string => `${group.split('.').reverse().join('.')}.${version}.${kind}`;

export const listMetaSchemaName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta';
