import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  computePodQOS,
  containerSwapBehavior,
  containerSwapLimit,
  failSwapOnMessage,
  isCriticalPod,
  isSwapOn,
  limitedSwapShare,
  podQOS,
  type SwapNode,
} from '../src/system/index.ts';

const header = 'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n';

test('swap is on when /proc/swaps lists anything below its header, off when the file is missing', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-swaps-'));
  try {
    const swaps = join(dir, 'swaps');
    writeFileSync(swaps, header);
    t.false(isSwapOn(swaps));
    writeFileSync(swaps, `${header}/dev/dm-1                               partition\t16760828\t0\t\t-2\n`);
    t.true(isSwapOn(swaps));
    t.false(isSwapOn(join(dir, 'absent')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const real = readFileSync('/proc/swaps', 'utf8').trim().split('\n').length > 1;
  t.is(isSwapOn(), real);
  t.is(failSwapOnMessage, 'running with swap on is not supported, please disable swap or set --fail-swap-on flag to false');
});

test("LimitedSwap gives a container its request's share of node memory in swap, truncated", (t) => {
  const gi = 2 ** 30;
  const table: Array<[number, number, number, { bytes: number } | { error: string }]> = [
    [1 * gi, 8 * gi, 4 * gi, { bytes: 0.5 * gi }],
    [1 * gi, 3 * gi, 1 * gi, { bytes: Math.trunc(gi / 3) }],
    [123_456_789, 16 * gi, 2 * gi, { bytes: Math.trunc((123_456_789 / (16 * gi)) * 2 * gi) }],
    [0, 8 * gi, 4 * gi, { bytes: 0 }],
    [9 * gi, 8 * gi, 4 * gi, { error: `container request ${9 * gi} is larger than total node memory ${8 * gi}` }],
    [1, 0, 4 * gi, { error: 'total node memory is 0' }],
  ];
  for (const [request, memory, swap, expected] of table) t.deepEqual(limitedSwapShare(request, memory, swap), expected, `${request}/${memory}*${swap}`);
});

const pod = (containers: Array<Record<string, Record<string, string>>>, extra: Partial<Pod> = {}): Pod => ({
  ...extra,
  spec: { ...extra.spec, containers: containers.map((resources, i) => ({ name: `c${i}`, resources })) },
});

test('QoS classes are computed from cpu and memory as the kubelet computes them', (t) => {
  t.is(computePodQOS(pod([{}])), 'BestEffort');
  t.is(computePodQOS(pod([{ requests: { 'nvidia.com/gpu': '1' } }])), 'BestEffort');
  t.is(computePodQOS(pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }])), 'Guaranteed');
  t.is(computePodQOS(pod([{ requests: { cpu: '1000m', memory: '1024Mi' }, limits: { cpu: '1', memory: '1Gi' } }])), 'Guaranteed');
  t.is(computePodQOS(pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '1Gi' } }])), 'Burstable');
  t.is(computePodQOS(pod([{ requests: { memory: '1Gi' } }])), 'Burstable');
  t.is(computePodQOS(pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, {}])), 'Burstable');
  t.is(computePodQOS({ spec: { resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, containers: [{ name: 'c' }] } }), 'Guaranteed');
  t.is(podQOS({ ...pod([{}]), status: { qosClass: 'Burstable' } }), 'Burstable', 'status.qosClass wins');
});

const node: SwapNode = { swapBehavior: 'LimitedSwap', cgroupVersion: 2, swapControllerAvailable: true, memoryCapacity: 8 * 2 ** 30, swapCapacity: 4 * 2 ** 30 };

test('only containers of Burstable, non-critical pods asking for memory with request != limit get LimitedSwap', (t) => {
  const burstable = pod([{ requests: { memory: '1Gi' }, limits: { memory: '2Gi' } }]);
  const container = burstable.spec?.containers?.[0] ?? {};
  t.is(containerSwapBehavior(node, burstable, container), 'LimitedSwap');
  t.deepEqual(containerSwapLimit(node, burstable, container), { behavior: 'LimitedSwap', swapLimitBytes: 0.5 * 2 ** 30 });

  const cases: Array<[string, SwapNode, Pod]> = [
    ['NoSwap configured', { ...node, swapBehavior: 'NoSwap' }, burstable],
    ['empty swapBehavior', { ...node, swapBehavior: '' }, burstable],
    ['cgroup v1', { ...node, cgroupVersion: 1 }, burstable],
    ['no swap controller', { ...node, swapControllerAvailable: false }, burstable],
    ['BestEffort', node, pod([{}])],
    ['Guaranteed', node, pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }])],
    ['request equals limit in a Burstable pod', node, pod([{ requests: { memory: '1Gi' }, limits: { memory: '1Gi' } }, { requests: { cpu: '1' } }])],
    ['static pod', node, { ...burstable, metadata: { annotations: { 'kubernetes.io/config.source': 'file' } } }],
    ['mirror pod', node, { ...burstable, metadata: { annotations: { 'kubernetes.io/config.source': 'api', 'kubernetes.io/config.mirror': 'x' } } }],
    ['system-critical priority', node, { ...burstable, spec: { containers: [], ...burstable.spec, priority: 2_000_000_000 } }],
  ];
  for (const [name, swapNode, p] of cases) {
    t.is(containerSwapBehavior(swapNode, p, p.spec?.containers?.[0] ?? {}), 'NoSwap', name);
  }
  t.deepEqual(
    containerSwapLimit({ ...node, swapBehavior: 'NoSwap' }, burstable, container),
    { behavior: 'NoSwap', swapLimitBytes: 0 },
    'cgroup v2 NoSwap writes memory.swap.max = 0',
  );
  t.deepEqual(containerSwapLimit({ ...node, swapControllerAvailable: false }, burstable, container), { behavior: 'NoSwap', swapLimitBytes: undefined });
  t.true(isCriticalPod({ spec: { containers: [], priority: 2_000_001_000 } }));
  t.false(isCriticalPod({ metadata: { annotations: { 'kubernetes.io/config.source': 'api' } }, spec: { containers: [], priority: 1_000_000_000 } }));
});
