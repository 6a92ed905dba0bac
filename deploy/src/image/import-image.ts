// Imports an image archive into containerd's store with `ctr images import` (ctr ships with
// containerd), into the k8s.io namespace where containerd's CRI plugin, and so the kubelet or
// `capstan agent`, finds images. The archive comes from a file or streams in on ctr's stdin.

import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

export const defaultContainerdAddress = 'unix:///run/containerd/containerd.sock';

export interface ImportImageOptions {
  /** containerd's namespace (default k8s.io, the CRI plugin's). */
  readonly namespace?: string;
  /** The ctr command (default: ctr on the PATH). */
  readonly ctr?: string;
}

/** The socket path of a containerd address: unix:///path or a plain path. */
export function containerdSocketPath(address: string): string {
  if (address.startsWith('unix://')) return address.slice('unix://'.length);
  if (address.includes('://')) throw new Error(`--address must be a unix socket (unix:///run/containerd/containerd.sock), not "${address}"`);
  return address;
}

/** Runs ctr images import; answers what ctr printed ("unpacking NAME (sha256:...)...done"). */
export async function importImage(address: string, archive: string | AsyncIterable<Uint8Array>, options: ImportImageOptions = {}): Promise<string> {
  const socket = containerdSocketPath(address);
  const socketStat = await stat(socket).catch(() => undefined);
  if (socketStat === undefined) throw new Error(`no containerd socket at ${socket}: is containerd running? (--address)`);
  if (!socketStat.isSocket()) throw new Error(`${socket} is not a socket (--address)`);
  if (typeof archive === 'string' && (await stat(archive).catch(() => undefined))?.isFile() !== true) throw new Error(`no image archive at ${archive}`);
  const ctr = options.ctr ?? 'ctr';
  const child = spawn(ctr, ['--address', socket, '--namespace', options.namespace ?? 'k8s.io', 'images', 'import', typeof archive === 'string' ? archive : '-'], {
    stdio: [typeof archive === 'string' ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${ctr} is not installed: it ships with containerd (apt-get install containerd)`) : error),
    );
    child.once('close', (code) => resolve(code));
  });
  // ctr that fails early closes its stdin: the exit code and its words say why, not the broken pipe.
  const fed = child.stdin === null ? Promise.resolve() : pipeline(archive as AsyncIterable<Uint8Array>, child.stdin).catch((error: unknown) => error);
  const code = await exited;
  const feedError = await fed;
  if (code !== 0) throw new Error(`ctr images import failed (exit ${code}): ${output.trim()}`);
  if (feedError instanceof Error) throw feedError;
  return output.trim();
}
