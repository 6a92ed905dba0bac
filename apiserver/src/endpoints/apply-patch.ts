// PATCH with application/apply-patch+yaml: server-side apply. The body (YAML or JSON) is the
// manager's whole configuration of the object: it must name the endpoint's kind and version and
// leave managedFields out; fieldManager is required, force optional. It is merged into the live
// object by the field manager, or creates the object when there is none (201).

import type { ServerResponse } from 'node:http';
import { fieldRequired, newBadRequest, newInvalid, newUnclassifiedError, StatusError, errorMessage, isNotFound } from '@capstan/common';
import type { FieldManager } from '../apply/field-manager.ts';
import { checkNameMatchesUrl, metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { queryBool } from '../registry/query-bool.ts';
import type { WriteOptions } from '../registry/write-options.ts';
import { isPlainObject } from '../patch/merge-patch.ts';
import { loadSchemaModule } from '../openapi/builtin-type-lookup.ts';
import type { ObjectView } from './object-view.ts';
import { parseYaml } from './read-body.ts';
import { sendJson } from './send-json.ts';
import { cborCodec } from './cbor-codec.ts';
import { addWarning } from './warning-header.ts';
import { yamlDuplicateKeys } from './yaml-duplicate-keys.ts';
import { asWriteReadError } from '../registry/corrupt-object.ts';

export interface ApplyTarget {
  readonly view: ObjectView;
  readonly name: string;
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Tracks the fields; its declared type is what the configuration is read as. */
  readonly fieldManager: FieldManager;
  /** Creates the object an apply found missing; absent where an apply cannot create (subresources). */
  readonly create?: (object: JsonObject, dryRun: boolean) => Promise<JsonObject>;
}

/** How often an apply is re-made when other writes keep coming between its read and its write. */
export const maxApplyAttempts = 5;

/** The body of an apply: YAML (JSON is YAML too), or CBOR where the server serves it. */
export type ApplyBody = { readonly yaml: string } | { readonly cbor: Buffer };

/** An apply's manager (required) and force, from its query. */
export function applyOptionsOf(query: URLSearchParams): { manager: string; force: boolean } {
  const manager = query.get('fieldManager') ?? '';
  if (manager === '') throw newInvalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldRequired('fieldManager', 'is required for apply patch')]);
  return { manager, force: queryBool(query.get('force')) };
}

export async function applyObject(target: ApplyTarget, body: ApplyBody, query: URLSearchParams, options: WriteOptions, response: ServerResponse): Promise<void> {
  const { manager, force } = applyOptionsOf(query);
  const config = await configurationOf(target, decodeApplyBody(body));
  // kube checks the YAML strictly once the apply has merged, before it writes.
  const checkYaml = () => {
    if ('yaml' in body) checkDuplicateKeys(body.yaml, options.fieldValidation, (message) => addWarning(response, message));
  };
  for (let attempt = 1; ; attempt++) {
    const live = await liveObject(target);
    if (live === undefined && target.create !== undefined) {
      checkNameMatchesUrl(config, target.name);
      const created = target.fieldManager.apply(undefined, { ...config, metadata: { ...metadataOf(config), name: target.name } }, manager, force);
      checkYaml();
      sendJson(response, 201, await target.create(created, options.dryRun));
      return;
    }
    const applied = target.fieldManager.apply(live, config, manager, force);
    if (attempt === 1) checkYaml();
    const body = { ...applied, metadata: { ...metadataOf(applied), resourceVersion: live === undefined ? undefined : metadataOf(live).resourceVersion } };
    // A subresource write keeps the stored metadata: the apply's managedFields are set on what it stores.
    const { managedFields } = metadataOf(applied);
    const track = (next: JsonObject): JsonObject => ({ ...next, metadata: { ...metadataOf(next), managedFields } });
    try {
      sendJson(response, 200, await target.view.update(body, { dryRun: options.dryRun, track }));
      return;
    } catch (error) {
      // Only the store's conflicts reach here (another write came between): read again.
      if (error instanceof StatusError && error.code === 409 && attempt < maxApplyAttempts) continue;
      throw error;
    }
  }
}

async function liveObject(target: ApplyTarget): Promise<JsonObject | undefined> {
  try {
    return await target.view.get();
  } catch (error) {
    if (isNotFound(error) && target.create !== undefined) return undefined;
    throw asWriteReadError(error);
  }
}

export function decodeApplyBody(body: ApplyBody): unknown {
  if ('cbor' in body) {
    try {
      // kube reads an apply patch into unstructured content, and says YAML whatever the patch's media type.
      return cborCodec().decodeCborUnstructured(body.cbor);
    } catch (error) {
      throw newBadRequest(`error decoding YAML: ${errorMessage(error)}`);
    }
  }
  try {
    return parseYaml(body.yaml);
  } catch (error) {
    throw newBadRequest(`error decoding YAML: ${errorMessage(error)}`);
  }
}

/** Keys the YAML repeats: kube's strict YAML decoding refuses them (Strict) or warns of each (Warn). */
export function checkDuplicateKeys(text: string, validation: WriteOptions['fieldValidation'], warn: (message: string) => void): void {
  if (validation === 'Ignore') return;
  const duplicates = yamlDuplicateKeys(text);
  if (duplicates.length === 0) return;
  if (validation === 'Strict') {
    throw newBadRequest(`error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n${duplicates.map((line) => `  ${line}`).join('\n')}`);
  }
  for (const duplicate of duplicates) warn(duplicate);
}

/** The applied configuration, checked as kube checks it before merging. */
export async function configurationOf(target: Pick<ApplyTarget, 'group' | 'version' | 'kind' | 'fieldManager'>, config: unknown): Promise<JsonObject> {
  if (!isPlainObject(config)) throw newBadRequest('error decoding YAML: the applied configuration is not an object');
  const [group, version] = typeof config.apiVersion === 'string' && config.apiVersion.includes('/') ? config.apiVersion.split('/', 2) : ['', String(config.apiVersion ?? '')];
  const kind = typeof config.kind === 'string' ? config.kind : '';
  const gvk = `${group}/${version}, Kind=${kind}`;
  if (group !== target.group || version !== target.version || kind !== target.kind) throw newBadRequest(`invalid object type: ${gvk}`);
  const metadata = isPlainObject(config.metadata) ? config.metadata : {};
  if (metadata.managedFields !== undefined) throw newBadRequest('metadata.managedFields must be nil');
  const { dropUnknownFields } = await loadSchemaModule();
  const { typeName, lookup } = target.fieldManager;
  const unknown = reportedUnknownFields(dropUnknownFields(structuredClone(config), typeName, lookup));
  const owner = `${typeof metadata.namespace === 'string' ? metadata.namespace : ''}/${typeof metadata.name === 'string' ? metadata.name : ''}`;
  const typedError = unknown.length === 0 ? target.fieldManager.configurationError(config) : validationErrorsText(unknown.map((path) => `.${path}: field not declared in schema`));
  if (typedError !== undefined) throw newUnclassifiedError(`failed to create typed patch object (${owner}; ${gvk}): ${typedError}`);
  return config;
}

/**
 * The undeclared fields kube's typed conversion reports, of all there are (in document order):
 * it stops reading an object at its first undeclared field, so the fields after that one in the
 * same object, and anything below them, go unreported. (kube reads a map in Go's random order;
 * document order is one of the orders it may take.)
 */
function reportedUnknownFields(paths: readonly string[]): string[] {
  const reported: string[] = [];
  const stoppedObjects: string[] = [];
  for (const path of paths) {
    if (stoppedObjects.some((object) => object === '' || path.startsWith(`${object}.`) || path.startsWith(`${object}[`))) continue;
    reported.push(path);
    const lastDot = path.lastIndexOf('.');
    stoppedObjects.push(lastDot < 0 ? '' : path.slice(0, lastDot));
  }
  return reported;
}

/** structured-merge-diff's ValidationErrors text: the one error, or each on its own line. */
const validationErrorsText = (errors: readonly string[]): string => (errors.length === 1 ? (errors[0] as string) : ['errors:', ...errors.map((error) => `  ${error}`)].join('\n'));
