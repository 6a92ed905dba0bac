// A proxied upgrade (WebSocket, SPDY): the client's request sent to the backend with all its
// headers and the client's address in X-Forwarded-For, and once the backend switches protocols
// the two connections spliced byte for byte. As kube's upgrade-aware handler, the request asks
// for the location's path without the client's query; a backend's 4xx or 5xx answer is echoed,
// any other answer that is no switch is kube's 500, as is a backend that cannot be reached.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { newUnclassifiedError, spliceConnections } from '@capstan/common';
import { goConnectionError } from '../../kubelet/connection-error.ts';
import { answerHead, withoutHopByHop, type KubeletClient } from '../../kubelet/kubelet-client.ts';
import { hostOf, type ProxyLocation } from './proxy-location.ts';
import { openBackendRequest, type BackendRequest } from './proxy-transport.ts';

export function forwardUpgrade(location: ProxyLocation, kubelet: KubeletClient, backend: BackendRequest, request: IncomingMessage, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = openBackendRequest(location, kubelet, backend);
    const client = request.socket;
    const abandon = (): void => void outgoing.destroy();
    client.once('close', abandon);
    outgoing.once('upgrade', (answer: IncomingMessage, upstream: Socket, head: Buffer) => {
      client.off('close', abandon);
      client.write(answerHead(answer));
      if (head.length > 0) client.write(head);
      // Held by the kubelet client, which cuts what it holds when the API server stops.
      kubelet.adopt(upstream);
      spliceConnections(client, upstream);
      resolve();
    });
    outgoing.once('response', (answer) => {
      client.off('close', abandon);
      const status = answer.statusCode ?? 0;
      if (status < 400) {
        answer.resume();
        return reject(newUnclassifiedError(`invalid upgrade response: status code ${status}`));
      }
      response.writeHead(status, answer.statusMessage, withoutHopByHop(answer.rawHeaders));
      answer.pipe(response);
      response.once('close', () => resolve());
    });
    outgoing.once('error', (error) => {
      client.off('close', abandon);
      if (client.destroyed) return resolve();
      reject(newUnclassifiedError(`error dialing backend: ${goConnectionError(error, location.hostname, hostOf(location))}`));
    });
    outgoing.end();
  });
}
