// One API server for all the tests of a file, started before them and stopped after, with the
// real kubectl pointed at it.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from './api-server-process.ts';
import { kubectlBinary } from './kubectl-binary.ts';

const run = promisify(execFile);

export interface SharedApiServer {
  /** The server; only once the file's tests run. */
  readonly server: () => ApiServerProcess;
  kubectl(...args: string[]): Promise<{ stdout: string; stderr: string }>;
}

export function sharedApiServer(extraArgs: readonly string[] = []): SharedApiServer {
  let server: ApiServerProcess | undefined;
  test.before(async () => {
    server = await startApiServer(extraArgs);
  });
  test.after.always(() => server?.stop());
  const current = (): ApiServerProcess => {
    if (server === undefined) throw new Error('the shared API server has not started');
    return server;
  };
  return {
    server: current,
    kubectl: (...args) => run(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, ...args], { encoding: 'utf8' }),
  };
}
