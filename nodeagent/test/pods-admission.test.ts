// What keeps a pod or a container from running, with the kubelet's reasons: admission (OutOfpods,
// SysctlForbidden) failing the pod, image pull policies (ErrImageNeverPull, ErrImagePull then
// ImagePullBackOff), and seccomp profiles (a container's own over the pod's; a missing Localhost
// profile is a CreateContainerError).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const create = (client: RestClient, manifest: Record<string, unknown>) => client.create<Pod & { metadata: { name: string } }>(podsOf('default'), manifest);
const waiting = (pod: Pod, name: string) => pod.status?.containerStatuses?.find((c) => c.name === name)?.state?.waiting;

test('a missing Localhost seccomp profile fails the container with CreateContainerError; a container profile wins over the pod one', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-seccomp', api });
  const client = node.client as RestClient;
  mkdirSync(join(node.rootDir, 'seccomp', 'profiles'), { recursive: true });
  writeFileSync(join(node.rootDir, 'seccomp', 'profiles', 'audit.json'), JSON.stringify({ defaultAction: 'SCMP_ACT_LOG' }));
  await create(
    client,
    podManifest('secure', node.nodeName, {
      securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/missing.json' } },
      containers: [
        { name: 'inherits', image: 'busybox:1.36' },
        { name: 'overrides', image: 'busybox:1.36', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } },
        { name: 'present', image: 'busybox:1.36', securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } } },
      ],
    }),
  );
  const pod = await waitForPod(client, 'default', 'secure', (p) => waiting(p, 'inherits')?.reason === 'CreateContainerError', 'CreateContainerError');
  const path = join(node.rootDir, 'seccomp', 'profiles', 'missing.json');
  t.is(waiting(pod, 'inherits')?.message, `failed to generate seccomp spec opts: cannot load seccomp profile "${path}": open ${path}: no such file or directory`);
  const running = await waitForPod(
    client,
    'default',
    'secure',
    (p) => ['overrides', 'present'].every((name) => p.status?.containerStatuses?.find((c) => c.name === name)?.state?.running !== undefined),
    'the other containers to run',
  );
  t.is(running.status?.phase, 'Pending');
});

test('imagePullPolicy Never with an absent image waits with ErrImageNeverPull; a failed pull backs off', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-images', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('images', node.nodeName, {
      containers: [
        { name: 'never', image: 'registry.example/app:1', imagePullPolicy: 'Never' },
        { name: 'missing', image: 'registry.example/does-not-exist:1', imagePullPolicy: 'IfNotPresent' },
      ],
    }),
  );
  // The failed pull is ErrImagePull; the sync the new sandbox triggers finds it backing off, and the
  // waiting message carries the pull's error.
  const pod = await waitForPod(
    client,
    'default',
    'images',
    (p) => waiting(p, 'never')?.reason === 'ErrImageNeverPull' && waiting(p, 'missing')?.reason === 'ImagePullBackOff',
    'ErrImageNeverPull and ImagePullBackOff',
    30_000,
  );
  t.is(waiting(pod, 'never')?.message, 'Container image "registry.example/app:1" is not present with pull policy of Never');
  t.regex(waiting(pod, 'missing')?.message ?? '', /^Back-off pulling image "registry\.example\/does-not-exist:1": ErrImagePull: rpc error: code = NotFound desc = /);
  t.is(pod.status?.phase, 'Pending');
  t.like(
    pod.status?.conditions?.find((c) => c.type === 'Ready'),
    { status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [never missing]' },
  );
  const events = await client.list<{ reason?: string; message?: string; involvedObject?: { fieldPath?: string } } & { metadata?: Record<string, unknown> }>({
    group: '',
    version: 'v1',
    resource: 'events',
    namespace: 'default',
  });
  t.true(
    events.items.some(
      (e) =>
        e.reason === 'Failed' && e.involvedObject?.fieldPath === 'spec.containers{missing}' && e.message?.startsWith('Failed to pull image "registry.example/does-not-exist:1": '),
    ),
  );
});

test('admission rejects a pod beyond maxPods with OutOfpods, and a forbidden sysctl with SysctlForbidden', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-admit', api, config: 'maxPods: 1\n' });
  const client = node.client as RestClient;
  await create(client, podManifest('first', node.nodeName, { containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  await waitForPod(client, 'default', 'first', (p) => p.status?.phase === 'Running', 'the first pod to run');
  await create(client, podManifest('second', node.nodeName, { containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const second = await waitForPod(client, 'default', 'second', (p) => p.status?.phase === 'Failed', 'the second pod to be rejected');
  t.is(second.status?.reason, 'OutOfpods');
  t.is(second.status?.message, "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1");
  t.is((await node.runtime.listPodSandbox({ filter: { labelSelector: { 'io.kubernetes.pod.name': 'second' } } })).items.length, 0);

  await client.delete(podsOf('default', 'first'), { gracePeriodSeconds: 0 });
  await client.delete(podsOf('default', 'second'), { gracePeriodSeconds: 0 });
  await create(
    client,
    podManifest('tuned', node.nodeName, { securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '65536' }] }, containers: [{ name: 'app', image: 'busybox:1.36' }] }),
  );
  const tuned = await waitForPod(client, 'default', 'tuned', (p) => p.status?.phase === 'Failed', 'the sysctl pod to be rejected');
  t.is(tuned.status?.reason, 'SysctlForbidden');
  t.is(tuned.status?.message, 'Pod was rejected: forbidden sysctl: "kernel.msgmax" not allowlisted');
});

test('what the runtime cannot do on this kernel is refused: user namespaces at sandbox creation, recursive read-only mounts at container creation', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-old-kernel', api, handlerFeatures: { recursiveReadOnlyMounts: false, userNamespaces: false } });
  const client = node.client as RestClient;
  await create(client, podManifest('userns', node.nodeName, { hostUsers: false, containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  await create(
    client,
    podManifest('rro', node.nodeName, {
      volumes: [{ name: 'data', emptyDir: {} }],
      containers: [{ name: 'app', image: 'busybox:1.36', volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: true, recursiveReadOnly: 'Enabled' }] }],
    }),
  );
  const rro = await waitForPod(client, 'default', 'rro', (p) => waiting(p, 'app')?.reason === 'CreateContainerConfigError', 'CreateContainerConfigError');
  t.is(waiting(rro, 'app')?.message, 'failed to resolve recursive read-only mode: volume "data" requested recursive read-only mode, but it is not supported by the runtime');
  t.deepEqual(rro.status?.containerStatuses?.[0]?.volumeMounts, [{ name: 'data', mountPath: '/data', readOnly: true, recursiveReadOnly: 'Disabled' }]);

  const events = await until(
    () =>
      client.list<{ reason?: string; message?: string; involvedObject?: { name?: string } } & { metadata?: Record<string, unknown> }>({
        group: '',
        version: 'v1',
        resource: 'events',
        namespace: 'default',
      }),
    (list) => list.items.some((e) => e.involvedObject?.name === 'userns' && e.reason === 'FailedCreatePodSandBox'),
    'the FailedCreatePodSandBox event',
  );
  t.is(
    events.items.find((e) => e.involvedObject?.name === 'userns' && e.reason === 'FailedCreatePodSandBox')?.message,
    'Failed to create pod sandbox: RuntimeClass handler "" does not support user namespaces',
  );
  const userns = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'userns'));
  t.is(userns.status?.phase, 'Pending');
  t.like(userns.status?.containerStatuses?.[0], { state: { waiting: { reason: 'ContainerCreating' } } });
  t.like(
    userns.status?.conditions?.find((c) => c.type === 'PodReadyToStartContainers'),
    { status: 'False' },
  );
  t.is((await node.runtime.listPodSandbox({ filter: { labelSelector: { 'io.kubernetes.pod.name': 'userns' } } })).items.length, 0);
});
