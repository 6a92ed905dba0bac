// GET or POST pods/{name}/exec, attach and portforward: admitted as kube's CONNECT (the options as
// the object, PodExecOptions, PodAttachOptions or PodPortForwardOptions, before the pod is read),
// then the client's upgrade request (WebSocket, or SPDY) sent on to the agent of the pod's node (/exec, /attach/{namespace}/{pod}/{container},
// /portForward/{namespace}/{pod}) with the options the agent reads, and the upgraded connection
// spliced byte for byte. Everything that fails before the agent switches protocols is a Status.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { goQuote, newBadRequest } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import { queryBool } from '../registry/query-bool.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { encodeGoQuery } from '../kubelet/go-query.ts';
import type { KubeletClient } from '../kubelet/kubelet-client.ts';
import { podContainer, podNodeName } from '../kubelet/pod-container.ts';
import { tunneledSpdyProtocols } from '../kubelet/spdy-websocket-tunnel.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { admissionAttributes, type RequestAdmission } from '../admission/request-admission.ts';
import { namespaceOf } from './get.ts';
import { isUpgradeRequest } from './upgrade-response.ts';

export type PodStreamSubresource = 'exec' | 'attach' | 'portforward';

export const isPodStreamSubresource = (name: string): name is PodStreamSubresource => name === 'exec' || name === 'attach' || name === 'portforward';

export async function connectPodStream(
  subresource: PodStreamSubresource,
  pods: GenericStore,
  kubelet: KubeletClient,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  admission: RequestAdmission,
): Promise<void> {
  if (query.has('dryRun')) throw newBadRequest('dryRun is not supported');
  const kubeletQuery = subresource === 'portforward' ? portForwardQuery(query) : streamQuery(subresource, query);
  const attributes = admissionAttributes(admission, pods.definition, {
    operation: 'CONNECT',
    namespace: namespaceOf(info),
    name: info.name,
    object: connectOptions(subresource, query),
    dryRun: false,
    subresource,
  });
  await admission.chain.admitAndValidate(attributes);
  const pod = await pods.get(namespaceOf(info), info.name);
  const path =
    subresource === 'portforward'
      ? `/portForward/${info.namespace}/${info.name}`
      : `/${subresource}/${info.namespace}/${info.name}/${podContainer(pod, query.get('container') ?? '')}`;
  const connection = await kubelet.locate(assignedNode(pod, info.name));
  if (!isUpgradeRequest(request)) throw newBadRequest('Upgrade request required');
  const encoded = encodeGoQuery(kubeletQuery);
  // kubectl's port-forward tunnels SPDY through a WebSocket first (PortForwardWebsockets).
  const tunneled = subresource === 'portforward' ? tunneledSpdyProtocols(request) : [];
  await kubelet.upgrade(connection, encoded === '' ? path : `${path}?${encoded}`, request, response, tunneled.length > 0 ? tunneled : undefined);
}

/** The options object of the connection as kube decodes it from the query (Go's omitempty: only what is set). */
function connectOptions(subresource: PodStreamSubresource, query: URLSearchParams): JsonObject {
  const kind = { exec: 'PodExecOptions', attach: 'PodAttachOptions', portforward: 'PodPortForwardOptions' }[subresource];
  const options: JsonObject = { kind, apiVersion: 'v1' };
  if (subresource === 'portforward') {
    const ports = forwardedPorts(query);
    if (ports.length > 0) options.ports = ports;
    return options;
  }
  for (const flag of ['stdin', 'stdout', 'stderr', 'tty']) if (queryBool(query.get(flag))) options[flag] = true;
  const container = query.get('container') ?? '';
  if (container !== '') options.container = container;
  const command = query.getAll('command');
  if (subresource === 'exec' && command.length > 0) options.command = command;
  return options;
}

function assignedNode(pod: JsonObject, name: string): string {
  const nodeName = podNodeName(pod);
  if (nodeName === '') throw newBadRequest(`pod ${name} does not have a host assigned`);
  return nodeName;
}

/**
 * PodExecOptions or PodAttachOptions as the kubelet reads them: the streams as input, output,
 * error and tty set to 1, and exec's command, one parameter per word.
 */
function streamQuery(subresource: 'exec' | 'attach', query: URLSearchParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const flags = [
    ['stdin', 'input'],
    ['stdout', 'output'],
    ['stderr', 'error'],
    ['tty', 'tty'],
  ] as const;
  for (const [option, parameter] of flags) if (queryBool(query.get(option))) values.set(parameter, ['1']);
  const command = query.getAll('command');
  if (subresource === 'exec' && command.length > 0) values.set('command', command);
  return values;
}

/** PodPortForwardOptions' ports (repeated or comma separated, each a uint16), or kube's 400. */
function forwardedPorts(query: URLSearchParams): number[] {
  const ports = query.getAll('ports').flatMap((value) => value.split(','));
  for (const port of ports) {
    const why = !/^\d+$/.test(port) ? 'invalid syntax' : Number(port) > 65_535 ? 'value out of range' : undefined;
    if (why !== undefined) throw newBadRequest(`cannot convert to []int32: strconv.ParseUint: parsing ${goQuote(port)}: ${why}`);
  }
  return ports.map(Number);
}

/** The ports as the kubelet's port list. */
function portForwardQuery(query: URLSearchParams): Map<string, string[]> {
  const ports = forwardedPorts(query);
  return ports.length === 0 ? new Map() : new Map([['port', [ports.join(',')]]]);
}
