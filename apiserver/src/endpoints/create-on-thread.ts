// A large create (a body of largeWriteBytes or more) of a built-in kind whose objects hold nothing
// outside the store: decoded, prepared and encoded on a work thread (write-thread-task.ts). A
// ConfigMap with 100,000 labels takes over a second of such work, which on the event loop would
// hold every other client for that long. The answers and their order stay kube's: decoding errors
// first, then the mutating admission (the namespace's), then the object's own refusals, then the
// validating admission, then the write. No plugin that changes objects acts on a kind whose writes
// go there, so the thread prepares the object before the event loop runs the mutating phase.

import type { ServerResponse } from 'node:http';
import { writeAdmission } from '../admission/request-admission.ts';
import { declaredResources } from '../resources/declared-resources.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { writesAreChanged, type ResourceWrites } from './resource-writes.ts';
import type { WriteAdmission } from '../registry/write-admission.ts';
import type { CreateTask, CreateTaskResult, RequestedName } from './write-thread-task.ts';
import { decodesAnywhere } from './read-body.ts';
import { failureError, runWriteTask, taskResourceOf, writeCreated, type ThreadWriteOptions } from './write-on-thread.ts';
import { largeWriteBytes } from './yield-between-stages.ts';

/** Whether a kind's creates can be prepared on a work thread: built in, stored as served, with nothing allocated before a create. */
export const kindCreatesOnThread = (store: GenericStore, writes: ResourceWrites): boolean =>
  !writesAreChanged(writes, store.definition, 'create') && store.servesStoredBytes && declaredResources().includes(store.definition);

/** Whether a create goes to a work thread: a large body any thread decodes, of such a kind. */
export function createsOnThread(store: GenericStore, mediaType: string, bodyBytes: number, writes: ResourceWrites): boolean {
  return bodyBytes >= largeWriteBytes && decodesAnywhere(mediaType) && kindCreatesOnThread(store, writes);
}

/** Creates the object a body holds (see createsOnThread), and answers 201 with it. */
export async function createOnThread(
  writes: ResourceWrites,
  store: GenericStore,
  namespace: string | undefined,
  mediaType: string,
  body: Buffer,
  options: ThreadWriteOptions,
  response: ServerResponse,
): Promise<void> {
  const task: CreateTask = { ...taskResourceOf(store), namespace, mediaType, body, ...options, now: Date.now() };
  const result = await runWriteTask<CreateTaskResult>('prepareCreate', task, response);
  if (!result.ok && result.stage === 'decode') throw failureError(result, 'a create');
  const admission = threadCreateAdmission(writes, store, namespace, result.requested, options.dryRun);
  // The object is on the thread: the mutating phase sees the metadata it asked for (see above).
  await admission.mutate({ metadata: { ...result.requested } });
  if (!result.ok) throw failureError(result, 'a create');
  await writeCreated(store, namespace, result.name, result.stored, admission, options.dryRun, response);
}

/** The admission of a create prepared on a thread, by the name its body asked for (none while a generateName is to be turned into one). */
export const threadCreateAdmission = (
  writes: ResourceWrites,
  store: GenericStore,
  namespace: string | undefined,
  requested: RequestedName | undefined,
  dryRun: boolean,
): WriteAdmission =>
  writeAdmission(writes.admission, store.definition, { operation: 'CREATE', namespace, name: typeof requested?.name === 'string' ? requested.name : '', dryRun });
