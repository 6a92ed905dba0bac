// The worker thread of LeaderElectorOnThread: one LeaderElector with a client of its own, reporting
// to the main thread, so that its renewals go on while the controllers keep the main event loop busy.

import { parentPort, workerData } from 'node:worker_threads';
import { RestClient } from '@capstan/common/client';
import type { ElectorThreadData, ElectorThreadMessage } from './elector-on-thread.ts';
import { LeaderElector } from './leader-elector.ts';

const data = workerData as ElectorThreadData;
const port = parentPort;
if (port === null) throw new Error('elector-thread.ts runs as a worker thread');
const post = (message: ElectorThreadMessage): void => port.postMessage(message);

const stop = new AbortController();
port.on('message', () => stop.abort());
const client = RestClient.fromKubeconfig(data.kubeconfig, { userAgent: data.userAgent });
const elector = new LeaderElector(client, data.config, {
  onStartedLeading: () => post({ type: 'started' }),
  onStoppedLeading: (lost) => post({ type: 'stopped', lost }),
  onNewLeader: (identity) => post({ type: 'new-leader', identity }),
});
try {
  await elector.run(stop.signal);
} finally {
  client.close();
  port.close();
}
