// Hosts on one machine for multi-host tests, kind-style: a bridge in the root namespace (the
// "switch", with the gateway address .1 where the test and its load balancer live), and a network
// namespace per host plugged into it by a veth pair, each with an address of a private /24 of its
// own run. A host is partitioned by taking its link down and healed by bringing it up again.
// Everything is removed by destroy(), which also runs when the test process exits or is
// interrupted (SIGINT, SIGTERM); a run killed outright is swept by the next (stale-sweep.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ip, ipQuietly } from './ip-command.ts';
import { pickPrivateSubnet } from './private-subnet.ts';
import { runNames } from './run-names.ts';
import { killNamespaceProcesses, sweepStaleRuns } from './stale-sweep.ts';

export interface Host {
  readonly name: string;
  /** Its network namespace (`ip netns exec <namespace> ...`). */
  readonly namespace: string;
  /** Its address on the bridge. */
  readonly ip: string;
  /** The root namespace's end of its veth: down is a partition. */
  readonly link: string;
}

const live = new Set<HostNetwork>();
let handlersInstalled = false;

export class HostNetwork {
  /** The bridge's address, which every host routes through; the root namespace's side. */
  readonly gateway: string;
  readonly subnet: string;
  /** The run's temporary directory (certificates, data, logs); removed by destroy(). */
  readonly dir: string;
  readonly #hosts = new Map<string, Host>();
  readonly #bridge: string;
  #destroyed = false;

  /** Makes the hosts (names of at most 30 characters, letters, digits and dashes). */
  static create(hostNames: readonly string[]): HostNetwork {
    sweepStaleRuns();
    installHandlers();
    const network = new HostNetwork(hostNames);
    return network;
  }

  private constructor(hostNames: readonly string[]) {
    const names = runNames();
    const subnet = pickPrivateSubnet();
    this.subnet = subnet.cidr;
    this.gateway = subnet.address(1);
    this.#bridge = names.bridge;
    this.dir = mkdtempSync(join(tmpdir(), names.tempPrefix));
    live.add(this);
    try {
      ip('link', 'add', this.#bridge, 'type', 'bridge');
      ip('addr', 'add', `${this.gateway}/24`, 'dev', this.#bridge);
      ip('link', 'set', this.#bridge, 'up');
      hostNames.forEach((name, index) => {
        if (!/^[a-z0-9-]{1,30}$/.test(name)) throw new Error(`bad host name ${JSON.stringify(name)}`);
        const host: Host = { name, namespace: names.namespace(name), ip: subnet.address(index + 2), link: names.hostLink(index) };
        this.#hosts.set(name, host);
        ip('netns', 'add', host.namespace);
        ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.namespace);
        ip('link', 'set', host.link, 'master', this.#bridge, 'up');
        ip('-n', host.namespace, 'link', 'set', 'lo', 'up');
        ip('-n', host.namespace, 'addr', 'add', `${host.ip}/24`, 'dev', 'eth0');
        ip('-n', host.namespace, 'link', 'set', 'eth0', 'up');
        ip('-n', host.namespace, 'route', 'add', 'default', 'via', this.gateway);
      });
    } catch (error) {
      this.destroy();
      throw error;
    }
  }

  host(name: string): Host {
    const host = this.#hosts.get(name);
    if (host === undefined) throw new Error(`no host ${name}`);
    return host;
  }

  get hosts(): readonly Host[] {
    return [...this.#hosts.values()];
  }

  /** Cuts the host off the bridge: nothing goes in or out until heal(). */
  partition(name: string): void {
    ip('link', 'set', this.host(name).link, 'down');
  }

  heal(name: string): void {
    ip('link', 'set', this.host(name).link, 'up');
  }

  /** Kills every process in the hosts, removes the namespaces, links and directory; once. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    live.delete(this);
    for (const host of this.#hosts.values()) {
      killNamespaceProcesses(host.namespace);
      ipQuietly('link', 'delete', host.link);
      ipQuietly('netns', 'delete', host.namespace);
    }
    ipQuietly('link', 'delete', this.#bridge);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Once per process: whatever way it ends (but SIGKILL), its networks go with it. */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const destroyAll = (): void => {
    for (const network of [...live]) network.destroy();
  };
  process.on('exit', destroyAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      destroyAll();
      process.kill(process.pid, signal);
    });
  }
}
