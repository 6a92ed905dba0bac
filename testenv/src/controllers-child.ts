// The controllers of a test environment that asks for them: one `capstan controllers` process
// against its API server (no leader election, no serving port), started once it says it runs and
// ended with the environment, or with the test process.

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { childStopper } from '../../common/test/stop-child.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
/** deploy/src/exit-with-parent.ts's variable: the child stops when this process is gone. */
const exitWithParentVariable = 'CAPSTAN_EXIT_WITH_PARENT';

export interface ControllersChild {
  readonly pid: number;
  stop(): Promise<void>;
}

export async function startControllersChild(kubeconfigPath: string, dir: string): Promise<ControllersChild> {
  const child = spawn(process.execPath, [capstan, 'controllers', `--kubeconfig=${kubeconfigPath}`, '--leader-elect=false', '--secure-port=0', '--logging-format=json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [exitWithParentVariable]: String(process.pid) },
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = childStopper(child, exited, dir);
  try {
    await new Promise<void>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('Capstan controllers:')) resolve();
      });
      void exited.then((code) => reject(new Error(`the controllers exited with ${code}:\n${output}`)));
    });
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { pid: child.pid as number, stop: async () => void (await stop()) };
}
