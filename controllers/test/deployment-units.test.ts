// The deployment controller's rules that need no server, against kube's own examples: the
// pod-template-hash, maxSurge/maxUnavailable rounding, the revision annotations and the
// proportions of a scaling.

import test from 'ava';
import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { mutableCopy } from '../src/deployment/mutable.ts';
import { computePodTemplateHash, equalIgnoreHash, replicaSetName, safeEncodeString } from '../src/deployment/pod-template-hash.ts';
import { lastRevision, maxRevision, setNewReplicaSetAnnotations } from '../src/deployment/replica-set-annotations.ts';
import { maxSurge, maxUnavailable, resolveFenceposts } from '../src/deployment/rollout-limits.ts';
import { replicaSetProportion } from '../src/deployment/scale.ts';

const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } };

function rolling(replicas: number, maxSurgeValue: number | string, maxUnavailableValue: number | string): Deployment {
  return {
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: maxSurgeValue, maxUnavailable: maxUnavailableValue } },
    },
  };
}

test('the pod-template-hash is stable, kube-alphabet, independent of key order and zero values, and moved by the collision count', (t) => {
  const hash = computePodTemplateHash(template, undefined);
  t.regex(hash, /^[bcdfghjklmnpqrstvwxz2456789]+$/);
  t.is(computePodTemplateHash({ spec: { containers: [{ image: 'nginx', name: 'nginx', args: [] }] }, metadata: { labels: { app: 'web' } } }, undefined), hash);
  t.not(computePodTemplateHash(template, 1), hash);
  t.is(computePodTemplateHash(template, 1), computePodTemplateHash(template, 1));
  t.not(computePodTemplateHash({ ...template, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } }, undefined), hash);
  // SafeEncodeString maps each character by its code modulo 27: "1" (49) is '5', "2" (50) is '6'.
  t.is(safeEncodeString('12'), '56');
  t.true(equalIgnoreHash(template, { ...template, metadata: { labels: { app: 'web', 'pod-template-hash': hash } } }));
  t.is(replicaSetName('web', 'abc'), 'web-abc');
  t.is(replicaSetName('a'.repeat(260), 'abc').length, 253);
});

test('maxSurge rounds up and maxUnavailable down; both 0 make one unavailable', (t) => {
  t.deepEqual(resolveFenceposts(rolling(3, '25%', '25%')), [1, 0]);
  t.deepEqual(resolveFenceposts(rolling(10, '25%', '25%')), [3, 2]);
  t.deepEqual(resolveFenceposts(rolling(2, 0, '1%')), [0, 1]);
  t.is(maxUnavailable(rolling(2, 0, 5)), 2);
  t.is(maxSurge({ ...rolling(3, 2, 0), spec: { ...rolling(3, 2, 0).spec, strategy: { type: 'Recreate' } } } as Deployment), 0);
});

test('a ReplicaSet taking a newer revision keeps the old one in revision-history and the Deployment annotations but the skipped ones', (t) => {
  const deployment: Deployment = {
    ...rolling(3, 1, 0),
    metadata: { name: 'web', annotations: { team: 'a', 'kubectl.kubernetes.io/last-applied-configuration': '{}', 'deployment.kubernetes.io/revision': '9' } },
  };
  const rs = mutableCopy<ReplicaSet>({
    metadata: { annotations: { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/revision-history': '0' } },
    spec: { selector: {} },
  });
  t.true(setNewReplicaSetAnnotations(deployment, rs, 3n, true, 4));
  t.deepEqual(rs.metadata?.annotations, { team: 'a', 'deployment.kubernetes.io/revision': '3', 'deployment.kubernetes.io/revision-history': '0,1' });
  t.false(setNewReplicaSetAnnotations(deployment, rs, 2n, true, 4));
  const fresh = mutableCopy<ReplicaSet>({ metadata: {}, spec: { selector: {} } });
  setNewReplicaSetAnnotations(deployment, fresh, 1n, false, 4);
  t.like(fresh.metadata?.annotations, { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' });
  const revised = (revision: string): ReplicaSet => ({ metadata: { annotations: { 'deployment.kubernetes.io/revision': revision } } });
  t.is(lastRevision([revised('1'), revised('4'), revised('2')]), 2n);
  // Revisions are int64: the conformance tests adopt a ReplicaSet of revision 3546343826724305832.
  t.is(maxRevision([revised('3546343826724305832'), revised('x')]) + 1n, 3546343826724305833n);
});

test('a scaling event is shared in proportion to the sizes the ReplicaSets had at the last maximum', (t) => {
  const sized = (replicas: number, max: number): ReplicaSet => ({
    metadata: { annotations: { 'deployment.kubernetes.io/max-replicas': String(max) } },
    spec: { replicas, selector: {} },
  });
  const deployment = rolling(20, 5, 2);
  // 8 of 13 pods and 5 of 13, the maximum now 25: 8·25/13 = 15.4 → +7, 5·25/13 = 9.6 → +5.
  t.is(replicaSetProportion(sized(8, 13), deployment, 12, 0), 7);
  t.is(replicaSetProportion(sized(5, 13), deployment, 12, 7), 5);
  t.is(replicaSetProportion(sized(5, 13), deployment, 12, 12), 0);
  t.is(replicaSetProportion(sized(4, 10), rolling(0, 1, 0), -4, 0), -4);
});
