// Test support: a real `capstan apiserver` process (common/test/api-server-child.ts) with a
// kubeconfig for it; stopped and cleaned up by stop().

import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { startApiServerChild, type ApiServerChildOptions } from '../../common/test/api-server-child.ts';

export interface ApiServerProcess {
  readonly url: string;
  /** The PEM authority of the server's serving certificate. */
  readonly certificateAuthority: string;
  readonly kubeconfig: string;
  readonly child: ChildProcess;
  /** SIGTERM, and the exit code once the process is gone; removes its directory. */
  stop(): Promise<number | null>;
}

export async function startApiServer(extraArgs: readonly string[] = [], options: Pick<ApiServerChildOptions, 'serviceAccountAdmission'> = {}): Promise<ApiServerProcess> {
  const server = await startApiServerChild({ args: extraArgs, prefix: 'capstan-e2e-', ...options });
  const kubeconfig = join(server.dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: server.token }));
  return { url: server.url, certificateAuthority: server.certificateAuthority, kubeconfig, child: server.child, stop: () => server.stop() };
}
