// In-place pod resize end to end on `capstan up` (the simulated runtime), driven by kubectl as a
// user would: `kubectl patch --subresource resize` changes a running pod's cpu in place (the
// container's cgroup files show it through `kubectl exec`, its status the resources applied, no
// restart), a memory change whose resizePolicy says RestartContainer restarts the container, and a
// resize beyond the node's capacity is left pending as Infeasible with the kubelet's message.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { startUp } from '../src/up-process.ts';

const pod = `apiVersion: v1
kind: Pod
metadata:
  name: resizable
spec:
  containers:
  - name: app
    image: busybox
    command: [sh, -c, 'sleep 3600']
    resizePolicy:
    - {resourceName: cpu, restartPolicy: NotRequired}
    - {resourceName: memory, restartPolicy: RestartContainer}
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 200m, memory: 128Mi}
`;

const resources = (value: object): string => JSON.stringify({ spec: { containers: [{ name: 'app', resources: value }] } });

test('kubectl patch --subresource resize resizes a running pod in place, restarts it where its resizePolicy says, and leaves an infeasible resize pending', async (t) => {
  const up = startUp();
  t.teardown(() => up.stop());
  await up.line(/^node .* is Ready$/);
  const manifest = join(up.dataDir, 'pod.yaml');
  writeFileSync(manifest, pod);
  await up.kubectl('apply', '-f', manifest);
  await up.kubectl('wait', '--for=condition=Ready', 'pod/resizable', '--timeout=60s');
  t.is(await up.kubectl('exec', 'resizable', '--', 'cat', '/sys/fs/cgroup/cpu.max'), '20000 100000\n');
  t.is(await up.kubectl('get', 'pod', 'resizable', '-o', 'jsonpath={.status.containerStatuses[0].allocatedResources}'), '{"cpu":"100m","memory":"64Mi"}');

  // cpu: NotRequired, so UpdateContainerResources on the running container.
  t.is(
    await up.kubectl('patch', 'pod', 'resizable', '--subresource', 'resize', '--patch', resources({ requests: { cpu: '150m' }, limits: { cpu: '300m' } })),
    'pod/resizable patched\n',
  );
  await up.kubectl('wait', '--for=jsonpath={.status.containerStatuses[0].resources.limits.cpu}=300m', 'pod/resizable', '--timeout=60s');
  await up.kubectl('wait', '--for=jsonpath={.status.observedGeneration}=2', 'pod/resizable', '--timeout=60s');
  t.is(await up.kubectl('exec', 'resizable', '--', 'cat', '/sys/fs/cgroup/cpu.max'), '30000 100000\n');
  // 150m is 153 shares, cgroup v2 weight 1 + (153 - 2) * 9999 / 262142.
  t.is(await up.kubectl('exec', 'resizable', '--', 'sh', '-c', 'head -n 1 /sys/fs/cgroup/cpu.weight'), '6\n');
  t.is(await up.kubectl('get', 'pod', 'resizable', '-o', 'jsonpath={.status.containerStatuses[0].allocatedResources.cpu} {.status.containerStatuses[0].restartCount}'), '150m 0');
  // Events are written after the status they go with.
  const events = await eventually('the ResizeCompleted event', async () => {
    const listed = await up.kubectl('get', 'events', '--field-selector=involvedObject.name=resizable', '-o', 'jsonpath={range .items[*]}{.reason}: {.message}{"\\n"}{end}');
    return listed.includes('ResizeCompleted') ? listed : undefined;
  });
  t.regex(
    events,
    /ResizeStarted: Pod resize started: \{"containers":\[\{"name":"app","resources":\{"limits":\{"cpu":"300m","memory":"128Mi"\},"requests":\{"cpu":"150m","memory":"64Mi"\}\}\}\],"generation":2\}/,
  );
  t.regex(events, /ResizeCompleted: Pod resize completed: /);
  t.is(await up.kubectl('get', 'pod', 'resizable', '-o', 'jsonpath={.status.conditions[?(@.type=="PodResizeInProgress")].status}'), '');

  // memory: RestartContainer, so the container starts again with the new limit.
  await up.kubectl('patch', 'pod', 'resizable', '--subresource', 'resize', '--patch', resources({ limits: { memory: '256Mi' } }));
  await up.kubectl('wait', '--for=jsonpath={.status.containerStatuses[0].restartCount}=1', 'pod/resizable', '--timeout=60s');
  await up.kubectl('wait', '--for=condition=Ready', 'pod/resizable', '--timeout=60s');
  t.is(await up.kubectl('exec', 'resizable', '--', 'cat', '/sys/fs/cgroup/memory.max'), `${256 * 1024 * 1024}\n`);
  t.is(await up.kubectl('get', 'pod', 'resizable', '-o', 'jsonpath={.status.containerStatuses[0].resources.limits.memory}'), '256Mi');

  // Far more cpu than the node has: Infeasible, the allocation and the container unchanged.
  await up.kubectl('patch', 'pod', 'resizable', '--subresource', 'resize', '--patch', resources({ requests: { cpu: '1000' }, limits: { cpu: '1000' } }));
  await up.kubectl('wait', '--for=condition=PodResizePending', 'pod/resizable', '--timeout=60s');
  const pending = await up.kubectl(
    'get',
    'pod',
    'resizable',
    '-o',
    'jsonpath={.status.conditions[?(@.type=="PodResizePending")].reason}: {.status.conditions[?(@.type=="PodResizePending")].message}',
  );
  t.regex(pending, /^Infeasible: Node didn't have enough capacity: cpu, requested: 1000000, capacity: \d+$/);
  t.is(await up.kubectl('get', 'pod', 'resizable', '-o', 'jsonpath={.status.containerStatuses[0].allocatedResources.cpu}'), '150m');
  t.is(await up.kubectl('exec', 'resizable', '--', 'cat', '/sys/fs/cgroup/cpu.max'), '30000 100000\n');
  const infeasible = await eventually(
    'the ResizeInfeasible event',
    async () => (await up.kubectl('get', 'events', '--field-selector=reason=ResizeInfeasible', '-o', 'jsonpath={.items[0].message}')) || undefined,
  );
  t.regex(infeasible, /^Pod resize Infeasible: \{.*"error":"Node didn't have enough capacity: cpu/);
});
