// A PATCH (JSON, merge or strategic merge) of a large object of a built-in kind whose objects
// hold nothing outside the store: the patch applied and the replacement prepared on a work thread
// (write-thread-task.ts). A one-label merge patch of a ConfigMap with 100,000 labels is over a
// second of work (the object decoded, merged, tracked, validated and encoded), which on the event
// loop held every other client for that long. Retried as patch.ts retries: when another write
// came between its read and its write, unless the patch names a resourceVersion.

import type { ServerResponse } from 'node:http';
import { StatusError } from '@capstan/common';
import { writeAdmission } from '../admission/request-admission.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { ResourceWrites } from './resource-writes.ts';
import type { KeyValue } from '../storage/storage.ts';
import { kindReplacesOnThread } from './update-on-thread.ts';
import { failureError, runWriteTask, taskCurrentOf, taskResourceOf, writeReplacement, type ThreadWriteOptions } from './write-on-thread.ts';
import type { PatchTask, PatchTaskResult } from './write-thread-task.ts';
import { largeWriteBytes } from './yield-between-stages.ts';

/** The object itself (not a subresource) that a PATCH writes, for the thread to patch when it is large. */
export interface PatchedObject {
  readonly store: GenericStore;
  readonly namespace: string | undefined;
  readonly name: string;
  readonly writes: ResourceWrites;
}

export interface ThreadPatch {
  readonly mediaType: string;
  readonly bytes: Buffer;
  readonly typeName: string | undefined;
  readonly patchMessages: readonly string[];
  readonly maxAttempts: number;
}

/**
 * The stored object when a PATCH of it goes to a work thread: it is large (with the patch,
 * largeWriteBytes or more), and its kind's replacements go there (kindReplacesOnThread).
 * Throws the read's 404 or storage error, which a patch answers first.
 */
export async function storedForThreadPatch(target: PatchedObject, patchBytes: number): Promise<KeyValue | undefined> {
  if (!kindReplacesOnThread(target.store, target.writes)) return undefined;
  const kv = await target.store.getStoredUnchecked(target.namespace, target.name);
  return kv.value.length + patchBytes >= largeWriteBytes ? kv : undefined;
}

/** Patches the object (see storedForThreadPatch), first as `current` holds it, and answers 200 with it. */
export async function patchOnThread(target: PatchedObject, current: KeyValue, patch: ThreadPatch, options: ThreadWriteOptions, response: ServerResponse): Promise<void> {
  const { store, namespace, name } = target;
  // No plugin that changes objects acts on the kind (kindReplacesOnThread): the validating phase runs before the write.
  const admission = writeAdmission(target.writes.admission, store.definition, { operation: 'UPDATE', namespace, name, dryRun: options.dryRun });
  let stored = current;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) stored = await store.getStoredUnchecked(namespace, name);
    const task: PatchTask = {
      ...taskResourceOf(store),
      namespace,
      name,
      mediaType: patch.mediaType,
      body: patch.bytes,
      fieldValidation: options.fieldValidation,
      manager: options.manager,
      current: taskCurrentOf(stored),
      typeName: patch.typeName,
      patchMessages: patch.patchMessages,
    };
    const result = await runWriteTask<PatchTaskResult>('preparePatch', task, response);
    if (!result.ok) {
      if (result.stage === 'missing') {
        // A value that does not decode: kube's 500 for it, from the read that checks (or a retry, if it was just replaced).
        await store.getStoredForWrite(namespace, name);
        continue;
      }
      const error = failureError(result, 'a PATCH');
      if (error instanceof StatusError && error.code === 409 && !result.pinned && attempt < patch.maxAttempts) continue;
      throw error;
    }
    if ((await writeReplacement(store, namespace, name, stored, result, admission, options.dryRun, response)) === 'written') return;
    if (result.pinned || attempt >= patch.maxAttempts) throw store.modifiedConflict(name);
  }
}
