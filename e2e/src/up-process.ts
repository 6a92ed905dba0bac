// Test support: a real `capstan up` process with a data directory of its own, on a free port. Tests
// wait on the lines it prints (never on a clock: the test's own timeout bounds a start that never
// comes); stop() ends it (SIGKILL after 10 s) and removes the directory, once. It ends by itself
// when the test process is gone, and its children end with it (deploy/src/exit-with-parent.ts).

import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../../common/test/eventually.ts';
import { childStopper } from '../../common/test/stop-child.ts';
import { kubectlBinary } from './kubectl-binary.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

export interface UpProcess {
  readonly child: ChildProcess;
  readonly dataDir: string;
  readonly kubeconfig: string;
  /** Resolves with the exit code once the process is gone. */
  readonly exited: Promise<number | null>;
  /** What it printed on stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** The first line of its stdout matching, now or when it comes; rejects if it exits first. */
  line(pattern: RegExp): Promise<string>;
  /** The first line of its stderr matching, now or when it comes; rejects if it exits first. */
  stderrLine(pattern: RegExp): Promise<string>;
  kubectl(...args: string[]): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `prepare` may put files into the data directory before the process starts; `dataDir` starts a cluster again on its directory (a new one by default). */
export function startUp(args: readonly string[] = [], prepare?: (dataDir: string) => void, dataDir = mkdtempSync(join(tmpdir(), 'capstan-up-'))): UpProcess {
  prepare?.(dataDir);
  const child = spawn(process.execPath, [capstan, 'up', `--data-dir=${dataDir}`, '--port=0', '--logging-format=json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const text = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text.stderr += chunk));
  const waitForLine = (stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const find = (): boolean => {
        const found = text[stream].split('\n').find((line, index, lines) => index < lines.length - 1 && pattern.test(line));
        if (found !== undefined) resolve(found);
        return found !== undefined;
      };
      if (find()) return;
      const onData = (): void => {
        if (find()) child[stream].off('data', onData);
      };
      child[stream].on('data', onData);
      void exited.then((code) => reject(new Error(`capstan up exited with ${code} before printing ${pattern}:\n${text.stdout}\n${text.stderr.slice(-4000)}`)));
    });
  const kubeconfig = join(dataDir, 'kubeconfig');
  return {
    child,
    dataDir,
    kubeconfig,
    exited,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    line: (pattern) => waitForLine('stdout', pattern),
    stderrLine: (pattern) => waitForLine('stderr', pattern),
    kubectl: async (...kubectlArgs) => (await promisify(execFile)(kubectlBinary(), kubectlArgs, { env: { ...process.env, KUBECONFIG: kubeconfig }, encoding: 'utf8' })).stdout,
    stop: childStopper(child, exited, dataDir),
  };
}

/**
 * The pids of the processes whose command line names the cluster's directory (pgrep -f), `up`
 * itself aside: its children, and the control plane's processes or containers its agent runs.
 */
export function clusterProcesses(up: UpProcess): number[] {
  try {
    return execFileSync('pgrep', ['-f', up.dataDir], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '' && line !== String(up.child.pid))
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Waits until at least `count` of the cluster's processes run, and answers them: a control plane
 * process or container may be between an exit and its restart (the controllers exit on a lost
 * lease under load), which a single look would count as missing.
 */
export function clusterProcessesRunning(up: UpProcess, count: number, what: string): Promise<number[]> {
  return eventually(
    what,
    async () => {
      const processes = clusterProcesses(up);
      return processes.length >= count ? processes : undefined;
    },
    120_000,
  );
}
