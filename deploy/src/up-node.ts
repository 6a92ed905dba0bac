import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { capstanChild, stopChild } from './capstan-child.ts';
import { preferredOrFreePort } from './preferred-port.ts';

export interface UpNode {
  readonly name: string;
  /** Resolves once the node's runtime serves and its Node is Ready; rejects when either exits before. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

export interface UpNodeSpec {
  /** The Node's name: the host's name for the first node, `<host>-<i>` for the others. */
  readonly name: string;
  /** Where its runtime and agent keep their state and logs. */
  readonly dir: string;
  /** The port its agent serves on when it is free: the kubelet's 10250, 10251, ... */
  readonly preferredPort: number;
}

export function upNodeSpecs(dataDir: string, count: number): UpNodeSpec[] {
  const host = hostname().toLowerCase();
  return Array.from({ length: count }, (_, index) => ({
    name: index === 0 ? host : `${host}-${index + 1}`,
    dir: join(dataDir, index === 0 ? 'node' : `node-${index + 1}`),
    preferredPort: 10250 + index,
  }));
}

export interface UpNodeContext {
  readonly dataDir: string;
  /** The cluster authority, whose client certificates the agent accepts. */
  readonly clientCAFile: string;
  /** The agent's kubeconfig (its own identity, system:node:<name>). */
  readonly kubeconfig: string;
  readonly log: (line: string) => void;
  /** Resolves when the Node of that name is Ready. */
  readonly whenReady: (name: string) => Promise<void>;
  /** Whether the controllers give every Node its pod range (node IPAM), which the runtime then waits for. */
  readonly podCidrsAllocated: boolean;
  /** The agent's static pod directory (`up --self-hosted`: the control plane's manifests). */
  readonly staticPodPath?: string;
  /** A CRI runtime that is already there (containerd's socket): no simulated runtime is started. */
  readonly runtimeEndpoint?: string;
}

/**
 * The KubeletConfiguration of an agent of `capstan up`, as kubeadm sets kubelets up: the API
 * server's requests authenticated by a client certificate of the cluster authority, others checked
 * with the API server (TokenReview, SubjectAccessReview).
 */
export function upNodeAgentConfig(runtimeEndpoint: string, clientCAFile: string, podLogsDir: string): Record<string, unknown> {
  return {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    containerRuntimeEndpoint: runtimeEndpoint,
    authentication: { x509: { clientCAFile }, webhook: { enabled: true }, anonymous: { enabled: false } },
    authorization: { mode: 'Webhook' },
    podLogsDir,
    // The kubelet's defaults refuse cgroup v1 hosts and swap. Nothing runs in a simulated
    // container, so neither matters there; on containerd (`up --self-hosted`) they are allowed
    // too: `capstan up` is a cluster for development, and containerd still runs containers there.
    failCgroupV1: false,
    failSwapOn: false,
  };
}

/** The agent's root directory (--root-dir: its pods' volumes and state), the kubelet's /var/lib/kubelet. */
export const upAgentRootDir = (spec: UpNodeSpec): string => join(spec.dir, 'agent');

export function startUpNode(spec: UpNodeSpec, context: UpNodeContext): UpNode {
  const { name, dir } = spec;
  mkdirSync(dir, { recursive: true });
  const socket = join(dir, 'runtime-sim.sock');
  // With the controllers giving Nodes their pod ranges, no pod gets an address before its node has
  // its range (a pod scheduled in between would otherwise take one of the default 10.88.0.0/16).
  const runtimeArgs = ['runtime-sim', `--listen=unix://${socket}`, `--root-dir=${join(dir, 'runtime-sim')}`, ...(context.podCidrsAllocated ? ['--wait-for-pod-cidr'] : [])];
  const runtime =
    context.runtimeEndpoint === undefined
      ? capstanChild(runtimeArgs, join(dir, 'runtime-sim.log'), {
          name: `node ${name}: runtime-sim`,
          say: context.log,
        })
      : undefined;
  const endpoint = context.runtimeEndpoint ?? `unix://${socket}`;
  let agent: ReturnType<typeof capstanChild> | undefined;
  let stopped = false;
  const agentLog = join(dir, 'agent.log');
  const started = (async () => {
    await runtime?.started;
    const config = join(dir, 'agent-config.json');
    // The port is free when picked and bound by the agent seconds later: another cluster starting
    // beside this one may take it in between, and the agent then exits before it starts. It is
    // started again on another port, twice at most.
    for (let attempt = 1; ; attempt++) {
      const port = await preferredOrFreePort(attempt === 1 ? spec.preferredPort : 0);
      writeFileSync(
        config,
        JSON.stringify({
          ...upNodeAgentConfig(endpoint, context.clientCAFile, join(dir, 'pod-logs')),
          port,
          ...(context.staticPodPath === undefined ? {} : { staticPodPath: context.staticPodPath }),
        }),
      );
      if (stopped) return;
      agent = capstanChild(['agent', `--config=${config}`, `--kubeconfig=${context.kubeconfig}`, `--hostname-override=${name}`, `--root-dir=${upAgentRootDir(spec)}`], agentLog, {
        name: `node ${name}: agent`,
        say: context.log,
        ready: () => context.whenReady(name),
      });
      if (attempt === 1) context.log(`node ${name}: a node agent on ${runtime === undefined ? `the CRI runtime at ${endpoint}` : 'the simulated runtime'} (logs in ${dir})`);
      try {
        await agent.started;
        return;
      } catch (error) {
        if (stopped || attempt === 3 || !portTaken(agentLog)) throw error;
        context.log(`node ${name}: port ${port} was taken before the agent bound it; starting it on another`);
      }
    }
  })();
  return {
    name,
    started,
    stop: async () => {
      stopped = true;
      if (agent !== undefined) await stopChild(agent);
      if (runtime !== undefined) await stopChild(runtime);
    },
  };
}

/** Whether the agent's log says its port was in use. */
function portTaken(logFile: string): boolean {
  try {
    return /EADDRINUSE|address already in use/.test(readFileSync(logFile, 'utf8'));
  } catch {
    return false;
  }
}
