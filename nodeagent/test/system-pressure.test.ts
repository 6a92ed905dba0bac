import test from 'ava';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  aggregateMessages,
  nodeRebootedEvent,
  observeSignals,
  parseEvictionThresholds,
  parsePressure,
  PressureConditions,
  readCgroupInfo,
  readFilesystemStats,
  readMemoryReading,
  readNodePressure,
  readPidReading,
  readyErrors,
  thresholdsMet,
  updateNodeConditions,
  type NodeCondition,
  type SignalSources,
} from '../src/system/index.ts';

const sources = (overrides: Partial<SignalSources> = {}): SignalSources => ({
  memory: { capacity: 4 * 2 ** 30, workingSet: 1 * 2 ** 30, available: 3 * 2 ** 30, memAvailable: 3 * 2 ** 30 },
  nodefs: { capacity: 100 * 2 ** 30, available: 50 * 2 ** 30, inodes: 1_000_000, inodesFree: 900_000 },
  pids: { maxPID: 32768, running: 200 },
  ...overrides,
});

test('the default hard thresholds: memory under 100Mi, nodefs under 10%, inodes under 5%, imagefs under 15% raise their pressure', (t) => {
  const defaults = parseEvictionThresholds();
  t.deepEqual(thresholdsMet(defaults, observeSignals(sources())), []);
  const lowMemory = sources({ memory: { capacity: 4 * 2 ** 30, workingSet: 4 * 2 ** 30 - 99 * 2 ** 20, available: 99 * 2 ** 20, memAvailable: 0 } });
  t.deepEqual(
    thresholdsMet(defaults, observeSignals(lowMemory)).map((threshold) => threshold.signal),
    ['memory.available'],
  );
  const fullDisk = sources({ nodefs: { capacity: 100 * 2 ** 30, available: 9 * 2 ** 30, inodes: 1_000_000, inodesFree: 40_000 } });
  t.deepEqual(
    thresholdsMet(defaults, observeSignals(fullDisk)).map((threshold) => threshold.signal),
    ['nodefs.available', 'nodefs.inodesFree', 'imagefs.available'],
  );
  const separateImagefs = sources({ imagefs: { capacity: 100 * 2 ** 30, available: 14 * 2 ** 30, inodes: 10, inodesFree: 10 } });
  t.deepEqual(
    thresholdsMet(defaults, observeSignals(separateImagefs)).map((threshold) => threshold.signal),
    ['imagefs.available'],
  );
  const pidsOnlyWhenConfigured = sources({ pids: { maxPID: 1000, running: 990 } });
  t.deepEqual(thresholdsMet(defaults, observeSignals(pidsOnlyWhenConfigured)), []);
  t.deepEqual(
    thresholdsMet(parseEvictionThresholds({ 'pid.available': '5%' }), observeSignals(pidsOnlyWhenConfigured)).map((threshold) => threshold.signal),
    ['pid.available'],
  );
});

test('pressure holds for the transition period after its threshold was last met', (t) => {
  const conditions = new PressureConditions(300_000);
  const met = thresholdsMet(
    parseEvictionThresholds({ 'memory.available': '1Gi' }),
    observeSignals(sources({ memory: { capacity: 4 * 2 ** 30, workingSet: 3.5 * 2 ** 30, available: 0.5 * 2 ** 30, memAvailable: 0 } })),
  );
  t.deepEqual([...conditions.update(met, 1_000)], ['MemoryPressure']);
  t.deepEqual([...conditions.update([], 200_000)], ['MemoryPressure']);
  t.deepEqual([...conditions.update([], 301_000)], []);
});

test("the real node's signals are consistent, and nodefs pressure agrees with statfs as stat(1) reads it", (t) => {
  const cgroups = readCgroupInfo();
  const observations = observeSignals({ memory: readMemoryReading(cgroups), nodefs: readFilesystemStats('/'), pids: readPidReading() });
  for (const [signal, observed] of observations) {
    t.true(observed.available >= 0 && observed.available <= observed.capacity, signal);
  }
  const [availableBlocks, blocks, blockSize] = execFileSync('stat', ['-f', '-c', '%a %b %S', '/'], { encoding: 'utf8' }).trim().split(' ').map(Number) as [number, number, number];
  const diskPressure = availableBlocks * blockSize < Math.trunc(blocks * blockSize * Math.fround(0.1));
  const met = thresholdsMet(parseEvictionThresholds(), observations).map((threshold) => threshold.signal);
  t.is(met.includes('nodefs.available'), diskPressure);
  const impossible = thresholdsMet(parseEvictionThresholds({ 'memory.available': '1Ei' }), observations);
  t.deepEqual(
    impossible.map((threshold) => threshold.signal),
    ['memory.available'],
  );
});

test('pressure stall files parse, and the node and cgroup readings are there when the kernel offers them', (t) => {
  t.deepEqual(parsePressure('some avg10=0.12 avg60=1.50 avg300=2.00 total=12345\nfull avg10=0.00 avg60=0.10 avg300=0.20 total=678\n'), {
    some: { avg10: 0.12, avg60: 1.5, avg300: 2, total: 12345 },
    full: { avg10: 0, avg60: 0.1, avg300: 0.2, total: 678 },
  });
  t.deepEqual(parsePressure('some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n'), { some: { avg10: 0, avg60: 0, avg300: 0, total: 0 } });
  t.is(parsePressure('garbage'), undefined);
  const node = readNodePressure();
  let available = true;
  try {
    readFileSync('/proc/pressure/cpu');
  } catch {
    available = false;
  }
  t.is(node.cpu !== undefined, available);
  if (available) t.true((node.memory?.some.total ?? -1) >= 0);
});

test('the first status adds MemoryPressure, DiskPressure, PIDPressure and Ready with the kubelet reasons and events', (t) => {
  const now = new Date('2025-01-02T03:04:05.678Z');
  const { conditions, events } = updateNodeConditions([], {
    nodeName: 'n1',
    now,
    pressures: new Set(),
    ready: { errors: [], capacityNames: ['cpu', 'memory', 'pods', 'ephemeral-storage'] },
  });
  const at = '2025-01-02T03:04:05Z';
  t.deepEqual(conditions, [
    {
      type: 'MemoryPressure',
      status: 'False',
      reason: 'KubeletHasSufficientMemory',
      message: 'kubelet has sufficient memory available',
      lastHeartbeatTime: at,
      lastTransitionTime: at,
    },
    { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', lastHeartbeatTime: at, lastTransitionTime: at },
    { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', lastHeartbeatTime: at, lastTransitionTime: at },
    { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: at, lastTransitionTime: at },
  ]);
  t.deepEqual(
    events.map((event) => event.message),
    ['Node n1 status is now: NodeHasSufficientMemory', 'Node n1 status is now: NodeHasNoDiskPressure', 'Node n1 status is now: NodeHasSufficientPID'],
  );
});

test('a transition changes reason, message and transition time and records an event; a steady condition only beats', (t) => {
  const first = updateNodeConditions([], {
    nodeName: 'n1',
    now: new Date('2025-01-01T00:00:00Z'),
    pressures: new Set(),
    ready: { errors: [], capacityNames: ['cpu', 'memory', 'pods', 'ephemeral-storage'] },
  });
  const second = updateNodeConditions(first.conditions, {
    nodeName: 'n1',
    now: new Date('2025-01-01T00:00:10Z'),
    pressures: new Set(['DiskPressure'] as const),
    ready: { errors: [readyErrors.runtimeDown, readyErrors.networkUnknown], capacityNames: ['cpu', 'memory', 'pods', 'ephemeral-storage'] },
  });
  const byType = new Map(second.conditions.map((condition) => [condition.type, condition] as [string, NodeCondition]));
  t.like(byType.get('DiskPressure'), { status: 'True', reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure', lastTransitionTime: '2025-01-01T00:00:10Z' });
  t.like(byType.get('MemoryPressure'), { status: 'False', lastHeartbeatTime: '2025-01-01T00:00:10Z', lastTransitionTime: '2025-01-01T00:00:00Z' });
  t.like(byType.get('Ready'), {
    status: 'False',
    reason: 'KubeletNotReady',
    message: '[container runtime is down, network state unknown]',
    lastTransitionTime: '2025-01-01T00:00:10Z',
  });
  t.deepEqual(
    second.events.map((event) => event.reason),
    ['NodeHasDiskPressure', 'NodeNotReady'],
  );
});

test('Ready says which capacity is missing, appends AppArmor and soft requirements, and aggregates errors as Go does', (t) => {
  const ready = (input: Parameters<typeof updateNodeConditions>[1]['ready']) =>
    updateNodeConditions([], { nodeName: 'n', now: new Date(0), pressures: new Set(), ready: input }).conditions.find((condition) => condition.type === 'Ready');
  t.like(ready({ errors: [], capacityNames: ['cpu', 'pods'] }), { status: 'False', message: 'missing node capacity for resources: memory, ephemeral-storage' });
  t.like(ready({ errors: [], capacityNames: ['cpu', 'memory', 'pods'], localStorageCapacityIsolation: false, appArmorEnabled: true }), {
    status: 'True',
    message: 'kubelet is posting ready status. AppArmor enabled',
  });
  t.like(
    ready({
      errors: [readyErrors.networkNotReady('NetworkPluginNotReady', 'Network plugin returns error: cni plugin not initialized')],
      capacityNames: ['cpu', 'memory', 'pods', 'ephemeral-storage'],
      softRequirement: 'CPU hardcapping unsupported',
    }),
    {
      status: 'False',
      message:
        'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized. WARNING: CPU hardcapping unsupported',
    },
  );
  t.is(aggregateMessages(['a', 'a']), 'a');
  t.is(aggregateMessages(['a', 'b', 'a']), '[a, b]');
  t.deepEqual(nodeRebootedEvent('n1', 'abc'), { type: 'Warning', reason: 'Rebooted', message: 'Node n1 has been rebooted, boot id: abc' });
});
