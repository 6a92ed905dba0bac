// The paths of the /openapi/v2 document, as kube-apiserver lays them out for each resource: the
// collection, the item, the list across namespaces, the deprecated /watch/ forms and the
// subresources, each operation with its x-kubernetes-action, x-kubernetes-group-version-kind,
// operationId, tag, media types and responses. Parameters that every operation of a path takes
// sit on the path; shared ones are references into #/parameters/.

import type { ResourceDefinition, SubresourceDefinition, Verb } from '../resources/resource-definition.ts';
import {
  deleteCollectionParameters,
  deleteItemParameters,
  listParameters,
  nameParameter,
  namespaceParameter,
  patchParameters,
  prettyParameter,
  sharedParameters,
  writeParameters,
  type Parameter,
} from './openapi-v2-parameters.ts';
import { definitionRefPrefix } from './openapi-v2-schema.ts';
import { schemaName } from './schema-name.ts';

type Json = Record<string, unknown>;
export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

export interface OpenApiV2Operation {
  readonly method: Method;
  readonly action: string;
  readonly operationId: string;
  readonly description: string;
  readonly gvk: { readonly group: string; readonly version: string; readonly kind: string };
  /** The resource's group-version, as kube tags it: "apps_v1", "rbacAuthorization_v1". */
  readonly tag: string;
  readonly parameters: readonly Parameter[];
  readonly responses: Json;
  readonly consumes?: readonly string[];
  readonly produces?: readonly string[];
}

const objectMedia = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/cbor'];
const streamMedia = [...objectMedia, 'application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch', 'application/cbor-seq'];
const patchMedia = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
  'application/apply-patch+cbor',
];
const statusName = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
const watchEventName = 'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent';
/** Subresources that connect to a stream (kube's "connect" action), answered with raw bytes. */
const connectSubresources = new Set(['attach', 'exec', 'portforward', 'proxy']);
const methodOfVerb: Readonly<Partial<Record<Verb, Method>>> = { get: 'get', update: 'put', patch: 'patch', create: 'post', delete: 'delete' };

export const refTo = (name: string): Json => ({ $ref: `${definitionRefPrefix}${name}` });
export const answers = (codes: readonly string[], schema: Json): Json => {
  const text: Readonly<Record<string, string>> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };
  return { ...Object.fromEntries(codes.map((code) => [code, { description: text[code], schema }])), '401': { description: 'Unauthorized' } };
};

/** "rbac.authorization.k8s.io" → "rbacAuthorization"; the core group is "core". */
function groupTag(group: string): string {
  if (group === '') return 'core';
  const labels = group.replace(/\.k8s\.io$/, '').split('.');
  return labels.map((label, i) => (i === 0 ? label : capitalize(label))).join('');
}

/** Entries in the order of their names (as sort() orders the names). */
const byName = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number => (a < b ? -1 : a > b ? 1 : 0);

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** kube's operationId: the verb, the group-version ("AppsV1", "CoreV1") and what follows. */
export const operationIdOf = (group: string, version: string, verb: string, suffix: string): string => `${verb}${capitalize(groupTag(group))}${capitalize(version)}${suffix}`;

/** kube's tag of a group-version's operations: "apps_v1", "rbacAuthorization_v1". */
export const tagOf = (group: string, version: string): string => `${groupTag(group)}_${version}`;

export function openApiV2Paths(definitions: readonly ResourceDefinition[]): Record<string, Json> {
  const paths: Record<string, Record<string, OpenApiV2Operation>> = {};
  const add = (path: string, operation: OpenApiV2Operation): void => {
    (paths[path] ??= {})[operation.method] = operation;
  };
  for (const definition of definitions) resourcePaths(definition, add);
  return Object.fromEntries(
    Object.entries(paths)
      .sort(byName)
      .map(([path, operations]) => [path, openApiV2PathItem(operations)]),
  );
}

function resourcePaths(definition: ResourceDefinition, add: (path: string, operation: OpenApiV2Operation) => void): void {
  const { group, version, kind, namespaced, resource } = definition;
  const gvk = { group, version, kind };
  const has = (verb: Verb): boolean => definition.verbs.includes(verb);
  const base = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  const scope = namespaced ? '/namespaces/{namespace}' : '';
  const collection = `${base}${scope}/${resource}`;
  const item = `${collection}/{name}`;
  const watchBase = `${base}/watch${scope}/${resource}`;
  const id = (verb: string, suffix = ''): string => operationIdOf(group, version, verb, suffix);
  const scoped = `${namespaced ? 'Namespaced' : ''}${kind}`;
  const common = namespaced ? [namespaceParameter, prettyParameter] : [prettyParameter];
  const self = schemaName(definition);
  const tag = tagOf(group, version);
  const operation = (fields: Omit<OpenApiV2Operation, 'gvk' | 'tag'>): OpenApiV2Operation => ({ gvk, tag, ...fields });

  if (has('list')) {
    const list = { action: 'list', description: `lists or watches ${kind} objects`, responses: answers(['200'], refTo(`${self}List`)), produces: streamMedia };
    add(collection, operation({ method: 'get', operationId: id('list', scoped), parameters: [...common, ...listParameters], ...list }));
    if (namespaced)
      add(`${base}/${resource}`, operation({ method: 'get', operationId: id('list', `${kind}ForAllNamespaces`), parameters: [prettyParameter, ...listParameters], ...list }));
  }
  if (has('create')) {
    add(
      collection,
      operation({
        method: 'post',
        action: 'post',
        operationId: id('create', scoped),
        description: `creates a ${kind}`,
        parameters: [...common, ...writeParameters(self)],
        responses: answers(['200', '201', '202'], refTo(self)),
      }),
    );
  }
  if (has('deletecollection')) {
    add(
      collection,
      operation({
        method: 'delete',
        action: 'deletecollection',
        operationId: id('delete', `Collection${scoped}`),
        description: `deletes a collection of ${kind} objects`,
        parameters: [...common, ...deleteCollectionParameters],
        responses: answers(['200'], refTo(statusName)),
      }),
    );
  }
  const itemCommon = [nameParameter(kind), ...common];
  if (has('get'))
    add(
      item,
      operation({
        method: 'get',
        action: 'get',
        operationId: id('read', scoped),
        description: `reads the named ${kind}`,
        parameters: itemCommon,
        responses: answers(['200'], refTo(self)),
      }),
    );
  if (has('update'))
    add(
      item,
      operation({
        method: 'put',
        action: 'put',
        operationId: id('replace', scoped),
        description: `replaces the named ${kind}`,
        parameters: [...itemCommon, ...writeParameters(self)],
        responses: answers(['200', '201'], refTo(self)),
      }),
    );
  if (has('patch'))
    add(
      item,
      operation({
        method: 'patch',
        action: 'patch',
        operationId: id('patch', scoped),
        description: `partially updates the named ${kind}`,
        parameters: [...itemCommon, ...patchParameters],
        responses: answers(['200', '201'], refTo(self)),
        consumes: patchMedia,
      }),
    );
  // A kind whose delete answers the object as it was says so; the others answer a Status.
  const deleted = refTo(definition.behaviour.strategy.returnsDeletedObject === true ? self : statusName);
  if (has('delete'))
    add(
      item,
      operation({
        method: 'delete',
        action: 'delete',
        operationId: id('delete', scoped),
        description: `deletes the named ${kind}`,
        parameters: [...itemCommon, ...deleteItemParameters],
        responses: answers(['200', '202'], deleted),
      }),
    );
  if (has('watch')) {
    const watch = { method: 'get' as const, responses: answers(['200'], refTo(watchEventName)), produces: streamMedia };
    add(
      `${watchBase}/{name}`,
      operation({
        ...watch,
        action: 'watch',
        operationId: id('watch', scoped),
        description: `watches the named ${kind} (deprecated: use a list with watch=true)`,
        parameters: [...itemCommon, ...listParameters],
      }),
    );
    add(
      watchBase,
      operation({
        ...watch,
        action: 'watchlist',
        operationId: id('watch', `${scoped}List`),
        description: `watches ${kind} objects (deprecated: use a list with watch=true)`,
        parameters: [...common, ...listParameters],
      }),
    );
    if (namespaced) {
      add(
        `${base}/watch/${resource}`,
        operation({
          ...watch,
          action: 'watchlist',
          operationId: id('watch', `${kind}ListForAllNamespaces`),
          description: `watches ${kind} objects in every namespace (deprecated: use a list with watch=true)`,
          parameters: [prettyParameter, ...listParameters],
        }),
      );
    }
  }
  const context = { definition, itemCommon, tag, add, id: (verb: string, suffix: string, prefix = '') => id(verb, `${prefix}${scoped}${suffix}`) };
  for (const subresource of definition.subresources) subresourcePaths(context, subresource, `${item}/${subresource.name}`);
}

interface ResourceContext {
  readonly definition: ResourceDefinition;
  readonly itemCommon: readonly Parameter[];
  readonly tag: string;
  readonly add: (path: string, operation: OpenApiV2Operation) => void;
  /** The operationId of `verb` on the resource, scoped, between `prefix` and `suffix`. */
  readonly id: (verb: string, suffix: string, prefix?: string) => string;
}

function subresourcePaths(context: ResourceContext, subresource: SubresourceDefinition, path: string): void {
  const { definition, itemCommon, tag, add, id } = context;
  const gvk = { group: subresource.group ?? definition.group, version: subresource.version ?? definition.version, kind: subresource.kind };
  const suffix = capitalize(subresource.name);
  const of = `${subresource.name} of the named ${definition.kind}`;
  for (const verb of subresource.verbs) {
    const method = methodOfVerb[verb];
    if (method === undefined) continue;
    if (connectSubresources.has(subresource.name)) {
      // Connections take no pretty; their own query parameters (container, command, ...) are not declared yet.
      const connectParameters = itemCommon.filter((p) => p !== prettyParameter);
      add(path, {
        method,
        action: 'connect',
        gvk,
        tag,
        operationId: id('connect', suffix, capitalize(method)),
        description: `connects ${method.toUpperCase()} requests to ${of}`,
        parameters: connectParameters,
        responses: answers(['200'], { type: 'string' }),
        produces: ['*/*'],
      });
      continue;
    }
    const self = schemaName(gvk);
    if (subresource.name === 'log') {
      add(path, {
        method,
        action: 'get',
        gvk,
        tag,
        operationId: id('read', suffix),
        description: `reads the ${of}`,
        parameters: itemCommon,
        responses: answers(['200'], { type: 'string' }),
        produces: ['text/plain', ...objectMedia],
      });
      continue;
    }
    const byMethod: Record<Method, Omit<OpenApiV2Operation, 'method' | 'gvk' | 'tag'>> = {
      get: { action: 'get', operationId: id('read', suffix), description: `reads the ${of}`, parameters: itemCommon, responses: answers(['200'], refTo(self)) },
      put: {
        action: 'put',
        operationId: id('replace', suffix),
        description: `replaces the ${of}`,
        parameters: [...itemCommon, ...writeParameters(self)],
        responses: answers(['200', '201'], refTo(self)),
      },
      patch: {
        action: 'patch',
        operationId: id('patch', suffix),
        description: `partially updates the ${of}`,
        parameters: [...itemCommon, ...patchParameters],
        responses: answers(['200', '201'], refTo(self)),
        consumes: patchMedia,
      },
      post: {
        action: 'post',
        operationId: id('create', suffix),
        description: `creates the ${of}`,
        parameters: [...itemCommon, ...writeParameters(self)],
        responses: answers(['200', '201', '202'], refTo(self)),
      },
      delete: {
        action: 'delete',
        operationId: id('delete', suffix),
        description: `deletes the ${of}`,
        parameters: itemCommon,
        responses: answers(['200', '202'], refTo(statusName)),
      },
    };
    add(path, { method, gvk, tag, ...byMethod[method] });
  }
}

/** The path's JSON: parameters every operation takes (but a body) on the path, the others on each operation. */
export function openApiV2PathItem(operations: Record<string, OpenApiV2Operation>): Json {
  const list = Object.values(operations);
  const key = (p: Parameter): string => JSON.stringify(p);
  const onEvery = (list[0]?.parameters ?? []).filter((p) => p.in !== 'body' && list.every((op) => op.parameters.some((q) => key(q) === key(p))));
  const onPath = new Set(onEvery.map(key));
  const item: Json = {};
  for (const [method, op] of Object.entries(operations).sort(byName)) {
    const own = op.parameters.filter((p) => !onPath.has(key(p)));
    item[method] = {
      consumes: op.consumes ?? ['*/*'],
      description: op.description,
      operationId: op.operationId,
      ...(own.length > 0 ? { parameters: written(own) } : {}),
      produces: op.produces ?? objectMedia,
      responses: op.responses,
      schemes: ['https'],
      tags: [op.tag],
      'x-kubernetes-action': op.action,
      'x-kubernetes-group-version-kind': { group: op.gvk.group, kind: op.gvk.kind, version: op.gvk.version },
    };
  }
  if (onEvery.length > 0) item.parameters = written(onEvery);
  return item;
}

function written(parameters: readonly Parameter[]): Json[] {
  return [...parameters]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((p) => {
      const shared = sharedParameters.get(p);
      return shared === undefined ? { ...p } : { $ref: `#/parameters/${shared}` };
    });
}
