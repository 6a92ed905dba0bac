// Node ports of NodePort and LoadBalancer Services, from --service-node-port-range: a port asked
// for must be free, the others are picked at random among the free ones. Which ports are taken
// is read from the Services themselves, plus the ports given to writes still under way (two
// Services written at once must not both get a port neither of them has stored yet).

import { randomInt } from 'node:crypto';
import { fieldInvalid, newInvalid, type FieldError } from '@capstan/common';
import type { GenericStore } from '../../../../registry/generic-store.ts';
import { objectOf, objectsAt } from '../../../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../../../registry/object-meta.ts';
import { wholeList } from '../../../../registry/store-list.ts';
import type { ServiceRef } from './cluster-ip-allocator.ts';

export interface PortRange {
  readonly text: string;
  readonly first: number;
  readonly last: number;
}

/** "30000-32767" (or one port); undefined when the text is no range of ports. */
export function parsePortRange(text: string): PortRange | undefined {
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  return first >= 1 && last <= 65535 && first <= last ? { text, first, last } : undefined;
}

const portsOf = (service: JsonObject): JsonObject[] => objectsAt(objectOf(service.spec), 'ports');

const nodePortsOf = (service: JsonObject): number[] =>
  portsOf(service)
    .map((port) => port.nodePort)
    .filter((port): port is number => typeof port === 'number' && port > 0);

export class NodePortAllocator {
  readonly #services: GenericStore;
  readonly range: PortRange;
  /** Ports given to Service writes not yet known to have happened or not, with the Service's namespace/name. */
  readonly #pending = new Set<{ readonly owner: string; readonly ports: ReadonlySet<number> }>();

  constructor(services: GenericStore, range: PortRange) {
    this.#services = services;
    this.range = range;
  }

  /**
   * Gives every port of the Service a node port: the one it asks for, when free, or a free one.
   * A Service being updated (`updating`) does not take the ports it holds now. Answers what ends the
   * reservation of the ports picked, to be called once the write happened (the ports are then in
   * the stored Service) or did not.
   */
  async assign(service: JsonObject, ref: ServiceRef, updating: boolean): Promise<() => void> {
    const { name } = ref;
    const owner = `${ref.namespace}/${name}`;
    const listed = await this.#services.list(wholeList(undefined));
    const others = listed.items
      .map((kv) => this.#services.decode(kv))
      .filter((other) => {
        const meta = metadataOf(other);
        return !updating || meta.namespace !== ref.namespace || meta.name !== name;
      });
    const taken = new Set(others.flatMap(nodePortsOf));
    // Another write of the same Service does not hold ports against this one (the last write wins).
    for (const pending of this.#pending) if (pending.owner !== owner) for (const port of pending.ports) taken.add(port);
    const ports = portsOf(service);
    const errors: FieldError[] = [];
    ports.forEach((port, i) => {
      const asked = port.nodePort;
      if (typeof asked !== 'number' || asked === 0) return;
      if (asked < this.range.first || asked > this.range.last) {
        errors.push(fieldInvalid(`spec.ports[${i}].nodePort`, asked, `provided port is not in the valid range. The range of valid ports is ${this.range.text}`));
      } else if (taken.has(asked)) errors.push(fieldInvalid(`spec.ports[${i}].nodePort`, asked, 'provided port is already allocated'));
      taken.add(asked);
    });
    if (errors.length > 0) throw newInvalid({ group: '', kind: 'Service' }, name, errors);
    for (const port of ports) {
      if (typeof port.nodePort === 'number' && port.nodePort !== 0) continue;
      const free = this.range.last - this.range.first + 1 - taken.size;
      if (free <= 0) throw newInvalid({ group: '', kind: 'Service' }, name, [fieldInvalid('spec.ports[0].nodePort', 0, 'range is full')]);
      let candidate: number;
      do candidate = this.range.first + randomInt(this.range.last - this.range.first + 1);
      while (taken.has(candidate));
      taken.add(candidate);
      port.nodePort = candidate;
    }
    const reserved = { owner, ports: new Set(nodePortsOf(service)) };
    this.#pending.add(reserved);
    return () => {
      this.#pending.delete(reserved);
    };
  }
}
