// A kind-style cluster on hosts of one machine (host-network.ts): a 3-member etcd cluster on three
// hosts, two `capstan apiserver` on two more sharing it (each with its own watch cache), a TCP load
// balancer in front of them in the root namespace, `capstan controllers` with two replicas on two
// hosts electing a leader through their Lease, and node agents on the simulated runtime on three
// more hosts, registering over TLS with certificates of their own. Every process reaches the API
// servers through the balancer, as a user's cluster would; timings are short (leases, node
// monitor grace period) so that fail-over and partitions show within seconds.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { eventually } from '../../../common/test/eventually.ts';
import { upNodeAgentConfig } from '../../../deploy/src/up-node.ts';
import type { ManagedProcess } from '../node-agent-process.ts';
import { clusterCredentials, type ClusterCredentials } from './cluster-credentials.ts';
import { EtcdCluster } from './etcd-cluster.ts';
import { type Host, HostNetwork } from './host-network.ts';
import { capstanInHost, untilStarted } from './host-process.ts';
import { startTcpBalancer, type TcpBalancer } from './tcp-balancer.ts';

/**
 * The controllers' leader election: kube's own timings (a 15 s lease renewed within 10 s, tried
 * every 2 s). Shorter ones lose the lease on a loaded machine: a leader that cannot renew within
 * the deadline while its controllers start up exits, as kube-controller-manager does.
 */
export const controllersLeaseMs = 15_000;
export const controllersRetryMs = 2000;
const leaderElection = ['--leader-elect-lease-duration=15s', '--leader-elect-renew-deadline=10s', `--leader-elect-retry-period=${controllersRetryMs / 1000}s`];
/** A node without a heartbeat for this long is marked Unknown (its agents renew their 4 s Lease every second). */
export const nodeMonitorGraceMs = 8000;
export const unreachableTolerationSeconds = 2;
const apiServerPort = 6443;
const startTimeoutMs = 180_000;

export interface ApiServerHost {
  readonly host: Host;
  /** https://<host ip>:6443 */
  readonly url: string;
  /** The administrator's kubeconfig for this server alone. */
  readonly kubeconfig: string;
  process: ManagedProcess;
}

export interface ControllersReplica {
  readonly host: Host;
  /** Its holderIdentity in the leader Lease (<hostname>_<uuid>), as it printed at start. */
  readonly identity: string;
  readonly process: ManagedProcess;
}

export interface NodeHost {
  readonly host: Host;
  readonly runtime: ManagedProcess;
  readonly agent: ManagedProcess;
}

/** What the tests read of a Node and a Lease. */
interface NodeStatus {
  readonly status?: { readonly conditions?: ReadonlyArray<{ readonly type: string; readonly status: string }> };
}
interface LeaseSpec {
  readonly spec?: { readonly holderIdentity?: string };
}

export class MultiHostCluster {
  readonly network: HostNetwork;
  readonly credentials: ClusterCredentials;
  readonly etcd: EtcdCluster;
  readonly apiServers: ApiServerHost[] = [];
  readonly controllers: ControllersReplica[] = [];
  readonly nodes: NodeHost[] = [];
  /** https://<gateway>:<port>: the balancer in front of the API servers. */
  url = '';
  /** The administrator's kubeconfig through the balancer. */
  kubeconfig = '';
  #balancer: TcpBalancer | undefined;
  readonly #apiServerArgs = new Map<ApiServerHost, string[]>();
  #stopped = false;

  static async start(options: { nodes?: number } = {}): Promise<MultiHostCluster> {
    const nodeNames = Array.from({ length: options.nodes ?? 3 }, (_, index) => `node-${index}`);
    const network = HostNetwork.create(['etcd-0', 'etcd-1', 'etcd-2', 'apiserver-0', 'apiserver-1', 'controllers-0', 'controllers-1', ...nodeNames]);
    let cluster: MultiHostCluster | undefined;
    try {
      const credentials = await clusterCredentials(join(network.dir, 'credentials'));
      // The test's own requests (fetch, client-node) trust the cluster authority.
      setDefaultCACertificates([...getCACertificates('default'), credentials.authority]);
      cluster = new MultiHostCluster(network, credentials);
      await cluster.#start(nodeNames);
      return cluster;
    } catch (error) {
      await cluster?.stop();
      network.destroy();
      throw error;
    }
  }

  private constructor(network: HostNetwork, credentials: ClusterCredentials) {
    this.network = network;
    this.credentials = credentials;
    this.etcd = new EtcdCluster(
      ['etcd-0', 'etcd-1', 'etcd-2'].map((name) => network.host(name)),
      join(network.dir, 'etcd'),
    );
  }

  async #start(nodeNames: readonly string[]): Promise<void> {
    await this.etcd.start();
    const servers = ['apiserver-0', 'apiserver-1'].map((name) => this.network.host(name));
    this.#balancer = await startTcpBalancer(
      this.network.gateway,
      servers.map((host) => ({ host: host.ip, port: apiServerPort })),
    );
    this.url = `https://${this.#balancer.address}`;
    this.kubeconfig = this.credentials.adminKubeconfig('admin', this.url);
    // Both at once, as an HA control plane comes up: each bootstraps the same store.
    await Promise.all(servers.map((host) => this.#startApiServer(host)));
    const controllersKubeconfig = await this.credentials.kubeconfig('controllers', this.url, 'system:kube-controller-manager', []);
    const schedulerKubeconfig = await this.credentials.kubeconfig('scheduler', this.url, 'system:kube-scheduler', []);
    for (const name of ['controllers-0', 'controllers-1']) {
      const host = this.network.host(name);
      const process = this.#controllersProcess(host, controllersKubeconfig, schedulerKubeconfig);
      const identity = await untilStarted(process, `the controllers on ${name}`, () =>
        eventually(`the controllers on ${name} to start`, async () => /\(leader election: \S+ as (\S+)\)/.exec(process.stdout())?.[1], startTimeoutMs),
      );
      this.controllers.push({ host, identity, process });
    }
    await Promise.all(nodeNames.map((name) => this.#startNode(this.network.host(name))));
  }

  async #startApiServer(host: Host): Promise<void> {
    const serving = await this.credentials.serving(host.name, [host.ip, this.network.gateway]);
    const url = `https://${host.ip}:${apiServerPort}`;
    const dir = join(this.network.dir, host.name);
    const c = this.credentials;
    const args = [
      'apiserver',
      `--bind-address=${host.ip}`,
      `--secure-port=${apiServerPort}`,
      `--data-dir=${join(dir, 'data')}`,
      '--storage-backend=etcd3',
      `--etcd-servers=${this.etcd.endpoints.join(',')}`,
      `--tls-cert-file=${serving.certFile}`,
      `--tls-private-key-file=${serving.keyFile}`,
      `--client-ca-file=${c.authorityFile}`,
      `--service-account-key-file=${c.serviceAccountKeyFile}`,
      `--service-account-signing-key-file=${c.serviceAccountKeyFile}`,
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--token-auth-file=${c.tokenFile}`,
      '--authorization-mode=Node,RBAC',
      '--enable-admission-plugins=NodeRestriction',
      `--kubelet-client-certificate=${c.kubeletClient.certFile}`,
      `--kubelet-client-key=${c.kubeletClient.keyFile}`,
      '--kubelet-preferred-address-types=InternalIP',
      // Pods that do not say otherwise leave an unreachable node 2 s after it is tainted (kube: 300 s).
      `--default-unreachable-toleration-seconds=${unreachableTolerationSeconds}`,
      '--logging-format=json',
    ];
    const server: ApiServerHost = { host, url, kubeconfig: c.adminKubeconfig(host.name, url), process: capstanInHost(host, args, join(dir, 'run')) };
    this.#apiServerArgs.set(server, args);
    this.apiServers.push(server);
    await this.#apiServerReady(server);
  }

  async #apiServerReady(server: ApiServerHost): Promise<void> {
    const { host, url, process } = server;
    await untilStarted(process, `the API server on ${host.name}`, () =>
      eventually(`the API server on ${host.name} ready`, async () => ((await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined), startTimeoutMs),
    );
  }

  /** Stops the API server (SIGTERM, as a rolling update does) and starts it again on the same flags; resolves once it is ready. */
  async restartApiServer(server: ApiServerHost): Promise<void> {
    await server.process.stop('SIGTERM');
    server.process = capstanInHost(server.host, this.#apiServerArgs.get(server) as string[], join(this.network.dir, server.host.name, 'run'));
    await this.#apiServerReady(server);
  }

  #controllersProcess(host: Host, kubeconfig: string, schedulerKubeconfig: string): ManagedProcess {
    return capstanInHost(
      host,
      [
        'controllers',
        `--kubeconfig=${kubeconfig}`,
        '--use-service-account-credentials=true',
        `--scheduler-kubeconfig=${schedulerKubeconfig}`,
        '--logging-format=json',
        `--bind-address=${host.ip}`,
        '--secure-port=10257',
        ...leaderElection,
        '--node-monitor-period=1s',
        `--node-monitor-grace-period=${nodeMonitorGraceMs / 1000}s`,
        '--node-startup-grace-period=30s',
        // Every tainted node's pods at once (kube: one node every 10 s).
        '--node-eviction-rate=10',
      ],
      join(this.network.dir, host.name, 'run'),
    );
  }

  async #startNode(host: Host): Promise<void> {
    const dir = join(this.network.dir, host.name);
    const socket = join(dir, 'runtime-sim.sock');
    const runtime = capstanInHost(host, ['runtime-sim', `--listen=unix://${socket}`, `--root-dir=${join(dir, 'runtime-sim')}`], join(dir, 'runtime-run'));
    await untilStarted(runtime, `the runtime on ${host.name}`, () =>
      eventually(`the runtime on ${host.name}`, async () => (/^runtime-sim serving CRI/m.test(runtime.stdout()) ? true : undefined), startTimeoutMs),
    );
    const kubeconfig = await this.credentials.kubeconfig(host.name, this.url, `system:node:${host.name}`, ['system:nodes']);
    const config = join(dir, 'agent-config.json');
    writeFileSync(
      config,
      // A 4 s Lease renewed every second, well inside the controllers' grace period.
      JSON.stringify({ ...upNodeAgentConfig(`unix://${socket}`, this.credentials.authorityFile, join(dir, 'pod-logs')), nodeLeaseDurationSeconds: 4 }),
    );
    const agent = capstanInHost(
      host,
      ['agent', `--config=${config}`, `--kubeconfig=${kubeconfig}`, `--hostname-override=${host.name}`, `--node-ip=${host.ip}`, `--root-dir=${join(dir, 'agent')}`],
      join(dir, 'agent-run'),
    );
    this.nodes.push({ host, runtime, agent });
    await untilStarted(agent, `the agent on ${host.name}`, () =>
      eventually(`node ${host.name} Ready`, () => this.nodeReady(host.name).then((ready) => (ready ? true : undefined)), startTimeoutMs),
    );
  }

  /** A request as the administrator, through the balancer unless a server's URL is given. */
  request(path: string, init: RequestInit = {}, base = this.url): Promise<Response> {
    return fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${this.credentials.adminToken}`, 'content-type': 'application/json', ...init.headers } });
  }

  /** The object at `path` (of the type the caller expects), or undefined when it is not there (or the request fails). */
  async get<T>(path: string, base = this.url): Promise<T | undefined> {
    const response = await this.request(path, { signal: AbortSignal.timeout(10_000) }, base).catch(() => undefined);
    return response?.status === 200 ? ((await response.json()) as T) : undefined;
  }

  async nodeReady(name: string): Promise<boolean> {
    const node = await this.get<NodeStatus>(`/api/v1/nodes/${name}`);
    return node?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
  }

  /** The holder of the controllers' Lease (undefined while none holds it) and which replica it is. */
  async controllersLeader(): Promise<{ identity: string; replica: ControllersReplica | undefined } | undefined> {
    const lease = await this.get<LeaseSpec>('/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager');
    const identity = lease?.spec?.holderIdentity;
    if (identity === undefined || identity === '') return undefined;
    return { identity, replica: this.controllers.find((candidate) => candidate.identity === identity) };
  }

  /** What every process printed lately, for a failed test's log. */
  logs(): string {
    const lines: string[] = [];
    const add = (name: string, process: ManagedProcess | undefined): void => {
      if (process !== undefined) lines.push(`--- ${name}\n${process.output().slice(-1500)}`);
    };
    for (const member of this.etcd.members) add(member.name, member.process);
    for (const server of this.apiServers) add(server.host.name, server.process);
    for (const replica of this.controllers) add(replica.host.name, replica.process);
    for (const node of this.nodes) add(`${node.host.name} agent`, node.agent);
    return lines.join('\n');
  }

  /** Stops every process (SIGTERM, SIGKILL after 10 s), the balancer, and removes the network. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    await Promise.all([...this.nodes.flatMap((node) => [node.agent.stop(), node.runtime.stop()]), ...this.controllers.map((replica) => replica.process.stop())]);
    await Promise.all(this.apiServers.map((server) => server.process.stop()));
    await this.#balancer?.close();
    await this.etcd.stop();
    this.network.destroy();
  }
}
