// One simulated container and the state machine its lifecycle drives: created, running after the
// start delay, printing its log lines, exiting by its own exit stage or by StopContainer (SIGTERM,
// then SIGKILL when the grace period ends). Pending stages are times; the container sits in the
// timer wheel once, for the earliest of them, and catches up on whatever is due when it fires.

import { writeFileSync } from 'node:fs';
import { toNanos } from './clock.ts';
import { containerShellContext } from './container-filesystem.ts';
import { criLogLines } from './container-log.ts';
import { type MainProcess, startMainProcess } from './container-process.ts';
import { type HostProcess, startHostProcess } from './host-process.ts';
import type { ExitReason, Lifecycle, LogLineSpec, LogStream } from './lifecycle.ts';
import type { LogWriter } from './log-writer.ts';
import { RuntimeError } from './runtime-error.ts';
import type { Container, ContainerConfig, ContainerEventType, ContainerResources, ContainerState, ContainerStatus } from './runtime-types.ts';
import { canExecute } from './shell.ts';
import type { SimSandbox } from './simulated-sandbox.ts';
import type { TimerWheel, WheelTask } from './timer-wheel.ts';

export interface ContainerHost {
  readonly wheel: TimerWheel;
  readonly logs: LogWriter;
  containerChanged(container: SimContainer, type: ContainerEventType): void;
}

/** A container run as a real process of this host (host-process.ts). */
export interface HostProcessSpec {
  /** The program the container names (`capstan`). */
  readonly program: string;
  /** The host's command for it; undefined when the image has no such program. */
  readonly command: readonly string[] | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Exit code of a process ended by SIGKILL (128 + 9). */
export const killedExitCode = 137;
/** containerd's exit code for a container whose process could not start. */
export const startErrorExitCode = 128;

/** A catch-up after a long pause prints at most this many periodic lines. */
const maxCatchUpLines = 1000;

const noStrings: Readonly<Record<string, string>> = Object.freeze({});

/** The start check only reads files: it never sleeps. */
const noTiming = { sleep: async () => {}, untilStopped: () => new Promise<never>(() => {}), tick: async () => {} };

export class SimContainer implements WheelTask {
  readonly id: string;
  readonly sandbox: SimSandbox;
  readonly config: ContainerConfig;
  readonly lifecycle: Lifecycle;
  readonly imageId: string;
  /** The repo digest the image was pulled by, as containerd's image_ref. */
  readonly imageRef: string;
  /** The absolute log file, or '' when the kubelet gave no log path. */
  readonly logFile: string;
  /** `<container>_<pod>_<namespace>_<uid>_<attempt>`, unique among the runtime's containers. */
  readonly reservedName: string;
  readonly createdAt: number;
  readonly #host: ContainerHost;

  state: ContainerState = 'CONTAINER_CREATED';
  startedAt = 0;
  finishedAt = 0;
  exitCode = 0;
  reason = '';
  message = '';
  /** Files written or removed by its processes: the container's writable layer (null: removed). */
  writableLayer: Map<string, string | null> | undefined;
  /** Directories its processes made in the writable layer. */
  writableDirectories: Set<string> | undefined;
  /** Its cgroup settings: CreateContainer's, then UpdateContainerResources'. */
  resources: ContainerResources | undefined;
  /** What its main process runs; undefined: the lifecycle alone says what it does. */
  readonly argv: readonly string[] | undefined;
  /** A real process of this host instead (host-process.ts): its command and the variables it starts with. */
  readonly #hostSpec: HostProcessSpec | undefined;
  #process: MainProcess | undefined;
  #hostProcess: HostProcess | undefined;

  #starting = false;
  #removed = false;
  #exitAt = Infinity;
  #sigtermExitAt = Infinity;
  #killAt = Infinity;
  #nextLogAt = Infinity;
  /** The earliest time this container is in the wheel for. */
  #wakeAt = Infinity;
  #linesPrinted = 0;
  #sigtermSent = false;
  #exitWaiters: (() => void)[] = [];
  /** Attached clients (CRI Attach): told each line as the container prints it. */
  readonly #attached = new Set<(stream: LogStream, text: string) => void>();

  constructor(
    host: ContainerHost,
    fields: {
      id: string;
      sandbox: SimSandbox;
      config: ContainerConfig;
      lifecycle: Lifecycle;
      imageId: string;
      imageRef: string;
      logFile: string;
      createdAt: number;
      argv?: readonly string[] | undefined;
      hostProcess?: HostProcessSpec | undefined;
    },
  ) {
    this.#host = host;
    this.id = fields.id;
    this.sandbox = fields.sandbox;
    this.config = fields.config;
    this.lifecycle = fields.lifecycle;
    this.imageId = fields.imageId;
    this.imageRef = fields.imageRef;
    this.logFile = fields.logFile;
    this.createdAt = fields.createdAt;
    this.argv = fields.argv;
    this.#hostSpec = fields.hostProcess;
    this.resources = fields.config.linux?.resources ?? undefined;
    const pod = fields.sandbox.config.metadata;
    this.reservedName = `${fields.config.metadata.name}_${pod.name}_${pod.namespace}_${pod.uid}_${fields.config.metadata.attempt ?? 0}`;
  }

  get attempt(): number {
    return this.config.metadata.attempt ?? 0;
  }

  /** How long the container has been running, at `now`. */
  runningFor(now: number): number {
    return this.state === 'CONTAINER_RUNNING' ? now - this.startedAt : 0;
  }

  get sigtermSent(): boolean {
    return this.#sigtermSent;
  }

  get linesPrinted(): number {
    return this.#linesPrinted;
  }

  /** The host process's pid while it runs (a container of the Capstan image), else undefined. */
  get hostPid(): number | undefined {
    return this.state === 'CONTAINER_RUNNING' ? this.#hostProcess?.pid : undefined;
  }

  async start(): Promise<void> {
    if (this.#starting) throw new RuntimeError('Unknown', `failed to set starting state for container "${this.id}": container is already starting`);
    if (this.state !== 'CONTAINER_CREATED') throw new RuntimeError('Unknown', `failed to set starting state for container "${this.id}": container is in ${this.state} state`);
    if (this.sandbox.state !== 'SANDBOX_READY') throw new RuntimeError('Unknown', `sandbox container "${this.sandbox.id}" is not running`);
    const { delayMs, error } = this.lifecycle.start;
    this.#starting = true;
    try {
      if (delayMs > 0) await this.#host.wheel.sleep(delayMs);
    } finally {
      this.#starting = false;
    }
    if (this.#removed || this.sandbox.state !== 'SANDBOX_READY')
      throw new RuntimeError('Unknown', `container "${this.id}" was removed or its sandbox stopped while it was starting`);
    const now = this.#host.wheel.clock.now();
    if (error !== undefined) {
      this.#finish(now, startErrorExitCode, 'StartError', error);
      throw new RuntimeError('Unknown', `failed to start container "${this.id}": ${error}`);
    }
    const argv = this.argv;
    const hostCommand = this.#hostSpec?.command;
    if (this.#hostSpec !== undefined && hostCommand !== undefined) {
      this.#startHostProcess(hostCommand, this.#hostSpec.env, now);
      return;
    }
    const missing =
      this.#hostSpec !== undefined ? this.#hostSpec.program : argv !== undefined && !canExecute(argv[0] ?? '', containerShellContext(this, noTiming)) ? argv[0] : undefined;
    if (missing !== undefined) {
      // containerd's words when runc cannot exec the process (the kubelet's StartError, exit code 128).
      const message = `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "${missing}": executable file not found in $PATH: unknown`;
      this.#finish(now, startErrorExitCode, 'StartError', message);
      throw new RuntimeError('Unknown', message);
    }
    this.state = 'CONTAINER_RUNNING';
    this.startedAt = now;
    if (this.logFile !== '') this.#host.logs.append(this.logFile, '');
    this.#print(this.lifecycle.logs.start, now);
    const exit = this.lifecycle.exit;
    if (exit !== undefined && (exit.attempts === undefined || this.attempt < exit.attempts)) this.#exitAt = now + exit.afterMs;
    const every = this.lifecycle.logs.every;
    if (every !== undefined) this.#nextLogAt = now + every.intervalMs;
    this.#host.containerChanged(this, 'CONTAINER_STARTED_EVENT');
    this.#advance(now);
    if (argv !== undefined && this.state === 'CONTAINER_RUNNING') this.#startProcess(argv);
  }

  /** A real process: what it prints goes to the log, its exit is the container's; no lifecycle stage applies. */
  #startHostProcess(command: readonly string[], baseEnv: Readonly<Record<string, string | undefined>>, now: number): void {
    this.state = 'CONTAINER_RUNNING';
    this.startedAt = now;
    if (this.logFile !== '') this.#host.logs.append(this.logFile, '');
    const env = { ...baseEnv };
    for (const { key, value } of this.config.envs ?? []) env[key] = value;
    const process = startHostProcess(command, env, (stream, line) => this.#printOutput(stream, line, this.#host.wheel.clock.now()));
    this.#hostProcess = process;
    this.#host.containerChanged(this, 'CONTAINER_STARTED_EVENT');
    void process.exited.then((code) => {
      if (this.#hostProcess !== process || this.state !== 'CONTAINER_RUNNING') return;
      this.#finish(this.#host.wheel.clock.now(), code, code === 0 ? 'Completed' : 'Error', '');
    });
  }

  #startProcess(argv: readonly string[]): void {
    const process = startMainProcess(this, argv, this.#host.wheel, (stream, line) => this.#printOutput(stream, line, this.#host.wheel.clock.now()));
    this.#process = process;
    process.exited.then(
      (code) => {
        if (this.#process !== process || this.state !== 'CONTAINER_RUNNING') return;
        this.#finish(this.#host.wheel.clock.now(), code, code === 0 ? 'Completed' : 'Error', '');
      },
      (error: unknown) => {
        if (this.#process !== process || this.state !== 'CONTAINER_RUNNING') return;
        this.#printOutput('stderr', String(error), this.#host.wheel.clock.now());
        this.#finish(this.#host.wheel.clock.now(), 1, 'Error', '');
      },
    );
  }

  /**
   * SIGTERM, then SIGKILL once `timeoutSeconds` pass (at once for 0). Resolves when the container
   * has exited; a container that is not running is left as it is.
   */
  stop(timeoutSeconds: number): Promise<void> {
    if (this.state !== 'CONTAINER_RUNNING') return Promise.resolve();
    const now = this.#host.wheel.clock.now();
    if (!this.#sigtermSent && timeoutSeconds > 0 && this.#hostProcess !== undefined) {
      this.#sigtermSent = true;
      this.#hostProcess.signal('SIGTERM');
    } else if (!this.#sigtermSent && timeoutSeconds > 0) {
      this.#sigtermSent = true;
      this.#print(this.lifecycle.logs.stop, now);
      if (this.lifecycle.stop.sigterm === 'exit') this.#sigtermExitAt = now + this.lifecycle.stop.delayMs;
    }
    this.#killAt = Math.min(this.#killAt, now + Math.max(0, timeoutSeconds) * 1000);
    const exited = new Promise<void>((resolve) => this.#exitWaiters.push(resolve));
    this.#advance(now);
    return exited;
  }

  /** Ends a running container without grace (SIGKILL: 137); a created one stays as it is. */
  kill(): void {
    if (this.state !== 'CONTAINER_RUNNING') return;
    const now = this.#host.wheel.clock.now();
    this.#killAt = now;
    this.#advance(now);
  }

  /** Kills it and forgets it: a start still waiting for its delay fails. */
  remove(): void {
    this.kill();
    this.#removed = true;
  }

  fire(now: number): void {
    if (now >= this.#wakeAt) this.#wakeAt = Infinity;
    this.#advance(now);
  }

  /** Does every stage due by `now`, in time order, then waits in the wheel for the next one. */
  #advance(now: number): void {
    if (this.state !== 'CONTAINER_RUNNING') return;
    if (this.#hostProcess !== undefined) {
      // The process decides when it exits (its code, or 137 once killed): only SIGKILL is due here.
      if (this.#killAt <= now) this.#hostProcess.signal('SIGKILL');
      else if (this.#killAt < this.#wakeAt) {
        this.#wakeAt = this.#killAt;
        this.#host.wheel.schedule(this.#killAt, this);
      }
      return;
    }
    const exitAt = Math.min(this.#exitAt, this.#sigtermExitAt, this.#killAt);
    const every = this.lifecycle.logs.every;
    if (every !== undefined) {
      for (let printed = 0; this.#nextLogAt <= now && this.#nextLogAt < exitAt; printed++) {
        if (printed < maxCatchUpLines) this.#print(every.lines, this.#nextLogAt);
        this.#nextLogAt += every.intervalMs;
      }
    }
    if (exitAt <= now) {
      if (this.#sigtermExitAt === exitAt) {
        const code = this.lifecycle.stop.exitCode;
        this.#finish(exitAt, code, code === 0 ? 'Completed' : 'Error', '');
      } else if (this.#killAt === exitAt) {
        this.#finish(exitAt, killedExitCode, 'Error', '');
      } else {
        const exit = this.lifecycle.exit;
        if (exit === undefined) return;
        this.#print(this.lifecycle.logs.exit, exitAt);
        this.#finish(exitAt, exit.exitCode, exit.reason, exit.message);
        if (exit.terminationMessage !== undefined) this.#writeTerminationMessage(exit.terminationMessage);
      }
      return;
    }
    const next = Math.min(exitAt, this.#nextLogAt);
    if (next < this.#wakeAt) {
      this.#wakeAt = next;
      this.#host.wheel.schedule(next, this);
    }
  }

  #finish(at: number, exitCode: number, reason: ExitReason | 'StartError', message: string): void {
    this.#process?.end();
    this.#hostProcess?.signal('SIGKILL');
    this.state = 'CONTAINER_EXITED';
    this.finishedAt = at;
    this.exitCode = exitCode;
    this.reason = reason;
    this.message = message;
    this.#exitAt = this.#sigtermExitAt = this.#killAt = this.#nextLogAt = Infinity;
    for (const resolve of this.#exitWaiters.splice(0)) resolve();
    this.#host.containerChanged(this, 'CONTAINER_STOPPED_EVENT');
  }

  /** Follows what the container prints from now on until detached; `exited` resolves when it has exited. */
  attach(listener: (stream: LogStream, text: string) => void): { readonly exited: Promise<void>; detach(): void } {
    if (this.state !== 'CONTAINER_RUNNING') return { exited: Promise.resolve(), detach: () => {} };
    this.#attached.add(listener);
    const exited = new Promise<void>((resolve) => this.#exitWaiters.push(resolve));
    return { exited, detach: () => void this.#attached.delete(listener) };
  }

  #print(lines: readonly LogLineSpec[], at: number): void {
    if (lines.length === 0) return;
    let records = '';
    for (const line of lines) {
      this.#linesPrinted++;
      const text = line.text.includes('{') ? this.#render(line.text) : line.text;
      records += criLogLines(at, line.stream, text);
      for (const listener of this.#attached) listener(line.stream, text);
    }
    if (this.logFile !== '') this.#host.logs.append(this.logFile, records);
  }

  /** What the main process printed (one or more lines without their last newline). */
  #printOutput(stream: LogStream, text: string, at: number): void {
    this.#linesPrinted++;
    for (const listener of this.#attached) listener(stream, text);
    if (this.logFile !== '') this.#host.logs.append(this.logFile, criLogLines(at, stream, text));
  }

  #render(text: string): string {
    const pod = this.sandbox.config.metadata;
    const values: Readonly<Record<string, string>> = {
      n: String(this.#linesPrinted),
      container: this.config.metadata.name,
      pod: pod.name,
      namespace: pod.namespace,
      attempt: String(this.attempt),
    };
    return text.replace(/\{(n|container|pod|namespace|attempt)\}/g, (_m, key: string) => values[key] as string);
  }

  /** The kubelet mounts a host file at terminationMessagePath and reads it when the container ends. */
  #writeTerminationMessage(text: string): void {
    const path = this.config.annotations?.['io.kubernetes.container.terminationMessagePath'] ?? '/dev/termination-log';
    const mount = this.config.mounts?.find((m) => m.containerPath === path);
    if (mount?.hostPath === undefined || mount.hostPath === '') return;
    try {
      writeFileSync(mount.hostPath, text);
    } catch {
      // The file is the kubelet's; a missing one only loses the message, as it would in a real container.
    }
  }

  summary(): Container {
    return {
      id: this.id,
      podSandboxId: this.sandbox.id,
      metadata: this.config.metadata,
      image: { image: this.imageId },
      imageRef: this.imageRef,
      imageId: this.imageId,
      state: this.state,
      createdAt: toNanos(this.createdAt),
      labels: this.config.labels ?? noStrings,
      annotations: this.config.annotations ?? noStrings,
    };
  }

  status(): ContainerStatus {
    return {
      id: this.id,
      metadata: this.config.metadata,
      state: this.state,
      createdAt: toNanos(this.createdAt),
      startedAt: toNanos(this.startedAt),
      finishedAt: toNanos(this.finishedAt),
      exitCode: this.exitCode,
      image: this.config.image,
      imageRef: this.imageRef,
      imageId: this.imageId,
      reason: this.reason,
      message: this.message,
      labels: this.config.labels ?? noStrings,
      annotations: this.config.annotations ?? noStrings,
      mounts: this.config.mounts ?? [],
      logPath: this.logFile,
    };
  }
}
