// The agent's lock file (--lock-file), held as the kubelet holds it: an exclusive flock(2) on the
// file, opened O_RDWR|O_CREAT with mode 0600, for the life of the process. A second agent on the
// same file waits for the lock (the kubelet's flock.Acquire blocks) or, asked not to wait, fails.
// With --exit-on-lock-contention the holder gives way when another process asks for the lock.
//
// Node has no flock(2). The lock is taken by util-linux's flock(1) on a descriptor the agent
// opened and hands to it: flock locks belong to the open file description, which the agent keeps
// open after flock(1) exits, so the lock is the agent's own, ends with the agent's process (no
// stale lock to detect, even after SIGKILL), and excludes a real kubelet using the same file.
//
// Contention: the kubelet watches the file with inotify for IN_OPEN and IN_DELETE_SELF. fs.watch
// cannot see an open, so an agent that finds the lock held and waits for it touches the file's
// times, and again every second while it waits; the holder sees that, or the file's removal or
// renaming, with fs.watch. Any other process that waits in flock(2) on the file (a kubelet, or
// `flock <file>`) is seen in /proc/locks, which the holder reads every second.

import { closeSync, constants, fstatSync, futimesSync, openSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { errorMessage, fieldAt, flock } from '@capstan/common';
import { goFileError } from './decode-configuration-file.ts';

export interface AcquireLockOptions {
  /** Wait while another process holds the lock (the kubelet's behaviour); false fails at once. */
  readonly wait?: boolean;
  /** Gives up waiting. */
  readonly signal?: AbortSignal;
}

export type LockContention =
  /** The file was touched or written: another agent opened it to take the lock. */
  | { readonly reason: 'change' }
  /** The file was removed or renamed. */
  | { readonly reason: 'removed' }
  /** A process waits in flock(2) for the lock (/proc/locks). */
  | { readonly reason: 'waiter' };

export class LockFileError extends Error {
  override name = 'LockFileError';
}

/** How often a waiting agent re-announces itself and a holder reads /proc/locks. */
const pollInterval = 1000;

export class LockFile {
  readonly path: string;
  #fd: number | undefined;
  readonly #stops: (() => void)[] = [];

  private constructor(path: string, fd: number) {
    this.path = path;
    this.#fd = fd;
  }

  /** Takes the lock; throws `unable to acquire file lock on "<path>": <reason>` as the kubelet does. */
  static async acquire(path: string, options: AcquireLockOptions = {}): Promise<LockFile> {
    const failure = (reason: string): LockFileError => new LockFileError(`unable to acquire file lock on ${JSON.stringify(path)}: ${reason}`);
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
    } catch (error) {
      throw failure(goFileError(error, path));
    }
    try {
      if (await flock(fd, false)) return new LockFile(path, fd);
      // An agent that will not wait does not ask the holder to give way.
      if (options.wait === false) throw failure('resource temporarily unavailable');
      announce(fd);
      const reannounce = setInterval(() => announce(fd), pollInterval);
      try {
        if (!(await flock(fd, true, options.signal))) throw failure('resource temporarily unavailable');
      } finally {
        clearInterval(reannounce);
      }
      return new LockFile(path, fd);
    } catch (error) {
      closeSync(fd);
      if (error instanceof LockFileError || fieldAt(error, 'name') === 'AbortError') throw error;
      throw failure(errorMessage(error));
    }
  }

  /**
   * Resolves once another process asks for the lock (the kubelet then ends its run and exits 0,
   * releasing the lock to the newcomer). The watch keeps the process alive until then, or until
   * the lock is released.
   */
  watchForContention(): Promise<LockContention> {
    const fd = this.#fd;
    if (fd === undefined) return Promise.reject(new LockFileError('the lock file was released'));
    const { promise, resolve } = Promise.withResolvers<LockContention>();
    const stops: (() => void)[] = [];
    const contended = (contention: LockContention): void => {
      for (const stop of stops) stop();
      resolve(contention);
    };
    let watcher: FSWatcher;
    try {
      // Unlinking a file held open is an IN_ATTRIB ("change"): its link count tells it apart.
      watcher = watch(this.path, (event) => contended({ reason: event === 'rename' || fstatSync(fd).nlink === 0 ? 'removed' : 'change' }));
    } catch {
      // The file is gone already.
      return Promise.resolve({ reason: 'removed' });
    }
    watcher.on('error', () => contended({ reason: 'removed' }));
    stops.push(() => watcher.close());
    const identity = lockIdentity(fd);
    const poll = setInterval(() => {
      if (hasWaiter(identity)) contended({ reason: 'waiter' });
    }, pollInterval);
    poll.unref();
    stops.push(() => clearInterval(poll));
    this.#stops.push(...stops);
    return promise;
  }

  /** Releases the lock (closing the descriptor ends it) and stops watching. */
  release(): void {
    for (const stop of this.#stops.splice(0)) stop();
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  [Symbol.dispose](): void {
    this.release();
  }
}

/**
 * Touches the file's times through the descriptor: the inotify event a holder's fs.watch sees.
 * Best effort: setting explicit times needs ownership of the file, and the lock does not.
 */
function announce(fd: number): void {
  const now = new Date();
  try {
    futimesSync(fd, now, now);
  } catch {
    // A holder then notices this agent through /proc/locks once it waits in flock.
  }
}

/** The device and inode as /proc/locks writes them ("fe:00:9981982"). */
function lockIdentity(fd: number): string {
  const { dev, ino } = fstatSync(fd);
  // glibc's gnu_dev_major/gnu_dev_minor of st_dev.
  const major = ((dev >>> 8) & 0xfff) | (Math.floor(dev / 2 ** 32) & ~0xfff);
  const minor = (dev & 0xff) | ((dev >>> 12) & ~0xff);
  const hex = (value: number): string => value.toString(16).padStart(2, '0');
  return `${hex(major)}:${hex(minor)}:${ino}`;
}

/** Whether /proc/locks shows a process blocked waiting for a lock on the file. */
function hasWaiter(identity: string): boolean {
  let locks: string;
  try {
    locks = readFileSync('/proc/locks', 'utf8');
  } catch {
    return false;
  }
  return locks.split('\n').some((line) => line.includes(' -> ') && line.split(/\s+/).includes(identity));
}
