// Services keep what their storage allocated: an update that leaves out the cluster IPs, the IP
// families or a port's node port keeps them (kube's patchAllocatedValues), and one that changes
// the cluster IP is refused.

import { fieldInvalid, newInvalid } from '@capstan/common';
import { metadataOf, type JsonObject } from '../object-meta.ts';
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
    for (const port of (spec.ports ?? []) as JsonObject[]) {
      if (port.nodePort !== undefined && port.nodePort !== 0) continue;
      const same = oldPorts.find((p) => p.port === port.port && (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP'));
      if (same?.nodePort !== undefined) port.nodePort = same.nodePort;
    }
  },
};
