// The Lease heartbeat's view of the API: Leases in kube-node-lease and the Node's uid, over the
// REST client.

import type { Lease } from '@capstan/common/api-types/coordination-v1';
import { isConflict, isNotFound, type RestClient } from '@capstan/common/client';
import type { LeaseApi } from './lease-heartbeat.ts';

const leases = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;

export function restLeaseApi(client: RestClient): LeaseApi {
  return {
    async getLease(namespace, name) {
      try {
        return await client.get<Lease>({ ...leases, namespace, name });
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async createLease(lease) {
      return await client.create<Lease>({ ...leases, namespace: lease.metadata?.namespace }, lease);
    },
    async updateLease(lease) {
      const { namespace, name } = lease.metadata ?? {};
      return await client.update({ ...leases, namespace, name }, lease);
    },
    async nodeUid(name) {
      try {
        return (await client.get({ group: '', version: 'v1', resource: 'nodes', name }, { resourceVersion: '0' })).metadata?.uid;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    isConflict,
  };
}
