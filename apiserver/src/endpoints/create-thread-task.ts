// A large create's work on a work thread (see create-on-thread.ts): the body decoded, its unknown
// and repeated fields handled as fieldValidation says, its name generated, and the object to
// store prepared, tracked and validated, then encoded as stored bytes. The event loop only reads
// the body, checks the namespace and writes the bytes.

import { StatusError, type FailureStatus } from '@capstan/common';
import { fieldManagerFor } from '../apply/field-tracking.ts';
import { builtinResources } from '../registry/builtin-resources.ts';
import { kindWritesOf, preparedForCreate, type KindWrites } from '../registry/create-preparation.ts';
import { metadataOf, withGeneratedName, type JsonObject } from '../registry/object-meta.ts';
import { encodeStoredObject } from '../registry/stored-object.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import { dropUnknownFieldsOf } from './field-validation.ts';
import { decodeBody } from './read-body.ts';

export interface CreateTask {
  /** The resource, one of the built-in ones (builtinResources). */
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace: string | undefined;
  /** A media type every thread decodes (decodesAnywhere). */
  readonly mediaType: string;
  readonly body: Uint8Array;
  readonly fieldValidation: FieldValidation;
  readonly manager: string;
  /** The create's time (ms since the epoch), as the event loop took it. */
  readonly now: number;
}

/** The name (or generateName) a body asked for, which the namespace's admission names in its answer. */
export interface RequestedName {
  readonly name?: unknown;
  readonly generateName?: unknown;
}

export type CreateTaskResult =
  | { readonly ok: true; readonly warnings: readonly string[]; readonly requested: RequestedName; readonly name: string; readonly stored: Uint8Array }
  | {
      readonly ok: false;
      readonly warnings: readonly string[];
      /** decode: the body could not be read as the kind (kube answers before admission); prepare: the object was refused. */
      readonly stage: 'decode' | 'prepare';
      readonly requested?: RequestedName;
      /** kube's answer, or, for an error that is not one, its message (a 500). */
      readonly status?: FailureStatus;
      readonly message?: string;
    };

const kinds = new Map<string, KindWrites>();

function kindWrites(task: CreateTask): KindWrites {
  const key = `${task.group}/${task.version}/${task.resource}`;
  let kind = kinds.get(key);
  if (kind === undefined) {
    const definition = builtinResources.find((d) => d.group === task.group && d.version === task.version && d.resource === task.resource);
    if (definition === undefined) throw new Error(`${key} is not a built-in resource`);
    kinds.set(key, (kind = kindWritesOf(definition)));
  }
  return kind;
}

export async function prepareCreate(task: CreateTask): Promise<CreateTaskResult> {
  const warnings: string[] = [];
  const kind = kindWrites(task);
  let body: JsonObject;
  try {
    body = await decodeBody(task.mediaType, Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength), kind.definition.kind);
    await dropUnknownFieldsOf(body, kind.definition, task.fieldValidation, (message) => warnings.push(message));
  } catch (error) {
    return { ok: false, warnings, stage: 'decode', ...failureOf(error) };
  }
  const named = withGeneratedName(body);
  const { name, generateName } = metadataOf(named);
  const requested = { name, generateName };
  try {
    const fieldManager = await fieldManagerFor(kind.definition);
    const track = fieldManager === undefined ? undefined : (object: JsonObject) => fieldManager.update(undefined, object, task.manager);
    const stored = await preparedForCreate(kind, task.namespace, named, { track }, new Date(task.now));
    // Copied to the event loop with the answer (a memory copy, a millisecond for megabytes).
    return { ok: true, warnings, requested, name: metadataOf(stored).name as string, stored: encodeStoredObject(stored) };
  } catch (error) {
    return { ok: false, warnings, stage: 'prepare', requested, ...failureOf(error) };
  }
}

const failureOf = (error: unknown): { status: FailureStatus } | { message: string } =>
  error instanceof StatusError ? { status: error.status } : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
