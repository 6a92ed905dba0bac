// The streaming server behind CRI Exec: Exec answers a one-time URL (`http://127.0.0.1:<port>/exec/
// <token>`, valid for a minute, single use, as the kubelet's streaming library hands them out), and
// the client opens it as a WebSocket with the channel protocols of that library: v4.channel.k8s.io
// (also v5, which adds the close channel 255, and the pre-v4 channel.k8s.io). Frames are binary, the
// first byte naming the channel: 0 stdin, 1 stdout, 2 stderr, 3 error (the exec's final Status as
// JSON), 4 resize (ignored: a simulated terminal has no size). SPDY, the library's other transport,
// is not served.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ExecRequest } from '../cri/index.ts';
import { RuntimeError } from './runtime-error.ts';
import type { SimulatedRuntime } from './simulated-runtime.ts';

export type ExecSession = Pick<ExecRequest, 'containerId' | 'cmd' | 'tty' | 'stdin' | 'stdout' | 'stderr'>;

const tokenTtlMs = 60_000;
const channels = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 } as const;
export const execProtocols = ['v5.channel.k8s.io', 'v4.channel.k8s.io', 'channel.k8s.io'] as const;

export class ExecStreamingServer {
  readonly #runtime: SimulatedRuntime;
  readonly #server: Server;
  readonly #sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => execProtocols.find((p) => offered.has(p)) ?? false });
  readonly #sessions = new Map<string, { session: ExecSession; expires: number }>();
  #baseUrl = '';

  private constructor(runtime: SimulatedRuntime) {
    this.#runtime = runtime;
    this.#server = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('exec streams are WebSocket connections\n');
    });
    this.#server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => this.#upgrade(request, socket, head));
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
    if (!session.stdin && !session.stdout && !session.stderr) throw new RuntimeError('InvalidArgument', 'one of stdin, stdout, or stderr must be set');
    if (session.tty && session.stderr) throw new RuntimeError('InvalidArgument', 'tty and stderr cannot both be true');
    if (session.cmd.length === 0) throw new RuntimeError('InvalidArgument', 'cmd must not be empty');
    const state = this.#runtime.containerStatus(session.containerId).status.state;
    if (state !== 'CONTAINER_RUNNING') throw new RuntimeError('FailedPrecondition', `container is in ${state} state`);
    const now = Date.now();
    for (const [token, entry] of this.#sessions) if (entry.expires <= now) this.#sessions.delete(token);
    const token = randomBytes(12).toString('base64url');
    this.#sessions.set(token, { session: { ...session, cmd: [...session.cmd] }, expires: now + tokenTtlMs });
    return `${this.#baseUrl}/exec/${token}`;
  }

  async close(): Promise<void> {
    for (const client of this.#sockets.clients) client.terminate();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #upgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
    const token = /^\/exec\/([\w-]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname)?.[1];
    const entry = token === undefined ? undefined : this.#sessions.get(token);
    if (token !== undefined) this.#sessions.delete(token);
    if (entry === undefined || entry.expires <= Date.now()) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nunknown or expired exec token\n');
      return;
    }
    this.#sockets.handleUpgrade(request, socket, head, (ws) => void this.#run(ws, entry.session));
  }

  async #run(ws: WebSocket, session: ExecSession): Promise<void> {
    const send = (channel: number, data: string | Buffer): void => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), typeof data === 'string' ? Buffer.from(data) : data]));
    };
    // An empty frame on the lowest writable channel tells the client the streams are open.
    send(session.stdout ? channels.stdout : session.stderr ? channels.stderr : channels.error, '');
    const stdin = session.stdin ? inputOf(ws) : undefined;
    let status: object;
    try {
      const exitCode = await this.#runtime.exec(session.containerId, session.cmd, {
        ...(stdin !== undefined && { stdin }),
        tty: session.tty,
        output: (stream, data) => {
          if (session[stream]) send(channels[stream], data);
          else if (stream === 'stderr' && session.tty) send(channels.stdout, data);
        },
      });
      status =
        exitCode === 0
          ? { metadata: {}, status: 'Success' }
          : {
              metadata: {},
              status: 'Failure',
              message: `command terminated with non-zero exit code: error executing command [${session.cmd.join(' ')}], exit code ${exitCode}`,
              reason: 'NonZeroExitCode',
              details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
            };
    } catch (error) {
      const message = `error executing command in container: ${error instanceof Error ? error.message : String(error)}`;
      status = { metadata: {}, status: 'Failure', message: `Internal error occurred: ${message}`, reason: 'InternalError', details: { causes: [{ message }] }, code: 500 };
    }
    // The pre-v4 protocol carries only a failure's message, as text.
    if (ws.protocol !== 'channel.k8s.io') send(channels.error, JSON.stringify(status));
    else if ('message' in status) send(channels.error, String(status.message));
    ws.close(1000);
  }
}

/** What the client writes on the stdin channel, until it closes the channel (v5) or the connection. */
function inputOf(ws: WebSocket): AsyncIterable<Buffer> {
  const chunks: Buffer[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const end = (): void => {
    ended = true;
    wake?.();
  };
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary || data.length === 0) return;
    if (data[0] === channels.stdin) chunks.push(data.subarray(1));
    else if (data[0] === channels.close && data[1] === channels.stdin) return end();
    else return;
    wake?.();
  });
  ws.on('close', end);
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const chunk = chunks.shift();
        if (chunk !== undefined) {
          if (chunk.length > 0) yield chunk;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
  };
}
