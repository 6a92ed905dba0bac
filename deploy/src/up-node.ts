// The node of `capstan up`: a simulated runtime and a node agent, each its own `capstan` process
// (as they run on real nodes), with their state under <data-dir>/node; the agent answers the API
// server with a token both read from <data-dir>/node/agent-token. Stopped with the cluster.

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { capstanChild, stopChild } from './capstan-child.ts';

export interface UpNode {
  readonly name: string;
  stop(): Promise<void>;
}

/** The node's token file, made once; the API server reads it as --kubelet-bearer-token-file. */
export function agentTokenFile(dataDir: string): string {
  const dir = join(dataDir, 'node');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'agent-token');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  return file;
}

export async function startUpNode(dataDir: string, kubeconfig: string, log: (line: string) => void): Promise<UpNode> {
  const dir = join(dataDir, 'node');
  const name = hostname().toLowerCase();
  const socket = join(dir, 'runtime-sim.sock');
  const runtime = capstanChild(['runtime-sim', `--listen=unix://${socket}`, `--root-dir=${join(dir, 'runtime-sim')}`], join(dir, 'runtime-sim.log'));
  await waitForFile(socket, runtime);
  const config = join(dir, 'agent-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      apiVersion: 'kubelet.config.k8s.io/v1beta1',
      kind: 'KubeletConfiguration',
      containerRuntimeEndpoint: `unix://${socket}`,
      port: await agentPort(),
      podLogsDir: join(dir, 'pod-logs'),
      // Nothing runs in a simulated container, so the host's cgroups and swap do not matter.
      failCgroupV1: false,
      failSwapOn: false,
    }),
  );
  const agent = capstanChild(
    ['agent', `--config=${config}`, `--kubeconfig=${kubeconfig}`, `--root-dir=${join(dir, 'agent')}`, `--authentication-token-file=${agentTokenFile(dataDir)}`],
    join(dir, 'agent.log'),
  );
  log(`node ${name}: a node agent on the simulated runtime (logs in ${dir})`);
  return {
    name,
    stop: async () => {
      await Promise.all([stopChild(agent)]);
      await stopChild(runtime);
    },
  };
}

/** The kubelet's port 10250 when it is free, else any free port. */
async function agentPort(): Promise<number> {
  const tryListen = (port: number): Promise<number | undefined> =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, () => {
        const { port: bound } = server.address() as { port: number };
        server.close(() => resolve(bound));
      });
    });
  return (await tryListen(10250)) ?? ((await tryListen(0)) as number);
}

async function waitForFile(path: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!existsSync(path)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the simulated runtime did not start (see ${path.replace(/\.sock$/, '.log')})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
