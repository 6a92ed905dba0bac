// A large PUT (a body of largeWriteBytes or more) of a built-in kind whose objects hold nothing
// outside the store and that a PUT cannot create: the body decoded and the replacement prepared
// from the stored object on a work thread (write-thread-task.ts), as create-on-thread.ts does for
// creates. The event loop reads the stored object, writes the bytes the thread made at the
// revision it read, and, when another write came between and the body named no resourceVersion,
// prepares the replacement again from the newer object, as the generic store's update does.

import type { ServerResponse } from 'node:http';
import { writeAdmission } from '../admission/request-admission.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { writesAreChanged, type ResourceWrites } from './resource-writes.ts';
import type { KeyValue } from '../storage/storage.ts';
import { kindCreatesOnThread } from './create-on-thread.ts';
import { decodesAnywhere } from './read-body.ts';
import { failureError, readStored, runWriteTask, taskCurrentOf, taskResourceOf, writeReplacement, type ThreadWriteOptions } from './write-on-thread.ts';
import type { UpdateTask, UpdateTaskResult } from './write-thread-task.ts';
import { largeWriteBytes } from './yield-between-stages.ts';

/** Whether a kind's replacements (PUT, patch, apply) can be prepared on a work thread: as its creates, without update hooks, and never created by a PUT. */
export const kindReplacesOnThread = (store: GenericStore, writes: ResourceWrites): boolean =>
  kindCreatesOnThread(store, writes) && !writesAreChanged(writes, store.definition, 'update') && !store.definition.behaviour.createOnUpdate;

/** Whether a PUT goes to a work thread: a large body any thread decodes, of such a kind. */
export function updatesOnThread(store: GenericStore, mediaType: string, bodyBytes: number, writes: ResourceWrites): boolean {
  return bodyBytes >= largeWriteBytes && decodesAnywhere(mediaType) && kindReplacesOnThread(store, writes);
}

/** Replaces the object a PUT names with the one its body holds (see updatesOnThread), and answers 200 with it. */
export async function updateOnThread(
  writes: ResourceWrites,
  store: GenericStore,
  namespace: string | undefined,
  name: string,
  mediaType: string,
  body: Buffer,
  options: ThreadWriteOptions,
  response: ServerResponse,
): Promise<void> {
  // No plugin that changes objects acts on the kind (kindReplacesOnThread): the validating phase runs before the write.
  const admission = writeAdmission(writes.admission, store.definition, { operation: 'UPDATE', namespace, name, dryRun: options.dryRun });
  for (;;) {
    // Read before the body is decoded, but a failed read answers only after decoding did not.
    const read = await readStored(store, namespace, name);
    const current = 'kv' in read ? read.kv : undefined;
    const task: UpdateTask = {
      ...taskResourceOf(store),
      namespace,
      name,
      mediaType,
      body,
      fieldValidation: options.fieldValidation,
      manager: options.manager,
      current: taskCurrentOf(current),
    };
    const result = await runWriteTask<UpdateTaskResult>('prepareUpdate', task, response);
    if (!result.ok) {
      if (result.stage === 'missing' && current === undefined) throw (read as { error: unknown }).error;
      // A value that does not decode: kube's 500 for it, from the read that checks (or a retry, if it was just replaced).
      if (result.stage === 'missing') {
        await store.getStoredForWrite(namespace, name);
        continue;
      }
      throw failureError(result, 'a PUT');
    }
    if ((await writeReplacement(store, namespace, name, current as KeyValue, result, admission, options.dryRun, response)) === 'written') return;
    if (result.outcome !== 'unchanged' && result.hasPrecondition) throw store.modifiedConflict(name);
  }
}
