// The benchmark's `capstan controllers` process, started again when it exits, as systemd
// (Restart=on-failure) or `capstan up` would: kube-controller-manager exits when it loses its
// leader lease, and under a full-size load on a small machine ours may too. The benchmark then
// reports how often that happened instead of failing after the run's first half hour.

import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { cpuSeconds } from '../apiserver/bench/process-usage.ts';

export class SupervisedControllers {
  readonly #args: string[];
  readonly #logFile: number;
  readonly #log: (line: string) => void;
  #child: ChildProcess;
  #stopping = false;
  /** CPU seconds of the processes that exited, as last read while they ran. */
  #exitedCpu = 0;
  /** The current process's CPU seconds, read every second (an exited process has none to read). */
  #lastCpu = 0;
  restarts = 0;

  constructor(capstan: string, kubeconfig: string, logPath: string, log: (line: string) => void) {
    // No HTTPS serving (--secure-port=0): its port 10257 may be another cluster's on this machine.
    this.#args = [capstan, 'controllers', `--kubeconfig=${kubeconfig}`, '--logging-format=json', '--secure-port=0'];
    this.#logFile = openSync(logPath, 'a');
    this.#log = log;
    this.#child = this.#start();
  }

  /** The current process's PID. */
  get pid(): number {
    return this.#child.pid as number;
  }

  /** CPU seconds of every process so far (an exited one's last reading counts). */
  cpuSeconds(): number {
    try {
      this.#lastCpu = cpuSeconds(this.pid);
    } catch {
      // exiting: its last reading stands
    }
    return this.#exitedCpu + this.#lastCpu;
  }

  #start(): ChildProcess {
    const child = spawn(process.execPath, this.#args, { stdio: ['ignore', 'ignore', this.#logFile] });
    this.#lastCpu = 0;
    const sample = setInterval(() => {
      try {
        this.#lastCpu = cpuSeconds(child.pid as number);
      } catch {
        // gone between the exit and the event
      }
    }, 1_000);
    child.once('exit', (code, signal) => {
      clearInterval(sample);
      if (this.#stopping) return;
      this.#exitedCpu += this.#lastCpu;
      this.restarts++;
      this.#log(`the controllers exited (${signal ?? code}); starting them again in a second (restart ${this.restarts})`);
      // As systemd's RestartSec: a process that cannot start does not spin.
      setTimeout(() => {
        if (!this.#stopping) this.#child = this.#start();
      }, 1_000);
    });
    return child;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    const child = this.#child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
