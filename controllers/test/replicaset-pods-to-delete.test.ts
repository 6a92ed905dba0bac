// Which pods a ReplicaSet deletes first when scaled down (kube's getPodsToDelete): the shared
// ActivePodsWithRanks order, with a pod's rank the number of active pods of its sibling sets on
// its node, and the pod-deletion-cost annotation before the rank.

import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { podsToDelete, rankByRelatedPodsOnSameNode } from '../src/replicaset/pods-to-delete.ts';

const now = Date.parse('2026-01-01T12:00:00Z');

function pod(name: string, node: string, options: { cost?: number; phase?: string; deleting?: boolean } = {}): Pod {
  return {
    metadata: {
      name,
      uid: `uid-${name}`,
      creationTimestamp: '2026-01-01T10:00:00Z',
      ...(options.cost === undefined ? {} : { annotations: { 'controller.kubernetes.io/pod-deletion-cost': String(options.cost) } }),
      ...(options.deleting ? { deletionTimestamp: '2026-01-01T11:00:00Z' } : {}),
    },
    spec: { nodeName: node, containers: [] },
    status: { phase: options.phase ?? 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T10:01:00Z' }] },
  };
}

test('a pod whose node holds more active pods of the sibling sets is deleted first', (t) => {
  const a = pod('a', 'node-1');
  const b = pod('b', 'node-2');
  const siblings = [pod('s1', 'node-2'), pod('s2', 'node-2'), pod('s3', 'node-1', { deleting: true }), pod('s4', 'node-1', { phase: 'Succeeded' })];
  t.is(rankByRelatedPodsOnSameNode([a, b, ...siblings])(b), 3);
  t.is(rankByRelatedPodsOnSameNode([a, b, ...siblings])(a), 1);
  t.deepEqual(
    podsToDelete([a, b], [a, b, ...siblings], 1, now).map((p) => p.metadata?.name),
    ['b'],
  );
});

test('a lower pod-deletion-cost goes before a higher rank; asking for all pods keeps their order', (t) => {
  const crowded = pod('crowded', 'node-2', { cost: 10 });
  const cheap = pod('cheap', 'node-1', { cost: -5 });
  const related = [crowded, cheap, pod('s1', 'node-2'), pod('s2', 'node-2')];
  t.deepEqual(
    podsToDelete([crowded, cheap], related, 1, now).map((p) => p.metadata?.name),
    ['cheap'],
  );
  t.deepEqual(
    podsToDelete([crowded, cheap], related, 2, now).map((p) => p.metadata?.name),
    ['crowded', 'cheap'],
  );
});
