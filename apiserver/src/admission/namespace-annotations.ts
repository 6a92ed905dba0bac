// The namespace of a pod as the PodNodeSelector and PodTolerationRestriction admissions read it
// for its annotations, with kube's answers when it is missing.

import { newInternalError, newNotFound, isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { listerGet } from './lister-read.ts';

/**
 * The namespace; a missing one is a 404, or for PodNodeSelector (`wordedAsMissing`) kube's 500
 * "namespace x does not exist"; another failure a 500.
 */
export async function namespaceOfPod(namespaces: GenericStore, name: string, wordedAsMissing = false): Promise<JsonObject> {
  try {
    return await listerGet(namespaces, undefined, name);
  } catch (error) {
    if (isNotFound(error)) {
      throw wordedAsMissing ? newInternalError(`namespace ${name} does not exist`) : newNotFound({ group: '', resource: 'namespaces' }, name);
    }
    throw newInternalError(error instanceof Error ? error : String(error));
  }
}
