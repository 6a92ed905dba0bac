// A large write's work on a work thread (see create-on-thread.ts, update-on-thread.ts,
// patch-on-thread.ts): the body decoded (or the patch or apply configuration applied), its unknown and repeated fields
// handled as fieldValidation says, and the object to store prepared (from the stored one, for a
// PUT or a PATCH), tracked and validated, then encoded as stored bytes. The event loop only reads the body and the stored object, runs the admission
// (the namespace's, and any validating plugin's) and writes the bytes.

import { StatusError, type FailureStatus } from '@capstan/common';
import { fieldManagerFor } from '../apply/field-tracking.ts';
import { declaredResources } from '../resources/declared-resources.ts';
import { corruptObjectOf } from '../registry/corrupt-object.ts';
import { checkNameMatchesUrl, checkRequestNamespace, metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { checkProcessableDepth } from '../registry/processable-depth.ts';
import { decodeStoredObject, encodeStoredObject, withoutResourceVersion } from '../registry/stored-object.ts';
import { updatePrecondition } from '../registry/update-precondition.ts';
import { defaultedObject, kindWritesOf, modifiedConflict, preparedForCreate, replacementOf, updateDerivation, type KindWrites } from '../registry/write-preparation.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import { dropUnknownFieldsOf } from './field-validation.ts';
import { parsePatch, patchedBody, patcherOf } from './patch-appliers.ts';
import { checkDuplicateKeys, configurationOf, decodeApplyBody } from './apply-patch.ts';
import type { KeyValue } from '../storage/storage.ts';
import { decodeBody } from './read-body.ts';

/** What every write on a thread is given. */
interface WriteTask {
  /** The resource, one of those Capstan declares (declaredResources). */
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace: string | undefined;
  /** A media type every thread decodes (decodesAnywhere). */
  readonly mediaType: string;
  readonly body: Uint8Array;
  readonly fieldValidation: FieldValidation;
  readonly manager: string;
}

export interface CreateTask extends WriteTask {
  /** The create's time (ms since the epoch), as the event loop took it. */
  readonly now: number;
}

export interface UpdateTask extends WriteTask {
  /** The name on the URL. */
  readonly name: string;
  /** The stored object, undefined when it could not be read (the event loop knows why). */
  readonly current: { readonly value: Uint8Array; readonly modRevision: number } | undefined;
}

/** What a failed write on a thread answers. */
interface WriteFailure {
  readonly ok: false;
  readonly warnings: readonly string[];
  /**
   * decode: the body could not be read as the kind (kube answers before anything else); missing:
   * the stored object could not be read or does not decode (a PUT's 404, the read's error, the
   * 500 of a corrupt object); prepare: the object was refused.
   */
  readonly stage: 'decode' | 'missing' | 'prepare';
  /** kube's answer, or, for an error that is not one, its message (a 500). */
  readonly status?: FailureStatus;
  readonly message?: string;
}

/** Nothing to write; or the bytes to store (write), or the object as it goes (delete); hasPrecondition: the body named a resourceVersion. */
type ReplacementResult = { readonly outcome: 'unchanged' } | { readonly outcome: 'write' | 'delete'; readonly stored: Uint8Array; readonly hasPrecondition: boolean };

export type UpdateTaskResult = ({ readonly ok: true; readonly warnings: readonly string[] } & ReplacementResult) | WriteFailure;

export interface PatchTask extends UpdateTask {
  /** The declared type of the kind, for strategic merge patches. */
  readonly typeName: string | undefined;
  /** The patch's own complaints (its repeated fields), found where it was parsed first. */
  readonly patchMessages: readonly string[];
}

/** pinned: the patch named a resourceVersion (no retry when another write comes between). */
export type PatchTaskResult = UpdateTaskResult & { readonly pinned: boolean };

export interface ApplyTask extends UpdateTask {
  /** The declared type of the kind. */
  readonly typeName: string;
  readonly force: boolean;
  /** The stored object was not there (a 404): the apply creates it. */
  readonly creates: boolean;
  /** The first attempt checks the YAML's repeated keys (later ones already did). */
  readonly checkYaml: boolean;
  /** The create's time (ms since the epoch), as the event loop took it. */
  readonly now: number;
}

export type ApplyTaskResult =
  | ({ readonly ok: true; readonly warnings: readonly string[] } & (
      | ReplacementResult
      | { readonly outcome: 'create'; readonly requested: RequestedName; readonly name: string; readonly stored: Uint8Array }
    ))
  | (WriteFailure & { readonly requested?: RequestedName });

/** The name (or generateName) a body asked for, which the namespace's admission names in its answer. */
export interface RequestedName {
  readonly name?: unknown;
  readonly generateName?: unknown;
}

export type CreateTaskResult =
  | { readonly ok: true; readonly warnings: readonly string[]; readonly requested: RequestedName; readonly name: string; readonly stored: Uint8Array }
  | (WriteFailure & { readonly requested?: RequestedName });

const kinds = new Map<string, KindWrites>();

function kindWrites(task: WriteTask): KindWrites {
  const key = `${task.group}/${task.version}/${task.resource}`;
  let kind = kinds.get(key);
  if (kind === undefined) {
    const definition = declaredResources().find((d) => d.group === task.group && d.version === task.version && d.resource === task.resource);
    if (definition === undefined) throw new Error(`${key} is not a resource Capstan declares`);
    kinds.set(key, (kind = kindWritesOf(definition)));
  }
  return kind;
}

/** The task's body as a Buffer over the bytes it came with (no copy). */
const bodyOf = (task: WriteTask): Buffer => Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);

/** The body as the kind, its unknown fields dropped (warnings for those fieldValidation warns of). */
async function decodedBody(task: WriteTask, kind: KindWrites, warnings: string[]): Promise<JsonObject> {
  const body = await decodeBody(task.mediaType, bodyOf(task), kind.definition.kind);
  await dropUnknownFieldsOf(body, kind.definition, task.fieldValidation, (message) => warnings.push(message));
  return body;
}

export async function prepareCreate(task: CreateTask): Promise<CreateTaskResult> {
  const warnings: string[] = [];
  const kind = kindWrites(task);
  let body: JsonObject;
  try {
    body = await decodedBody(task, kind, warnings);
    // As kube's create handler: before admission, so a missing namespace does not hide the 400.
    checkRequestNamespace(kind.definition, task.namespace, body);
  } catch (error) {
    return { ok: false, warnings, stage: 'decode', ...failureOf(error) };
  }
  // The name asked for: a generateName is turned into a name after the mutating admission, which names the object by it.
  const { name, generateName } = metadataOf(body);
  const requested = { name, generateName };
  try {
    const fieldManager = await fieldManagerFor(kind.definition);
    const track = fieldManager === undefined ? undefined : (object: JsonObject) => fieldManager.update(undefined, object, task.manager);
    const stored = await preparedForCreate(kind, task.namespace, body, { track }, new Date(task.now));
    // Copied to the event loop with the answer (a memory copy, a millisecond for megabytes).
    return { ok: true, warnings, requested, name: metadataOf(stored).name as string, stored: encodeStoredObject(stored) };
  } catch (error) {
    return { ok: false, warnings, stage: 'prepare', requested, ...failureOf(error) };
  }
}

/** A PUT of a stored object, as GenericStore.update makes it (see its #replace). */
export async function prepareUpdate(task: UpdateTask): Promise<UpdateTaskResult> {
  const warnings: string[] = [];
  const kind = kindWrites(task);
  let body: JsonObject;
  try {
    body = checkedReplacementBody(kind, task.name, await decodedBody(task, kind, warnings));
  } catch (error) {
    return { ok: false, warnings, stage: 'decode', ...failureOf(error) };
  }
  const stored = decodableStored(task);
  if (stored === undefined) return { ok: false, warnings, stage: 'missing' };
  try {
    return { ok: true, warnings, ...(await replacementFrom(kind, task, body, stored, true)) };
  } catch (error) {
    return { ok: false, warnings, stage: 'prepare', ...failureOf(error) };
  }
}

/**
 * A PATCH of a stored object (JSON, merge or strategic merge patch), as patch.ts makes it: the
 * patch applied to the object, the result checked as a body, then replaced as a PUT of it would.
 */
export async function preparePatch(task: PatchTask): Promise<PatchTaskResult> {
  const warnings: string[] = [];
  const kind = kindWrites(task);
  const stored = decodableStored(task);
  if (stored === undefined) return { ok: false, warnings, stage: 'missing', pinned: false };
  let pinned = false;
  try {
    const patcher = patcherOf(task.mediaType, task.typeName);
    if (patcher === undefined) throw new Error(`no patcher for ${task.mediaType}`);
    const patch = parsePatch(bodyOf(task).toString('utf8'));
    const checks = {
      typeName: task.typeName,
      schema: kind.definition.behaviour.schema,
      mediaType: task.mediaType,
      fieldValidation: task.fieldValidation,
      patchMessages: task.patchMessages,
      warn: (message: string) => void warnings.push(message),
    };
    const patched = await patchedBody(patcher, decodeStoredObject(stored), patch, checks);
    pinned = patched.pinned;
    const body = checkedReplacementBody(kind, task.name, patched.body);
    return { ok: true, warnings, pinned, ...(await replacementFrom(kind, task, body, stored, false)) };
  } catch (error) {
    return { ok: false, warnings, stage: 'prepare', pinned, ...failureOf(error) };
  }
}

/**
 * A server-side apply (its YAML body) of the stored object, as apply-patch.ts makes it: the
 * configuration decoded and checked, merged into the live object by the field manager (or made
 * the object an apply creates), then prepared as the write of the merged object would be.
 */
export async function prepareApply(task: ApplyTask): Promise<ApplyTaskResult> {
  const warnings: string[] = [];
  const kind = kindWrites(task);
  const { definition } = kind;
  const fieldManager = await fieldManagerFor(definition);
  const text = bodyOf(task).toString('utf8');
  let config: JsonObject;
  try {
    if (fieldManager === undefined) throw new Error(`${definition.kind} has no field manager`);
    config = await configurationOf({ ...definition, fieldManager }, decodeApplyBody({ yaml: text }));
  } catch (error) {
    return { ok: false, warnings, stage: 'decode', ...failureOf(error) };
  }
  const checkYaml = (): void => {
    if (task.checkYaml) checkDuplicateKeys(text, task.fieldValidation, (message) => void warnings.push(message));
  };
  if (task.creates) {
    // As createFromBody: the apply's refusals come before the mutating admission (the namespace's), the object's after it.
    let named: JsonObject;
    try {
      checkNameMatchesUrl(config, task.name);
      named = fieldManager.apply(undefined, { ...config, metadata: { ...metadataOf(config), name: task.name } }, task.manager, task.force);
      checkYaml();
      checkRequestNamespace(kind.definition, task.namespace, named);
    } catch (error) {
      return { ok: false, warnings, stage: 'decode', ...failureOf(error) };
    }
    const { name, generateName } = metadataOf(named);
    const requested = { name, generateName };
    try {
      const stored = await preparedForCreate(kind, task.namespace, named, {}, new Date(task.now));
      return { ok: true, warnings, outcome: 'create', requested, name: metadataOf(stored).name as string, stored: encodeStoredObject(stored) };
    } catch (error) {
      return { ok: false, warnings, stage: 'prepare', requested, ...failureOf(error) };
    }
  }
  const stored = decodableStored(task);
  if (stored === undefined) return { ok: false, warnings, stage: 'missing' };
  try {
    const live = decodeStoredObject(stored);
    const applied = fieldManager.apply(live, config, task.manager, task.force);
    checkYaml();
    const body = { ...applied, metadata: { ...metadataOf(applied), resourceVersion: metadataOf(live).resourceVersion } };
    const { managedFields } = metadataOf(applied);
    const track = (next: JsonObject): JsonObject => ({ ...next, metadata: { ...metadataOf(next), managedFields } });
    return { ok: true, warnings, ...(await replacementFrom(kind, task, checkedReplacementBody(kind, task.name, body), stored, false, track)) };
  } catch (error) {
    return { ok: false, warnings, stage: 'prepare', ...failureOf(error) };
  }
}

/** A replacement's body defaulted (as kube defaults what it decodes: a field left to its default is no change), naming the object of the URL, not nested too deeply. */
function checkedReplacementBody(kind: KindWrites, name: string, body: JsonObject): JsonObject {
  const defaulted = defaultedObject(kind, body);
  checkNameMatchesUrl(defaulted, name);
  checkProcessableDepth(defaulted);
  return defaulted;
}

/** The stored object as a key-value, undefined when it could not be read or does not decode (the event loop answers kube's error for it). */
function decodableStored(task: UpdateTask): KeyValue | undefined {
  const stored = task.current === undefined ? undefined : { key: '', createRevision: 0, ...task.current };
  return stored === undefined || corruptObjectOf(stored) !== undefined ? undefined : stored;
}

type Track = (next: JsonObject, old: JsonObject) => JsonObject;

/**
 * What replacing the stored object with `body` comes to, as GenericStore's update makes it (see
 * its #replace); throws its refusals. `tracked` records managedFields (by default, as an update by
 * the task's manager).
 */
async function replacementFrom(kind: KindWrites, task: UpdateTask, body: JsonObject, stored: KeyValue, uidPrecondition: boolean, tracked?: Track): Promise<ReplacementResult> {
  const precondition = updatePrecondition(metadataOf(body).resourceVersion);
  if (precondition instanceof StatusError) throw precondition;
  if (precondition !== undefined && precondition !== BigInt(stored.modRevision))
    throw modifiedConflict({ group: kind.definition.group, resource: kind.definition.resource }, task.name);
  const old = withoutResourceVersion(decodeStoredObject(stored));
  const fieldManager = await fieldManagerFor(kind.definition);
  const track = tracked ?? (fieldManager === undefined ? undefined : (next: JsonObject, previous: JsonObject) => fieldManager.update(previous, next, task.manager));
  const { next, outcome } = await replacementOf(kind, old, updateDerivation(kind, task.name, body, uidPrecondition), { track });
  if (outcome === 'unchanged') return { outcome };
  return { outcome, stored: encodeStoredObject(next), hasPrecondition: precondition !== undefined };
}

const failureOf = (error: unknown): { status: FailureStatus } | { message: string } =>
  error instanceof StatusError ? { status: error.status } : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
