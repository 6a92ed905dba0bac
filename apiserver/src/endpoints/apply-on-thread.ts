// A server-side apply (YAML) that is large, its configuration or the object it applies to, of a
// built-in kind whose objects hold nothing outside the store: the configuration decoded, merged by
// the field manager and the write prepared on a work thread (write-thread-task.ts), as
// apply-patch.ts does on the event loop. The apply that creates the object goes there too: the
// event loop runs the admission (see create-on-thread.ts) and writes. Retried when another write came between its read
// and its write, as apply-patch.ts retries.

import type { ServerResponse } from 'node:http';
import { writeAdmission } from '../admission/request-admission.ts';
import type { WriteOptions } from '../registry/write-options.ts';
import type { KeyValue } from '../storage/storage.ts';
import { maxApplyAttempts } from './apply-patch.ts';
import type { PatchedObject } from './patch-on-thread.ts';
import { threadCreateAdmission } from './create-on-thread.ts';
import { kindReplacesOnThread } from './update-on-thread.ts';
import { failureError, readStored, runWriteTask, taskCurrentOf, taskResourceOf, writeCreated, writeReplacement } from './write-on-thread.ts';
import type { ApplyTask, ApplyTaskResult } from './write-thread-task.ts';
import { largeWriteBytes } from './yield-between-stages.ts';

export interface ThreadApply {
  readonly yaml: Buffer;
  readonly typeName: string;
  readonly manager: string;
  readonly force: boolean;
}

/**
 * Applies on a work thread when the configuration or the stored object is largeWriteBytes or
 * more and the kind's replacements go there (kindReplacesOnThread); answers whether it did
 * (false: the caller applies on the event loop).
 */
export async function applyOnThreadIfLarge(target: PatchedObject, apply: ThreadApply, options: WriteOptions, response: ServerResponse): Promise<boolean> {
  if (!kindReplacesOnThread(target.store, target.writes)) return false;
  const { store, namespace, name } = target;
  let current = await readStored(store, namespace, name);
  if (apply.yaml.length + ('kv' in current ? current.kv.value.length : 0) < largeWriteBytes) return false;
  const dryRun = options.dryRun === true;
  const updateAdmission = writeAdmission(target.writes.admission, store.definition, { operation: 'UPDATE', namespace, name, dryRun });
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) current = await readStored(store, namespace, name);
    const kv = 'kv' in current ? current.kv : undefined;
    const task: ApplyTask = {
      ...taskResourceOf(store),
      namespace,
      name,
      mediaType: 'application/apply-patch+yaml',
      body: apply.yaml,
      fieldValidation: options.fieldValidation,
      manager: apply.manager,
      current: taskCurrentOf(kv),
      typeName: apply.typeName,
      force: apply.force,
      creates: 'missing' in current && current.missing,
      checkYaml: attempt === 1,
      now: Date.now(),
    };
    const result = await runWriteTask<ApplyTaskResult>('prepareApply', task, response);
    if (!result.ok && result.stage === 'decode') throw failureError(result, 'an apply');
    if (!result.ok && result.stage === 'missing') {
      if (kv === undefined) throw (current as { error: unknown }).error;
      // A value that does not decode: kube's 500 for it, from the read that checks (or a retry, if it was just replaced).
      await store.getStoredForWrite(namespace, name);
      continue;
    }
    const requested = 'requested' in result ? result.requested : undefined;
    const admission = task.creates ? threadCreateAdmission(target.writes, store, namespace, requested, dryRun) : updateAdmission;
    // The object is on the thread: the mutating phase of a create sees the metadata it asked for (see create-on-thread.ts).
    if (task.creates) await admission.mutate({ metadata: { ...requested } });
    // The apply's own conflicts (409 without force) are not retried: only a write that met another is.
    if (!result.ok) throw failureError(result, 'an apply');
    if (result.outcome === 'create') {
      await writeCreated(store, namespace, result.name, result.stored, admission, dryRun, response);
      return true;
    }
    if ((await writeReplacement(store, namespace, name, kv as KeyValue, result, admission, dryRun, response)) === 'written') return true;
    if (attempt >= maxApplyAttempts) throw store.modifiedConflict(name);
  }
}
