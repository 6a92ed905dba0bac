// The request of an httpGet action, shared by probes and lifecycle hooks as the kubelet builds it
// (NewRequestForHTTPGetAction, ResolveContainerPort): scheme lowered (http by default), the host
// the action names or else the pod's IP, the port by number or by the name of a container port,
// the action's headers, and User-Agent kube-<purpose>/<major.minor> and Accept */* unless set.

import { goQuote, kubernetesMinor } from '@capstan/common';
import type { Container, HTTPGetAction } from '@capstan/common/api-types/core-v1';

export interface HttpGetRequest {
  readonly url: URL;
  /** Header names as the action wrote them; a name given twice has both values. */
  readonly headers: Readonly<Record<string, string | string[]>>;
}

/** ResolveContainerPort: a number, a container port's name, or a number written as a string; 1-65535. */
export function resolveContainerPort(port: number | string, container: Container): number {
  let value: number;
  if (typeof port === 'number') value = port;
  else {
    const named = container.ports?.find((candidate) => candidate.name === port);
    if (named !== undefined) value = named.containerPort;
    // strconv.Atoi's error, which is what the kubelet reports for a name no port has.
    else if (!/^[+-]?\d+$/.test(port)) throw new Error(`strconv.Atoi: parsing ${goQuote(port)}: invalid syntax`);
    else value = Number.parseInt(port, 10);
  }
  if (value > 0 && value < 65536) return value;
  throw new Error(`invalid port number: ${value}`);
}

/** Go's http.Header canonical form of a header name: "x-custom-header" -> "X-Custom-Header". */
const canonicalHeaderName = (name: string): string => name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);

export function httpGetRequest(action: HTTPGetAction, container: Container, podIP: string, purpose: 'probe' | 'lifecycle'): HttpGetRequest {
  const scheme = (action.scheme ?? '').toLowerCase() || 'http';
  const host = action.host || podIP;
  const port = resolveContainerPort(action.port, container);
  const url = new URL(`${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`);
  const path = action.path ?? '';
  // The path may carry a query, as url.Parse reads it.
  const query = path.indexOf('?');
  url.pathname = query < 0 ? path : path.slice(0, query);
  if (query >= 0) url.search = path.slice(query);
  const headers: Record<string, string | string[]> = {};
  for (const { name, value } of action.httpHeaders ?? []) {
    const key = canonicalHeaderName(name);
    const previous = headers[key];
    headers[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  if (headers['User-Agent'] === undefined) headers['User-Agent'] = `kube-${purpose}/${kubernetesMinor}`;
  if (headers['Accept'] === undefined) headers['Accept'] = '*/*';
  else if (headers['Accept'] === '') delete headers['Accept'];
  return { url, headers };
}
