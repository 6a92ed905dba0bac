// Port-forward over SPDY/3.1 (portforward.k8s.io), as the kubelet's streaming library serves it:
// for each connection it forwards, the client opens an error stream and a data stream that share a
// `requestID` header and name the pod's `port`. Once both are open the runtime connects to the port
// and copies bytes both ways; a failure is written as text on the error stream and both streams are
// reset. A pair not complete within 30 s is told "timed out waiting for streams".
//
// A pod whose IP is no address of this host has no reachable network: its port is 127.0.0.1's port
// on the runtime's host (as for a hostNetwork pod), so that a test forwards to a server of its own;
// a pod with a loopback IP is reached at that IP, where its servers listen (docs/runtime-sim.md).

import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { acceptSpdyUpgrade, spdyHeader, type SpdyStream } from '@capstan/common';

export const spdyPortForwardProtocols = ['portforward.k8s.io'] as const;

const streamCreationTimeoutMs = 30_000;

interface StreamPair {
  error?: SpdyStream;
  data?: SpdyStream;
  readonly timer: NodeJS.Timeout;
}

/** Upgrades the request and forwards each stream pair the client opens to <host>:<port>. */
export function serveSpdyPortForward(request: IncomingMessage, socket: Duplex, head: Buffer, podSandboxId: string, host: string): void {
  const pairs = new Map<string, StreamPair>();
  const forwarded = new Set<Socket>();
  const upgrade = acceptSpdyUpgrade(request, socket, head, spdyPortForwardProtocols, (stream) => {
    // The kubelet's stream handler refuses (resets) a stream without a usable port or type.
    const port = spdyHeader(stream.headers, 'port');
    const type = spdyHeader(stream.headers, 'streamtype');
    if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65_535) return false;
    if (type !== 'error' && type !== 'data') return false;
    stream.on('error', () => {});
    // Clients before requestID paired streams by id: an error stream, then its data stream 2 later.
    const requestId = spdyHeader(stream.headers, 'requestid') || String(type === 'error' ? stream.id : stream.id - 2);
    let pair = pairs.get(requestId);
    if (pair === undefined) {
      const created: StreamPair = {
        timer: setTimeout(() => {
          pairs.delete(requestId);
          created.error?.end(`(request=${requestId}) timed out waiting for streams`);
          created.data?.destroy();
        }, streamCreationTimeoutMs),
      };
      pair = created;
      pairs.set(requestId, pair);
    }
    if (pair[type] !== undefined) {
      pair.error?.write(`error processing stream for request ${requestId}: ${type} stream already assigned`);
      return true;
    }
    pair[type] = stream;
    if (pair.error !== undefined && pair.data !== undefined) {
      clearTimeout(pair.timer);
      pairs.delete(requestId);
      forward(pair.data, pair.error, host, Number(port), podSandboxId, forwarded);
    }
    return true;
  });
  upgrade?.session.onClose(() => {
    for (const pair of pairs.values()) clearTimeout(pair.timer);
    for (const connection of forwarded) connection.destroy();
  });
}

/** Copies between the data stream and host:port until both directions end. */
function forward(data: SpdyStream, error: SpdyStream, host: string, port: number, podSandboxId: string, forwarded: Set<Socket>): void {
  const target = connect({ host, port, allowHalfOpen: true });
  forwarded.add(target);
  let connected = false;
  target.once('connect', () => {
    connected = true;
    data.pipe(target);
    target.pipe(data);
  });
  target.once('error', (cause: NodeJS.ErrnoException) => {
    if (connected) {
      data.destroy();
      error.destroy();
      return;
    }
    // The kubelet's wording around the runtime's (containerd's) error.
    const why = `failed to connect to localhost:${port} inside namespace "${podSandboxId}", IPv4: dial tcp4 127.0.0.1:${port}: ${goDialError(cause)}`;
    error.write(`error forwarding port ${port} to pod ${podSandboxId}, uid : ${why}`, () => {
      data.destroy();
      error.destroy();
    });
  });
  // The client resets its streams when it is done with the connection; that ends ours.
  data.once('close', () => target.destroy());
  target.once('close', () => {
    forwarded.delete(target);
    if (!error.destroyed) error.end();
  });
}

function goDialError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'connect: connection refused';
  if (error.code === 'ETIMEDOUT') return 'connect: connection timed out';
  return error.message;
}
