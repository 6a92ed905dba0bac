// Routes a resource request, once parsed into request info, to the endpoint of its verb.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newMethodNotSupported, StatusError } from '@capstan/common';
import type { Registry } from '../registry/registry.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { createObject } from './create.ts';
import { deleteCollection, deleteObject } from './delete.ts';
import { getObject } from './get.ts';
import { listObjects } from './list.ts';
import { updateObject, updateStatus } from './update.ts';
import { watchObjects } from './watch.ts';

export async function routeResourceRequest(
  registry: Registry,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  /** Aborted when the server shuts down. */
  stopping: AbortSignal,
): Promise<boolean> {
  const definition = registry.definition(info.apiGroup, info.apiVersion, info.resource);
  if (definition === undefined) return false;
  const groupResource = { group: definition.group, resource: definition.resource };
  const store = registry.store(info.apiGroup, info.apiVersion, info.resource);
  if (info.subresource !== '') {
    const subresource = definition.subresources.find((s) => s.name === info.subresource);
    if (subresource === undefined) throw notFoundPath();
    if (store !== undefined && info.subresource === 'status' && (info.verb === 'get' || info.verb === 'update')) {
      if (info.verb === 'get') await getObject(store, info, query, request.headers.accept, response);
      else await updateStatus(store, info, request, response);
      return true;
    }
    throw newMethodNotSupported(groupResource, info.verb);
  }
  if (store === undefined || !(definition.verbs as readonly string[]).includes(info.verb)) {
    throw newMethodNotSupported(groupResource, info.verb);
  }
  switch (info.verb) {
    case 'get':
      await getObject(store, info, query, request.headers.accept, response);
      return true;
    case 'list':
      await listObjects(store, info, query, request.headers.accept, response);
      return true;
    case 'watch':
      await watchObjects(store, info, query, request, response, stopping);
      return true;
    case 'create':
      await createObject(registry, store, info, request, response);
      return true;
    case 'update':
      await updateObject(store, info, request, response);
      return true;
    case 'deletecollection':
      await deleteCollection(store, info, query, response);
      return true;
    case 'delete':
      await deleteObject(store, info, response);
      return true;
    default:
      throw newMethodNotSupported(groupResource, info.verb);
  }
}

/** The 404 of a path nothing is served at. */
export function notFoundPath(): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server could not find the requested resource',
    reason: 'NotFound',
    details: {},
    code: 404,
  });
}

