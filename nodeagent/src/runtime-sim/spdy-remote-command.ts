// Exec and attach over SPDY/3.1, as the kubelet's streaming library serves remotecommand: after
// the upgrade the client opens one stream per stdio stream it asked for, each named by its
// `streamType` header (error, stdin, stdout, stderr, and resize for a terminal from v3 on); the
// command runs once all of them are open (30 s at most), its output goes to stdout and stderr, which
// are then closed, its Status is written on the error stream (v4: JSON; v1 to v3: a failure's
// message as text), and the session says GOAWAY and ends.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { acceptSpdyUpgrade, spdyHeader, type SpdyStream } from '@capstan/common';
import type { ExecIo, ExecStatus } from './exec-session.ts';

/** remotecommand's SupportedStreamingProtocols: v5 is WebSocket only, so SPDY clients offering it get v4. */
export const spdyRemoteCommandProtocols = ['v4.channel.k8s.io', 'v3.channel.k8s.io', 'v2.channel.k8s.io', 'channel.k8s.io'] as const;

/** remotecommand's DefaultStreamCreationTimeout. */
const streamCreationTimeoutMs = 30_000;

export interface RemoteCommandOptions {
  readonly stdin: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
  readonly tty: boolean;
}

type StreamType = 'error' | 'stdin' | 'stdout' | 'stderr' | 'resize';
const streamTypes: ReadonlySet<string> = new Set<StreamType>(['error', 'stdin', 'stdout', 'stderr', 'resize']);
const isStreamType = (type: string): type is StreamType => streamTypes.has(type);

/** Upgrades the request, waits for the client's streams, runs `run` on them and reports its Status. */
export async function serveSpdyRemoteCommand(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  options: RemoteCommandOptions,
  run: (io: ExecIo) => Promise<ExecStatus>,
): Promise<void> {
  const streams = new Map<StreamType, SpdyStream>();
  let wake: (() => void) | undefined;
  const upgrade = acceptSpdyUpgrade(request, socket, head, spdyRemoteCommandProtocols, (stream) => {
    const type = spdyHeader(stream.headers, 'streamtype');
    stream.on('error', () => {});
    // A stream of another type is accepted and ignored, as the kubelet does (it only logs it).
    if (!isStreamType(type)) stream.resume();
    else streams.set(type, stream);
    wake?.();
    return true;
  });
  if (upgrade === undefined) return;
  const { session, protocol } = upgrade;
  const resizable = protocol === 'v4.channel.k8s.io' || protocol === 'v3.channel.k8s.io';
  const expected = 1 + Number(options.stdin) + Number(options.stdout) + Number(options.stderr) + Number(options.tty && resizable);

  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    wake?.();
  }, streamCreationTimeoutMs);
  session.onClose(() => wake?.());
  while (streams.size < expected && !timedOut && !session.closed) {
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
  clearTimeout(deadline);
  if (session.closed) return;
  if (streams.size < expected) {
    // The kubelet gives up without a word: "timed out waiting for client to create streams".
    session.close();
    return;
  }

  // A simulated terminal has no size: resize events are read and dropped.
  streams.get('resize')?.resume();
  const stdin = options.stdin ? streams.get('stdin') : undefined;
  const status = await run({
    ...(stdin !== undefined && { stdin }),
    gone: new Promise<void>((resolve) => session.onClose(resolve)),
    write: (stream, data) => {
      const target = streams.get(stream);
      if (target !== undefined && !target.writableEnded && !target.destroyed) target.write(data);
    },
  });
  for (const type of ['stdout', 'stderr'] as const) {
    const stream = streams.get(type);
    if (stream !== undefined && !stream.writableEnded && !stream.destroyed) stream.end();
  }
  const error = streams.get('error');
  if (error !== undefined && !error.destroyed) {
    if (protocol === 'v4.channel.k8s.io') error.end(JSON.stringify(status));
    else error.end(status.status === 'Success' ? undefined : (status.message ?? ''));
  }
  session.close();
}
