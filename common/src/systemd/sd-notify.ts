// sd_notify(3): state changes sent to systemd as one datagram to $NOTIFY_SOCKET ("READY=1",
// "WATCHDOG=1", "STOPPING=1", "STATUS=..."). Node has no AF_UNIX datagram sockets, so a Capstan
// process sends through node-unix-socket (an N-API addon, prebuilt for linux x64 glibc and musl: one
// socket per message, about 25 µs) and falls back to systemd's own systemd-notify command where
// the addon has no binary (it publishes none for arm64): about 6 ms and a process per message,
// sent from a child, so the unit needs NotifyAccess=all.

import { execFile } from 'node:child_process';

export type NotifySenderKind = 'datagram' | 'systemd-notify';

export interface NotifySender {
  readonly kind: NotifySenderKind;
  /** Sends the assignments as one message. */
  send(assignments: readonly string[]): Promise<void>;
}

/** The address NOTIFY_SOCKET names: a path, or an abstract socket ("@name" is "\0name" on the wire). */
export function notifySocketAddress(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.startsWith('/')) return value;
  if (value.startsWith('@')) return `\0${value.slice(1)}`;
  throw new Error(`NOTIFY_SOCKET=${value} is not a unix socket path or abstract socket name`);
}

interface DgramSocketLike {
  sendTo(buffer: Buffer, offset: number, length: number, destination: string, done: (error: Error | undefined) => void): void;
  close(): void;
}

type DgramSocketConstructor = new () => DgramSocketLike;

async function loadDgramSocket(): Promise<DgramSocketConstructor | undefined> {
  try {
    return (await import('node-unix-socket')).DgramSocket;
  } catch {
    return undefined;
  }
}

function datagramSender(DgramSocket: DgramSocketConstructor, address: string): NotifySender {
  return {
    kind: 'datagram',
    send: (assignments) =>
      new Promise((resolve, reject) => {
        const message = Buffer.from(assignments.join('\n'));
        // A socket per message: an open one would keep the process alive, and opening costs microseconds.
        const socket = new DgramSocket();
        socket.sendTo(message, 0, message.length, address, (error) => {
          socket.close();
          if (error === undefined || error === null) resolve();
          else reject(new Error(`sd_notify to ${JSON.stringify(address)}: ${error.message}`));
        });
      }),
  };
}

function commandSender(socket: string, command: string): NotifySender {
  return {
    kind: 'systemd-notify',
    send: (assignments) =>
      new Promise((resolve, reject) => {
        execFile(command, [...assignments], { env: { ...process.env, NOTIFY_SOCKET: socket }, timeout: 10_000 }, (error, _stdout, stderr) => {
          if (error === null) resolve();
          else reject(new Error(`${command} ${assignments.join(' ')}: ${stderr.trim() || error.message}`));
        });
      }),
  };
}

export interface NotifySenderOptions {
  /** Which way to send; "auto" (the default) prefers the datagram addon. */
  readonly prefer?: NotifySenderKind | 'auto';
  /** The fallback command; systemd-notify on PATH by default. */
  readonly command?: string;
}

/** A sender for $NOTIFY_SOCKET, or undefined when the process does not run under systemd's notify protocol. */
export async function openNotifySender(notifySocket: string | undefined, options: NotifySenderOptions = {}): Promise<NotifySender | undefined> {
  const address = notifySocketAddress(notifySocket);
  if (address === undefined || notifySocket === undefined) return undefined;
  const prefer = options.prefer ?? 'auto';
  if (prefer !== 'systemd-notify') {
    const DgramSocket = await loadDgramSocket();
    if (DgramSocket !== undefined) return datagramSender(DgramSocket, address);
    if (prefer === 'datagram') throw new Error('node-unix-socket has no binary for this platform: use the systemd-notify sender');
  }
  return commandSender(notifySocket, options.command ?? 'systemd-notify');
}
