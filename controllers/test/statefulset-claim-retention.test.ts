// The owner references persistentVolumeClaimRetentionPolicy puts on a StatefulSet pod's claims, for
// each policy and for a pod in and out of the ordinal range, as kube's
// updateClaimOwnerRefForSetAndPod writes them; and the references it leaves alone.

import test from 'ava';
import type { StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import type { OwnerReference } from '@capstan/common/api-types/meta-v1';
import { claimOwnerReferences, isClaimOwnerUpToDate } from '../src/statefulset/claim-retention.ts';

const set = (whenDeleted: string, whenScaled: string): StatefulSet => ({
  metadata: { name: 'web', namespace: 'default', uid: 'set-uid' },
  spec: { replicas: 2, selector: {}, template: {}, persistentVolumeClaimRetentionPolicy: { whenDeleted, whenScaled } },
});
const pod = (ordinal: number): Pod => ({ metadata: { name: `web-${ordinal}`, namespace: 'default', uid: `pod-${ordinal}-uid` }, spec: { containers: [] } });
const claim = (ownerReferences?: OwnerReference[]): PersistentVolumeClaim => ({ metadata: { name: 'www-web-0', ownerReferences } });
const owners = (references: readonly OwnerReference[]): string[] => references.map((reference) => `${reference.kind}/${reference.name}`);

const cases: [string, string, number, string[]][] = [
  ['Retain', 'Retain', 0, []],
  ['Retain', 'Retain', 5, []],
  ['Delete', 'Retain', 0, ['StatefulSet/web']],
  ['Delete', 'Retain', 5, ['StatefulSet/web']],
  ['Retain', 'Delete', 0, []],
  ['Retain', 'Delete', 5, ['Pod/web-5']],
  ['Delete', 'Delete', 0, ['StatefulSet/web']],
  ['Delete', 'Delete', 5, ['Pod/web-5']],
];

for (const [whenDeleted, whenScaled, ordinal, expected] of cases) {
  test(`whenDeleted ${whenDeleted}, whenScaled ${whenScaled}, ${ordinal < 2 ? 'a pod in range' : 'a scaled-away pod'}: ${expected.join(', ') || 'no owner'}`, (t) => {
    const policy = set(whenDeleted, whenScaled);
    const references = claimOwnerReferences(claim(), policy, pod(ordinal));
    t.deepEqual(owners(references), expected);
    for (const reference of references) t.like(reference, { controller: true, blockOwnerDeletion: true });
    t.is(isClaimOwnerUpToDate(claim(), policy, pod(ordinal)), expected.length === 0);
    t.true(isClaimOwnerUpToDate(claim(references), policy, pod(ordinal)));
  });
}

test('a claim controlled by another owner keeps it, and only loses the references to this set and pod', (t) => {
  const policy = set('Delete', 'Delete');
  const other: OwnerReference = { apiVersion: 'v1', kind: 'ConfigMap', name: 'keeper', uid: 'other', controller: true };
  const ours: OwnerReference = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'set-uid', controller: true };
  t.false(isClaimOwnerUpToDate(claim([other, ours]), policy, pod(0)));
  t.deepEqual(claimOwnerReferences(claim([other, ours]), policy, pod(0)), [other]);
  t.true(isClaimOwnerUpToDate(claim([other]), policy, pod(0)));
});

test('a reference to an earlier set of the same name (another uid) is left alone', (t) => {
  const stale: OwnerReference = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'earlier', controller: true };
  t.true(isClaimOwnerUpToDate(claim([stale]), set('Delete', 'Retain'), pod(0)));
});
