// Services keep what their storage allocated: an update that leaves out the cluster IPs, the IP
// families or a port's node port keeps them (kube's patchAllocatedValues), and one that changes
// the cluster IP is refused. A type change drops what the old type alone wanted.

import { fieldInvalid, newInvalid } from '@capstan/common';
import { metadataOf, type JsonObject } from '../object-meta.ts';
import { externallyAccessible, keepAllocatedNodePorts, needsNodePorts } from '../service-addresses/service-addresses.ts';
import type { ResourceStrategy } from '../strategy.ts';

export const serviceStrategy: ResourceStrategy = {
  prepareForUpdate(next, old) {
    const spec = (next.spec ??= {}) as JsonObject;
    const oldSpec = (old.spec ?? {}) as JsonObject;
    if (spec.type === oldSpec.type || spec.type === undefined) {
      for (const key of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) {
        if (spec[key] === undefined || spec[key] === '') {
          if (oldSpec[key] !== undefined) spec[key] = oldSpec[key];
        }
      }
    }
    if (oldSpec.clusterIP !== undefined && spec.clusterIP !== oldSpec.clusterIP) {
      throw newInvalid({ group: '', kind: 'Service' }, metadataOf(next).name ?? '', [
        fieldInvalid('spec.clusterIPs[0]', Array.isArray(spec.clusterIPs) ? (spec.clusterIPs as string[]) : [], 'may not change once set'),
      ]);
    }
    const oldPorts = (oldSpec.ports ?? []) as JsonObject[];
    const ports = (spec.ports ?? []) as JsonObject[];
    if (needsNodePorts(spec.type)) keepAllocatedNodePorts(ports, oldPorts);
    dropTypeDependentFields(spec, oldSpec, ports, oldPorts);
  },
};

/**
 * kube's dropTypeDependentFields: a Service whose type no longer wants its node ports, external
 * traffic policy or load-balancer node-port choice loses them, as long as the update left them as
 * they were (a changed value is the user's, for validation to judge).
 */
function dropTypeDependentFields(spec: JsonObject, oldSpec: JsonObject, ports: JsonObject[], oldPorts: JsonObject[]): void {
  const oldNodePorts = new Set(oldPorts.map((port) => port.nodePort));
  const sameNodePorts = ports.every((port) => port.nodePort === undefined || port.nodePort === 0 || oldNodePorts.has(port.nodePort));
  if (needsNodePorts(oldSpec.type) && !needsNodePorts(spec.type) && sameNodePorts) for (const port of ports) delete port.nodePort;
  if (!externallyAccessible(spec) && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  if (spec.type !== 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
}
