// Reads a container's CRI log file as the kubelet's log reader (cri-client's logs.ReadLogs) does:
// from the start of the last `tail` lines of the file (a partial line counts as one), each message
// older than `since` skipped, a timestamp put before each message that starts a line, the output
// cut at `limitBytes`; with `follow`, the file is tailed (woken by inotify on its directory, or
// every second) for as long as the runtime says the container runs, and reopened when the runtime
// recreates it. Rotated files are not read, as the kubelet does not read them.

import { watch, type FSWatcher } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { errorCode, errorMessage, goQuote } from '@capstan/common';
import { goFileError } from '../config/decode-configuration-file.ts';
import { parseCriLogLine, type LogStream } from './cri-log-line.ts';

export interface ContainerLogOptions {
  /** Lines from the end of the file; -1 for the whole file. */
  readonly tail: number;
  /** Bytes of output at most; -1 for no limit. */
  readonly limitBytes: number;
  /** Nanoseconds since the epoch: messages older are skipped. */
  readonly since: bigint;
  readonly follow: boolean;
  readonly timestamps: boolean;
}

export interface ContainerLogOutput {
  /** The streams the client asked for; a message of another stream is neither written nor counted. */
  readonly streams: ReadonlySet<LogStream>;
  /** Writes a message's bytes; resolves once the client can take more. */
  write(data: Buffer): Promise<void>;
}

export interface FollowedContainer {
  /** Whether the container still runs (the runtime's ContainerStatus); the kubelet stops following when it does not. */
  running(): Promise<boolean>;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
}

/** A failure worded as the kubelet's, written to the client in place of the rest of the log. */
export class ContainerLogError extends Error {
  override name = 'ContainerLogError';
}

const chunkBytes = 64 * 1024;
const newline = 0x0a;
const forceCheckMs = 1000;

export async function readContainerLog(path: string, options: ContainerLogOptions, output: ContainerLogOutput, container: FollowedContainer): Promise<void> {
  let resolved: string;
  try {
    resolved = await realpath(path);
  } catch (error) {
    throw new ContainerLogError(`failed to try resolving symlinks in path ${goQuote(path)}: ${goFileError(error, path, 'lstat')}`);
  }
  let file = await openLog(resolved);
  const watcher = new LogWatcher(resolved);
  try {
    let position = await tailStart(file, options.tail, resolved);
    const limited = options.tail >= 0 && !options.follow;
    let linesLeft = options.tail;
    let remaining = options.limitBytes >= 0 ? options.limitBytes : Infinity;
    let startsLine = true;
    let pending: Buffer = Buffer.alloc(0);
    let found = true;
    let watching = false;
    let parsesCri = false;
    const chunk = Buffer.alloc(chunkBytes);

    /** Writes one message; false once the byte limit is reached. */
    const emit = async (line: Buffer): Promise<boolean> => {
      const message = parseCriLogLine(line);
      if ('error' in message) {
        if (!parsesCri) throw new ContainerLogError(`failed to get parse function: unsupported log format: ${goQuote(line.toString('utf8'))}`);
        return true;
      }
      parsesCri = true;
      if (message.timestamp.nanos >= options.since && output.streams.has(message.stream)) {
        let bytes = options.timestamps && startsLine ? Buffer.concat([Buffer.from(`${message.timestamp.text} `), message.content]) : message.content;
        if (bytes.length > remaining) bytes = bytes.subarray(0, remaining);
        await output.write(bytes);
        remaining -= bytes.length;
        if (remaining <= 0) return false;
      }
      if (limited) linesLeft--;
      startsLine = message.content.length === 0 || message.content[message.content.length - 1] === newline;
      return true;
    };

    for (;;) {
      if (limited && linesLeft <= 0) return;
      const end = pending.indexOf(newline);
      if (end >= 0) {
        const line = pending.subarray(0, end + 1);
        pending = pending.subarray(end + 1);
        if (!(await emit(line))) return;
        continue;
      }
      const { bytesRead } = await file.read(chunk, 0, chunkBytes, position);
      if (bytesRead > 0) {
        position += bytesRead;
        pending = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
        continue;
      }
      // The end of the file.
      if (!options.follow) {
        // An incomplete last line is written as it is, and reading stops.
        if (pending.length > 0) await emit(pending);
        return;
      }
      if (!found) return;
      if (!watching) {
        watcher.start();
        watching = true;
        // Something may have been written before the watch began.
        continue;
      }
      const wait = await waitForLog(container, watcher, file);
      found = wait.found;
      if (wait.recreated) {
        let reopened: FileHandle;
        try {
          reopened = await open(resolved, 'r');
        } catch (error) {
          if (errorCode(error) === 'ENOENT') continue;
          throw new ContainerLogError(`failed to open log file ${goQuote(resolved)}: ${goFileError(error, resolved)}`);
        }
        await file.close();
        file = reopened;
        position = 0;
        pending = Buffer.alloc(0);
      }
    }
  } finally {
    watcher.close();
    await file.close();
  }
}

async function openLog(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (error) {
    throw new ContainerLogError(`failed to open log file ${goQuote(path)}: ${goFileError(error, path)}`);
  }
}

/**
 * Where the last `tail` lines start: after the (count - tail)th newline, or 0 when the file has no
 * more lines than that. An incomplete last line is not counted, as the kubelet counts.
 */
async function tailStart(file: FileHandle, tail: number, path: string): Promise<number> {
  if (tail < 0) return 0;
  try {
    const { size } = await file.stat();
    const block = Buffer.alloc(chunkBytes);
    let counted = 0;
    for (let right = size; right > 0; right -= chunkBytes) {
      const left = Math.max(0, right - chunkBytes);
      const { bytesRead } = await file.read(block, 0, right - left, left);
      for (let i = bytesRead - 1; i >= 0; i--) {
        if (block[i] !== newline) continue;
        // The newline that ends the line before the last `tail` ones.
        if (counted === tail) return left + i + 1;
        counted++;
      }
    }
    return 0;
  } catch (error) {
    throw new ContainerLogError(`failed to tail ${tail} lines of log file ${goQuote(path)}: ${errorMessage(error)}`);
  }
}

/** What waiting for the next write found: whether to read on, and whether the file was recreated. */
interface LogWait {
  readonly found: boolean;
  readonly recreated: boolean;
}

/** The kubelet's waitLogs: stop if the container does not run; else wake on a change of the file, or after a second. */
async function waitForLog(container: FollowedContainer, watcher: LogWatcher, file: FileHandle): Promise<LogWait> {
  let running: boolean;
  try {
    running = await container.running();
  } catch (error) {
    throw new ContainerLogError(errorMessage(error));
  }
  if (!running) return { found: false, recreated: false };
  const signal = container.signal;
  if (signal.aborted) throw new ContainerLogError('context cancelled');
  const event = await new Promise<'change' | 'created' | 'timeout' | 'aborted'>((resolve) => {
    const seen = watcher.takeEvent();
    if (seen !== undefined) return resolve(seen);
    const timer = setTimeout(() => done('timeout'), forceCheckMs);
    const aborted = (): void => done('aborted');
    const done = (what: 'change' | 'created' | 'timeout' | 'aborted'): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      watcher.onEvent = undefined;
      resolve(what);
    };
    signal.addEventListener('abort', aborted, { once: true });
    watcher.onEvent = (created) => done(created ? 'created' : 'change');
  });
  if (event === 'aborted') throw new ContainerLogError('context cancelled');
  if (event !== 'created') return { found: true, recreated: false };
  // inotify tells a rename in the directory, not whether it made a new file: compare the inodes.
  try {
    const [now, current] = await Promise.all([stat(watcher.path), file.stat()]);
    return { found: true, recreated: now.ino !== current.ino };
  } catch {
    return { found: true, recreated: false };
  }
}

/**
 * An inotify watch of the log file's directory, as the kubelet keeps one (the file may be
 * replaced). An event that comes while nobody waits is kept for the next wait, as fsnotify's
 * channel keeps it.
 */
class LogWatcher {
  readonly path: string;
  readonly #name: string;
  #watcher: FSWatcher | undefined;
  #unheard: 'change' | 'created' | undefined;
  /** Called with whether the event may be the file's creation. */
  onEvent: ((created: boolean) => void) | undefined;

  takeEvent(): 'change' | 'created' | undefined {
    const event = this.#unheard;
    this.#unheard = undefined;
    return event;
  }

  constructor(path: string) {
    this.path = path;
    this.#name = basename(path);
  }

  start(): void {
    try {
      this.#watcher = watch(dirname(this.path), { persistent: false }, (type, name) => {
        if (name !== null && name !== this.#name) return;
        const created = type === 'rename';
        if (this.onEvent !== undefined) this.onEvent(created);
        else if (this.#unheard !== 'created') this.#unheard = created ? 'created' : 'change';
      });
      this.#watcher.on('error', () => this.close());
    } catch {
      // Without a watch, the one-second check still finds what was written.
    }
  }

  close(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
