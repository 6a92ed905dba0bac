// Test support for the components' metrics: a cluster as `capstan up` runs one (an API server, an
// agent on the simulated runtime, `capstan controllers` with the given controllers and its secure
// port on 127.0.0.1), answered once the node is Ready and untainted. The agent needs an address
// other than loopback; without one, `hostIP` is undefined and the tests skip.

import test from 'ava';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { promisify } from 'node:util';
import { eventually } from '../../common/test/eventually.ts';
import { type ApiServerProcess, startApiServer } from './api-server-process.ts';
import { quickLeaderElection, startControllers } from './controllers-process.ts';
import { kubectlBinary } from './kubectl-binary.ts';
import { agentAccess, freePort, type ManagedProcess, startAgent, startRuntimeSim } from './node-agent-process.ts';

const run = promisify(execFile);

export const hostIP = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal)?.address;

export interface MetricsCluster {
  readonly server: ApiServerProcess;
  /** The admin's bearer token (system:masters). */
  readonly token: string;
  readonly controllersPort: number;
  /** A folder removed with the cluster, for manifests. */
  readonly dir: string;
  readonly processes: readonly ManagedProcess[];
  kubectl(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export async function startMetricsCluster(options: {
  readonly nodeName: string;
  readonly controllers: string;
  readonly apiServerArgs?: readonly string[];
}): Promise<MetricsCluster> {
  const access = agentAccess();
  const server = await startApiServer([...access.apiServerArgs, ...(options.apiServerArgs ?? [])]);
  const processes: ManagedProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((process) => process.stop()));
    await server.stop();
    access.remove();
  };
  const kubectl = async (...args: string[]): Promise<string> =>
    (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
  try {
    const runtime = await startRuntimeSim();
    processes.push(runtime);
    processes.push(
      await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName: options.nodeName, args: [...access.agentArgs, `--node-ip=${hostIP}`] }),
    );
    const controllersPort = await freePort();
    processes.push(
      startControllers(server.kubeconfig, [...quickLeaderElection, `--controllers=${options.controllers}`, `--secure-port=${controllersPort}`, '--bind-address=127.0.0.1']),
    );
    // Ready, and without the not-ready taint the node lifecycle controller put on it before and
    // takes off at its next pass: a pod created in between is unschedulable at its first attempt.
    await eventually(
      'the node to be Ready and untainted',
      async () => {
        const state = await kubectl('get', 'node', options.nodeName, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status} {.spec.taints}').catch(() => '');
        return state.trim() === 'True' ? true : undefined;
      },
      60_000,
    );
    const token = /token: (\S+)/.exec(readFileSync(server.kubeconfig, 'utf8'))?.[1] ?? '';
    return { server, token, controllersPort, dir: access.dir, processes, kubectl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The cluster of a test file: started before its tests (when the machine has an address for the
 * agent), the components' output logged for a test that failed, stopped after them all.
 */
export function metricsClusterOfFile(
  options: Parameters<typeof startMetricsCluster>[0] & {
    /** What else to wait for before the tests run. */
    readonly ready?: (cluster: MetricsCluster) => Promise<void>;
  },
): { started(): MetricsCluster; kubectl(...args: string[]): Promise<string> } {
  let cluster: MetricsCluster | undefined;
  const started = (): MetricsCluster => {
    if (cluster === undefined) throw new Error('the cluster did not start');
    return cluster;
  };
  test.before(async () => {
    if (hostIP === undefined) return;
    cluster = await startMetricsCluster(options);
    await options.ready?.(cluster);
  });
  test.afterEach.always((t) => {
    // What the components said, when a test failed: the reason is usually there.
    if (!t.passed) for (const process of cluster?.processes ?? []) t.log(process.output().slice(-4000));
  });
  test.after.always(async () => {
    await cluster?.stop();
  });
  return { started, kubectl: (...args) => started().kubectl(...args) };
}
