// kube-apiserver's NamespaceExists admission: every write in a namespace needs the namespace to
// exist (a 404 naming it otherwise), whatever its phase.

import { newInternalError, newNotFound, isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export function namespaceExists(namespaces: GenericStore): AdmissionPlugin {
  return {
    name: 'NamespaceExists',
    operations: ['CREATE', 'UPDATE', 'DELETE'],
    validate: async (attributes) => {
      if (attributes.namespace === '' || (attributes.kind.group === '' && attributes.kind.kind === 'Namespace')) return;
      try {
        await namespaces.get(undefined, attributes.namespace);
      } catch (error) {
        if (isNotFound(error)) throw newNotFound({ group: '', resource: 'namespaces' }, attributes.namespace);
        throw newInternalError(error instanceof Error ? error : String(error));
      }
    },
  };
}
