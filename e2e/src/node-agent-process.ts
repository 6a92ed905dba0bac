// Test support: a real `capstan runtime-sim` and a real `capstan agent` process, each with its own
// temporary directory, stopped and cleaned up by stop().

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childStopper } from '../../common/test/stop-child.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

export interface ManagedProcess {
  readonly child: ChildProcess;
  readonly dir: string;
  /** What the process printed on stderr (the last 8 KB). */
  output(): string;
  /** What the process printed on stdout (the last 8 KB). */
  stdout(): string;
  /** Ends the process with the signal (SIGKILL after 10 s), removes its directory; the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `capstan <args>` with its stderr kept (and its stdout, in `stdout()`); stopped and its directory
 * removed by stop(). It ends by itself when the test process is gone (deploy/src/exit-with-parent.ts).
 */
export function managed(args: readonly string[], dir: string, env: NodeJS.ProcessEnv = process.env): ManagedProcess {
  const child = spawn(process.execPath, [capstan, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) } });
  let output = '';
  let stdout = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-8000)));
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout = (stdout + chunk).slice(-8000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, dir, output: () => output, stdout: () => stdout, stop: childStopper(child, exited, dir) };
}

export interface RuntimeSimProcess extends ManagedProcess {
  /** The CRI endpoint, unix:///.../runtime-sim.sock. */
  readonly endpoint: string;
}

/** A runtime-sim serving on a socket of its own; resolves once it says it serves (no clock: the test's timeout bounds it). */
export async function startRuntimeSim(extraArgs: readonly string[] = []): Promise<RuntimeSimProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-sim-'));
  const socket = join(dir, 'runtime-sim.sock');
  const sim = managed(['runtime-sim', `--listen=unix://${socket}`, `--root-dir=${join(dir, 'root')}`, ...extraArgs], dir);
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (/^runtime-sim serving CRI/m.test(sim.stdout())) resolve();
    };
    sim.child.stdout?.on('data', check);
    sim.child.once('exit', (code, signal) => reject(new Error(`runtime-sim exited with ${signal ?? code} before it served:\n${sim.output()}`)));
    check();
  }).catch(async (error: unknown) => {
    await sim.stop('SIGKILL');
    throw error;
  });
  return { ...sim, endpoint: `unix://${socket}` };
}

export interface AgentOptions {
  readonly kubeconfig?: string;
  readonly runtimeEndpoint: string;
  readonly nodeName: string;
  /** KubeletConfiguration fields, over the test defaults (cgroup v1 and swap allowed, a free port). */
  readonly config?: Readonly<Record<string, unknown>>;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/** A port nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A node agent with a config file of its own in a temporary root directory. */
export async function startAgent(options: AgentOptions): Promise<ManagedProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-agent-'));
  const config = {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    containerRuntimeEndpoint: options.runtimeEndpoint,
    failCgroupV1: false,
    failSwapOn: false,
    port: await freePort(),
    podLogsDir: join(dir, 'pod-logs'),
    ...options.config,
  };
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const args = [
    'agent',
    `--config=${configFile}`,
    `--root-dir=${join(dir, 'root')}`,
    `--hostname-override=${options.nodeName}`,
    ...(options.kubeconfig === undefined ? [] : [`--kubeconfig=${options.kubeconfig}`]),
    ...(options.args ?? []),
  ];
  return managed(args, dir, options.env);
}

/**
 * How the API server reaches test agents: at their InternalIP, with a random token in a file of its
 * own that the API server sends (--kubelet-bearer-token-file) and the agents accept
 * (--authentication-token-file).
 */
export interface AgentAccess {
  /** The token file's directory, for other files of the test; removed by remove(). */
  readonly dir: string;
  readonly tokenFile: string;
  readonly apiServerArgs: readonly string[];
  readonly agentArgs: readonly string[];
  remove(): void;
}

export function agentAccess(): AgentAccess {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-agent-token-'));
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${randomUUID()}\n`, { mode: 0o600 });
  return {
    dir,
    tokenFile,
    apiServerArgs: [`--kubelet-bearer-token-file=${tokenFile}`, '--kubelet-preferred-address-types=InternalIP'],
    agentArgs: [`--authentication-token-file=${tokenFile}`],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
