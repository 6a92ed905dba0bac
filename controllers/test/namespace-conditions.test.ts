import test from 'ava';
import { DeletionConditions, type NamespaceCondition } from '../src/namespace/deletion-conditions.ts';

const at = (iso: string): Date => new Date(iso);

test('failures are worded as kube words them, content errors sorted and counted', (t) => {
  const conditions = new DeletionConditions();
  conditions.discoveryFailed(
    'Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: metrics.k8s.io/v1beta1: stale GroupVersion discovery: metrics.k8s.io/v1beta1',
  );
  conditions.contentDeletionFailed('secrets is forbidden');
  conditions.contentDeletionFailed('configmaps is forbidden');
  conditions.remaining({
    resources: new Map([
      ['secrets.', 2],
      ['pods.', 0],
    ]),
    finalizers: new Map(),
  });
  const list: NamespaceCondition[] = [];
  t.true(conditions.applyTo(list, at('2025-01-02T03:04:05.678Z')));
  t.deepEqual(list, [
    {
      type: 'NamespaceDeletionDiscoveryFailure',
      status: 'True',
      lastTransitionTime: '2025-01-02T03:04:05Z',
      reason: 'DiscoveryFailed',
      message:
        'Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: metrics.k8s.io/v1beta1: stale GroupVersion discovery: metrics.k8s.io/v1beta1',
    },
    {
      type: 'NamespaceDeletionGroupVersionParsingFailure',
      status: 'False',
      lastTransitionTime: '2025-01-02T03:04:05Z',
      reason: 'ParsedGroupVersions',
      message: 'All legacy kube types successfully parsed',
    },
    {
      type: 'NamespaceDeletionContentFailure',
      status: 'True',
      lastTransitionTime: '2025-01-02T03:04:05Z',
      reason: 'ContentDeletionFailed',
      message: 'Failed to delete all resource types, 2 remaining: configmaps is forbidden, secrets is forbidden',
    },
    {
      type: 'NamespaceContentRemaining',
      status: 'True',
      lastTransitionTime: '2025-01-02T03:04:05Z',
      reason: 'SomeResourcesRemain',
      message: 'Some resources are remaining: secrets. has 2 resource instances',
    },
    {
      type: 'NamespaceFinalizersRemaining',
      status: 'False',
      lastTransitionTime: '2025-01-02T03:04:05Z',
      reason: 'ContentHasNoFinalizers',
      message: 'All content-preserving finalizers finished',
    },
  ]);
});

test('a condition keeps its place and its lastTransitionTime unless its status changes; nothing new writes nothing', (t) => {
  const list: NamespaceCondition[] = [{ type: 'Other', status: 'True' }];
  const first = new DeletionConditions();
  first.remaining({ resources: new Map([['configmaps.', 2]]), finalizers: new Map([['example.com/x', 2]]) });
  first.applyTo(list, at('2025-01-01T00:00:00Z'));

  const fewer = new DeletionConditions();
  fewer.remaining({ resources: new Map([['configmaps.', 1]]), finalizers: new Map([['example.com/x', 1]]) });
  t.true(fewer.applyTo(list, at('2025-01-01T00:01:00Z')));
  t.deepEqual(list[0], { type: 'Other', status: 'True' });
  t.deepEqual(list[4], {
    type: 'NamespaceContentRemaining',
    status: 'True',
    lastTransitionTime: '2025-01-01T00:00:00Z',
    reason: 'SomeResourcesRemain',
    message: 'Some resources are remaining: configmaps. has 1 resource instances',
  });

  const same = new DeletionConditions();
  same.remaining({ resources: new Map([['configmaps.', 1]]), finalizers: new Map([['example.com/x', 1]]) });
  t.false(same.applyTo(list, at('2025-01-01T00:02:00Z')));

  t.true(new DeletionConditions().applyTo(list, at('2025-01-01T00:03:00Z')));
  t.deepEqual(list[5], {
    type: 'NamespaceFinalizersRemaining',
    status: 'False',
    lastTransitionTime: '2025-01-01T00:03:00Z',
    reason: 'ContentHasNoFinalizers',
    message: 'All content-preserving finalizers finished',
  });
});
