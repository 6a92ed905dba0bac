// The state files of the agent's root directory: byte for byte what the kubelet writes (the
// expected texts were produced by Go's encoding/json and go-spew with the kubelet's checkpoint
// types), their checksums checked on read, their modes, the directories' modes, and a restart.

import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootDirectory } from '../src/root-dir/index.ts';
import { decodeCpuManagerState, encodeCpuManagerState, openCpuManagerState } from '../src/root-dir/cpu-manager-state.ts';
import { decodeDeviceCheckpoint, encodeDeviceCheckpoint } from '../src/root-dir/device-manager-checkpoint.ts';
import { encodeMemoryManagerState, openMemoryManagerState } from '../src/root-dir/memory-manager-state.ts';
import { decodePodResourceState, encodePodResourceState, PodResourceStateFile } from '../src/root-dir/pod-allocation-state.ts';
import { GracefulShutdownStateFile } from '../src/root-dir/graceful-shutdown-state.ts';
import { ImagePullRecords, imageNameWithoutTagOrDigest, pullRecordFileName, recordingPulls } from '../src/root-dir/image-pull-records.ts';
import { CriImageClient } from '../src/cri/index.ts';
import { startRuntimeSim } from '../src/runtime-sim/index.ts';

function tempRoot(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-root-dir-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const mode = (path: string): number => statSync(path).mode & 0o777;

test('cpu_manager_state is the kubelet’s text, checksum included', (t) => {
  t.is(encodeCpuManagerState({ policyName: 'none', defaultCpuSet: '', entries: new Map() }), '{"policyName":"none","defaultCpuSet":"","checksum":1353318690}');
  const assigned = {
    policyName: 'static',
    defaultCpuSet: '0-3',
    entries: new Map([
      ['uid-b', new Map([['c', '4']])],
      [
        'uid-a',
        new Map([
          ['z', '5-6'],
          ['a', '7'],
        ]),
      ],
    ]),
  };
  const text = '{"policyName":"static","defaultCpuSet":"0-3","entries":{"uid-a":{"a":"7","z":"5-6"},"uid-b":{"c":"4"}},"checksum":363700114}';
  t.is(encodeCpuManagerState(assigned), text);
  t.is(encodeCpuManagerState(decodeCpuManagerState(text)), text);
  t.throws(() => decodeCpuManagerState(text.replace('363700114', '363700115')), { message: 'checkpoint is corrupted' });
});

test('memory_manager_state of the None policy is the kubelet’s text', (t) => {
  t.is(encodeMemoryManagerState({ policyName: 'None' }), '{"policyName":"None","machineState":{},"checksum":4236770233}');
});

test('kubelet_internal_checkpoint is the kubelet’s text, with devices and allocations', (t) => {
  const registered = {
    podDeviceEntries: null,
    registeredDevices: new Map([
      ['example.com/foo', ['dev-2', 'dev-1']],
      ['a.io/b', []],
    ]),
  };
  t.is(encodeDeviceCheckpoint(registered), '{"Data":{"PodDeviceEntries":null,"RegisteredDevices":{"a.io/b":[],"example.com/foo":["dev-2","dev-1"]}},"Checksum":2939768034}');
  const allocated = {
    podDeviceEntries: [
      {
        podUID: 'u1',
        containerName: 'c',
        resourceName: 'example.com/foo',
        deviceIDs: new Map([
          [-1, ['dev-1']],
          [0, ['dev-2']],
        ]),
        allocResp: Uint8Array.from([10, 3, 97, 98, 255]),
      },
    ],
    registeredDevices: new Map([['example.com/foo', ['dev-1']]]),
  };
  const text =
    '{"Data":{"PodDeviceEntries":[{"PodUID":"u1","ContainerName":"c","ResourceName":"example.com/foo","DeviceIDs":{"-1":["dev-1"],"0":["dev-2"]},"AllocResp":"CgNhYv8="}],"RegisteredDevices":{"example.com/foo":["dev-1"]}},"Checksum":1937255128}';
  t.is(encodeDeviceCheckpoint(allocated), text);
  const decoded = decodeDeviceCheckpoint(text);
  t.deepEqual([...decoded.registeredDevices], [['example.com/foo', ['dev-1']]]);
  t.deepEqual([...(decoded.podDeviceEntries?.[0]?.allocResp ?? [])], [10, 3, 97, 98, 255]);
  t.throws(() => decodeDeviceCheckpoint(text.replace('"dev-1"]}}', '"dev-9"]}}')), { message: 'checkpoint is corrupted' });
});

test('allocated_pods_state is the kubelet’s text: a JSON string and its checksum', (t) => {
  t.is(encodePodResourceState(new Map()), '{"data":"{}","checksum":694314937}');
  const entries = new Map([
    [
      'uid-2',
      {
        containerResources: new Map([
          ['app', { limits: { memory: '128Mi', cpu: '1000m' }, requests: { cpu: '250m' } }],
          ['side', {}],
        ]),
        podLevelResources: null,
      },
    ],
    ['uid-1', { containerResources: new Map([['c', { requests: { 'example.com/foo': '2' } }]]), podLevelResources: { limits: { cpu: '2' } } }],
  ]);
  const text =
    '{"data":"{\\"entries\\":{\\"uid-1\\":{\\"ContainerResources\\":{\\"c\\":{\\"requests\\":{\\"example.com/foo\\":\\"2\\"}}},\\"PodLevelResources\\":{\\"limits\\":{\\"cpu\\":\\"2\\"}}},\\"uid-2\\":{\\"ContainerResources\\":{\\"app\\":{\\"limits\\":{\\"cpu\\":\\"1\\",\\"memory\\":\\"128Mi\\"},\\"requests\\":{\\"cpu\\":\\"250m\\"}},\\"side\\":{}},\\"PodLevelResources\\":null}}}","checksum":3492557071}';
  t.is(encodePodResourceState(entries), text);
  t.deepEqual(decodePodResourceState(text).get('uid-2')?.containerResources.get('app'), { limits: { cpu: '1', memory: '128Mi' }, requests: { cpu: '250m' } });
  t.throws(() => decodePodResourceState(text.replace('3492557071', '1')), { message: 'checkpoint is corrupted' });
});

test('open creates the directories and checkpoints with the kubelet’s modes, and a restart restores them', async (t) => {
  const root = join(tempRoot(t), 'kubelet');
  const first = await RootDirectory.open({ rootDir: root, featureGates: { ContainerCheckpoint: true, KubeletEnsureSecretPulledImages: true } });
  await first.close();
  for (const dir of ['', 'pods', 'plugins', 'plugins_registry', 'pod-resources', 'device-plugins']) t.is(mode(join(root, dir)), 0o750, `${dir || 'root'} is 0750`);
  for (const dir of ['checkpoints', 'image_manager/pulling', 'image_manager/pulled']) t.is(mode(join(root, dir)), 0o700, `${dir} is 0700`);
  for (const file of ['cpu_manager_state', 'memory_manager_state']) t.is(mode(join(root, file)), 0o600, `${file} is 0600`);
  t.is(readFileSync(join(root, 'cpu_manager_state'), 'utf8'), '{"policyName":"none","defaultCpuSet":"","checksum":1353318690}');
  t.is(readFileSync(join(root, 'memory_manager_state'), 'utf8'), '{"policyName":"None","machineState":{},"checksum":4236770233}');
  // The allocation checkpoints appear with the first pod, as the kubelet's.
  t.false(readdirSync(root).includes('allocated_pods_state'));
  // No temporary file is left behind.
  t.deepEqual(
    readdirSync(root).filter((name) => name.startsWith('.')),
    [],
  );

  const second = await RootDirectory.open({ rootDir: root, featureGates: {} });
  await second.close();
  t.is(readFileSync(join(root, 'cpu_manager_state'), 'utf8'), '{"policyName":"none","defaultCpuSet":"","checksum":1353318690}');
});

test('a checkpoint of another policy or with a wrong checksum stops the agent with the kubelet’s message', async (t) => {
  const root = tempRoot(t);
  await openCpuManagerState(root, { policyName: 'none', defaultCpuSet: '', entries: new Map() });
  const path = join(root, 'cpu_manager_state');
  await t.throwsAsync(openCpuManagerState(root, { policyName: 'static', defaultCpuSet: '0-1', entries: new Map() }), {
    message: `could not restore state from checkpoint: configured policy "static" differs from state checkpoint policy "none", please drain this node and delete the CPU manager checkpoint file ${JSON.stringify(path)} before restarting Kubelet`,
  });
  writeFileSync(path, '{"policyName":"none","defaultCpuSet":"","checksum":12}');
  await t.throwsAsync(openCpuManagerState(root, { policyName: 'none', defaultCpuSet: '', entries: new Map() }), {
    message: /^could not restore state from checkpoint: checkpoint is corrupted, please drain this node/,
  });
  await openMemoryManagerState(root, 'None');
  await t.throwsAsync(openMemoryManagerState(root, 'Static'), { message: /configured policy "Static" differs from state checkpoint policy "None"/ });
});

test('the allocation checkpoint is written when a pod is added or changed, not when one leaves, and survives a restart', async (t) => {
  const root = tempRoot(t);
  const file = await PodResourceStateFile.open(root, 'allocated_pods_state');
  const pod = { containerResources: new Map([['app', { requests: { cpu: '100m' } }]]), podLevelResources: null };
  t.true(await file.update(new Map([['uid-1', pod]])));
  t.is(mode(file.path), 0o600);
  t.false(await file.update(new Map([['uid-1', pod]])), 'unchanged: no write');
  t.false(await file.update(new Map()), 'a removal alone: no write');
  t.true(await file.update(new Map([['uid-2', pod]])), 'a new pod: written, without the removed one');
  const restored = await PodResourceStateFile.open(root, 'allocated_pods_state');
  t.deepEqual([...restored.entries.keys()], ['uid-2']);
  writeFileSync(file.path, readFileSync(file.path, 'utf8').replace('100m', '200m'));
  await t.throwsAsync(PodResourceStateFile.open(root, 'allocated_pods_state'), {
    message: /checkpoint is corrupted, please drain this node and delete pod resource information checkpoint file/,
  });
});

test('graceful_node_shutdown_state holds the shutdown’s start and end, mode 0644', async (t) => {
  const root = tempRoot(t);
  const state = new GracefulShutdownStateFile(root);
  t.deepEqual(await state.load(), { startTime: undefined, endTime: undefined });
  const ended = await state.shutdownStarted(new Date('2026-01-02T03:04:05.500Z'));
  t.is(readFileSync(state.path, 'utf8'), '{"startTime":"2026-01-02T03:04:05.5Z","endTime":"0001-01-01T00:00:00Z"}');
  await ended(new Date('2026-01-02T03:04:35Z'));
  t.is(readFileSync(state.path, 'utf8'), '{"startTime":"2026-01-02T03:04:05.5Z","endTime":"2026-01-02T03:04:35Z"}');
  t.is(mode(state.path), 0o644);
  t.deepEqual(await state.load(), { startTime: new Date('2026-01-02T03:04:05.500Z'), endTime: new Date('2026-01-02T03:04:35Z') });
});

test('image pull records: an intent while pulling, a pulled record after, named by the SHA-256 of the image', async (t) => {
  const root = tempRoot(t);
  const records = await ImagePullRecords.open(root);
  t.is(pullRecordFileName('repo.repo/test/test:v1'), 'sha256-ee81caca15454863449fb55a1d942904d56d5ed9f9b20a7cb3453944ea2c7e11');
  await records.recordPullIntent('busybox:1.36');
  const intent = join(root, 'image_manager', 'pulling', pullRecordFileName('busybox:1.36'));
  t.is(readFileSync(intent, 'utf8'), '{"kind":"ImagePullIntent","apiVersion":"kubelet.config.k8s.io/v1alpha1","image":"busybox:1.36"}\n');
  t.is(mode(intent), 0o600);
  await records.recordImagePulled('busybox:1.36', 'sha256:abc', { nodePodsAccessible: true });
  t.throws(() => statSync(intent), { code: 'ENOENT' });
  const pulled = JSON.parse(readFileSync(join(root, 'image_manager', 'pulled', pullRecordFileName('sha256:abc')), 'utf8'));
  t.like(pulled, {
    kind: 'ImagePulledRecord',
    apiVersion: 'kubelet.config.k8s.io/v1alpha1',
    imageRef: 'sha256:abc',
    credentialMapping: { 'docker.io/library/busybox': { nodePodsAccessible: true } },
  });
  t.regex(pulled.lastUpdatedTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.is(imageNameWithoutTagOrDigest('registry.example:5000/team/app:v2@sha256:0123'), 'registry.example:5000/team/app');
  t.is(imageNameWithoutTagOrDigest('team/app'), 'docker.io/team/app');
});

test('pulls through the recording image client leave a pulled record and no intent; failed pulls leave neither', async (t) => {
  const root = tempRoot(t);
  const sim = await startRuntimeSim({ listen: `unix://${join(root, 'sim.sock')}`, rootDir: join(root, 'sim') });
  const images = await CriImageClient.connect(`unix://${sim.socketPath}`);
  t.teardown(async () => {
    images.close();
    await sim.close();
  });
  const records = await ImagePullRecords.open(join(root, 'kubelet'), images);
  const recorded = recordingPulls(images, records, () => {});
  const { imageRef } = await recorded.pullImage({ image: { image: 'docker.io/library/busybox:1.36' } });
  const record = await records.pulledRecord(imageRef);
  t.deepEqual(record?.credentialMapping, { 'docker.io/library/busybox': { nodePodsAccessible: true } });
  t.deepEqual(await records.listIntents(), []);
  t.deepEqual(readdirSync(records.pulledDir), [pullRecordFileName(imageRef)]);
  // Other calls go to the runtime unchanged.
  t.true((await recorded.imageStatus({ image: { image: 'docker.io/library/busybox:1.36' } })).image !== null);
  await t.throwsAsync(recorded.pullImage({ image: { image: 'example.com/does-not-exist:1' } }), { message: /not found/ });
  t.deepEqual(await records.listIntents(), []);
});
