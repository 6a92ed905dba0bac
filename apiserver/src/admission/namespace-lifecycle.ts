// kube-apiserver's NamespaceLifecycle admission: nothing is created in a namespace that does not
// exist (404) or is being terminated (403), and the system namespaces may not be deleted.

import { newForbidden, newNotFound, StatusError, isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { listerGet } from './lister-read.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

const immortalNamespaces: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

export async function admitCreateInNamespace(namespaces: GenericStore, definition: ResourceDefinition, namespace: string, body: JsonObject): Promise<void> {
  let phase: string | undefined;
  try {
    phase = ((await listerGet(namespaces, undefined, namespace)).status as { phase?: string } | undefined)?.phase;
  } catch (error) {
    if (isNotFound(error)) throw newNotFound({ group: '', resource: 'namespaces' }, namespace);
    throw error;
  }
  if (phase !== 'Terminating') return;
  const metadata = metadataOf(body);
  // Names are not generated yet: kube names the object by its generateName, or "Unknown".
  const name = metadata.name || (typeof metadata.generateName === 'string' && metadata.generateName) || 'Unknown';
  const error = newForbidden(
    { group: definition.group, resource: definition.resource },
    name,
    `unable to create new content in namespace ${namespace} because it is being terminated`,
  );
  const details = error.status.details ?? {};
  throw new StatusError({
    ...error.status,
    details: {
      ...details,
      causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
    },
  });
}

export function admitNamespaceDelete(name: string): void {
  if (immortalNamespaces.has(name)) throw newForbidden({ group: '', resource: 'namespaces' }, name, 'this namespace may not be deleted');
}

/**
 * The plugin: a create in a namespace needs the namespace to exist and not be terminating; the
 * system namespaces may not be deleted. Namespaces themselves, cluster-scoped objects and the
 * access reviews are let through.
 */
export function namespaceLifecycle(namespaces: GenericStore, definitionOf: (group: string, resource: string) => ResourceDefinition | undefined): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    operations: ['CREATE', 'UPDATE', 'DELETE'],
    admit: async (attributes) => {
      const isNamespace = attributes.kind.group === '' && attributes.kind.kind === 'Namespace';
      if (attributes.operation === 'DELETE' && isNamespace) return admitNamespaceDelete(attributes.name);
      if (attributes.operation !== 'CREATE' || isNamespace || attributes.namespace === '' || attributes.subresource !== '') return;
      const definition = definitionOf(attributes.resource.group, attributes.resource.resource);
      if (definition === undefined || !definition.namespaced || isAccessReview(definition)) return;
      await admitCreateInNamespace(namespaces, definition, attributes.namespace, attributes.object ?? {});
    },
  };
}

/** kube lets access reviews through: answering about a missing namespace would leak that it is missing. */
const isAccessReview = (definition: ResourceDefinition): boolean =>
  definition.group === 'authorization.k8s.io' && (definition.resource === 'localsubjectaccessreviews' || definition.resource === 'subjectaccessreviews');
