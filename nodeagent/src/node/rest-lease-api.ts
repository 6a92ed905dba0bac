// The Lease heartbeat's view of the API: Leases in kube-node-lease and the Node's uid, over the
// REST client.

import { isConflict, isNotFound, type KubeObject, type RestClient } from '@capstan/common/client';
import type { LeaseApi } from './lease-heartbeat.ts';

const leases = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;

export function restLeaseApi(client: RestClient): LeaseApi {
  return {
    async getLease(namespace, name) {
      try {
        return (await client.get({ ...leases, namespace, name })) as Record<string, unknown>;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async createLease(lease) {
      const namespace = (lease['metadata'] as { namespace: string }).namespace;
      return (await client.create({ ...leases, namespace }, lease)) as Record<string, unknown>;
    },
    async updateLease(lease) {
      const { namespace, name } = lease['metadata'] as { namespace: string; name: string };
      return (await client.update({ ...leases, namespace, name }, lease as KubeObject)) as Record<string, unknown>;
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
