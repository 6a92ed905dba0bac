// Test support: a real `capstan apiserver` process on 127.0.0.1 with a free port, its own data
// directory and a kubeconfig for it; stopped and cleaned up by stop().

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { childStopper } from './stop-child.ts';

export interface ApiServerProcess {
  readonly url: string;
  readonly kubeconfig: string;
  readonly child: ChildProcess;
  /** SIGTERM, and the exit code once the process is gone; removes its directory. */
  stop(): Promise<number | null>;
}

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

export async function startApiServer(extraArgs: readonly string[] = []): Promise<ApiServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-e2e-'));
  const child = spawn(
    process.execPath,
    [capstan, 'apiserver', '--port=0', `--data-dir=${join(dir, 'data')}`, '--logging-format=json', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`the API server did not start in 10 s:\n${output}`)), 10_000);
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
  const deadline = Date.now() + 10_000;
  while ((await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`the API server did not become ready in 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const kubeconfig = join(dir, 'kubeconfig');
  const stopChild = childStopper(child, exited, dir);
  writeFileSync(kubeconfig, kubeconfigFor(url));
  return { url, kubeconfig, child, stop: () => stopChild() };
}
