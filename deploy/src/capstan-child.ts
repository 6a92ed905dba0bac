// The processes `capstan up` starts and supervises: each a `capstan` subcommand of this same
// program, its output in a log file of its own, ending with the cluster even when the cluster is
// killed. A child is started once it says so itself (a line it prints when it serves), never after a
// fixed delay; one that dies afterwards is started again with a growing back-off, and the terminal
// is told. One that dies before its first start fails `capstan up`.

import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { exitWithParentVariable } from './exit-with-parent.ts';

/** The line each subcommand prints on standard output once it serves. */
const readyLines: Readonly<Record<string, RegExp>> = {
  'runtime-sim': /^runtime-sim serving CRI/m,
  controllers: /^Capstan controllers:/m,
};

/** The first restart waits a second, each next one twice as long, up to half a minute... */
const firstBackoffMs = 1000;
const maxBackoffMs = 30_000;
/** ...and a child that ran this long before it died starts again from the first back-off. */
const stableRunMs = 60_000;

export interface CapstanChildOptions {
  /** How the terminal names it: `controllers`, `node a: agent`; the subcommand by default. */
  readonly name?: string;
  /** Told of each crash and restart. */
  readonly say?: (line: string) => void;
  /**
   * When a process counts as started, for a subcommand that prints no line when it serves (the
   * node agent: when its Node is Ready); asked again at each restart.
   */
  readonly ready?: () => Promise<void>;
  /**
   * The arguments of each restart, asked for just before it (a port picked again, the one before
   * having been taken meanwhile); the first arguments otherwise.
   */
  readonly restartArgs?: () => Promise<readonly string[]>;
}

export class CapstanChild {
  readonly name: string;
  #args: readonly string[];
  readonly #restartArgs: (() => Promise<readonly string[]>) | undefined;
  readonly #logFile: string;
  readonly #readyLine: RegExp | undefined;
  readonly #ready: (() => Promise<void>) | undefined;
  readonly #say: (line: string) => void;
  #process: ChildProcess;
  #exited: Promise<void>;
  #stopping = false;
  #restartTimer: NodeJS.Timeout | undefined;
  #backoffMs = firstBackoffMs;
  #startedAt = 0;
  #hasStarted = false;
  /** Resolves once the first process says it serves; rejects when it exits before. */
  readonly started: Promise<void>;

  constructor(args: readonly string[], logFile: string, options: CapstanChildOptions = {}) {
    this.#args = args;
    this.#logFile = logFile;
    this.name = options.name ?? args[0] ?? 'capstan';
    this.#readyLine = readyLines[args[0] ?? ''];
    this.#ready = options.ready;
    this.#restartArgs = options.restartArgs;
    this.#say = options.say ?? (() => {});
    writeFileSync(logFile, '');
    const first = this.#spawn();
    this.#process = first.process;
    this.#exited = first.exited;
    this.started = first.ready;
    // Deaths after the first start are restarted; one before it is `started` rejecting.
    this.started.then(
      () => (this.#hasStarted = true),
      () => {},
    );
  }

  /** The process running now (a restart replaces it). */
  get pid(): number | undefined {
    return this.#process.pid;
  }

  #spawn(): { process: ChildProcess; exited: Promise<void>; ready: Promise<void> } {
    // The child ends with the cluster, even when the cluster is killed (see exit-with-parent.ts).
    const env = { ...process.env, [exitWithParentVariable]: String(process.pid) };
    const child = spawn(process.execPath, [process.argv[1] as string, ...this.#args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    this.#startedAt = Date.now();
    const append = (chunk: Buffer): void => writeFileSync(this.#logFile, chunk, { flag: 'a' });
    child.stderr?.on('data', append);
    let stdout = '';
    const ready = new Promise<void>((resolve, reject) => {
      if (this.#ready !== undefined) this.#ready().then(resolve, reject);
      else if (this.#readyLine === undefined) resolve();
      child.stdout?.on('data', (chunk: Buffer) => {
        append(chunk);
        if (this.#readyLine === undefined || this.#ready !== undefined) return;
        stdout = (stdout + chunk.toString('utf8')).slice(-4096);
        if (this.#readyLine.test(stdout)) resolve();
      });
      child.once('error', (error) => reject(new Error(`${this.name} could not start: ${error.message}`)));
      child.once('exit', (code, signal) => reject(new Error(`${this.name} exited with ${signal ?? code} before it started (see ${this.#logFile})`)));
    });
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        resolve();
        if (!this.#stopping && this.#hasStarted) this.#restartAfter(code, signal);
      });
      child.once('error', () => resolve());
    });
    return { process: child, exited, ready };
  }

  #restartAfter(code: number | null, signal: NodeJS.Signals | null): void {
    if (Date.now() - this.#startedAt >= stableRunMs) this.#backoffMs = firstBackoffMs;
    const delay = this.#backoffMs;
    this.#backoffMs = Math.min(this.#backoffMs * 2, maxBackoffMs);
    this.#say(`${this.name} exited with ${signal ?? code}; restarting it in ${delay / 1000} s (log in ${this.#logFile})`);
    this.#restartTimer = setTimeout(async () => {
      this.#restartTimer = undefined;
      if (this.#restartArgs !== undefined) {
        try {
          this.#args = await this.#restartArgs();
        } catch (error) {
          this.#say(`${this.name}: ${error instanceof Error ? error.message : String(error)}; restarting it as before`);
        }
      }
      if (this.#stopping) return;
      const next = this.#spawn();
      this.#process = next.process;
      this.#exited = next.exited;
      next.ready.then(
        () => this.#say(`${this.name} restarted (pid ${next.process.pid})`),
        () => {},
      );
    }, delay);
  }

  /** SIGTERM, SIGKILL after 10 s; no restart after this. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    const child = this.#process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await this.#exited;
    clearTimeout(timer);
  }
}

export function capstanChild(args: readonly string[], logFile: string, options: CapstanChildOptions = {}): CapstanChild {
  return new CapstanChild(args, logFile, options);
}

export function stopChild(child: CapstanChild): Promise<void> {
  return child.stop();
}
