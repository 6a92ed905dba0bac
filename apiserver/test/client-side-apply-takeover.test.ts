// kubectl apply --server-side after a client-side apply: the fields the last-applied annotation
// holds are taken over from the client-side manager without conflict, except those whose live value
// is no longer the one last applied. Checked against kube-apiserver 1.35.4: a ValidatingAdmissionPolicy
// (or a MutatingAdmissionPolicy) applied client-side then server-side conflicts on its defaulted,
// atomic matchConstraints; a Deployment whose replicas and image change does not conflict.

import test from 'ava';
import type { StatusError } from '@capstan/common';
import { builtinTypes } from '@capstan/common/schema';
import { FieldManager } from '../src/apply/field-manager.ts';
import { SchemaNodes } from '../src/apply/schema-nodes.ts';

type Json = Record<string, any>;

const fieldManager = new FieldManager({
  nodes: new SchemaNodes((name) => builtinTypes.get(name)),
  typeName: 'io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicy',
  apiVersion: 'admissionregistration.k8s.io/v1',
  subresource: '',
  hasStatus: true,
  now: () => new Date('2026-11-29T01:00:00Z'),
});

const rule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };
const config: Json = {
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingAdmissionPolicy',
  metadata: { name: 'demo' },
  spec: { matchConstraints: { resourceRules: [rule] }, validations: [{ expression: 'true' }] },
};

/** What kubectl's client-side apply leaves: the annotation, and the object as the server defaulted it. */
function clientSideApplied(): Json {
  const annotated = { ...config, metadata: { name: 'demo', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(config) } } };
  const defaulted: Json = structuredClone(annotated);
  defaulted.spec = {
    failurePolicy: 'Fail',
    matchConstraints: { namespaceSelector: {}, objectSelector: {}, matchPolicy: 'Equivalent', resourceRules: [{ ...rule, scope: '*' }] },
    validations: [{ expression: 'true' }],
  };
  return fieldManager.update(undefined, defaulted, 'kubectl-client-side-apply') as Json;
}

test('a field the live object no longer holds as last applied (a defaulted atomic struct) stays a conflict', (t) => {
  const error = t.throws(() => fieldManager.apply(clientSideApplied(), structuredClone(config), 'kubectl', false)) as unknown as StatusError;
  t.is(error.status.code, 409);
  t.is(error.status.message, 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using admissionregistration.k8s.io/v1: .spec.matchConstraints');
});

test('the fields that still hold their last-applied values are taken over without conflict', (t) => {
  // Applying the defaulted constraints as they are leaves no field with another value.
  const live = clientSideApplied();
  const same = structuredClone(config);
  same.spec.matchConstraints = live.spec.matchConstraints;
  same.spec.validations = [{ expression: 'object.metadata.name != ""' }];
  const applied = fieldManager.apply(live, same, 'kubectl', false) as Json;
  t.deepEqual(applied.spec.validations, [{ expression: 'object.metadata.name != ""' }]);
  t.true((applied.metadata.managedFields as Json[]).some((entry) => entry.manager === 'kubectl' && entry.operation === 'Apply'));
});
