// Test support for every package: a real `capstan apiserver` process on 127.0.0.1 with a free port
// and a data directory of its own, ready (its post-start hooks done) when this resolves; stop()
// ends it (SIGKILL if it takes longer than 10 s) and removes the directory, once.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childStopper } from './stop-child.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

export interface ApiServerChild {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly child: ChildProcess;
  /** The process's own directory (its data directory is data/ in it); removed by stop(). */
  readonly dir: string;
  /** What the process wrote on standard error lately (the last 4,000 characters). */
  output(): string;
  /** Ends the process with the signal; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ApiServerChildOptions {
  /** Flags after `--port=0 --data-dir=... --logging-format=json`. */
  readonly args?: readonly string[];
  /** The temporary directory's name prefix. */
  readonly prefix?: string;
  /** How long it may take to serve, and then again to be ready (20 s each). */
  readonly timeoutMs?: number;
}

export async function startApiServerChild(options: ApiServerChildOptions = {}): Promise<ApiServerChild> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? 'capstan-api-'));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const child = spawn(process.execPath, [capstan, 'apiserver', '--port=0', `--data-dir=${join(dir, 'data')}`, '--logging-format=json', ...(options.args ?? [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = childStopper(child, exited, dir);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`the API server did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /serving on (http:\/\/[\d.]+:\d+)/.exec(stdout);
        if (match !== null) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the API server exited with ${code}:\n${output}`));
      });
    });
    // Serving is not ready: the post-start hooks (system namespaces, watch cache) finish after.
    const deadline = Date.now() + timeoutMs;
    while ((await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`the API server did not become ready in ${timeoutMs / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { url, child, dir, output: () => output, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}
