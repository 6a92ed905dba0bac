// PATCH .../{resource}/{name}[/{subresource}]: JSON patch, JSON merge patch and, for built-in
// kinds, strategic merge patch, applied to the current object and written with its
// resourceVersion as precondition, retried when another write came between (unless the patch
// itself names a resourceVersion); the patching manager's fields are recorded in managedFields.
// dryRun=All answers what would be stored. Server-side apply is apply-patch.ts's.

import type { RequestScope } from './request-scope.ts';
import { duplicateFieldPaths, fieldForbidden, newInvalid, newUnsupportedMediaType, StatusError } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { duplicateFieldMessages } from './field-validation.ts';
import { jsonPatch, mergePatch, parsePatch, patchedBody, patcherOf, strategicMergePatch, type PatchChecks, type Patcher } from './patch-appliers.ts';
import { patchOnThread, storedForThreadPatch, type PatchedObject } from './patch-on-thread.ts';
import type { ObjectView } from './object-view.ts';
import type { FieldManager } from '../apply/field-manager.ts';
import { managerOf } from '../apply/field-tracking.ts';
import { applyObject, applyOptionsOf, type ApplyTarget } from './apply-patch.ts';
import { applyOnThreadIfLarge } from './apply-on-thread.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { mediaTypeOf, readBodyBytes } from './read-body.ts';
import { servesCbor } from './cbor-codec.ts';
import { sendJson } from './send-json.ts';
import { stageBreakFor } from './yield-between-stages.ts';
import { checkProcessableDepth } from '../registry/processable-depth.ts';
import type { CustomObjectSchema } from '../customresources/custom-object-schema.ts';
import { asWriteReadError } from '../registry/corrupt-object.ts';

export interface PatchTarget {
  readonly view: ObjectView;
  /** The declared type of what is patched (its schema name), when it is built in: strategic merge patch merges by it. */
  readonly typeName: string | undefined;
  /** The schema of a custom resource (and its status), which prunes the patched object. */
  readonly schema?: CustomObjectSchema;
  /** Records who changed what, where the written kind is declared. */
  readonly fieldManager?: FieldManager;
  /** Where server-side apply is served. */
  readonly apply?: ApplyTarget;
  /** The object itself (not a subresource): patched on a work thread when it is large. */
  readonly object?: PatchedObject;
}

const applyPatchYaml = 'application/apply-patch+yaml';
const applyPatchCbor = 'application/apply-patch+cbor';

/** How often a patch is re-applied when other writes keep coming between its read and its write. */
const maxAttempts = 5;

export async function patchObject(target: PatchTarget, { query, request, response, warnings }: Pick<RequestScope, 'query' | 'request' | 'response' | 'warnings'>): Promise<void> {
  negotiateOutput(request);
  const mediaType = mediaTypeOf(request.headers['content-type']) ?? '';
  if (target.apply !== undefined && (mediaType === applyPatchYaml || (mediaType === applyPatchCbor && servesCbor()))) {
    const options = writeOptionsOf(query, 'PatchOptions');
    const bytes = await readBodyBytes(request);
    if (mediaType === applyPatchYaml && target.object !== undefined && target.typeName !== undefined) {
      const { manager, force } = applyOptionsOf(query);
      if (await applyOnThreadIfLarge(target.object, { yaml: bytes, typeName: target.typeName, manager, force }, options, response)) return;
    }
    return applyObject(target.apply, mediaType === applyPatchYaml ? { yaml: bytes.toString('utf8') } : { cbor: bytes }, query, options, response);
  }
  const patcher = patcherFor(target, mediaType);
  const options = writeOptionsOf(query, 'PatchOptions');
  if (query.has('force')) throw newInvalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldForbidden('force', 'may not be specified for non-apply patch')]);
  const manager = managerOf(query, request);
  const { fieldManager } = target;
  const stageBreak = stageBreakFor(request);
  const track = fieldManager === undefined ? undefined : (next: JsonObject, old: JsonObject) => fieldManager.updateWithBreaks(old, next, manager, stageBreak);
  const patchBytes = await readBodyBytes(request);
  const patchText = patchBytes.toString('utf8');
  const patch = parsePatch(patchText);
  // Applying a patch recurses through it: one deeper than we process is refused before.
  checkProcessableDepth(patch, 'patch');
  await stageBreak();
  const patchMessages =
    options.fieldValidation === 'Ignore'
      ? []
      : duplicateFieldMessages(duplicateFieldPaths(patchText)).map((message) => (mediaType === jsonPatch ? `json patch ${message}` : message));
  const large = target.object === undefined ? undefined : await storedForThreadPatch(target.object, patchBytes.length);
  if (target.object !== undefined && large !== undefined) {
    const threadPatch = { mediaType, bytes: patchBytes, typeName: target.typeName, patchMessages, maxAttempts };
    return patchOnThread(target.object, large, threadPatch, { dryRun: options.dryRun, fieldValidation: options.fieldValidation, manager }, response);
  }
  const checks: PatchChecks = {
    typeName: target.typeName,
    schema: target.schema,
    mediaType,
    fieldValidation: options.fieldValidation,
    patchMessages,
    warn: (message) => warnings.add(message),
  };
  for (let attempt = 1; ; attempt++) {
    await stageBreak();
    const current = await target.view.get().catch((error: unknown) => Promise.reject(asWriteReadError(error)));
    const { body, pinned } = await patchedBody(patcher, current, patch, checks);
    await stageBreak();
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
  const patcher = patcherOf(mediaType, typeName);
  if (patcher !== undefined) return patcher;
  const accepted = typeName === undefined ? [jsonPatch, mergePatch] : [jsonPatch, mergePatch, strategicMergePatch];
  const applies = target.apply === undefined ? [] : servesCbor() ? [applyPatchYaml, applyPatchCbor] : [applyPatchYaml];
  throw newUnsupportedMediaType([...accepted, ...applies]);
}
