// The namespace of a pod as the PodNodeSelector and PodTolerationRestriction admissions read it
// for its annotations, with kube's answers when it is missing.

import { newInternalError, newNotFound, StatusError } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';

/**
 * The namespace; a missing one is a 404, or for PodNodeSelector (`wordedAsMissing`) kube's 500
 * "namespace x does not exist"; another failure a 500.
 */
export async function namespaceOfPod(namespaces: GenericStore, name: string, wordedAsMissing = false): Promise<JsonObject> {
  try {
    return await namespaces.get(undefined, name);
  } catch (error) {
    if (error instanceof StatusError && error.code === 404) {
      throw wordedAsMissing ? newInternalError(`namespace ${name} does not exist`) : newNotFound({ group: '', resource: 'namespaces' }, name);
    }
    throw newInternalError(error instanceof Error ? error : String(error));
  }
}
