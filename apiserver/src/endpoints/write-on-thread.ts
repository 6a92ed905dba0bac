// What the event loop does around every write prepared on a work thread (create-on-thread.ts,
// update-on-thread.ts, patch-on-thread.ts, apply-on-thread.ts): the task's resource, running it
// with its warnings passed on, reading the stored object without parsing it, and the validating
// admission (the thread runs no plugin), writing and answering the bytes the thread made.

import type { ServerResponse } from 'node:http';
import { parseJson, StatusError, type FailureStatus, isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { decodeStoredObject, storedObjectJson, withoutResourceVersion } from '../registry/stored-object.ts';
import type { WriteAdmission } from '../registry/write-admission.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import type { KeyValue } from '../storage/storage.ts';
import { sendStoredJson } from './send-json.ts';
import { addWarning } from './warning-header.ts';
import { workThreads } from './work-threads.ts';

export interface ThreadWriteOptions {
  readonly dryRun: boolean;
  readonly fieldValidation: FieldValidation;
  readonly manager: string;
}

/** The resource a write task names, for the thread to find its kind's writes. */
export const taskResourceOf = ({ definition }: GenericStore): { group: string; version: string; resource: string } => ({
  group: definition.group,
  version: definition.version,
  resource: definition.resource,
});

/** Runs a write task (write-thread-task.ts) by its name, and adds its warnings to the answer. */
export async function runWriteTask<T extends { readonly warnings: readonly string[] }>(name: string, task: object, response: ServerResponse): Promise<T> {
  const result = (await workThreads().run(task, { name })) as T;
  for (const warning of result.warnings) addWarning(response, warning);
  return result;
}

/** The error a task's failure stands for: kube's Status it carried, or a 500 for an error that was not one. */
export function failureError(failure: { readonly status?: FailureStatus; readonly message?: string }, what: string): Error {
  return failure.status !== undefined ? new StatusError(failure.status) : new Error(`${what} on a work thread failed: ${failure.message}`);
}

/**
 * The stored object, unparsed (the thread parses it, and finds there whether it decodes), or why
 * it could not be read: a write that decodes its body first answers that only afterwards.
 */
export type StoredRead = { readonly kv: KeyValue } | { readonly error: unknown; readonly missing: boolean };

export async function readStored(store: GenericStore, namespace: string | undefined, name: string): Promise<StoredRead> {
  try {
    return { kv: await store.getStoredUnchecked(namespace, name) };
  } catch (error) {
    return { error, missing: isNotFound(error) };
  }
}

/** The key-value a task is given: the stored bytes and their revision. */
export const taskCurrentOf = (kv: KeyValue | undefined): { value: Uint8Array; modRevision: number } | undefined =>
  kv === undefined ? undefined : { value: kv.value, modRevision: kv.modRevision };

/** A prepared object's stored bytes, as the object (without a resourceVersion). */
const preparedObject = (bytes: Uint8Array): JsonObject => parseJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as JsonObject;

/**
 * Writes a new object's stored bytes a thread prepared, once the validating admission admits the
 * object, and answers 201 with it (for a dry run, checks its name is free and answers it without
 * a resourceVersion).
 */
export async function writeCreated(
  store: GenericStore,
  namespace: string | undefined,
  name: string,
  bytes: Uint8Array,
  admission: WriteAdmission,
  dryRun: boolean,
  response: ServerResponse,
): Promise<void> {
  // The object is decoded on the event loop only for a plugin to see.
  if (admission.validates) await admission.validate(preparedObject(bytes));
  const stored = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kv = await store.createStored(namespace, name, stored, dryRun);
  // A dry run wrote nothing: the object has no resourceVersion to splice in.
  if (kv.modRevision === 0) {
    await sendStoredJson(
      response,
      201,
      () => Buffer.concat([stored, Buffer.from('\n')]),
      () => parseJson(stored.toString('utf8')) as JsonObject,
    );
    return;
  }
  await sendStoredJson(
    response,
    201,
    () => storedObjectJson(kv, '\n'),
    () => store.decode(kv),
  );
}

/** A replacement a thread prepared (see write-thread-task.ts), of the object as `read` held it. */
export type PreparedReplacement = { readonly outcome: 'unchanged' } | { readonly outcome: 'write' | 'delete'; readonly stored: Uint8Array };

/**
 * Writes a prepared replacement over the object at the revision it was read at, once the
 * validating admission admits it (with the object read as the old one), and answers 200 with the
 * object as it is then: the object as read when nothing changes, what would be stored for a dry
 * run. Answers 'conflict', writing and answering nothing, when another write came between.
 */
export async function writeReplacement(
  store: GenericStore,
  namespace: string | undefined,
  name: string,
  read: KeyValue,
  replacement: PreparedReplacement,
  admission: WriteAdmission,
  dryRun: boolean,
  response: ServerResponse,
): Promise<'written' | 'conflict'> {
  if (admission.validates) {
    // The object is decoded on the event loop only for a plugin to see; one that changes nothing is the one read.
    const old = withoutResourceVersion(decodeStoredObject(read));
    await admission.validate(replacement.outcome === 'unchanged' ? old : preparedObject(replacement.stored), old);
  }
  let answer: KeyValue = read;
  // A value read with an old encryption key is written again even when nothing changed (kube's stale read).
  if (replacement.outcome !== 'unchanged' || read.stale === true) {
    const [outcome, stored] = replacement.outcome === 'unchanged' ? ['write' as const, read.value] : [replacement.outcome, replacement.stored];
    const next = { ...read, value: stored };
    const revision = await store.writeReplacement(namespace, name, read.modRevision, outcome, stored, dryRun);
    if (revision === undefined) return 'conflict';
    answer = { ...next, modRevision: revision };
  }
  await sendStoredJson(
    response,
    200,
    () => storedObjectJson(answer, '\n'),
    () => store.decode(answer),
  );
  return 'written';
}
