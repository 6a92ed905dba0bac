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
        // Type checking declares `authorizer` alone, not `authorizer.requestResource`.
        { expression: "authorizer.requestResource.check('create').allowed() || params.data.x == 'y'" },
        { expression: "object.spec.replicas == 'three'" },
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
  // What kube-controller-manager 1.35.4 wrote for the same policy: the issue once per kind.
  const perKind = (column: number, expression: string, issue: string) =>
    ['Deployment', 'ReplicaSet'].map((kind) => `apps/v1, Kind=${kind}: ERROR: <input>:1:${column}: ${issue}\n | ${expression}\n | ${'.'.repeat(column - 1)}^\n`).join('\n');
  const authorizer = "authorizer.requestResource.check('create').allowed() || params.data.x == 'y'";
  t.deepEqual(typos.status?.typeChecking, {
    expressionWarnings: [
      { fieldRef: 'spec.validations[1].expression', warning: perKind(12, 'object.spec.replica > 1', "undefined field 'replica'") },
      { fieldRef: 'spec.validations[1].messageExpression', warning: perKind(47, "'bad ' + params.data.nothing + object.metadata.nam", "undefined field 'nam'") },
      { fieldRef: 'spec.validations[2].expression', warning: perKind(11, authorizer, "unexpected failed resolution of 'kubernetes.authorization.Authorizer'") },
      { fieldRef: 'spec.validations[3].expression', warning: perKind(22, "object.spec.replicas == 'three'", "found no matching overload for '_==_' applied to '(int, string)'") },
    ],
  });
  t.deepEqual((await observed('clean')).status?.typeChecking, {});
  const managers = typos.metadata?.managedFields?.map((entry) => entry.manager);
  t.true(managers?.includes('validatingadmissionpolicy-status'));
});
