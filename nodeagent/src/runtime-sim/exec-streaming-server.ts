// The streaming server behind CRI Exec, Attach and PortForward: each call answers a one-time URL
// (`http://127.0.0.1:<port>/{exec,attach,portforward}/<token>`, valid for a minute, single use, as
// the kubelet's streaming library hands them out), and the client opens it as the kubelet's
// library serves it: SPDY/3.1 (a POST or GET with `Upgrade: SPDY/3.1`; remotecommand v4 to v1, or
// portforward.k8s.io) or, for exec and attach, a WebSocket with the channel protocols
// (v5.channel.k8s.io, v4.channel.k8s.io, channel.k8s.io). Port-forward over WebSocket is refused,
// so that clients that try it first (kubectl) fall back to SPDY.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isSpdyUpgradeRequest } from '@capstan/common';
import { WebSocketServer } from 'ws';
import { type AttachSession, runAttachSession } from './container-attach.ts';
import { type ExecIo, type ExecSession, type ExecStatus, runExecSession } from './exec-session.ts';
import { RuntimeError } from './runtime-error.ts';
import type { SimulatedRuntime } from './simulated-runtime.ts';
import { listenableIp } from './pod-listener.ts';
import { serveSpdyPortForward } from './spdy-port-forward.ts';
import { serveSpdyRemoteCommand } from './spdy-remote-command.ts';
import { serveWebSocketRemoteCommand, webSocketExecProtocols } from './websocket-remote-command.ts';

export type { ExecSession } from './exec-session.ts';
export type { AttachSession } from './container-attach.ts';

type Prepared =
  | { readonly kind: 'exec'; readonly session: ExecSession }
  | { readonly kind: 'attach'; readonly session: AttachSession }
  | { readonly kind: 'portforward'; readonly podSandboxId: string; readonly host: string };

const tokenTtlMs = 60_000;
export const execProtocols = webSocketExecProtocols;

export class ExecStreamingServer {
  readonly #runtime: SimulatedRuntime;
  readonly #server: Server;
  readonly #sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => execProtocols.find((p) => offered.has(p)) ?? false });
  readonly #prepared = new Map<string, { prepared: Prepared; expires: number }>();
  readonly #upgraded = new Set<Duplex>();
  #baseUrl = '';

  private constructor(runtime: SimulatedRuntime) {
    this.#runtime = runtime;
    this.#server = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('streams are SPDY/3.1 or WebSocket connections\n');
    });
    this.#server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.#upgrade(request, socket, head));
  }

  static async listen(runtime: SimulatedRuntime, host = '127.0.0.1', port = 0): Promise<ExecStreamingServer> {
    const server = new ExecStreamingServer(runtime);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(port, host, () => resolve());
    });
    const address = server.#server.address() as AddressInfo;
    server.#baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    return server;
  }

  /** Checks the request as CRI Exec does and answers the URL of its stream. */
  prepareExec(session: ExecSession): string {
    checkStreams(session);
    if (session.cmd.length === 0) throw new RuntimeError('InvalidArgument', 'cmd must not be empty');
    this.#checkRunning(session.containerId);
    return this.#url({ kind: 'exec', session: { ...session, cmd: [...session.cmd] } });
  }

  /** Checks the request as CRI Attach does and answers the URL of its stream. */
  prepareAttach(session: AttachSession): string {
    checkStreams(session);
    this.#checkRunning(session.containerId);
    return this.#url({ kind: 'attach', session: { ...session } });
  }

  /** CRI PortForward: the sandbox must be ready; the ports are the client's to name on each stream. */
  preparePortForward(podSandboxId: string): string {
    const { state, network } = this.#runtime.podSandboxStatus(podSandboxId).status;
    if (state !== 'SANDBOX_READY') throw new RuntimeError('FailedPrecondition', `sandbox container "${podSandboxId}" is not running`);
    // A pod whose IP is this host's (a loopback pod CIDR) is reached there, where its servers listen.
    const host = listenableIp([network?.ip ?? '', ...(network?.additionalIps ?? []).map((a) => a.ip)]) ?? '127.0.0.1';
    return this.#url({ kind: 'portforward', podSandboxId, host });
  }

  async close(): Promise<void> {
    for (const client of this.#sockets.clients) client.terminate();
    for (const socket of this.#upgraded) socket.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #checkRunning(containerId: string): void {
    const state = this.#runtime.containerStatus(containerId).status.state;
    if (state !== 'CONTAINER_RUNNING') throw new RuntimeError('FailedPrecondition', `container is in ${state} state`);
  }

  #url(prepared: Prepared): string {
    const now = Date.now();
    for (const [token, entry] of this.#prepared) if (entry.expires <= now) this.#prepared.delete(token);
    const token = randomBytes(12).toString('base64url');
    this.#prepared.set(token, { prepared, expires: now + tokenTtlMs });
    return `${this.#baseUrl}/${prepared.kind}/${token}`;
  }

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#upgraded.add(socket);
    socket.once('close', () => this.#upgraded.delete(socket));
    socket.on('error', () => socket.destroy());
    const [, kind, token] = /^\/(exec|attach|portforward)\/([\w-]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname) ?? [];
    const entry = token === undefined ? undefined : this.#prepared.get(token);
    if (token !== undefined) this.#prepared.delete(token);
    if (entry === undefined || entry.expires <= Date.now() || entry.prepared.kind !== kind) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nunknown or expired stream token\n');
      return;
    }
    const { prepared } = entry;
    if (prepared.kind === 'portforward') {
      if (isSpdyUpgradeRequest(request)) return serveSpdyPortForward(request, socket, head, prepared.podSandboxId, prepared.host);
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nport-forward streams are SPDY/3.1 connections\n');
      return;
    }
    const run = (io: ExecIo): Promise<ExecStatus> =>
      prepared.kind === 'exec' ? runExecSession(this.#runtime, prepared.session, io) : runAttachSession(this.#runtime, prepared.session, io);
    if (isSpdyUpgradeRequest(request)) {
      void serveSpdyRemoteCommand(request, socket, head, prepared.session, run);
      return;
    }
    this.#sockets.handleUpgrade(request, socket, head, (ws) => void serveWebSocketRemoteCommand(ws, prepared.session, run));
  }
}

function checkStreams(session: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean; readonly tty: boolean }): void {
  if (!session.stdin && !session.stdout && !session.stderr) throw new RuntimeError('InvalidArgument', 'one of stdin, stdout, or stderr must be set');
  if (session.tty && session.stderr) throw new RuntimeError('InvalidArgument', 'tty and stderr cannot both be true');
}
