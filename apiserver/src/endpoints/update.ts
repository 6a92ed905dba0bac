// PUT .../{resource}/{name}: replace the object (kubectl replace, edit's write); unknown fields are
// dropped, and warned about or refused as fieldValidation says; dryRun=All writes nothing. For the
// kinds that allow it, a PUT of a missing object creates it (201).

import type { RequestScope } from './request-scope.ts';
import type { ReplaceOptions } from '../registry/generic-store.ts';
import { checkNameMatchesUrl, metadataOf } from '../registry/object-meta.ts';
import { createFromBody, createTracker } from './create.ts';
import { fieldManagerFor, managerOf } from '../apply/field-tracking.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { dropUnknownFieldsOf } from './field-validation.ts';
import { namespaceOf } from './get.ts';
import { mainView } from './object-view.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { bodyMediaTypeOf, decodeBody, readBodyBytes } from './read-body.ts';
import { updateOnThread, updatesOnThread } from './update-on-thread.ts';
import { sendJson } from './send-json.ts';
import { stageBreakFor, type StageBreak } from './yield-between-stages.ts';

export async function updateObject({ store, info, query, request, response, writes, warnings }: RequestScope): Promise<void> {
  negotiateOutput(request);
  const { dryRun, fieldValidation } = writeOptionsOf(query, 'UpdateOptions');
  const mediaType = bodyMediaTypeOf(request);
  const bytes = await readBodyBytes(request);
  if (updatesOnThread(store, mediaType, bytes.length, writes)) {
    await updateOnThread(writes, store, namespaceOf(info), info.name, mediaType, bytes, { dryRun, fieldValidation, manager: managerOf(query, request) }, response);
    return;
  }
  const stageBreak = stageBreakFor(request);
  const body = await decodeBody(mediaType, bytes, store.definition.kind);
  await stageBreak();
  await dropUnknownFieldsOf(body, store.definition, fieldValidation, (message) => warnings.add(message));
  await stageBreak();
  const namespace = namespaceOf(info);
  const manager = managerOf(query, request);
  if (store.definition.behaviour.createOnUpdate && !(await store.exists(namespace, info.name))) {
    checkNameMatchesUrl(body, info.name);
    const { resourceVersion: _ignored, ...metadata } = metadataOf(body);
    const track = await createTracker(store, manager, stageBreak);
    const created = await createFromBody(store, namespace, { ...body, metadata: { ...metadata, name: metadata.name ?? info.name } }, { dryRun, track, stageBreak }, writes);
    await stageBreak();
    return sendJson(response, 201, created);
  }
  const track = await updateTracker(store.definition, '', manager, stageBreak);
  const updated = await mainView(store, namespace, info.name, writes).update(body, { dryRun, track, uidPrecondition: true, stageBreak });
  await stageBreak();
  sendJson(response, 200, updated);
}

/** What records an updating manager's fields in the object to store, for the kinds Capstan declares. */
export async function updateTracker(definition: ResourceDefinition, subresource: string, manager: string, stageBreak?: StageBreak): Promise<ReplaceOptions['track']> {
  const fieldManager = await fieldManagerFor(definition, subresource);
  if (fieldManager === undefined) return undefined;
  return stageBreak === undefined ? (next, old) => fieldManager.update(old, next, manager) : (next, old) => fieldManager.updateWithBreaks(old, next, manager, stageBreak);
}
