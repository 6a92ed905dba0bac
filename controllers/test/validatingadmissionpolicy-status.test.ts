// The validatingadmissionpolicy-status controller against a real API server: a policy's
// validations are type checked against the schemas of the kinds it matches, the warnings written to
// status.typeChecking with the generation observed, as kube-controller-manager 1.35.4 writes them.

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import type { ValidatingAdmissionPolicy } from '@capstan/common/api-types/admissionregistration-v1';
import { validatingAdmissionPolicyStatusController } from '../src/validatingadmissionpolicy-status/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';

const policies = { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicies' };
type Policy = KubeObject & ValidatingAdmissionPolicy;

test('a policy gets the type checking warnings of its validations for every kind it matches, and its generation observed', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const rules = [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments', 'replicasets'] }];
  await client.create(policies, {
    metadata: { name: 'typos' },
    spec: {
      failurePolicy: 'Fail',
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: { resourceRules: rules },
      variables: [{ name: 'max', expression: 'int(params.data.max)' }],
      validations: [
        { expression: 'object.spec.replicas <= variables.max' },
        { expression: 'object.spec.replica > 1', messageExpression: "'bad ' + params.data.nothing + object.metadata.nam" },
      ],
    },
  });
  await client.create(policies, {
    metadata: { name: 'clean' },
    spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: rules }, validations: [{ expression: 'object.spec.replicas > 0' }] },
  });
  runControllers(t, cluster, [validatingAdmissionPolicyStatusController]);
  const observed = (name: string) =>
    eventually(`${name} observed`, async () => {
      const policy = await client.get<Policy>({ ...policies, name });
      return policy.status?.observedGeneration === 1 ? policy : undefined;
    });
  const typos = await observed('typos');
  const issue = (kind: string, column: number, expression: string, field: string) =>
    `apps/v1, Kind=${kind}: compilation failed: ERROR: <input>:1:${column}: undefined field '${field}'\n | ${expression}\n | ${'.'.repeat(column - 1)}^\n`;
  const replica = 'object.spec.replica > 1';
  const message = "'bad ' + params.data.nothing + object.metadata.nam";
  t.deepEqual(typos.status?.typeChecking, {
    expressionWarnings: [
      { fieldRef: 'spec.validations[1].expression', warning: `${issue('Deployment', 12, replica, 'replica')}\n${issue('ReplicaSet', 12, replica, 'replica')}` },
      { fieldRef: 'spec.validations[1].messageExpression', warning: `${issue('Deployment', 47, message, 'nam')}\n${issue('ReplicaSet', 47, message, 'nam')}` },
    ],
  });
  t.deepEqual((await observed('clean')).status?.typeChecking, {});
  const managers = typos.metadata?.managedFields?.map((entry) => entry.manager);
  t.true(managers?.includes('validatingadmissionpolicy-status'));
});
