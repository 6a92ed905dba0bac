// Device plugins against the agent: a plugin written with @grpc/grpc-js registers on
// device-plugins/kubelet.sock, the agent dials it and watches its devices, and they appear in the
// Node's capacity and allocatable on a real API server, in pod-resources' answers, and in
// kubelet_internal_checkpoint, which brings the resource back (at zero) after a restart.

import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAgentConfiguration } from '../src/config/index.ts';
import { CriImageClient } from '../src/cri/index.ts';
import { NodeHeartbeats } from '../src/node/node-heartbeats.ts';
import { RootDirectory } from '../src/root-dir/index.ts';
import { podResourcesV1, type AllocatableResourcesResponse, type GetPodResourcesResponse, type ListPodResourcesResponse } from '../src/root-dir/api/pod-resources-v1.ts';
import { decodeDeviceCheckpoint } from '../src/root-dir/device-manager-checkpoint.ts';
import { decodePodResourceState } from '../src/root-dir/pod-allocation-state.ts';
import { inspectSystem, resourceList } from '../src/system/index.ts';
import { execIn } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';
import { call, startDevicePlugin, type TestDevicePlugin } from './root-dir-fixtures.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(async () => {
  await api?.stop();
});

const widgets = [
  { ID: 'w1', health: 'Healthy', topology: { nodes: [{ ID: 0 }] } },
  { ID: 'w2', health: 'Healthy', topology: null },
  { ID: 'w3', health: 'Unhealthy', topology: null },
];

interface NodeResources {
  readonly capacity?: Record<string, string>;
  readonly allocatable?: Record<string, string>;
}

test('a device plugin’s devices become the Node’s extended resources, pod-resources answers, and a checkpoint that survives a restart', async (t) => {
  const nodeName = 'device-node';
  const node = await startAgentNode(t, { nodeName, api, config: 'nodeStatusUpdateFrequency: 1s\n' });
  const client = node.client;
  if (client === undefined || node.sim === undefined) throw new Error('the fixture gives a client and a simulated runtime');
  let root = await RootDirectory.open({ rootDir: node.rootDir, featureGates: {} });
  await root.start(node.workers.directory);
  const pluginDir = root.paths.devicePlugins;
  const plugins: TestDevicePlugin[] = [];
  const abort = new AbortController();
  const images = await CriImageClient.connect(`unix://${node.sim.socketPath}`);
  let running: Promise<void> | undefined;
  t.teardown(async () => {
    abort.abort();
    await running;
    await Promise.all(plugins.map((plugin) => plugin.close()));
    await root.close();
    images.close();
  });

  // Refused registrations answer the kubelet's errors.
  const refused = await startDevicePlugin(pluginDir, 'refused', 'example.com/widget', widgets);
  plugins.push(refused);
  await t.throwsAsync(refused.register({ version: 'v1alpha' }), { message: /requested API version "v1alpha" is not supported by kubelet. Supported version is \["v1beta1"\]/ });
  await t.throwsAsync(refused.register({ resourceName: 'widget' }), { message: /the ResourceName "widget" is invalid/ });
  t.is(refused.watchers, 0);

  const plugin = await startDevicePlugin(pluginDir, 'widget', 'example.com/widget', widgets);
  plugins.push(plugin);
  await plugin.register();

  const loaded = loadAgentConfiguration(['--config', join(node.dir, 'config.yaml'), '--root-dir', node.rootDir, '--hostname-override', nodeName]);
  const heartbeats = new NodeHeartbeats(client, node.runtime, images, loaded, inspectSystem({ failSwapOn: false }), () => {}, {
    extendedResources: () => root.extendedResources(),
  });
  running = heartbeats.start(abort.signal);
  const nodeResources = (): Promise<NodeResources> =>
    client.get<{ metadata: { name: string }; status?: NodeResources }>({ group: '', version: 'v1', resource: 'nodes', name: nodeName }).then((object) => object.status ?? {});
  const widgetsOf = (status: NodeResources): [string | undefined, string | undefined] => [status.capacity?.['example.com/widget'], status.allocatable?.['example.com/widget']];

  // Capacity counts every device, allocatable the healthy ones.
  await until(
    async () => widgetsOf(await nodeResources()),
    ([capacity, allocatable]) => capacity === '3' && allocatable === '2',
    'the widgets in the Node status',
  );
  plugin.push(widgets.map((device) => ({ ...device, health: 'Healthy' })));
  await until(
    async () => widgetsOf(await nodeResources()),
    ([capacity, allocatable]) => capacity === '3' && allocatable === '3',
    'w3 healthy again',
  );

  // The checkpoint holds the healthy devices, mode 0600, with the kubelet's checksum.
  const checkpointPath = join(pluginDir, 'kubelet_internal_checkpoint');
  await root.devices.flushed();
  t.is(statSync(checkpointPath).mode & 0o777, 0o600);
  t.deepEqual(decodeDeviceCheckpoint(readFileSync(checkpointPath, 'utf8')).registeredDevices.get('example.com/widget')?.slice().sort(), ['w1', 'w2', 'w3']);

  // pod-resources: the allocatable devices (one entry per device, NUMA node when known), and the pods.
  const podResourcesSocket = join(root.paths.podResources, 'kubelet.sock');
  const allocatable = await call<AllocatableResourcesResponse>(podResourcesSocket, podResourcesV1.PodResourcesLister, 'GetAllocatableResources', {});
  t.deepEqual(allocatable, {
    devices: [
      { resourceName: 'example.com/widget', deviceIds: ['w1'], topology: { nodes: [{ ID: 0 }] } },
      { resourceName: 'example.com/widget', deviceIds: ['w2'], topology: null },
      { resourceName: 'example.com/widget', deviceIds: ['w3'], topology: null },
    ],
    cpuIds: [],
    memory: [],
  });
  await client.create(podsOf('default'), podManifest('holder', nodeName, { containers: [{ name: 'app', image: 'busybox', resources: { requests: { cpu: '100m' } } }] }));
  const pod = await waitForPod(client, 'default', 'holder', (current) => current.status?.phase === 'Running', 'the pod running');
  const listed = await call<ListPodResourcesResponse>(podResourcesSocket, podResourcesV1.PodResourcesLister, 'List', {});
  t.deepEqual(listed.podResources, [{ name: 'holder', namespace: 'default', containers: [{ name: 'app', devices: [], cpuIds: [], memory: [], dynamicResources: [] }] }]);
  const got = await call<GetPodResourcesResponse>(podResourcesSocket, podResourcesV1.PodResourcesLister, 'Get', { podName: 'holder', podNamespace: 'default' });
  t.is(got.podResources?.containers[0]?.name, 'app');
  await t.throwsAsync(call(podResourcesSocket, podResourcesV1.PodResourcesLister, 'Get', { podName: 'nope', podNamespace: 'default' }), {
    message: /pod nope in namespace default not found/,
  });

  // The pod's allocation and actuation are checkpointed.
  const allocatedPath = join(node.rootDir, 'allocated_pods_state');
  await until(
    () => {
      try {
        return decodePodResourceState(readFileSync(allocatedPath, 'utf8'));
      } catch {
        return new Map();
      }
    },
    (entries) => entries.has(pod.metadata.uid),
    'allocated_pods_state',
  );
  t.deepEqual(decodePodResourceState(readFileSync(allocatedPath, 'utf8')).get(pod.metadata.uid)?.containerResources.get('app'), { requests: { cpu: '100m' } });
  await until(
    () => {
      try {
        return decodePodResourceState(readFileSync(join(node.rootDir, 'actuated_pods_state'), 'utf8'));
      } catch {
        return new Map();
      }
    },
    (entries) => entries.has(pod.metadata.uid),
    'actuated_pods_state',
  );

  // The plugin goes away: its devices turn unhealthy, the capacity stays for the grace period.
  await plugin.close();
  await until(
    async () => widgetsOf(await nodeResources()),
    ([capacity, allocatable]) => capacity === '3' && allocatable === '0',
    'the widgets unhealthy',
  );

  // A restart: the checkpoint's resource is reported at zero until its plugin registers again.
  await root.close();
  root = await RootDirectory.open({ rootDir: node.rootDir, featureGates: {} });
  await root.start(node.workers.directory);
  const restarted = root.extendedResources();
  t.deepEqual(
    [restarted.capacity, restarted.allocatable].map((list) => resourceList(list)['example.com/widget']),
    ['0', '0'],
  );
  const back = await startDevicePlugin(pluginDir, 'widget', 'example.com/widget', widgets);
  plugins.push(back);
  await back.register();
  await until(
    async () => widgetsOf(await nodeResources()),
    ([capacity, allocatable]) => capacity === '3' && allocatable === '2',
    'the widgets back after the restart',
  );
});

test('a pod asking for a device plugin’s resource gets free devices at admission, the plugin’s Allocate answer in its container, and the kubelet’s refusal when none are free', async (t) => {
  const nodeName = 'allocating-node';
  const rootDir = mkdtempSync(join(tmpdir(), 'capstan-devices-'));
  const root = await RootDirectory.open({ rootDir, featureGates: {} });
  const node = await startAgentNode(t, { nodeName, api, extra: { devices: root.devices } });
  const client = node.client;
  if (client === undefined) throw new Error('the fixture gives a client');
  await root.start(node.workers.directory);
  const plugin = await startDevicePlugin(
    root.paths.devicePlugins,
    'gpu',
    'example.com/gpu',
    [
      { ID: 'g1', health: 'Healthy', topology: null },
      { ID: 'g2', health: 'Healthy', topology: null },
    ],
    undefined,
    (ids) => ({
      envs: { GPU_IDS: ids.join(',') },
      mounts: [{ containerPath: '/usr/lib/gpu', hostPath: '/opt/gpu/lib', readOnly: true }],
      devices: [{ containerPath: '/dev/gpu0', hostPath: `/dev/${ids[0]}`, permissions: 'rw' }],
      annotations: { 'example.com/gpu-ids': ids.join(',') },
    }),
  );
  t.teardown(async () => {
    await plugin.close();
    await root.close();
    rmSync(rootDir, { recursive: true, force: true });
  });
  await plugin.register();
  await until(
    async () => root.devices.isDeviceResource('example.com/gpu') && resourceList(root.extendedResources().allocatable)['example.com/gpu'] === '2',
    (ready) => ready,
    'the two devices',
  );
  const gpuPod = (name: string, count: number) =>
    podManifest(name, nodeName, {
      containers: [
        {
          name: 'app',
          image: 'busybox',
          // The plugin's variable expands in the arguments: the shell's $0 here, while it sleeps.
          command: ['sh', '-c', 'sleep 3600'],
          args: ['$(GPU_IDS)'],
          resources: { limits: { 'example.com/gpu': String(count) }, requests: { 'example.com/gpu': String(count) } },
        },
      ],
    });

  await client.create(podsOf('default'), gpuPod('one', 1));
  const one = await waitForPod(client, 'default', 'one', (pod) => pod.status?.phase === 'Running', 'the first pod running');
  t.deepEqual(plugin.allocations, [[['g1']]]);
  const containerId = one.status?.containerStatuses?.[0]?.containerID?.replace(/^.*:\/\//, '') as string;
  const status = await node.runtime.containerStatus({ containerId, verbose: true });
  t.deepEqual(
    status.status?.mounts.find((mount) => mount.containerPath === '/usr/lib/gpu'),
    { ...status.status?.mounts.find((mount) => mount.containerPath === '/usr/lib/gpu'), hostPath: '/opt/gpu/lib', readonly: true },
  );
  t.is(status.status?.annotations['example.com/gpu-ids'], 'g1');
  // The plugin's variables come before the container's own and expand in its arguments.
  t.is((await execIn(node, one, ['printenv', 'GPU_IDS'])).stdout, 'g1\n');
  // The checkpoint keeps the allocation with the plugin's answer.
  await root.devices.flushed();
  const entries = decodeDeviceCheckpoint(readFileSync(root.devices.checkpointPath, 'utf8')).podDeviceEntries ?? [];
  t.deepEqual(
    entries.map((entry) => [entry.podUID, entry.containerName, entry.resourceName, [...entry.deviceIDs]]),
    [[one.metadata.uid, 'app', 'example.com/gpu', [[-1, ['g1']]]]],
  );
  t.true(entries[0]!.allocResp.length > 0);
  // pod-resources tells monitoring agents which container holds which device.
  const listed = await call<ListPodResourcesResponse>(join(root.paths.podResources, 'kubelet.sock'), podResourcesV1.PodResourcesLister, 'List', {});
  t.deepEqual(
    listed.podResources.find((pod) => pod.name === 'one')?.containers[0]?.devices.map((device) => [device.resourceName, device.deviceIds]),
    [['example.com/gpu', ['g1']]],
  );

  // Two more asked with one free: refused as the kubelet refuses.
  await client.create(podsOf('default'), gpuPod('two', 2));
  const refused = await waitForPod(client, 'default', 'two', (pod) => pod.status?.phase === 'Failed', 'the second pod refused');
  t.like(refused.status, {
    reason: 'UnexpectedAdmissionError',
    message: 'Pod was rejected: Allocate failed due to requested number of devices unavailable for example.com/gpu. Requested: 2, Available: 1, which is unexpected',
  });
  // Once the first pod is gone its device is free again.
  await client.delete(podsOf('default', 'one'), { gracePeriodSeconds: 0 });
  await until(
    () =>
      client.get(podsOf('default', 'one')).then(
        () => true,
        () => false,
      ),
    (present) => !present,
    'the first pod gone',
  );
  await client.create(podsOf('default'), gpuPod('three', 2));
  await waitForPod(client, 'default', 'three', (pod) => pod.status?.phase === 'Running', 'the third pod running with both devices');
  t.deepEqual(plugin.allocations.at(-1), [['g1', 'g2']]);
});
