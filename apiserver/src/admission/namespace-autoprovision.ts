// kube-apiserver's NamespaceAutoProvision admission: a create in a namespace that does not exist
// creates the namespace first (not on dry run), so the write goes on instead of a 404.

import { errorMessage, StatusError } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export function namespaceAutoProvision(namespaces: GenericStore): AdmissionPlugin {
  return {
    name: 'NamespaceAutoProvision',
    operations: ['CREATE'],
    admit: async (attributes) => {
      if (attributes.dryRun || attributes.namespace === '' || (attributes.kind.group === '' && attributes.kind.kind === 'Namespace')) return;
      if (await namespaces.exists(undefined, attributes.namespace)) return;
      try {
        await namespaces.create(undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: attributes.namespace } });
      } catch (error) {
        if (error instanceof StatusError && error.status.reason === 'AlreadyExists') return;
        throw admissionForbidden(attributes, errorMessage(error));
      }
    },
  };
}
