// The labels of a namespace, read from the namespaces store (or a NamespaceCache over it), for the
// namespaceSelector of admission policies and webhooks.

import { newInternalError, isNotFound } from '@capstan/common';
import type { GenericStore } from '../../registry/generic-store.ts';
import { metadataOf } from '../../registry/object-meta.ts';
import { listerGet } from '../lister-read.ts';

/**
 * A namespace's labels by name: a missing namespace is the store's 404 as it is (kube answers it so
 * for backwards compatibility), any other failure an internal error.
 */
export function namespaceLabelsFrom(namespaces: Pick<GenericStore, 'get'>): (name: string) => Promise<Readonly<Record<string, string>> | undefined> {
  return async (name) => {
    try {
      return metadataOf(await listerGet(namespaces, undefined, name)).labels as Readonly<Record<string, string>> | undefined;
    } catch (error) {
      if (isNotFound(error)) throw error;
      throw newInternalError(error instanceof Error ? error : String(error));
    }
  };
}
