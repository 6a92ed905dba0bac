// Exec and attach over WebSocket with the channel protocols of the kubelet's streaming library:
// v4.channel.k8s.io (also v5, which adds the close channel 255, and the pre-v4 channel.k8s.io).
// Frames are binary, the first byte naming the channel: 0 stdin, 1 stdout, 2 stderr, 3 error (the
// exec's final Status as JSON), 4 resize (ignored: a simulated terminal has no size).

import type { WebSocket } from 'ws';
import type { ExecIo, ExecStatus } from './exec-session.ts';
import type { RemoteCommandOptions } from './spdy-remote-command.ts';

const channels = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 } as const;
export const webSocketExecProtocols = ['v5.channel.k8s.io', 'v4.channel.k8s.io', 'channel.k8s.io'] as const;

/** Serves exec or attach (`run`) on an accepted WebSocket; `session` says which streams the client asked for. */
export async function serveWebSocketRemoteCommand(ws: WebSocket, session: RemoteCommandOptions, run: (io: ExecIo) => Promise<ExecStatus>): Promise<void> {
  const send = (channel: number, data: string | Buffer): void => {
    if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), typeof data === 'string' ? Buffer.from(data) : data]));
  };
  // An empty frame on the lowest writable channel tells the client the streams are open.
  send(session.stdout ? channels.stdout : session.stderr ? channels.stderr : channels.error, '');
  const stdin = session.stdin ? inputOf(ws) : undefined;
  const gone = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const status = await run({ ...(stdin !== undefined && { stdin }), write: (stream, data) => send(channels[stream], data), gone });
  // The pre-v4 protocol carries only a failure's message, as text.
  if (ws.protocol !== 'channel.k8s.io') send(channels.error, JSON.stringify(status));
  else if (status.message !== undefined) send(channels.error, status.message);
  ws.close(1000);
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
