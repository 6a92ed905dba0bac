import test from 'ava';
import { fitErrorMessage } from '../src/scheduler/fit-error.ts';
import { unresolvable } from '../src/scheduler/filter-status.ts';
import { podRequests } from '../src/scheduler/resource-requests.ts';
import { numFeasibleNodesToFind } from '../src/scheduler/schedule-pod.ts';
import { SchedulingQueue } from '../src/scheduler/scheduling-queue.ts';

const container = (requests: Record<string, string>, extra: Record<string, unknown> = {}) => ({ name: 'c', resources: { requests }, ...extra });

test('a pod requests its containers and sidecars summed, or its largest init container with the sidecars before it, plus overhead', (t) => {
  const request = podRequests({
    containers: [container({ cpu: '100m', memory: '64Mi' }), container({ cpu: '0.2', 'example.com/foo': '1' })],
    initContainers: [container({ cpu: '50m' }, { restartPolicy: 'Always' }), container({ cpu: '1', memory: '1Gi' }), container({ cpu: '300m' }, { restartPolicy: 'Always' })],
    overhead: { cpu: '10m', memory: '1Mi' },
  });
  // containers + sidecars: 100m + 200m + 50m + 300m = 650m; init peak: 1 + 50m (sidecar before it) = 1050m.
  t.deepEqual(request.fit, { milliCpu: 1060n, memory: 1024n * 1024n * 1024n + 1024n * 1024n, ephemeralStorage: 0n, scalar: new Map([['example.com/foo', 1n]]) });
  // Scoring counts a container without a cpu or memory request at 100m and 200Mi; the init peak is compared the same way.
  t.is(request.nonZeroMilliCpu, 1060n);
  t.is(request.nonZeroMemory, 1024n * 1024n * 1024n + 200n * 1024n * 1024n + 1024n * 1024n);
});

test("quantities round up to millicores and bytes; pod-level requests replace the containers' cpu and memory", (t) => {
  t.like(podRequests({ containers: [container({ cpu: '0.1', memory: '100m' }), container({ cpu: '1.0001m' })] }).fit, { milliCpu: 102n, memory: 1n });
  const podLevel = podRequests({ containers: [container({ cpu: '3', 'ephemeral-storage': '1Gi' })], resources: { requests: { cpu: '500m' } } });
  t.like(podLevel.fit, { milliCpu: 500n, ephemeralStorage: 1024n ** 3n });
  t.is(podLevel.nonZeroMemory, 200n * 1024n * 1024n);
  t.deepEqual(podRequests({ containers: [container({})] }), {
    fit: { milliCpu: 0n, memory: 0n, ephemeralStorage: 0n, scalar: new Map() },
    nonZeroMilliCpu: 100n,
    nonZeroMemory: 200n * 1024n * 1024n,
  });
});

test('requests are summed exactly before they are rounded, as Quantity.Add and MilliValue do', (t) => {
  // Three tenths of a core are 300m, not 300.00000000000006m rounded up to 301.
  t.is(podRequests({ containers: [container({ cpu: '0.1' }), container({ cpu: '0.1' }), container({ cpu: '0.1' })] }).fit.milliCpu, 300n);
  // Fractions below a millicore add up before MilliValue rounds the total up once: 0.5m + 0.5m is 1m, not 2m.
  t.is(podRequests({ containers: [container({ cpu: '500u' }), container({ cpu: '500u' })] }).fit.milliCpu, 1n);
  // Bytes past 2^53, where a float64 loses the last unit.
  t.is(podRequests({ containers: [container({ memory: '9007199254740993' }), container({ memory: '1' })] }).fit.memory, 9007199254740994n);
  t.is(podRequests({ containers: [container({ memory: '7Ei' })], overhead: { memory: '1' } }).fit.memory, 7n * 2n ** 60n + 1n);
});

test('the FailedScheduling message counts reasons per node and sorts "<count> <reason>" as Go sorts strings', (t) => {
  const statuses = new Map([
    ...Array.from({ length: 10 }, (_, i) => [`a${i}`, { code: 'Unschedulable', reasons: ['Insufficient cpu', 'Insufficient memory'] }] as const),
    ['b', unresolvable('node(s) were unschedulable')],
    ['c', unresolvable('node(s) were unschedulable')],
  ]);
  t.is(
    fitErrorMessage(13, { statuses, absent: unresolvable('Preemption is not helpful for scheduling') }, 'tail.'),
    '0/13 nodes are available: 1 Preemption is not helpful for scheduling, 10 Insufficient cpu, 10 Insufficient memory, 2 node(s) were unschedulable. tail.',
  );
  t.is(fitErrorMessage(2, { statuses: new Map(), preFilterMessage: 'pod affinity terms conflict' }), '0/2 nodes are available: pod affinity terms conflict.');
});

test('kube-scheduler filters enough nodes to score: all below 100, an adaptive share of at least 100 above', (t) => {
  t.deepEqual([50, 100, 500, 1000, 5000, 10_000].map(numFeasibleNodesToFind), [50, 100, 230, 420, 500, 500]);
});

test('the queue hands out higher priority first, keeps rejected pods until a cluster event, and backs off a pod rejected while one happened', async (t) => {
  const queue = new SchedulingQueue({ initialBackoffMs: 60_000 });
  t.teardown(() => queue.close());
  queue.add('ns/low', 0);
  queue.add('ns/high', 1000);
  queue.add('ns/low-2', 0);
  const first = await queue.pop();
  t.is(first?.key, 'ns/high');
  const second = await queue.pop();
  t.is(second?.key, 'ns/low');
  // Rejected with nothing happening meanwhile: waits as unschedulable.
  queue.requeue(first!, true);
  const third = await queue.pop();
  t.is(third?.key, 'ns/low-2');
  // A node appears while ns/low is being tried: rejected, it does not wait for another event but backs off.
  queue.moveAllToActiveOrBackoff('NodeAdd');
  queue.requeue(second!, true);
  // ns/high was moved by the same event; both are in backoff (60 s here), and an empty activeQ takes from it.
  const next = await queue.pop();
  t.true(next?.key === 'ns/high' || next?.key === 'ns/low');
  queue.delete('ns/high');
  queue.delete('ns/low');
  let popped = false;
  void queue.pop().then(() => (popped = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.false(popped);
});
