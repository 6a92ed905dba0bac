// What kube-apiserver answers a request its routes do not serve: go-restful registers a route per
// verb a resource's storage supports, on the collection path (list, watch, create,
// deletecollection) or the object path (get, update, patch, delete). A path with routes but none
// for the method is a bare 405 (OPTIONS, PUT on a collection, POST on an object, a verb the kind
// lacks), a path with no route at all a bare 404; only a watch of a kind that lists but does not
// watch gets the "watch is not supported" message.

import { newGenericServerResponse, newMethodNotSupported, type StatusError } from '@capstan/common';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { notFoundPath } from './resource-router.ts';

const collectionVerbs: ReadonlySet<string> = new Set(['list', 'watch', 'create', 'deletecollection']);
const objectVerbs: ReadonlySet<string> = new Set(['get', 'update', 'patch', 'delete']);

/** The error of a request the resource's routes do not serve; undefined when they serve it. */
export function unservedMethod(definition: ResourceDefinition, info: RequestInfo): StatusError | undefined {
  const served = definition.verbs as readonly string[];
  // A list or watch takes its name from a metadata.name fieldSelector, not from the path.
  const onObject = info.name !== '' && info.verb !== 'list' && info.verb !== 'watch';
  const pathVerbs = onObject ? objectVerbs : collectionVerbs;
  // A watch names its object in the path or in a fieldSelector alike.
  if ((pathVerbs.has(info.verb) || info.verb === 'watch') && served.includes(info.verb)) return undefined;
  if (info.verb === 'watch' && served.includes('list')) return newMethodNotSupported({ group: definition.group, resource: definition.resource }, 'watch');
  if (!served.some((verb) => pathVerbs.has(verb))) return notFoundPath();
  return methodNotAllowed();
}

/** go-restful's 405 of a path with routes, none for the method, as kube-apiserver words it. */
export const methodNotAllowed = (): StatusError => newGenericServerResponse(405, '', { group: '', resource: '' }, '', '405: Method Not Allowed');
