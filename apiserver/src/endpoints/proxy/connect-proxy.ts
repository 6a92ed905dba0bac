// GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS on pods/{name}/proxy[/{path}],
// services/{name}/proxy[/{path}] and nodes/{name}/proxy[/{path}]: kube's Connect of the proxy
// subresources. Admitted as a CONNECT with the PodProxyOptions, ServiceProxyOptions or
// NodeProxyOptions of the path; then sent on to the backend kube's ResourceLocation finds, an
// upgrade spliced, any other request forwarded and its answer streamed back.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newBadRequest } from '@capstan/common';
import { admissionAttributes, type RequestAdmission } from '../../admission/request-admission.ts';
import type { KubeletClient } from '../../kubelet/kubelet-client.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { RequestInfo } from '../../request-info/request-info.ts';
import { isUpgradeRequest } from '../upgrade-response.ts';
import { forwardRequest } from './forward-request.ts';
import { forwardUpgrade } from './forward-upgrade.ts';
import { forwardedRequestHeaders } from './forwarded-headers.ts';
import { hostOf, nodeLocation, podLocation, serviceLocation, type ProxyLocation } from './proxy-location.ts';
import { backendPath, escapePath, joinPaths } from './proxy-path.ts';
import { rewriteLocation } from './rewrite-location.ts';

/** Where the proxy subresources find their backends. */
export interface ProxyBackends {
  /** The store of the resource whose proxy is asked for (pods, services or nodes). */
  readonly store: GenericStore;
  readonly pods: GenericStore;
  /** The Endpoints a service's proxy picks an address from. */
  readonly endpoints: GenericStore;
  readonly kubelet: KubeletClient;
}

export async function connectProxy(backends: ProxyBackends, info: RequestInfo, request: IncomingMessage, response: ServerResponse, admission: RequestAdmission): Promise<void> {
  const rawTarget = request.url ?? '/';
  const question = rawTarget.indexOf('?');
  const rawQuery = question < 0 ? '' : rawTarget.slice(question + 1);
  if (new URLSearchParams(rawQuery).has('dryRun')) throw newBadRequest('dryRun is not supported');
  // The path after `proxy`, with a leading slash and the request's trailing one: the options' path.
  let subpath = info.parts.slice(3).join('/');
  if (subpath !== '' && !subpath.startsWith('/')) subpath = `/${subpath}`;
  if (info.path.endsWith('/') && !subpath.endsWith('/')) subpath += '/';
  const definition = backends.store.definition;
  // The declared kind of the subresource: PodProxyOptions, ServiceProxyOptions or NodeProxyOptions.
  const kind = definition.subresources.find((subresource) => subresource.name === 'proxy')?.kind ?? '';
  const options: JsonObject = { kind, apiVersion: 'v1', ...(subpath === '' ? {} : { path: subpath }) };
  const namespace = definition.namespaced ? info.namespace : undefined;
  await admission.chain.admitAndValidate(
    admissionAttributes(admission, definition, { operation: 'CONNECT', namespace, name: info.name, object: options, dryRun: false, subresource: 'proxy' }),
  );
  const location = await locate(backends, info);
  const path = backendPath(info.parts.slice(3), info.path);
  const clientHost = request.headers.host ?? stringHeader(request.headers[':authority']) ?? hostOf(location);
  if (isUpgradeRequest(request)) {
    const backend = { method: request.method ?? 'GET', target: escapePath(path) || '/', headers: forwardedRequestHeaders(request, true, { Host: clientHost }) };
    return forwardUpgrade(location, backends.kubelet, backend, request, response);
  }
  // kube redirects a GET or HEAD of the proxy's root to the same path with a slash (issue 4958).
  if (path === '' && (request.method === 'GET' || request.method === 'HEAD')) {
    response.writeHead(301, { Location: `${info.path}/${rawQuery === '' ? '' : `?${rawQuery}`}` });
    response.end();
    return;
  }
  const suffix = info.path.endsWith('/') && !path.endsWith('/') ? `${path}/` : path;
  const pathPrepend = info.path.endsWith(suffix) ? info.path.slice(0, info.path.length - suffix.length) : info.path;
  const escaped = escapePath(path);
  const forwardedUri = joinPaths(pathPrepend, escaped) + (path.endsWith('/') ? '/' : '');
  const backend = {
    method: request.method ?? 'GET',
    target: `${escaped || '/'}${rawQuery === '' ? '' : `?${rawQuery}`}`,
    headers: forwardedRequestHeaders(request, false, { Host: clientHost, 'X-Forwarded-Uri': forwardedUri, ...chunkedBody(request) }),
  };
  const rewrite = (redirect: string): string => rewriteLocation(redirect, { backendHost: hostOf(location), requestHost: clientHost, pathPrepend });
  return forwardRequest(location, backends.kubelet, backend, request, response, rewrite);
}

function locate(backends: ProxyBackends, info: RequestInfo): Promise<ProxyLocation> {
  switch (backends.store.definition.resource) {
    case 'pods':
      return podLocation(backends.pods, info.namespace, info.name);
    case 'services':
      return serviceLocation({ services: backends.store, endpoints: backends.endpoints, pods: backends.pods }, info.namespace, info.name);
    default:
      return nodeLocation(backends.kubelet, info.name);
  }
}

/**
 * A body of unknown length (chunked over HTTP/1.1; over HTTP/2 any body without a Content-Length)
 * goes on chunked, as Go's transport sends it: Node's client would send a DELETE's or an OPTIONS'
 * body unframed.
 */
function chunkedBody(request: IncomingMessage): Record<string, string> {
  if (request.headers['content-length'] !== undefined) return {};
  const http2Body = request.httpVersionMajor === 2 && (request as { stream?: { endAfterHeaders?: boolean } }).stream?.endAfterHeaders === false;
  return request.headers['transfer-encoding'] !== undefined || http2Body ? { 'Transfer-Encoding': 'chunked' } : {};
}

const stringHeader = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
