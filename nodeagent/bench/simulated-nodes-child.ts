// The nodes benchmark's handle on its simulating process: forks simulated-nodes-process.ts and
// asks it one thing at a time over the IPC channel.

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { SimulatedNodesReply, SimulatedNodesRequest, SimulatedNodesStats } from './simulated-nodes-messages.ts';

const script = join(import.meta.dirname, 'simulated-nodes-process.ts');
const stopGraceMs = 15_000;

export class SimulatedNodesChild {
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;
  #waiting: { readonly resolve: (reply: SimulatedNodesReply) => void; readonly reject: (error: Error) => void } | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #exitedWith: string | undefined;

  private constructor(child: ChildProcess) {
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.on('message', (reply: SimulatedNodesReply) => {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (reply.type === 'error') waiting?.reject(new Error(`the simulating process failed: ${reply.message}`));
      else waiting?.resolve(reply);
    });
    child.once('exit', (code, signal) => {
      this.#exitedWith = String(code ?? signal);
      this.#waiting?.reject(new Error(`the simulating process exited (${this.#exitedWith})`));
    });
    // A request sent after the child went: without a listener, the 'error' event would end this process.
    child.on('error', (error) => this.#waiting?.reject(new Error(`the simulating process is gone: ${error.message}`)));
  }

  /** Forks the process and waits for its runtime-sim to be up; the first `podWorkerNodes` nodes run pod workers. */
  static async start(kubeconfig: string, rootDir: string, podWorkerNodes: number, agentFlags: readonly string[] = []): Promise<SimulatedNodesChild> {
    const child = fork(script, [kubeconfig, rootDir, String(podWorkerNodes), ...agentFlags], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const handle = new SimulatedNodesChild(child);
    await handle.#reply();
    return handle;
  }

  get pid(): number {
    return this.#child.pid as number;
  }

  async scale(count: number, spreadMs: number): Promise<void> {
    await this.#ask({ type: 'scale', count, spreadMs });
  }

  /** Starts the agent's pod workers on the first `count` nodes, which keep running (and heartbeating). */
  async runPodWorkers(count: number): Promise<void> {
    await this.#ask({ type: 'run-pods', count });
  }

  async stats(): Promise<SimulatedNodesStats> {
    const reply = await this.#ask({ type: 'stats' });
    if (reply.type !== 'stats') throw new Error(`the simulating process answered ${reply.type} to stats`);
    return reply;
  }

  /** Stops every node and the process; SIGKILL if it takes longer than 15 s. */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), stopGraceMs);
    await this.#ask({ type: 'stop' }).catch(() => this.#child.kill('SIGKILL'));
    await this.#exited;
    clearTimeout(timer);
  }

  #ask(request: SimulatedNodesRequest): Promise<SimulatedNodesReply> {
    const asked = this.#queue.then(() => {
      if (this.#exitedWith !== undefined) throw new Error(`the simulating process exited (${this.#exitedWith})`);
      const reply = this.#reply();
      this.#child.send(request);
      return reply;
    });
    this.#queue = asked.catch(() => {});
    return asked;
  }

  #reply(): Promise<SimulatedNodesReply> {
    return new Promise((resolve, reject) => (this.#waiting = { resolve, reject }));
  }
}
