// A Capstan API server as a child process (`capstan apiserver`, started by the test support every
// package's tests use: common/test/api-server-child.ts), for a test that wants the server out of
// its own process: its own heap, metrics and event loop. Slower to start (a Node.js process that
// loads the API server's modules) and heavier than one in the process; it ends with its parent.

import { join } from 'node:path';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { ownedPrefix } from './scratch-dirs.ts';
import type { ServerSettings, StartedServer } from './started-server.ts';

export async function startChildServer(dir: string, settings: ServerSettings): Promise<StartedServer> {
  const dataDir = join(dir, 'data');
  const flags = [
    '--authorization-mode=RBAC',
    `--data-dir=${dataDir}`,
    ...(settings.featureGates.length === 0 ? [] : [`--feature-gates=${settings.featureGates.join(',')}`]),
    ...(settings.runtimeConfig.length === 0 ? [] : [`--runtime-config=${settings.runtimeConfig.join(',')}`]),
    ...settings.extraArgs,
  ];
  const server = await startApiServerChild({ args: flags, prefix: ownedPrefix(), serviceAccountAdmission: settings.serviceAccountAdmission });
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the API server process has no pid');
  return {
    url: server.url,
    certificateAuthority: server.certificateAuthority,
    token: server.token,
    pid,
    dataDir,
    stop: async () => {
      await server.stop();
    },
  };
}
