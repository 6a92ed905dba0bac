// PATCH .../{resource}/{name}[/{subresource}]: JSON patch and JSON merge patch, applied to the
// current object and written with its resourceVersion as precondition, retried when another
// write came between (unless the patch itself names a resourceVersion). Strategic merge patch
// and server-side apply arrive with the writes issue; until then they answer 415.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newBadRequest, newUnprocessableEntity, newUnsupportedMediaType, parseJson, StatusError } from '@capstan/common';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { applyJsonPatch, JsonPatchError } from '../patch/json-patch.ts';
import { applyMergePatch, isPlainObject } from '../patch/merge-patch.ts';
import type { ObjectView } from './object-view.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { mediaTypeOf, readBodyBytes } from './read-body.ts';
import { sendJson } from './send-json.ts';

const patchers: Readonly<Record<string, (target: unknown, patch: unknown) => unknown>> = {
  'application/json-patch+json': applyJsonPatch,
  'application/merge-patch+json': applyMergePatch,
};

/** How often a patch is re-applied when other writes keep coming between its read and its write. */
const maxAttempts = 5;

/** `checkFields` drops the unknown fields of the patched object (and warns or refuses, by fieldValidation). */
export async function patchObject(view: ObjectView, request: IncomingMessage, response: ServerResponse, checkFields?: (patched: JsonObject) => Promise<void>): Promise<void> {
  negotiateOutput(request);
  const apply = patchers[mediaTypeOf(request.headers['content-type']) ?? ''];
  if (apply === undefined) throw newUnsupportedMediaType(Object.keys(patchers));
  const patch = parsePatch(await readBodyBytes(request));
  for (let attempt = 1; ; attempt++) {
    const current = await view.get();
    let patched: unknown;
    try {
      patched = apply(current, patch);
    } catch (error) {
      if (error instanceof JsonPatchError) throw newUnprocessableEntity(error.message);
      throw error;
    }
    if (!isPlainObject(patched)) throw newBadRequest('the patched object is not a JSON object');
    await checkFields?.(patched);
    const currentVersion = metadataOf(current).resourceVersion;
    const named = metadataOf(patched).resourceVersion;
    const pinned = named !== undefined && named !== currentVersion;
    const body: JsonObject = pinned ? patched : { ...patched, metadata: { ...metadataOf(patched), resourceVersion: currentVersion } };
    try {
      sendJson(response, 200, await view.update(body));
      return;
    } catch (error) {
      if (error instanceof StatusError && error.code === 409 && !pinned && attempt < maxAttempts) continue;
      throw error;
    }
  }
}

function parsePatch(bytes: Buffer): unknown {
  try {
    return parseJson(bytes.toString('utf8'));
  } catch (error) {
    throw newBadRequest(`error decoding patch: ${(error as Error).message}`);
  }
}
