// POST .../{resource}: create, answering 201 with the stored object; a namespaced object needs
// its namespace to exist and not be terminating. dryRun=All writes nothing; unknown fields are
// dropped, and warned about or refused as fieldValidation says.

import type { RequestScope } from './request-scope.ts';
import { writeAdmission } from '../admission/request-admission.ts';
import type { CreateOptions, GenericStore } from '../registry/generic-store.ts';
import { fieldManagerFor, managerOf } from '../apply/field-tracking.ts';
import { checkRequestNamespace, metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { ResourceWrites } from './resource-writes.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { dropUnknownFieldsOf } from './field-validation.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { namespaceOf } from './get.ts';
import { bodyMediaTypeOf, decodeBody, readBodyBytes } from './read-body.ts';
import { createOnThread, createsOnThread } from './create-on-thread.ts';
import { sendJson } from './send-json.ts';
import { stageBreakFor, type StageBreak } from './yield-between-stages.ts';

export async function createObject({ store, info, query, request, response, writes, warnings }: RequestScope): Promise<void> {
  negotiateOutput(request);
  const { dryRun, fieldValidation } = writeOptionsOf(query, 'CreateOptions');
  const mediaType = bodyMediaTypeOf(request);
  const bytes = await readBodyBytes(request);
  if (createsOnThread(store, mediaType, bytes.length, writes)) {
    await createOnThread(writes, store, namespaceOf(info), mediaType, bytes, { dryRun: dryRun === true, fieldValidation, manager: managerOf(query, request) }, response);
    return;
  }
  const stageBreak = stageBreakFor(request);
  const body = await decodeBody(mediaType, bytes, store.definition.kind);
  await stageBreak();
  await dropUnknownFieldsOf(body, store.definition, fieldValidation, (message) => warnings.add(message));
  await stageBreak();
  const track = await createTracker(store, managerOf(query, request), stageBreak);
  const created = await createFromBody(store, namespaceOf(info), body, { dryRun, track, stageBreak }, writes);
  await stageBreak();
  sendJson(response, 201, created);
}

/** What records the creating manager's fields in a new object, for the kinds Capstan declares. */
export async function createTracker(store: GenericStore, manager: string, stageBreak?: StageBreak): Promise<CreateOptions['track']> {
  const fieldManager = await fieldManagerFor(store.definition);
  if (fieldManager === undefined) return undefined;
  return stageBreak === undefined ? (object) => fieldManager.update(undefined, object, manager) : (object) => fieldManager.updateWithBreaks(undefined, object, manager, stageBreak);
}

/**
 * A create of a body already read and checked: by POST, by a PUT of a missing object where the
 * kind allows it, or by an apply that finds none. The store runs its stages (write-preparation.ts)
 * with the request's admission and the resource's allocation at their points in kube's order.
 */
export function createFromBody(store: GenericStore, namespace: string | undefined, body: JsonObject, options: CreateOptions, writes: ResourceWrites): Promise<JsonObject> {
  const { definition } = store;
  const { hooks } = writes;
  // As kube's create handler: before admission, so a missing namespace does not hide the 400.
  checkRequestNamespace(definition, namespace, body);
  const admission = writeAdmission(writes.admission, definition, { operation: 'CREATE', namespace, name: metadataOf(body).name ?? '', dryRun: options.dryRun === true });
  return store.create(namespace, body, { ...options, admission, ...(hooks?.beforeCreate === undefined ? {} : { beginCreate: hooks.beforeCreate }) });
}
