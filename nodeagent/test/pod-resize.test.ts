import test from 'ava';
import type { Container } from '@capstan/common/api-types/core-v1';
import { ResizeManager } from '../src/pods/pod-resize.ts';
import type { PodEvent } from '../src/pods/pod-events.ts';
import type { Pod } from '../src/pods/pod-types.ts';

const pod = (uid: string, resources: Container['resources'], generation = 1): Pod => ({
  metadata: { uid, name: uid, namespace: 'default', generation },
  spec: { containers: [{ name: 'app', image: 'busybox', resources }] },
});

const setUp = (others: Pod[] = []) => {
  const events: PodEvent[] = [];
  const admitted: Pod[] = [...others];
  const manager = new ResizeManager({
    allocatable: { cpuMilli: 2000, memoryBytes: 1024 * 1024 * 1024, ephemeralStorageBytes: 0 },
    activePods: () => admitted,
    recordEvent: (_pod, _container, event) => events.push(event),
    now: () => Date.parse('2026-11-29T10:00:00Z'),
  });
  for (const other of others) manager.admit(other);
  return { manager, events, admitted };
};

test('a resize that fits is allocated at once: ResizeStarted, then PodResizeInProgress until the runtime has it, then ResizeCompleted', (t) => {
  const { manager, events, admitted } = setUp();
  const first = pod('a', { requests: { cpu: '100m' }, limits: { cpu: '200m' } });
  admitted.push(first);
  manager.admit(first);
  manager.setActuated('a', 'app', first.spec.containers[0]?.resources);
  const resized = pod('a', { requests: { cpu: '500m' }, limits: { cpu: '1' } }, 2);
  t.true(manager.handleResize(resized));
  t.is(manager.allocatedPod(resized), resized);
  t.deepEqual(
    events.map((event) => `${event.reason}: ${event.message}`),
    ['ResizeStarted: Pod resize started: {"containers":[{"name":"app","resources":{"limits":{"cpu":"1"},"requests":{"cpu":"500m"}}}],"generation":2}'],
  );
  manager.observeActuation(resized, new Set(['app']));
  t.deepEqual(
    manager.conditions('a', false).map((condition) => [condition.type, condition.observedGeneration]),
    [['PodResizeInProgress', 2]],
  );
  manager.setActuated('a', 'app', { requests: { cpu: '0.5' }, limits: { cpu: '1000m' } });
  manager.observeActuation(resized, new Set(['app']));
  t.deepEqual(manager.conditions('a', false), []);
  t.is(events.at(-1)?.reason, 'ResizeCompleted');
});

test('a resize beyond the node is Infeasible, one beyond what other pods leave is Deferred; the pod keeps its allocation', (t) => {
  const other = pod('other', { requests: { cpu: '1500m' } });
  const { manager, events } = setUp([other]);
  const small = pod('b', { requests: { cpu: '100m' } });
  manager.admit(small);
  const huge = pod('b', { requests: { cpu: '3' } }, 2);
  t.false(manager.handleResize(huge));
  t.like(manager.conditions('b', false)[0], {
    type: 'PodResizePending',
    reason: 'Infeasible',
    message: "Node didn't have enough capacity: cpu, requested: 3000, capacity: 2000",
    observedGeneration: 2,
  });
  t.deepEqual(manager.allocatedPod(huge).spec.containers[0]?.resources, { requests: { cpu: '100m' } });
  const tight = pod('b', { requests: { cpu: '1' } }, 3);
  t.false(manager.handleResize(tight));
  t.like(manager.conditions('b', false)[0], { reason: 'Deferred', message: "Node didn't have enough resource: cpu, requested: 1000, used: 1500, capacity: 2000" });
  t.deepEqual(
    events.map((event) => event.reason),
    ['ResizeInfeasible', 'ResizeDeferred'],
  );
  // Back to what is allocated: nothing pending any more.
  t.false(manager.handleResize(pod('b', { requests: { cpu: '100m' } }, 4)));
  t.deepEqual(manager.conditions('b', false), []);
});

test('static pods are never resized', (t) => {
  const { manager, events } = setUp();
  const staticPod: Pod = {
    ...pod('s', { requests: { cpu: '100m' } }),
    metadata: { uid: 's', name: 's', namespace: 'default', annotations: { 'kubernetes.io/config.source': 'file' } },
  };
  manager.admit(staticPod);
  t.false(manager.handleResize({ ...staticPod, spec: pod('s', { requests: { cpu: '200m' } }).spec }));
  t.like(manager.conditions('s', false)[0], { reason: 'Infeasible', message: 'In-place resize of static-pods is not supported' });
  t.deepEqual(events, []);
});

test('room a pod leaves goes to the deferred resizes in the kubelet order: higher priority first', (t) => {
  const big = pod('big', { requests: { cpu: '1500m' } });
  const low = pod('low', { requests: { cpu: '100m' } });
  const high: Pod = { ...pod('high', { requests: { cpu: '100m' } }), spec: { ...pod('high', { requests: { cpu: '100m' } }).spec, priority: 1000 } };
  const { manager, admitted } = setUp([big, low, high]);
  const grow = (p: Pod): Pod => ({
    ...p,
    metadata: { ...p.metadata, generation: 2 },
    spec: { ...p.spec, containers: [{ name: 'app', image: 'busybox', resources: { requests: { cpu: '1200m' } } }] },
  });
  admitted.splice(1, 2, grow(low), grow(high));
  t.false(manager.retryPendingResizes(grow(low)));
  t.false(manager.retryPendingResizes(grow(high)));
  t.like(manager.conditions('low', false)[0], { reason: 'Deferred' });
  admitted.splice(0, 1);
  manager.retryPendingResizes();
  t.deepEqual(
    manager.conditions('high', false).map((condition) => condition.type),
    ['PodResizeInProgress'],
  );
  t.like(manager.conditions('low', false)[0], { reason: 'Deferred', message: "Node didn't have enough resource: cpu, requested: 1200, used: 1200, capacity: 2000" });
});
