// The parameters of the /openapi/v2 operations. Those that read the same everywhere are written
// once under #/parameters/ and referenced, named as kube-openapi names them (the parameter's
// name, a dash and 8 characters of a hash of it); dryRun, fieldValidation, a kind's body and the
// item's name stay inline, as kube-apiserver writes them (kubectl looks for fieldValidation inline).

import { createHash } from 'node:crypto';
import { definitionRefPrefix } from './openapi-v2-schema.ts';

export type Parameter = Readonly<Record<string, unknown>> & { readonly name: string; readonly in: string };

const query = (name: string, type: string, description: string): Parameter => ({ description, in: 'query', name, type, uniqueItems: true });
const body = (schemaName: string, required: boolean): Parameter => ({
  in: 'body',
  name: 'body',
  ...(required ? { required: true } : {}),
  schema: { $ref: `${definitionRefPrefix}${schemaName}` },
});

export const namespaceParameter: Parameter = { description: 'The namespace of the objects.', in: 'path', name: 'namespace', required: true, type: 'string', uniqueItems: true };
export const prettyParameter = query('pretty', 'string', 'When "true", the answer is indented.');

const resourceVersion = query('resourceVersion', 'string', 'The resourceVersion the answer must be at least as recent as (with resourceVersionMatch, exactly).');

/** GET of one object (kube's GetOptions). */
export const getParameters: readonly Parameter[] = [resourceVersion];

export const listParameters: readonly Parameter[] = [
  query('allowWatchBookmarks', 'boolean', 'Asks a watch for BOOKMARK events.'),
  query('continue', 'string', 'The continue token of the previous page of a list.'),
  query('fieldSelector', 'string', 'Selects objects by their fields.'),
  query('labelSelector', 'string', 'Selects objects by their labels.'),
  query('limit', 'integer', 'The largest number of items a page of a list holds.'),
  resourceVersion,
  query('resourceVersionMatch', 'string', 'How resourceVersion applies to a list: NotOlderThan or Exact.'),
  query('sendInitialEvents', 'boolean', 'Starts a watch with the current objects as ADDED events.'),
  query('timeoutSeconds', 'integer', 'How long a list or watch may last.'),
  query('watch', 'boolean', 'Watches the objects instead of listing them.'),
];

const deleteParameters: readonly Parameter[] = [
  body('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions', false),
  query('gracePeriodSeconds', 'integer', 'How long the object may take to terminate before it is deleted.'),
  query('ignoreStoreReadErrorWithClusterBreakingPotential', 'boolean', 'Deletes an object that cannot be read from storage (unsafe).'),
  query('orphanDependents', 'boolean', 'Deprecated: whether dependents are orphaned (use propagationPolicy).'),
  query('propagationPolicy', 'string', 'How garbage collection treats dependents: Orphan, Background or Foreground.'),
];

const fieldManager = query('fieldManager', 'string', 'The name of the actor that makes the change.');
const applyFieldManager = query('fieldManager', 'string', 'The name of the actor that makes the change; required for apply patches.');
const force = query('force', 'boolean', 'Makes an apply patch take over the fields other managers own.');
const patchBody = body('io.k8s.apimachinery.pkg.apis.meta.v1.Patch', true);

const dryRun = query('dryRun', 'string', 'When "All", the request runs every stage but does not persist anything.');
const fieldValidation = query('fieldValidation', 'string', 'What the server does with unknown or duplicate fields: Ignore, Warn or Strict.');

/** POST and PUT of `schemaName`. */
export const writeParameters = (schemaName: string): readonly Parameter[] => [body(schemaName, true), dryRun, fieldManager, fieldValidation];
export const patchParameters: readonly Parameter[] = [patchBody, dryRun, applyFieldManager, fieldValidation, force];
export const deleteItemParameters: readonly Parameter[] = [...deleteParameters, dryRun];
export const deleteCollectionParameters: readonly Parameter[] = [
  ...deleteParameters,
  dryRun,
  ...listParameters.filter((p) => p.name !== 'watch' && p.name !== 'allowWatchBookmarks'),
];

export const nameParameter = (kind: string): Parameter => ({
  description: `The name of the ${kind}.`,
  in: 'path',
  name: 'name',
  required: true,
  type: 'string',
  uniqueItems: true,
});

/** The parameters written once under #/parameters/, by the name their references use. */
export const sharedParameters: ReadonlyMap<Parameter, string> = new Map(
  [namespaceParameter, prettyParameter, ...listParameters, ...deleteParameters, fieldManager, applyFieldManager, force, patchBody].map((p) => [p, sharedName(p)]),
);

function sharedName(parameter: Parameter): string {
  const hash = createHash('sha224').update(JSON.stringify(parameter)).digest().subarray(0, 6).toString('base64url');
  return `${parameter.name}-${hash}`;
}
