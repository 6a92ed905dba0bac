// The conversions an Accept header asks of the resource endpoints (kube's transformResponseObject):
// a meta.k8s.io Table of the rows kubectl prints, or PartialObjectMetadata[List], the metadata alone.

import type { IncomingMessage } from 'node:http';
import { optionalStringAt, StatusError } from '@capstan/common';
import { isObject, objectOf, objectsAt } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { TableColumns } from '../table/table-columns.ts';
import { defaultColumns } from '../table/table-columns.ts';
import { declaredResources } from '../resources/declared-resources.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { includeObjectOf, toTable, type IncludeObject } from '../table/to-table.ts';
import type { Conversion } from './negotiate-media-type.ts';

/** The resource each request is served by, for the Table columns of its answers (a custom resource's are made at run time). */
const servedResources = new WeakMap<IncomingMessage, ResourceDefinition>();

/** Records the resource that answers a request. */
export function servedBy(request: IncomingMessage, definition: ResourceDefinition): void {
  servedResources.set(request, definition);
}

/** The resource the request was routed to; undefined when no served resource answered it. */
export const servedResourceOf = (request: IncomingMessage): ResourceDefinition | undefined => servedResources.get(request);

/** The Table columns of a kind an answer carries: those its resource declares, else the default ones. */
function columnsOf(request: IncomingMessage, group: string, kind: string): TableColumns {
  const served = servedResources.get(request);
  if (served !== undefined && served.group === group && served.kind === kind) return served.behaviour.table;
  return declaredResources().find((definition) => definition.group === group && definition.kind === kind)?.behaviour.table ?? defaultColumns;
}

/** An answer converted as the request asked; a Status, and any body that is no API object, pass untouched. */
export function convertAnswer(body: JsonObject, conversion: Conversion, request: IncomingMessage): JsonObject {
  const { kind, apiVersion } = body;
  if (typeof kind !== 'string' || typeof apiVersion !== 'string' || kind === 'Status') return body;
  // A list's items are objects: the filter keeps them all.
  const items = Array.isArray(body.items) && kind.endsWith('List') ? body.items.filter(isObject) : undefined;
  const { version } = conversion;
  switch (conversion.kind) {
    case 'Table': {
      const include = includeObjectOf(new URL(request.url ?? '/', 'http://capstan').searchParams);
      if (items === undefined) {
        const resourceVersion = optionalStringAt(body, 'metadata', 'resourceVersion');
        return tableOf(columnsOf(request, groupOf(apiVersion), kind), [body], include, { resourceVersion }, version);
      }
      const itemKind = kind.slice(0, -'List'.length);
      // List items carry no kind; a row holding the whole object shows it as a GET would.
      const objects = include === 'Object' ? items.map((item) => ({ kind: itemKind, apiVersion, ...item })) : items;
      return tableOf(columnsOf(request, groupOf(apiVersion), itemKind), objects, include, objectOf(body.metadata), version);
    }
    case 'PartialObjectMetadata':
      if (items !== undefined) throw conversionNotAcceptable(`you requested PartialObjectMetadata, but the requested object is a list (${goTypeName(kind, apiVersion)})`);
      return partialObjectMetadata(body, version);
    case 'PartialObjectMetadataList':
      if (items === undefined) throw conversionNotAcceptable(`you requested PartialObjectMetadataList, but the requested object is not a list (${goTypeName(kind, apiVersion)})`);
      return {
        kind: 'PartialObjectMetadataList',
        apiVersion: `meta.k8s.io/${version}`,
        metadata: body.metadata ?? {},
        items: items.map((item) => partialObjectMetadata(item, version)),
      };
  }
}

/** A Table of the objects; in v1beta1 the Table and its PartialObjectMetadata rows say so. */
export function tableOf(
  columns: TableColumns,
  objects: readonly JsonObject[],
  include: IncludeObject,
  listMetadata: JsonObject,
  version: Conversion['version'],
  withColumnDefinitions = true,
): JsonObject {
  const table = toTable(columns, objects, include, listMetadata, withColumnDefinitions);
  if (version === 'v1') return table;
  const rows = objectsAt(table, 'rows').map((row) => {
    const object = row.object;
    return isObject(object) && object.kind === 'PartialObjectMetadata' ? { ...row, object: { ...object, apiVersion: 'meta.k8s.io/v1beta1' } } : row;
  });
  return { ...table, apiVersion: 'meta.k8s.io/v1beta1', rows };
}

export function partialObjectMetadata(object: JsonObject, version: Conversion['version']): JsonObject {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: object.metadata ?? {} };
}

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

function conversionNotAcceptable(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'NotAcceptable', code: 406 });
}

/**
 * The Go type kube-apiserver names in its conversion errors: the internal type of a built-in kind
 * (*core.ConfigMap, *apps.DeploymentList), or unstructured for custom resources.
 */
function goTypeName(kind: string, apiVersion: string): string {
  const group = groupOf(apiVersion);
  if (group === '' || group === 'events.k8s.io') return `*core.${kind}`;
  if (group === 'internal.apiserver.k8s.io') return `*apiserverinternal.${kind}`;
  if (!group.includes('.') || group.endsWith('.k8s.io')) return `*${group.split('.')[0]}.${kind}`;
  return kind.endsWith('List') ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured';
}
