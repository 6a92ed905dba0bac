// A large create (a body of largeWriteBytes or more) of a built-in kind whose objects hold nothing
// outside the store: decoded, prepared and encoded on a work thread (write-thread-task.ts). A
// ConfigMap with 100,000 labels takes over a second of such work, which on the event loop would
// hold every other client for that long. The answers and their order stay kube's: decoding errors
// first, then the namespace's admission, then the object's own refusals, then the write.

import type { ServerResponse } from 'node:http';
import { parseJson } from '@capstan/common';
import { admitCreateInNamespace } from '../admission/namespace-lifecycle.ts';
import { builtinResources } from '../registry/builtin-resources.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { Registry } from '../registry/registry.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import { storedObjectJson } from '../registry/stored-object.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import type { CreateTask, CreateTaskResult } from './write-thread-task.ts';
import { decodesAnywhere } from './read-body.ts';
import { sendStoredJson } from './send-json.ts';
import { addWarning } from './warning-header.ts';
import { failureError, workThreads } from './work-threads.ts';
import { largeWriteBytes } from './yield-between-stages.ts';

/** Whether a create goes to a work thread: a large body any thread decodes, of a built-in kind with no hooks, stored as served. */
export function createsOnThread(store: GenericStore, mediaType: string, bodyBytes: number, hooks: ResourceHooks | undefined): boolean {
  return bodyBytes >= largeWriteBytes && hooks?.beforeCreate === undefined && store.servesStoredBytes && decodesAnywhere(mediaType) && builtinResources.includes(store.definition);
}

export interface ThreadWriteOptions {
  readonly dryRun: boolean;
  readonly fieldValidation: FieldValidation;
  readonly manager: string;
}

/** Creates the object a body holds (see createsOnThread), and answers 201 with it. */
export async function createOnThread(
  registry: Registry,
  store: GenericStore,
  namespace: string | undefined,
  mediaType: string,
  body: Buffer,
  options: ThreadWriteOptions,
  response: ServerResponse,
): Promise<void> {
  const { definition } = store;
  const task: CreateTask = { group: definition.group, version: definition.version, resource: definition.resource, namespace, mediaType, body, ...options, now: Date.now() };
  const result = (await workThreads().run(task, { name: 'prepareCreate' })) as CreateTaskResult;
  for (const warning of result.warnings) addWarning(response, warning);
  if (!result.ok && result.stage === 'decode') throw failureError(result, 'a create');
  if (definition.namespaced && namespace !== undefined) await admitCreateInNamespace(registry.namespaces, definition, namespace, { metadata: { ...result.requested } });
  if (!result.ok) throw failureError(result, 'a create');
  await writeCreated(store, namespace, result.name, result.stored, options.dryRun, response);
}

/** Writes a new object's stored bytes a thread prepared, and answers 201 with it (for a dry run, checks its name is free and answers it without a resourceVersion). */
export async function writeCreated(store: GenericStore, namespace: string | undefined, name: string, bytes: Uint8Array, dryRun: boolean, response: ServerResponse): Promise<void> {
  const stored = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dryRun) {
    await store.checkNameFree(namespace, name);
    await sendStoredJson(response, 201, () => Buffer.concat([stored, Buffer.from('\n')]), () => parseJson(stored.toString('utf8')) as JsonObject);
    return;
  }
  const kv = await store.createStored(namespace, name, stored);
  await sendStoredJson(response, 201, () => storedObjectJson(kv, '\n'), () => store.decode(kv));
}
