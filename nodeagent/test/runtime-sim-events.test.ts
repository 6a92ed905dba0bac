// GetContainerEvents of the simulated runtime: created, started, stopped and deleted, each with the
// sandbox's status and the statuses of its containers at that moment (as the evented PLEG reads them).

import test from 'ava';
import type { ContainerEvent } from '../src/runtime-sim/runtime-types.ts';
import { simulatedNode } from './runtime-sim-fixture.ts';

test("a container's life is told as CREATED, STARTED, STOPPED and DELETED events", async (t) => {
  const node = simulatedNode(t);
  const events: ContainerEvent[] = [];
  const unsubscribe = node.runtime.subscribeContainerEvents((event) => events.push(event));
  const sandboxId = await node.sandbox('job', { 'runtime-sim.capstan.dev/lifecycle': 'succeeded' });
  const id = await node.create(sandboxId, 'main');
  await node.start(id);
  await node.clock.advance(100);
  await node.runtime.removeContainer(id);

  t.deepEqual(
    events.map((e) => [e.containerId, e.containerEventType, e.containersStatuses.find((s) => s.id === id)?.state]),
    [
      [id, 'CONTAINER_CREATED_EVENT', 'CONTAINER_CREATED'],
      [id, 'CONTAINER_STARTED_EVENT', 'CONTAINER_RUNNING'],
      [id, 'CONTAINER_STOPPED_EVENT', 'CONTAINER_EXITED'],
      [id, 'CONTAINER_DELETED_EVENT', undefined],
    ],
  );
  for (const event of events) t.like(event.podSandboxStatus, { id: sandboxId, state: 'SANDBOX_READY', metadata: { name: 'job' } });
  const times = events.map((e) => e.createdAt);
  t.deepEqual(
    [...times].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    times,
    'events are in time order',
  );
  t.is(events[2]?.createdAt, (events[1]?.createdAt ?? 0n) + 100_000_000n);

  unsubscribe();
  await node.create(sandboxId, 'later');
  t.is(events.length, 4, 'no events after unsubscribing');
});

test('removing a sandbox kills its running containers and deletes them all, each with its own events', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('web');
  const a = await node.create(sandboxId, 'a');
  const b = await node.create(sandboxId, 'b');
  await node.start(a);
  const events: string[] = [];
  node.runtime.subscribeContainerEvents((e) => events.push(`${e.containerId === a ? 'a' : e.containerId === b ? 'b' : '?'}:${e.containerEventType}`));
  await node.runtime.removePodSandbox(sandboxId);
  t.deepEqual(events, ['a:CONTAINER_STOPPED_EVENT', 'a:CONTAINER_DELETED_EVENT', 'b:CONTAINER_DELETED_EVENT']);
  t.deepEqual(node.runtime.listContainers(), []);
});
