// What a program of the simulated container sees: its environment, its file system and its clock,
// and where it prints. Programs (busybox's applets, agnhost's subcommands, servers) are functions of
// their arguments that print as they go, so that a container's log gets each line when it is
// printed, and answer their exit code.

export interface ShellContext {
  readonly hostname: string;
  /** The pod's IPs (none for a hostNetwork pod); servers listen on one that is this host's (pod-listener.ts). */
  readonly podIps: readonly string[];
  readonly workingDir: string;
  readonly env: ReadonlyMap<string, string>;
  /** Who the process runs as (the container's runAsUser, runAsGroup and supplemental groups). */
  readonly user: { readonly uid: number; readonly gid: number; readonly groups: readonly number[] };
  readFile(path: string): string | undefined;
  /** A file's bytes as they are (readFile decodes them as UTF-8). */
  readBytes(path: string): Buffer | undefined;
  /** Answers why the write failed ("Read-only file system"), or undefined. */
  writeFile(path: string, content: string, append: boolean): string | undefined;
  removeFile(path: string): boolean;
  /** The names in a directory, or undefined when the path is no directory. */
  listDirectory(path: string): string[] | undefined;
  /** Answers why the directory could not be made, or undefined. */
  makeDirectory(path: string): string | undefined;
  /** A file's or directory's mode (type bits included) and owner, as stat(2) answers them. */
  stat(path: string): FileStat | undefined;
  /** Answers why the mode could not be changed, or undefined. */
  changeMode(path: string, mode: number): string | undefined;
  /** Rejects (ProcessEnded) when the process ends meanwhile: a stopped container's sleep never returns. */
  sleep(ms: number): Promise<void>;
  /** Waits until the process is ended from outside (a server's main loop). */
  untilStopped(): Promise<never>;
  /**
   * The container's main process only: calls `callback` at once when the process is ended from
   * outside, before the runtime reports the exit (the kernel closes a dead process's sockets so).
   */
  readonly onEnd?: (callback: () => void) => void;
  /** Lets timers and I/O run between a loop's rounds; rejects (ProcessEnded) once the process is ended. */
  tick(): Promise<void>;
}

export interface FileStat {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  /** statfs(2)'s f_type of the file system holding it (tmpfs: 0x01021994), when it is a host file. */
  readonly fsType?: number;
}

/** Where a program prints: each call reaches the reader (a log, an exec client) at once. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

export type Program = (args: readonly string[], context: ShellContext, stdin: string, io: Output) => number | Promise<number>;

/** Thrown out of a sleeping program whose container has exited or been stopped. */
export class ProcessEnded extends Error {
  override name = 'ProcessEnded';
}

/** Collects what a program prints (a pipe, a redirection, ExecSync's answer). */
export class CapturedOutput implements Output {
  out = '';
  err = '';
  stdout(text: string): void {
    this.out += text;
  }
  stderr(text: string): void {
    this.err += text;
  }
}

/** Resolves a path against the working directory, without `.`, `..` or repeated slashes. */
export function resolvePath(path: string, workingDir: string): string {
  const absolute = path.startsWith('/') ? path : `${workingDir.replace(/\/$/, '')}/${path}`;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}
