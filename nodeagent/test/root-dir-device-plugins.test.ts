// Device plugins against the agent: a plugin written with @grpc/grpc-js registers on
// device-plugins/kubelet.sock, the agent dials it and watches its devices, and they appear in the
// Node's capacity and allocatable on a real API server, in pod-resources' answers, and in
// kubelet_internal_checkpoint, which brings the resource back (at zero) after a restart.

import test from 'ava';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadAgentConfiguration } from '../src/config/index.ts';
import { CriImageClient } from '../src/cri/index.ts';
import { NodeHeartbeats } from '../src/node/node-heartbeats.ts';
import { RootDirectory } from '../src/root-dir/index.ts';
import { podResourcesV1, type AllocatableResourcesResponse, type GetPodResourcesResponse, type ListPodResourcesResponse } from '../src/root-dir/api/pod-resources-v1.ts';
import { decodeDeviceCheckpoint } from '../src/root-dir/device-manager-checkpoint.ts';
import { decodePodResourceState } from '../src/root-dir/pod-allocation-state.ts';
import { inspectSystem, resourceList } from '../src/system/index.ts';
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
  const heartbeats = new NodeHeartbeats(client, node.runtime, images, loaded, inspectSystem({ failSwapOn: false }), () => {}, { extendedResources: () => root.extendedResources() });
  running = heartbeats.start(abort.signal);
  const nodeResources = (): Promise<NodeResources> => client.get<{ metadata: { name: string }; status?: NodeResources }>({ group: '', version: 'v1', resource: 'nodes', name: nodeName }).then((object) => object.status ?? {});
  const widgetsOf = (status: NodeResources): [string | undefined, string | undefined] => [status.capacity?.['example.com/widget'], status.allocatable?.['example.com/widget']];

  // Capacity counts every device, allocatable the healthy ones.
  await until(async () => widgetsOf(await nodeResources()), ([capacity, allocatable]) => capacity === '3' && allocatable === '2', 'the widgets in the Node status');
  plugin.push(widgets.map((device) => ({ ...device, health: 'Healthy' })));
  await until(async () => widgetsOf(await nodeResources()), ([capacity, allocatable]) => capacity === '3' && allocatable === '3', 'w3 healthy again');

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
  await t.throwsAsync(call(podResourcesSocket, podResourcesV1.PodResourcesLister, 'Get', { podName: 'nope', podNamespace: 'default' }), { message: /pod nope in namespace default not found/ });

  // The pod's allocation and actuation are checkpointed.
  const allocatedPath = join(node.rootDir, 'allocated_pods_state');
  await until(() => { try { return decodePodResourceState(readFileSync(allocatedPath, 'utf8')); } catch { return new Map(); } }, (entries) => entries.has(pod.metadata.uid), 'allocated_pods_state');
  t.deepEqual(decodePodResourceState(readFileSync(allocatedPath, 'utf8')).get(pod.metadata.uid)?.containerResources.get('app'), { requests: { cpu: '100m' } });
  await until(() => { try { return decodePodResourceState(readFileSync(join(node.rootDir, 'actuated_pods_state'), 'utf8')); } catch { return new Map(); } }, (entries) => entries.has(pod.metadata.uid), 'actuated_pods_state');

  // The plugin goes away: its devices turn unhealthy, the capacity stays for the grace period.
  await plugin.close();
  await until(async () => widgetsOf(await nodeResources()), ([capacity, allocatable]) => capacity === '3' && allocatable === '0', 'the widgets unhealthy');

  // A restart: the checkpoint's resource is reported at zero until its plugin registers again.
  await root.close();
  root = await RootDirectory.open({ rootDir: node.rootDir, featureGates: {} });
  await root.start(node.workers.directory);
  const restarted = root.extendedResources();
  t.deepEqual([restarted.capacity, restarted.allocatable].map((list) => resourceList(list)['example.com/widget']), ['0', '0']);
  const back = await startDevicePlugin(pluginDir, 'widget', 'example.com/widget', widgets);
  plugins.push(back);
  await back.register();
  await until(async () => widgetsOf(await nodeResources()), ([capacity, allocatable]) => capacity === '3' && allocatable === '2', 'the widgets back after the restart');
});
