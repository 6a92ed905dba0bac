// An etcd cluster of one member per host, made with a static --initial-cluster as kubeadm's
// stacked etcd is; plain HTTP (the harness checks Capstan, not etcd's TLS). A member can be killed
// and started again on its data directory, which is kept until the network is destroyed.

import { join } from 'node:path';
import { eventually } from '../../../common/test/eventually.ts';
import type { ManagedProcess } from '../node-agent-process.ts';
import type { Host } from './host-network.ts';
import { spawnInHost, untilStarted } from './host-process.ts';

const etcdBinary = process.env.ETCD_BINARY ?? 'etcd';

export interface EtcdMember {
  readonly name: string;
  readonly host: Host;
  /** http://<host ip>:2379 */
  readonly clientUrl: string;
  /** The running process, undefined while the member is killed. */
  readonly process: ManagedProcess | undefined;
}

export class EtcdCluster {
  readonly #members: Array<{ name: string; host: Host; clientUrl: string; process: ManagedProcess | undefined; args: string[]; dir: string }>;

  constructor(hosts: readonly Host[], dir: string) {
    const initialCluster = hosts.map((host) => `${host.name}=http://${host.ip}:2380`).join(',');
    const token = `capstan-${process.pid}-${Date.now()}`;
    this.#members = hosts.map((host) => {
      const clientUrl = `http://${host.ip}:2379`;
      const args = [
        `--name=${host.name}`,
        `--data-dir=${join(dir, host.name, 'data')}`,
        `--listen-client-urls=${clientUrl}`,
        `--advertise-client-urls=${clientUrl}`,
        `--listen-peer-urls=http://${host.ip}:2380`,
        `--initial-advertise-peer-urls=http://${host.ip}:2380`,
        `--initial-cluster=${initialCluster}`,
        `--initial-cluster-token=${token}`,
        '--initial-cluster-state=new',
        '--logger=zap',
        '--log-outputs=stderr',
      ];
      return { name: host.name, host, clientUrl, process: undefined, args, dir: join(dir, host.name, 'run') };
    });
  }

  get members(): readonly EtcdMember[] {
    return this.#members;
  }

  /** The client URLs of every member (--etcd-servers). */
  get endpoints(): string[] {
    return this.#members.map((member) => member.clientUrl);
  }

  /** Starts every member that is not running, and waits for the cluster to have a leader. */
  async start(): Promise<void> {
    for (const member of this.#members) {
      member.process ??= spawnInHost(member.host, etcdBinary, member.args, member.dir);
    }
    await Promise.all(
      this.#members.map((member) =>
        untilStarted(member.process as ManagedProcess, `etcd member ${member.name}`, () =>
          eventually(`etcd member ${member.name} healthy`, () => this.healthy(member.name).then((ok) => (ok ? true : undefined)), 120_000),
        ),
      ),
    );
  }

  /** Whether the member answers /health with a leader. */
  async healthy(name: string): Promise<boolean> {
    const member = this.#member(name);
    const response = await fetch(`${member.clientUrl}/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    return response?.status === 200 && ((await response.json()) as { health?: string }).health === 'true';
  }

  /** The name of the member that leads the Raft group now, as the members' status says. */
  async leader(): Promise<string | undefined> {
    for (const member of this.#members) {
      if (member.process === undefined) continue;
      const response = await fetch(`${member.clientUrl}/v3/maintenance/status`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      if (response?.status !== 200) continue;
      const status = (await response.json()) as { header?: { member_id?: string }; leader?: string };
      // Each member's status names its own id and the leader's: the leader's names both the same.
      if (status.leader !== undefined && status.header?.member_id === status.leader) return member.name;
    }
    return undefined;
  }

  /** SIGKILL: the member is gone as a crashed machine is. Its data stays for start(). */
  async kill(name: string): Promise<void> {
    const member = this.#member(name);
    await member.process?.stop('SIGKILL');
    member.process = undefined;
  }

  async stop(): Promise<void> {
    await Promise.all(this.#members.map((member) => member.process?.stop()));
  }

  #member(name: string) {
    const member = this.#members.find((candidate) => candidate.name === name);
    if (member === undefined) throw new Error(`no etcd member ${name}`);
    return member;
  }
}
