// The NodePorts filter: a container's hostPort (with its protocol and host IP) may be used by one
// pod per node; 0.0.0.0 (or no hostIP) takes the port on every address.

import type { PodSpec } from './api-types.ts';
import type { FilterStatus } from './filter-status.ts';

export interface HostPort {
  readonly ip: string;
  readonly protocol: string;
  readonly port: number;
}

const anyAddress = '0.0.0.0';

/** The host ports a pod's containers ask for, defaulted as kube sanitizes them. */
export function hostPortsOf(spec: PodSpec): readonly HostPort[] {
  const ports: HostPort[] = [];
  for (const container of spec.containers ?? []) {
    for (const port of container.ports ?? []) {
      if ((port.hostPort ?? 0) <= 0) continue;
      ports.push({ ip: port.hostIP || anyAddress, protocol: port.protocol || 'TCP', port: port.hostPort as number });
    }
  }
  return ports;
}

/** The host ports in use on one node, counted so that two pods may hold the same one (a double booking kube also tolerates). */
export class HostPorts {
  readonly #byAddress = new Map<string, number>();
  readonly #byPort = new Map<string, number>();

  add(ports: readonly HostPort[], sign: 1 | -1 = 1): void {
    for (const { ip, protocol, port } of ports) {
      bump(this.#byAddress, `${protocol}/${port}/${ip}`, sign);
      bump(this.#byPort, `${protocol}/${port}`, sign);
    }
  }

  conflicts(wanted: HostPort): boolean {
    const { ip, protocol, port } = wanted;
    if (ip === anyAddress) return this.#byPort.has(`${protocol}/${port}`);
    return this.#byAddress.has(`${protocol}/${port}/${ip}`) || this.#byAddress.has(`${protocol}/${port}/${anyAddress}`);
  }

  clone(): HostPorts {
    const copy = new HostPorts();
    for (const [key, count] of this.#byAddress) copy.#byAddress.set(key, count);
    for (const [key, count] of this.#byPort) copy.#byPort.set(key, count);
    return copy;
  }
}

function bump(counts: Map<string, number>, key: string, sign: 1 | -1): void {
  const count = (counts.get(key) ?? 0) + sign;
  if (count <= 0) counts.delete(key);
  else counts.set(key, count);
}

const noFreePorts: FilterStatus = { code: 'Unschedulable', reasons: ["node(s) didn't have free ports for the requested pod ports"] };

export function nodePortsFilter(wanted: readonly HostPort[], used: HostPorts): FilterStatus | undefined {
  for (const port of wanted) if (used.conflicts(port)) return noFreePorts;
  return undefined;
}
