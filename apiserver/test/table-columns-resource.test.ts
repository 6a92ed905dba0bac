// The Table columns kube-apiserver 1.35 prints for resource.k8s.io DeviceClass, ResourceClaim,
// ResourceClaimTemplate and ResourceSlice: definitions, then exact cells of realistic and odd objects.

import test from 'ava';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { TableColumns } from '../src/table/table-columns.ts';
import { toTable } from '../src/table/to-table.ts';
import { builtinDefinition } from './builtin-definition.ts';

const group = 'resource.k8s.io';
const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (text: string): string => {
  const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const [, amount = '0', unit = 's'] = /^(\d+)([smhd])$/.exec(text) ?? [];
  return new Date(now - Number(amount) * (units[unit] ?? 0)).toISOString().replace('.000Z', 'Z');
};
const meta = (name: string, extra: JsonObject = {}): JsonObject => ({ name, uid: 'u-1', creationTimestamp: ago('5d'), ...extra });

/** The columns the kind's declaration names. */
const columnsOf = (kind: string): TableColumns => builtinDefinition(group, kind).behaviour.table;
const cells = (kind: string, object: JsonObject): unknown[] => columnsOf(kind).cells(object, now);
const header = (kind: string): string[] => columnsOf(kind).definitions.map((d) => `${d.name}${d.priority === 1 ? '*' : ''}:${d.type}${d.format ? `(${d.format})` : ''}`);

test('column definitions as kube declares them (none wide)', (t) => {
  t.deepEqual(header('DeviceClass'), ['Name:string(name)', 'Age:string']);
  t.deepEqual(header('ResourceClaim'), ['Name:string(name)', 'State:string', 'Age:string']);
  t.deepEqual(header('ResourceClaimTemplate'), ['Name:string(name)', 'Age:string']);
  t.deepEqual(header('ResourceSlice'), ['Name:string(name)', 'Node:string', 'Driver:string', 'Pool:string', 'Age:string']);
  for (const kind of ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice']) {
    for (const definition of columnsOf(kind).definitions) t.true(definition.description.length > 0, `${kind} ${definition.name}`);
  }
});

test('DeviceClass and ResourceClaimTemplate: name and age only', (t) => {
  const deviceClass: JsonObject = {
    apiVersion: 'resource.k8s.io/v1',
    kind: 'DeviceClass',
    metadata: meta('gpu.example.com'),
    spec: { selectors: [{ cel: { expression: "device.driver == 'gpu.example.com'" } }] },
  };
  t.deepEqual(cells('DeviceClass', deviceClass), ['gpu.example.com', '5d']);
  const template: JsonObject = {
    apiVersion: 'resource.k8s.io/v1',
    kind: 'ResourceClaimTemplate',
    metadata: meta('single-gpu', { namespace: 'gpu-test', creationTimestamp: ago('90s') }),
    spec: { spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } } },
  };
  t.deepEqual(cells('ResourceClaimTemplate', template), ['single-gpu', '90s']);
  // Nothing set at all: Go's zero values.
  t.deepEqual(cells('DeviceClass', {}), ['', '<unknown>']);
  t.deepEqual(cells('ResourceClaimTemplate', { metadata: { name: 'x' } }), ['x', '<unknown>']);
});

const claim = (status: JsonObject | undefined, extraMeta: JsonObject = {}): JsonObject => ({
  apiVersion: 'resource.k8s.io/v1',
  kind: 'ResourceClaim',
  metadata: meta('pod-gpu-x7k2q', { namespace: 'gpu-test', ...extraMeta }),
  spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 } }] } },
  ...(status === undefined ? {} : { status }),
});
const allocation: JsonObject = {
  devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'worker-1', device: 'gpu-0' }] },
  nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }] },
};
const reservedFor = [{ resource: 'pods', name: 'pod', uid: 'b1c2' }];

test('ResourceClaim State: pending, allocated, reserved, deleted and their combinations', (t) => {
  t.deepEqual(cells('ResourceClaim', claim(undefined)), ['pod-gpu-x7k2q', 'pending', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation })), ['pod-gpu-x7k2q', 'allocated', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation, reservedFor })), ['pod-gpu-x7k2q', 'allocated,reserved', '5d']);
  // Reserved without an allocation is not reported: only allocated claims can be reserved.
  t.deepEqual(cells('ResourceClaim', claim({ reservedFor })), ['pod-gpu-x7k2q', 'pending', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation, reservedFor: [] })), ['pod-gpu-x7k2q', 'allocated', '5d']);
  // An empty allocation object is still an allocation (a non-nil pointer); a null one is not.
  t.deepEqual(cells('ResourceClaim', claim({ allocation: {} })), ['pod-gpu-x7k2q', 'allocated', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation: null })), ['pod-gpu-x7k2q', 'pending', '5d']);

  const deleting = { deletionTimestamp: ago('10s'), finalizers: ['resource.kubernetes.io/delete-protection'] };
  // Being deleted: "deleted" replaces "pending", and leads the others.
  t.deepEqual(cells('ResourceClaim', claim(undefined, deleting)), ['pod-gpu-x7k2q', 'deleted', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation }, deleting)), ['pod-gpu-x7k2q', 'deleted,allocated', '5d']);
  t.deepEqual(cells('ResourceClaim', claim({ allocation, reservedFor }, deleting)), ['pod-gpu-x7k2q', 'deleted,allocated,reserved', '5d']);
  t.deepEqual(cells('ResourceClaim', {}), ['', 'pending', '<unknown>']);
});

const slice = (spec: JsonObject): JsonObject => ({
  apiVersion: 'resource.k8s.io/v1',
  kind: 'ResourceSlice',
  metadata: meta('worker-1-gpu.example.com-8xrzc', { creationTimestamp: ago('3h') }),
  spec,
});

test('ResourceSlice: node, driver and pool; an unset node name is a null cell', (t) => {
  const devices = [{ name: 'gpu-0', attributes: { model: { string: 'LATEST-GPU-MODEL' } }, capacity: { memory: { value: '80Gi' } } }];
  t.deepEqual(cells('ResourceSlice', slice({ driver: 'gpu.example.com', nodeName: 'worker-1', pool: { name: 'worker-1', generation: 1, resourceSliceCount: 1 }, devices })), [
    'worker-1-gpu.example.com-8xrzc',
    'worker-1',
    'gpu.example.com',
    'worker-1',
    '3h',
  ]);
  // Network-attached devices: no nodeName (allNodes or a nodeSelector instead).
  t.deepEqual(cells('ResourceSlice', slice({ driver: 'nic.example.com', allNodes: true, pool: { name: 'fabric', generation: 3, resourceSliceCount: 2 } })), [
    'worker-1-gpu.example.com-8xrzc',
    null,
    'nic.example.com',
    'fabric',
    '3h',
  ]);
  t.deepEqual(cells('ResourceSlice', slice({ driver: 'x.example.com', nodeName: '', pool: {} })), ['worker-1-gpu.example.com-8xrzc', '', 'x.example.com', '', '3h']);
  t.deepEqual(cells('ResourceSlice', {}), ['', null, '', '', '<unknown>']);
});

test('a ResourceSlice table row serializes the unset node as JSON null', (t) => {
  const table = toTable(columnsOf('ResourceSlice'), [slice({ driver: 'nic.example.com', perDeviceNodeSelection: true, pool: { name: 'p' } })], 'None', {});
  const rows = JSON.parse(JSON.stringify(table)).rows as Array<{ cells: unknown[] }>;
  t.is(rows[0]?.cells[1], null);
  t.is(rows[0]?.cells.length, 5);
});
