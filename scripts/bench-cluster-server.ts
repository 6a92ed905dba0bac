// The API server of the cluster benchmarks (controllers, scale): sqlite, in a scratch directory,
// with a user of its own for the simulated nodes and one for the controllers, each in a kubeconfig.
// As in a cluster, API priority and fairness then gives the nodes (group system:nodes) and the
// controllers' lease (system:kube-controller-manager) levels of their own. All anonymous, they
// would share global-default, and 1,000 nodes' pod traffic would hold back the lease renewals
// until the controllers lost their lease.

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { type BenchApiServer, startBenchApiServer } from '../apiserver/bench/api-server-process.ts';

export interface ClusterServer {
  readonly server: BenchApiServer;
  /** The simulated nodes' kubeconfig. */
  readonly nodesKubeconfig: string;
  readonly controllersKubeconfig: string;
}

export async function startClusterServer(scratch: string): Promise<ClusterServer> {
  const tokens = { nodes: randomUUID(), controllers: randomUUID() };
  const tokenFile = join(scratch, 'tokens.csv');
  writeFileSync(tokenFile, `${tokens.controllers},system:kube-controller-manager,controllers\n${tokens.nodes},simulated-nodes,nodes,"system:nodes"\n`);
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, 'data'), args: [`--token-auth-file=${tokenFile}`] });
  const nodesKubeconfig = join(scratch, 'kubeconfig');
  writeFileSync(nodesKubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: tokens.nodes }));
  const controllersKubeconfig = join(scratch, 'controllers.kubeconfig');
  writeFileSync(controllersKubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: tokens.controllers }));
  return { server, nodesKubeconfig, controllersKubeconfig };
}
