// The simulated runtime at the scale of a busy node: 10,000 containers in 5,000 pods, on the real
// clock. Asserts behaviour only (every container runs, stops as declared, one clock timer serves
// them all); the time and memory it took are logged, and measured in bench/runtime-sim-scale.ts.

import test from 'ava';
import { type Clock, realClock } from '../src/runtime-sim/clock.ts';
import { SimulatedRuntime } from '../src/runtime-sim/simulated-runtime.ts';

function countingRealClock(): { clock: Clock; armed: () => number } {
  let armed = 0;
  return {
    clock: {
      now: realClock.now,
      setTimer(callback, delayMs) {
        armed++;
        return realClock.setTimer(callback, delayMs);
      },
    },
    armed: () => armed,
  };
}

const pods = 5000;

test('10,000 containers start and run on a handful of clock timers, then stop as their grace periods say', async (t) => {
  const { clock, armed } = countingRealClock();
  const runtime = new SimulatedRuntime({ clock });
  t.teardown(() => runtime.close());
  const image = await runtime.pullImage({ image: 'busybox' });
  const started = performance.now();
  const sandboxes = await Promise.all(
    Array.from({ length: pods }, (_, i) =>
      runtime.runPodSandbox({
        metadata: { name: `pod-${i}`, namespace: 'scale', uid: `uid-${i}` },
        annotations: i % 2 === 0 ? {} : { 'runtime-sim.capstan.dev/lifecycle': 'ignore-sigterm' },
      }),
    ),
  );
  const ids = sandboxes.flatMap((sandboxId) => ['app', 'sidecar'].map((name) => runtime.createContainer(sandboxId, { metadata: { name }, image: { image } })));
  const timersBefore = armed();
  await Promise.all(ids.map((id) => runtime.startContainer(id)));
  t.log(`create+start of ${ids.length} containers in ${pods} pods: ${(performance.now() - started).toFixed(0)} ms`);

  t.is(runtime.listContainers({ state: { state: 'CONTAINER_RUNNING' } }).length, 10_000);
  t.true(armed() - timersBefore < 100, `10,000 one-millisecond start delays armed ${armed() - timersBefore} clock timers`);
  t.is(runtime.wheel.pending, 0, 'containers that run until stopped wait in no timer');
  t.is(new Set(sandboxes.map((id) => runtime.podSandboxStatus(id).status.network.ip)).size, pods, 'every pod has its own IP');

  // The kubelet stops a pod's containers with its grace period; ignore-sigterm pods are killed when it ends.
  await Promise.all(ids.map((id) => runtime.stopContainer(id, 0.05)));
  const exitCodes = new Map<number, number>();
  for (const container of runtime.listContainers()) {
    const code = runtime.containerStatus(container.id).status.exitCode;
    exitCodes.set(code, (exitCodes.get(code) ?? 0) + 1);
  }
  t.deepEqual(Object.fromEntries(exitCodes), { 143: 5000, 137: 5000 });

  await Promise.all(sandboxes.map((id) => runtime.removePodSandbox(id)));
  t.is(runtime.containerCount, 0);
  t.deepEqual(runtime.listPodSandbox(), []);
});

test('1,000 containers that exit on their own after 50 ms all exit with their declared code', async (t) => {
  const runtime = new SimulatedRuntime();
  t.teardown(() => runtime.close());
  const image = await runtime.pullImage({ image: 'busybox' });
  const lifecycle = JSON.stringify({ exit: { after: '50ms', code: 7 } });
  const ids = await Promise.all(
    Array.from({ length: 1000 }, async (_, i) => {
      const sandboxId = await runtime.runPodSandbox({
        metadata: { name: `job-${i}`, namespace: 'scale', uid: `job-${i}` },
        annotations: { 'runtime-sim.capstan.dev/lifecycle': lifecycle },
      });
      const id = runtime.createContainer(sandboxId, { metadata: { name: 'job' }, image: { image } });
      await runtime.startContainer(id);
      return id;
    }),
  );
  const deadline = performance.now() + 20_000;
  while (runtime.listContainers({ state: { state: 'CONTAINER_EXITED' } }).length < ids.length && performance.now() < deadline) await runtime.wheel.sleep(20);
  const statuses = ids.map((id) => runtime.containerStatus(id).status);
  t.true(statuses.every((s) => s.state === 'CONTAINER_EXITED' && s.exitCode === 7 && s.reason === 'Error'));
  t.true(
    statuses.every((s) => s.finishedAt - s.startedAt >= 50_000_000n),
    'none exits before its time',
  );
});
