// PATCH .../{resource}/{name}[/{subresource}]: JSON patch, JSON merge patch and, for built-in
// kinds, strategic merge patch, applied to the current object and written with its
// resourceVersion as precondition, retried when another write came between (unless the patch
// itself names a resourceVersion); the patching manager's fields are recorded in managedFields.
// dryRun=All answers what would be stored. Server-side apply is apply-patch.ts's.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { builtinTypeLookup } from './builtin-type-lookup.ts';
import { duplicateFieldPaths, fieldForbidden, fieldInvalid, goJson, goJsonKind, goValue, newBadRequest, newInvalid, newUnclassifiedError, newUnprocessableEntity, newUnsupportedMediaType, parseJson, StatusError } from '@capstan/common';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { dropUnknownFieldsOfPatched, duplicateFieldMessages, goTypeErrorOf } from './field-validation.ts';
import { applyJsonPatch, JsonPatchError } from '../patch/json-patch.ts';
import { applyMergePatch, isPlainObject } from '../patch/merge-patch.ts';
import type { ObjectView } from './object-view.ts';
import type { FieldManager } from '../apply/field-manager.ts';
import { managerOf } from '../apply/field-tracking.ts';
import { applyObject, type ApplyTarget } from './apply-patch.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { mediaTypeOf, readBodyBytes } from './read-body.ts';
import { servesCbor } from './cbor-codec.ts';
import { sendJson } from './send-json.ts';
import { stageBreakFor } from './yield-between-stages.ts';
import { checkProcessableDepth } from '../registry/processable-depth.ts';

export interface PatchTarget {
  readonly view: ObjectView;
  /** The declared type of what is patched (its schema name), when it is built in: strategic merge patch merges by it. */
  readonly typeName: string | undefined;
  /** Records who changed what, where the written kind is declared. */
  readonly fieldManager?: FieldManager;
  /** Where server-side apply is served. */
  readonly apply?: ApplyTarget;
}

type Patcher = (current: JsonObject, patch: unknown) => Promise<unknown> | unknown;

const jsonPatch = 'application/json-patch+json';
const mergePatch = 'application/merge-patch+json';
const strategicMergePatch = 'application/strategic-merge-patch+json';
const applyPatchYaml = 'application/apply-patch+yaml';
const applyPatchCbor = 'application/apply-patch+cbor';

/** How often a patch is re-applied when other writes keep coming between its read and its write. */
const maxAttempts = 5;

export async function patchObject(target: PatchTarget, query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<void> {
  negotiateOutput(request);
  const mediaType = mediaTypeOf(request.headers['content-type']) ?? '';
  if (target.apply !== undefined && (mediaType === applyPatchYaml || (mediaType === applyPatchCbor && servesCbor()))) {
    const options = writeOptionsOf(query, 'PatchOptions');
    const bytes = await readBodyBytes(request);
    return applyObject(target.apply, mediaType === applyPatchYaml ? { yaml: bytes.toString('utf8') } : { cbor: bytes }, query, options, response);
  }
  const patcher = patcherFor(target, mediaType);
  const strategic = mediaType === strategicMergePatch;
  const options = writeOptionsOf(query, 'PatchOptions');
  if (query.has('force')) throw newInvalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldForbidden('force', 'may not be specified for non-apply patch')]);
  const manager = managerOf(query, request);
  const { fieldManager } = target;
  const stageBreak = stageBreakFor(request);
  const track = fieldManager === undefined ? undefined : (next: JsonObject, old: JsonObject) => fieldManager.updateWithBreaks(old, next, manager, stageBreak);
  const patchText = (await readBodyBytes(request)).toString('utf8');
  const patch = parsePatch(patchText);
  // Applying a patch recurses through it: one deeper than we process is refused before.
  checkProcessableDepth(patch, 'patch');
  await stageBreak();
  const patchMessages = options.fieldValidation === 'Ignore' ? [] : duplicateFieldMessages(duplicateFieldPaths(patchText)).map((message) => (mediaType === jsonPatch ? `json patch ${message}` : message));
  for (let attempt = 1; ; attempt++) {
    await stageBreak();
    const current = await target.view.get();
    const patched = await patcher(current, patch);
    await stageBreak();
    if (!isPlainObject(patched)) throw newBadRequest('the patched object is not a JSON object');
    // kube shows a strategic merge patch as Go prints the patch, the others as the patched JSON.
    const typeError = await goTypeErrorOf(patched, target.typeName);
    if (typeError !== undefined) throw newInvalid({ group: '', kind: '' }, '', [fieldInvalid('patch', strategic ? goValue(patch) : goJson(patched), typeError)]);
    const shown = options.fieldValidation !== 'Strict' ? '' : strategic ? goValue(patch) : goJson(patched);
    await dropUnknownFieldsOfPatched(patched, target.typeName, options.fieldValidation, response, shown, patchMessages);
    await stageBreak();
    const currentVersion = metadataOf(current).resourceVersion;
    const named = metadataOf(patched).resourceVersion;
    const pinned = named !== undefined && named !== currentVersion;
    const body: JsonObject = pinned ? patched : { ...patched, metadata: { ...metadataOf(patched), resourceVersion: currentVersion } };
    try {
      const updated = await target.view.update(body, { dryRun: options.dryRun, track, stageBreak });
      await stageBreak();
      sendJson(response, 200, updated);
      return;
    } catch (error) {
      if (error instanceof StatusError && error.code === 409 && !pinned && attempt < maxAttempts) continue;
      throw error;
    }
  }
}

function patcherFor(target: PatchTarget, mediaType: string): Patcher {
  const { typeName } = target;
  switch (mediaType) {
    case jsonPatch:
      return (current, patch) => {
        if (!Array.isArray(patch)) throw newBadRequest(`error decoding patch: json: cannot unmarshal ${goJsonKind(patch)} into Go value of type []handlers.jsonPatchOp`);
        try {
          return applyJsonPatch(current, patch);
        } catch (error) {
          // kube answers a patch that does not apply with a 422 that keeps its reason to itself.
          if (error instanceof JsonPatchError) throw newUnprocessableEntity();
          throw error;
        }
      };
    case mergePatch:
      return applyMergePatch;
    case strategicMergePatch:
      if (typeName !== undefined) return (current, patch) => applyStrategicPatch(current, patch, typeName);
  }
  const accepted = typeName === undefined ? [jsonPatch, mergePatch] : [jsonPatch, mergePatch, strategicMergePatch];
  const applies = target.apply === undefined ? [] : servesCbor() ? [applyPatchYaml, applyPatchCbor] : [applyPatchYaml];
  throw newUnsupportedMediaType([...accepted, ...applies]);
}

let strategicMergePatchModule: Promise<typeof import('../patch/strategic-merge-patch.ts')> | undefined;

async function applyStrategicPatch(current: JsonObject, patch: unknown, typeName: string): Promise<JsonObject> {
  const { applyStrategicMergePatch, StrategicMergePatchError } = await (strategicMergePatchModule ??= import('../patch/strategic-merge-patch.ts'));
  try {
    return applyStrategicMergePatch(current, patch, typeName, await builtinTypeLookup());
  } catch (error) {
    if (!(error instanceof StrategicMergePatchError)) throw error;
    if (error.code === 400) throw newBadRequest(error.message);
    if (error.code === 422) throw newUnprocessableEntity();
    throw newUnclassifiedError(error.message);
  }
}

function parsePatch(text: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    throw newBadRequest(`error decoding patch: ${(error as Error).message}`);
  }
}
