// A ReplicaSet's ReplicaFailure condition shows on its Deployment (kube's getReplicaFailures): a
// quota refusing the new pods makes the Deployment's ReplicaFailure True with the ReplicaSet's
// reason and message, and Available False; once the pods fit, the condition goes.

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import { resourceQuotaController } from '../src/resourcequota/index.ts';
import { kubectl } from './controller-fixture.ts';
import { condition, eventually, namespace, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

test("a quota refusing a Deployment's pods shows as its ReplicaFailure condition until they fit", async (t) => {
  const cluster = await startDeploymentCluster(t, [resourceQuotaController]);
  const { client } = cluster;
  const quotas = { group: '', version: 'v1', resource: 'resourcequotas', namespace };
  await client.create(quotas, { metadata: { name: 'q' }, spec: { hard: { pods: '1' } } });
  await eventually('the quota counted', async () => {
    const quota = await client.get<KubeObject & { status?: { used?: Record<string, string> } }>({ ...quotas, name: 'q' });
    return quota.status?.used?.pods === '0' ? quota : undefined;
  });
  await kubectl(cluster, 'create', 'deployment', 'web', '--image=nginx', '--replicas=3');
  const failing = await waitForDeployment(client, 'web', 'ReplicaFailure', (d) => condition(d, 'ReplicaFailure') !== undefined);
  t.like(condition(failing, 'ReplicaFailure'), { status: 'True', reason: 'FailedCreate' });
  t.regex(
    condition(failing, 'ReplicaFailure')?.message ?? '',
    /^pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1$/,
  );
  t.like(condition(failing, 'Available'), { status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });

  await client.patch({ ...quotas, name: 'q' }, { spec: { hard: { pods: '3' } } }, { type: 'merge' });
  const fitting = await waitForDeployment(client, 'web', 'ReplicaFailure gone', (d) => d.status?.availableReplicas === 3 && condition(d, 'ReplicaFailure') === undefined);
  t.like(condition(fitting, 'Available'), { status: 'True', reason: 'MinimumReplicasAvailable' });
});
