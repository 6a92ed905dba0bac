// Containers of the Capstan image run for real: a hostNetwork pod's container whose image is
// Capstan's (capstan.local/capstan:<version>) is this checkout's `capstan` started as a host
// process, so that static pods of the control plane (kube-apiserver, kube-controller-manager as
// kubeadm lays them out) serve for real on a simulated node. The process sees the host's files and
// network as they are: volumes must be mounted at their host paths (kubeadm's are).

import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { basename } from 'node:path';
import { capstanImageRepository } from '@capstan/common';
import { LineOutput } from './container-process.ts';
import type { LogStream } from './lifecycle.ts';
import { parseImageReference } from './image-reference.ts';

/** Which containers run as host processes, and how `capstan` is started on this host. */
export interface HostProcessSettings {
  /** Image repositories whose containers run for real (Capstan's by default). */
  readonly repositories: readonly string[];
  /** What `capstan` is here: the program and the arguments before the container's (node and bin/capstan.ts). */
  readonly capstan: readonly string[];
  /** Variables every process gets before the container's own (PATH, HOME, the compile cache). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** `capstan runtime-sim`'s: this same program, with the runtime as the parent processes end with. */
export function thisCapstan(): HostProcessSettings {
  return {
    repositories: [capstanImageRepository],
    capstan: [process.execPath, process.argv[1] as string],
    // A process ends when the runtime is gone, however it went (deploy/src/exit-with-parent.ts):
    // the runtime's state of its containers is in its memory only.
    env: { ...process.env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) },
  };
}

/** Whether an image (any of its names) is one whose containers run as host processes. */
export function runsAsHostProcess(settings: HostProcessSettings | undefined, imageNames: readonly string[]): boolean {
  if (settings === undefined) return false;
  return imageNames.some((name) => settings.repositories.includes(parseImageReference(name).repository));
}

/** The host command for a container's argv, or undefined when the image has no such program. */
export function hostCommand(settings: HostProcessSettings, argv: readonly string[]): readonly string[] | undefined {
  const [program, ...rest] = argv;
  // The image has one program: `capstan` (on its PATH, or by an absolute path).
  if (program === undefined || basename(program) !== 'capstan') return undefined;
  return [...settings.capstan, ...rest];
}

export interface HostProcess {
  readonly pid: number | undefined;
  /** The exit code: the process's own, or 128 + the signal that ended it (137 for SIGKILL). */
  readonly exited: Promise<number>;
  signal(signal: NodeJS.Signals): void;
}

export function startHostProcess(command: readonly string[], env: Readonly<Record<string, string | undefined>>, print: (stream: LogStream, text: string) => void): HostProcess {
  const [program, ...args] = command as [string, ...string[]];
  const child = spawn(program, args, { cwd: '/', env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new LineOutput(print);
  child.stdout.setEncoding('utf8').on('data', (text: string) => output.stdout(text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => output.stderr(text));
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      output.stderr(`${error.message}\n`);
      resolve(127);
    });
    // 'close': the output is all read once both pipes closed.
    child.once('close', (code, signal) => {
      output.flush();
      resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal]));
    });
  });
  return {
    pid: child.pid,
    exited,
    signal(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
