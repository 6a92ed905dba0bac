// The audit log file as kube's lumberjack.Logger keeps it: appended to (created 0600), and once a
// write would take it past --audit-log-maxsize megabytes (100 when 0), renamed to
// <name>-<UTC time, 2006-01-02T15-04-05.000><ext> and started again; then the backups past
// --audit-log-maxbackup (newest kept) or older than --audit-log-maxage days are removed, and the
// others gzipped with --audit-log-compress. Writes queue and go out together, one at a time, so a
// burst of events is one write, and the event loop never waits on the disk.

import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export interface RotationOptions {
  /** Megabytes; 0 is lumberjack's default of 100. */
  readonly maxSizeMb: number;
  /** 0 keeps every backup. */
  readonly maxBackups: number;
  /** Days; 0 keeps backups whatever their age. */
  readonly maxAgeDays: number;
  readonly compress: boolean;
}

const megabyte = 1024 * 1024;
const defaultMaxSizeMb = 100;
const dayMs = 24 * 60 * 60 * 1000;

interface PendingWrite {
  readonly bytes: Buffer;
  readonly done: (error: Error | undefined) => void;
}

export class RotatingLogFile {
  readonly #path: string;
  readonly #options: RotationOptions;
  readonly #maxBytes: number;
  readonly #onCleanupError: (error: unknown) => void;
  #file: FileHandle | undefined;
  #size = 0;
  #pending: PendingWrite[] = [];
  #flushing: Promise<void> | undefined;
  #cleanup: Promise<void> = Promise.resolve();
  #rotatedAt = 0;

  constructor(path: string, options: RotationOptions, onCleanupError: (error: unknown) => void) {
    this.#path = path;
    this.#options = options;
    this.#maxBytes = (options.maxSizeMb === 0 ? defaultMaxSizeMb : options.maxSizeMb) * megabyte;
    this.#onCleanupError = onCleanupError;
  }

  /** kube's ensureLogFile: the folder (0700) and the file (0600) exist before the server serves. */
  async ensure(): Promise<void> {
    await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 });
    await (await open(this.#path, 'a', 0o600)).close();
  }

  /** Appends the text; resolves once it is written. */
  write(text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    const written = new Promise<void>((resolve, reject) => {
      this.#pending.push({ bytes, done: (error) => (error === undefined ? resolve() : reject(error)) });
    });
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
    });
    return written;
  }

  async #flush(): Promise<void> {
    while (this.#pending.length > 0) {
      const pending = this.#pending;
      this.#pending = [];
      // What fits in the file goes in one write; what does not starts a new file.
      let start = 0;
      while (start < pending.length) {
        let end = start;
        let length = 0;
        const first = pending[start] as PendingWrite;
        if (first.bytes.length > this.#maxBytes) {
          first.done(new Error(`write length ${first.bytes.length} exceeds maximum file size ${this.#maxBytes}`));
          start++;
          continue;
        }
        try {
          const file = await this.#fileFor(first.bytes.length);
          for (; end < pending.length; end++) {
            const next = (pending[end] as PendingWrite).bytes.length;
            if (this.#size + length + next > this.#maxBytes || next > this.#maxBytes) break;
            length += next;
          }
          const chunk = pending.slice(start, end);
          await file.write(
            Buffer.concat(
              chunk.map((write) => write.bytes),
              length,
            ),
          );
          this.#size += length;
          for (const write of chunk) write.done(undefined);
        } catch (error) {
          end = Math.max(end, start + 1);
          for (const write of pending.slice(start, end)) write.done(error as Error);
        }
        start = end;
      }
    }
  }

  /** The open file, a new one when `length` more bytes would not fit. */
  async #fileFor(length: number): Promise<FileHandle> {
    if (this.#file === undefined) {
      this.#file = await open(this.#path, 'a', 0o600);
      this.#size = (await this.#file.stat()).size;
    }
    if (this.#size > 0 && this.#size + length > this.#maxBytes) await this.#rotate();
    return this.#file as FileHandle;
  }

  async #rotate(): Promise<void> {
    await this.#file?.close();
    this.#file = undefined;
    // Names are to the millisecond: two rotations in one would give the second the first's name.
    this.#rotatedAt = Math.max(Date.now(), this.#rotatedAt + 1);
    await rename(this.#path, backupName(this.#path, new Date(this.#rotatedAt)));
    this.#file = await open(this.#path, 'a', 0o600);
    this.#size = 0;
    this.#cleanup = this.#cleanup.then(() => this.#removeOldBackups()).catch(this.#onCleanupError);
  }

  /** lumberjack's millRunOnce. */
  async #removeOldBackups(): Promise<void> {
    const { maxBackups, maxAgeDays, compress } = this.#options;
    if (maxBackups === 0 && maxAgeDays === 0 && !compress) return;
    const folder = dirname(this.#path);
    const backups = (await readdir(folder))
      .map((name) => ({ name, time: backupTime(this.#path, name) }))
      .filter((backup): backup is { name: string; time: number } => backup.time !== undefined)
      .sort((a, b) => b.time - a.time);
    const removed = new Set<string>();
    if (maxBackups > 0) {
      // A backup and its gzipped copy count once.
      const kept = new Set<string>();
      for (const backup of backups) {
        const key = backup.name.replace(/\.gz$/, '');
        if (kept.size < maxBackups || kept.has(key)) kept.add(key);
        else removed.add(backup.name);
      }
    }
    if (maxAgeDays > 0) {
      const cutoff = Date.now() - maxAgeDays * dayMs;
      for (const backup of backups) if (backup.time < cutoff) removed.add(backup.name);
    }
    for (const name of removed) await unlink(join(folder, name));
    if (!compress) return;
    for (const { name } of backups) {
      if (removed.has(name) || name.endsWith('.gz')) continue;
      const source = join(folder, name);
      const mode = (await stat(source)).mode;
      await pipeline(createReadStream(source), createGzip(), createWriteStream(`${source}.gz`, { mode }));
      await unlink(source);
    }
  }

  /** Writes what is queued, then closes the file. */
  async close(): Promise<void> {
    while (this.#flushing !== undefined) await this.#flushing;
    await this.#cleanup;
    await this.#file?.close();
    this.#file = undefined;
  }
}

/** lumberjack's backupName: audit.log -> audit-2026-11-28T18-48-26.475.log, in UTC. */
export function backupName(path: string, time: Date): string {
  const ext = extname(path);
  const prefix = basename(path, ext);
  const stamp = time.toISOString().slice(0, 23).replaceAll(':', '-');
  return join(dirname(path), `${prefix}-${stamp}${ext}`);
}

/** The time a backup's name gives, or undefined for a file that is no backup of this log. */
function backupTime(path: string, name: string): number | undefined {
  const ext = extname(path);
  const prefix = `${basename(path, ext)}-`;
  const bare = name.endsWith('.gz') ? name.slice(0, -3) : name;
  if (!bare.startsWith(prefix) || !bare.endsWith(ext)) return undefined;
  const stamp = bare.slice(prefix.length, bare.length - ext.length);
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3})$/.exec(stamp);
  if (match === null) return undefined;
  const time = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time) ? undefined : time;
}
