// How each patch media type applies to an object: JSON patch, JSON merge patch and, for built-in
// kinds, strategic merge patch by the kind's declared type; then the patched object checked as a
// body of the kind. Pure functions of the object and the patch, shared by the event loop
// (patch.ts) and the work threads (write-thread-task.ts).

import { fieldInvalid, goJson, goJsonKind, goValue, newBadRequest, newInvalid, newUnclassifiedError, newUnprocessableEntity, parseJson, errorMessage } from '@capstan/common';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import { applyJsonPatch, JsonPatchError } from '../patch/json-patch.ts';
import { applyMergePatch, isPlainObject } from '../patch/merge-patch.ts';
import { dropUnknownFieldsOfPatched, goTypeErrorOf } from './field-validation.ts';
import type { CustomObjectSchema } from '../customresources/custom-object-schema.ts';
import { builtinTypeLookup } from '../openapi/builtin-type-lookup.ts';

export type Patcher = (current: JsonObject, patch: unknown) => Promise<unknown> | unknown;

export const jsonPatch = 'application/json-patch+json';
export const mergePatch = 'application/merge-patch+json';
export const strategicMergePatch = 'application/strategic-merge-patch+json';

/** The patcher of a media type, for an object of the declared type `typeName` (undefined: not built in); undefined when none applies. */
export function patcherOf(mediaType: string, typeName: string | undefined): Patcher | undefined {
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
      return typeName === undefined ? undefined : (current, patch) => applyStrategicPatch(current, patch, typeName);
    default:
      return undefined;
  }
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

export function parsePatch(text: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    throw newBadRequest(`error decoding patch: ${errorMessage(error)}`);
  }
}

export interface PatchChecks {
  /** The declared type of what is patched, when it is built in. */
  readonly typeName: string | undefined;
  /** The schema of what is patched, when it is a custom resource. */
  readonly schema: CustomObjectSchema | undefined;
  readonly mediaType: string;
  readonly fieldValidation: FieldValidation;
  /** The patch's own complaints (its repeated fields). */
  readonly patchMessages: readonly string[];
  readonly warn: (message: string) => void;
}

/**
 * The body a patch of `current` (with its resourceVersion) writes: the patched object, refused
 * with kube's 422 for a value of the wrong type, its unknown fields dropped (warned about or
 * refused, as fieldValidation says), and the current resourceVersion as its precondition unless
 * the patch names another (pinned: no retry when another write comes between).
 */
export async function patchedBody(patcher: Patcher, current: JsonObject, patch: unknown, checks: PatchChecks): Promise<{ body: JsonObject; pinned: boolean }> {
  const patched = await patcher(current, patch);
  if (!isPlainObject(patched)) throw newBadRequest('the patched object is not a JSON object');
  // kube shows a strategic merge patch as Go prints the patch, the others as the patched JSON.
  const strategic = checks.mediaType === strategicMergePatch;
  const typeError = await goTypeErrorOf(patched, checks.typeName);
  if (typeError !== undefined) throw newInvalid({ group: '', kind: '' }, '', [fieldInvalid('patch', strategic ? goValue(patch) : goJson(patched), typeError)]);
  const shown = checks.fieldValidation !== 'Strict' ? '' : strategic ? goValue(patch) : goJson(patched);
  await dropUnknownFieldsOfPatched(patched, checks.typeName, checks.schema, checks.fieldValidation, checks.warn, shown, checks.patchMessages);
  const currentVersion = metadataOf(current).resourceVersion;
  const named = metadataOf(patched).resourceVersion;
  const pinned = named !== undefined && named !== currentVersion;
  return { body: pinned ? patched : { ...patched, metadata: { ...metadataOf(patched), resourceVersion: currentVersion } }, pinned };
}
