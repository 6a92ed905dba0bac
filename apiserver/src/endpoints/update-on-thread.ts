// A large PUT (a body of largeWriteBytes or more) of a built-in kind whose objects hold nothing
// outside the store and that a PUT cannot create: the body decoded and the replacement prepared
// from the stored object on a work thread (write-thread-task.ts), as create-on-thread.ts does for
// creates. The event loop reads the stored object, writes the bytes the thread made at the
// revision it read, and, when another write came between and the body named no resourceVersion,
// prepares the replacement again from the newer object, as the generic store's update does.

import type { ServerResponse } from 'node:http';
import { allowsCreateOnUpdate } from '../registry/create-on-update.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import { storedObjectJson } from '../registry/stored-object.ts';
import type { KeyValue } from '../storage/storage.ts';
import { createsOnThread, type ThreadWriteOptions } from './create-on-thread.ts';
import { sendStoredJson } from './send-json.ts';
import { addWarning } from './warning-header.ts';
import { failureError, workThreads } from './work-threads.ts';
import type { UpdateTask, UpdateTaskResult } from './write-thread-task.ts';

/** Whether a PUT goes to a work thread: as for creates (createsOnThread), for a kind without update hooks whose PUT never creates. */
export function updatesOnThread(store: GenericStore, mediaType: string, bodyBytes: number, hooks: ResourceHooks | undefined): boolean {
  return createsOnThread(store, mediaType, bodyBytes, hooks) && hooks?.beforeUpdate === undefined && !allowsCreateOnUpdate(store.definition);
}

/** Replaces the object a PUT names with the one its body holds (see updatesOnThread), and answers 200 with it. */
export async function updateOnThread(
  store: GenericStore,
  namespace: string | undefined,
  name: string,
  mediaType: string,
  body: Buffer,
  options: ThreadWriteOptions,
  response: ServerResponse,
): Promise<void> {
  const { definition } = store;
  for (;;) {
    // Read before the body is decoded, but a failed read answers only after decoding did not.
    let current: KeyValue | undefined;
    let readError: unknown;
    try {
      // Whether the value decodes is seen on the thread, which parses it anyway.
      current = await store.getStoredUnchecked(namespace, name);
    } catch (error) {
      readError = error;
    }
    const task: UpdateTask = {
      group: definition.group,
      version: definition.version,
      resource: definition.resource,
      namespace,
      name,
      mediaType,
      body,
      fieldValidation: options.fieldValidation,
      manager: options.manager,
      current: current === undefined ? undefined : { value: current.value, modRevision: current.modRevision },
    };
    const result = (await workThreads().run(task, { name: 'prepareUpdate' })) as UpdateTaskResult;
    for (const warning of result.warnings) addWarning(response, warning);
    if (!result.ok) {
      if (result.stage === 'missing' && current === undefined) throw readError;
      // A value that does not decode: kube's 500 for it, from the read that checks (or a retry, if it was just replaced).
      if (result.stage === 'missing') {
        await store.getStored(namespace, name);
        continue;
      }
      throw failureError(result, 'a PUT');
    }
    if ((await writeReplacement(store, namespace, name, current as KeyValue, result, options.dryRun, response)) === 'written') return;
    if (result.outcome !== 'unchanged' && result.hasPrecondition) throw store.modifiedConflict(name);
  }
}

/** A replacement a thread prepared (see write-thread-task.ts), of the object as `read` held it. */
export type PreparedReplacement = { readonly outcome: 'unchanged' } | { readonly outcome: 'write' | 'delete'; readonly stored: Uint8Array };

/**
 * Writes a prepared replacement over the object at the revision it was read at, and answers 200
 * with the object as it is then: the object as read when nothing changes, what would be stored
 * for a dry run. Answers 'conflict', writing and answering nothing, when another write came between.
 */
export async function writeReplacement(
  store: GenericStore,
  namespace: string | undefined,
  name: string,
  read: KeyValue,
  replacement: PreparedReplacement,
  dryRun: boolean,
  response: ServerResponse,
): Promise<'written' | 'conflict'> {
  let answer: KeyValue = read;
  if (replacement.outcome !== 'unchanged') {
    const next = { ...read, value: replacement.stored };
    const revision = dryRun ? read.modRevision : await store.writeReplacement(namespace, name, read.modRevision, replacement.outcome, replacement.stored);
    if (revision === undefined) return 'conflict';
    answer = { ...next, modRevision: revision };
  }
  await sendStoredJson(response, 200, () => storedObjectJson(answer, '\n'), () => store.decode(answer));
  return 'written';
}
