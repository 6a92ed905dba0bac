// Services keep what their storage allocated: an update that leaves out the cluster IPs or a
// port's node port keeps them (kube's patchAllocatedValues), clusterIP and clusterIPs follow each
// other, and IP family fields left out are the stored ones. (Before a write that is no dry run,
// the Service storage hook has done all of this already, and defaulted the IP family fields as
// the cluster's ranges allow.) A type change drops what the old type alone wanted.

import { objectAt, objectOf, objectsAt } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { keepAllocatedClusterIps, needsClusterIp, normalizeClusterIps, sameList } from './addresses/ip-family-fields.ts';
import { externallyAccessible, keepAllocatedNodePorts, needsNodePorts } from './addresses/service-addresses.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';

export const serviceStrategy: ResourceStrategy = {
  prepareForUpdate(next, old) {
    // Defaulting (defaultService) has made the spec an object already.
    const spec = objectAt(next, 'spec');
    const oldSpec = objectOf(old.spec);
    keepAllocatedClusterIps(spec, oldSpec);
    normalizeClusterIps(spec, oldSpec);
    if (needsClusterIp(spec) && needsClusterIp(oldSpec)) {
      for (const key of ['ipFamilies', 'ipFamilyPolicy']) if (spec[key] === undefined && oldSpec[key] !== undefined) spec[key] = oldSpec[key];
    }
    const oldPorts = objectsAt(oldSpec, 'ports');
    const ports = objectsAt(spec, 'ports');
    if (needsNodePorts(spec.type)) keepAllocatedNodePorts(ports, oldPorts);
    dropTypeDependentFields(spec, oldSpec, ports, oldPorts);
  },
};

/**
 * kube's dropTypeDependentFields: a Service whose type no longer wants its cluster IPs, node
 * ports, external traffic policy or load-balancer node-port choice loses them, as long as the
 * update left them as they were (a changed value is the user's, for validation to judge).
 */
function dropTypeDependentFields(spec: JsonObject, oldSpec: JsonObject, ports: JsonObject[], oldPorts: JsonObject[]): void {
  if (needsClusterIp(oldSpec) && !needsClusterIp(spec)) {
    // The storage hook gives the IPs back.
    if (spec.clusterIP === oldSpec.clusterIP && sameList(spec.clusterIPs, oldSpec.clusterIPs)) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameList(spec.ipFamilies, oldSpec.ipFamilies)) delete spec.ipFamilies;
    if (spec.ipFamilyPolicy === oldSpec.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  const oldNodePorts = new Set(oldPorts.map((port) => port.nodePort));
  const sameNodePorts = ports.every((port) => port.nodePort === undefined || port.nodePort === 0 || oldNodePorts.has(port.nodePort));
  if (needsNodePorts(oldSpec.type) && !needsNodePorts(spec.type) && sameNodePorts) for (const port of ports) delete port.nodePort;
  if (!externallyAccessible(spec) && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  if (spec.type !== 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
}
