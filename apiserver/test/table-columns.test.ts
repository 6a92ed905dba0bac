// The Table columns kube-apiserver 1.35 prints per kind: column definitions (names, types,
// priorities) and the exact cells kube's printers compute for realistic objects, odd ones included.

import test from 'ava';
import { readReference, referenceTest } from '../../common/test/reference-documents.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { humanDuration } from '../src/table/human-duration.ts';
import * as descriptions from '../src/table/columns/field-descriptions.ts';
import { defaultColumns, type TableColumns } from '../src/table/table-columns.ts';
import { toTable } from '../src/table/to-table.ts';
import { builtinDefinition, isBuiltinKind } from './builtin-definition.ts';

const now = Date.parse('2025-06-01T12:00:00Z');
/** An RFC 3339 timestamp this long before `now`. */
const ago = (text: string): string => {
  const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const [, amount = '0', unit = 's'] = /^(\d+)([smhd])$/.exec(text) ?? [];
  return new Date(now - Number(amount) * (units[unit] ?? 0)).toISOString().replace('.000Z', 'Z');
};
const meta = (name: string, extra: JsonObject = {}): JsonObject => ({ name, namespace: 'default', uid: 'u-1', creationTimestamp: ago('5d'), ...extra });

/** The columns the kind's declaration names. */
const columnsOf = (group: string, kind: string): TableColumns => builtinDefinition(group, kind).behaviour.table;
const cells = (group: string, kind: string, object: JsonObject): unknown[] => columnsOf(group, kind).cells(object, now);
const headerOf = (columns: TableColumns): string[] => columns.definitions.map((d) => `${d.name}${d.priority === 1 ? '*' : ''}:${d.type}`);
const header = (group: string, kind: string): string[] => headerOf(columnsOf(group, kind));

// ---------------------------------------------------------------- definitions

test('column definitions per kind: names, types, and wide (priority 1, marked *) columns as kube declares them', (t) => {
  t.deepEqual(header('', 'Pod'), [
    'Name:string',
    'Ready:string',
    'Status:string',
    'Restarts:string',
    'Age:string',
    'IP*:string',
    'Node*:string',
    'Nominated Node*:string',
    'Readiness Gates*:string',
  ]);
  t.deepEqual(header('', 'Node'), [
    'Name:string',
    'Status:string',
    'Roles:string',
    'Age:string',
    'Version:string',
    'Internal-IP*:string',
    'External-IP*:string',
    'OS-Image*:string',
    'Kernel-Version*:string',
    'Container-Runtime*:string',
  ]);
  t.deepEqual(header('', 'Service'), ['Name:string', 'Type:string', 'Cluster-IP:string', 'External-IP:string', 'Port(s):string', 'Age:string', 'Selector*:string']);
  t.deepEqual(header('apps', 'Deployment'), [
    'Name:string',
    'Ready:string',
    'Up-to-date:string',
    'Available:string',
    'Age:string',
    'Containers*:string',
    'Images*:string',
    'Selector*:string',
  ]);
  t.deepEqual(header('apps', 'ReplicaSet'), [
    'Name:string',
    'Desired:integer',
    'Current:integer',
    'Ready:integer',
    'Age:string',
    'Containers*:string',
    'Images*:string',
    'Selector*:string',
  ]);
  const eventHeader = [
    'Last Seen:string',
    'Type:string',
    'Reason:string',
    'Object:string',
    'Subobject*:string',
    'Source*:string',
    'Message:string',
    'First Seen*:string',
    'Count*:string',
    'Name*:string',
  ];
  t.deepEqual(header('', 'Event'), eventHeader);
  t.deepEqual(header('events.k8s.io', 'Event'), eventHeader);
  t.deepEqual(header('coordination.k8s.io', 'Lease'), ['Name:string', 'Holder:string', 'Age:string']);
  t.deepEqual(header('apps', 'StatefulSet'), ['Name:string', 'Ready:string', 'Age:string', 'Containers*:string', 'Images*:string']);
  t.deepEqual(header('apps', 'DaemonSet'), [
    'Name:string',
    'Desired:integer',
    'Current:integer',
    'Ready:integer',
    'Up-to-date:integer',
    'Available:integer',
    'Node Selector:string',
    'Age:string',
    'Containers*:string',
    'Images*:string',
    'Selector*:string',
  ]);
  t.deepEqual(header('batch', 'Job'), [
    'Name:string',
    'Status:string',
    'Completions:string',
    'Duration:string',
    'Age:string',
    'Containers*:string',
    'Images*:string',
    'Selector*:string',
  ]);
  t.deepEqual(header('batch', 'CronJob'), [
    'Name:string',
    'Schedule:string',
    'Timezone:string',
    'Suspend:boolean',
    'Active:integer',
    'Last Schedule:string',
    'Age:string',
    'Containers*:string',
    'Images*:string',
    'Selector*:string',
  ]);
  t.deepEqual(header('', 'PersistentVolume'), [
    'Name:string',
    'Capacity:string',
    'Access Modes:string',
    'Reclaim Policy:string',
    'Status:string',
    'Claim:string',
    'StorageClass:string',
    'VolumeAttributesClass:string',
    'Reason:string',
    'Age:string',
    'VolumeMode*:string',
  ]);
  t.deepEqual(header('', 'PersistentVolumeClaim'), [
    'Name:string',
    'Status:string',
    'Volume:string',
    'Capacity:string',
    'Access Modes:string',
    'StorageClass:string',
    'VolumeAttributesClass:string',
    'Age:string',
    'VolumeMode*:string',
  ]);
  t.deepEqual(header('rbac.authorization.k8s.io', 'ClusterRoleBinding'), [
    'Name:string',
    'Role:string',
    'Age:string',
    'Users*:string',
    'Groups*:string',
    'ServiceAccounts*:string',
  ]);
  t.deepEqual(header('scheduling.k8s.io', 'PriorityClass'), ['Name:string', 'Value:integer', 'Global-Default:boolean', 'Age:string', 'PreemptionPolicy:string']);
  t.deepEqual(header('', 'ConfigMap'), ['Name:string', 'Data:string', 'Age:string']);
  t.deepEqual(header('', 'Secret'), ['Name:string', 'Type:string', 'Data:string', 'Age:string']);
});

test('the Name column carries format "name" and the ObjectMeta description; Age the creationTimestamp one', (t) => {
  const [name, , , , age] = columnsOf('', 'Pod').definitions;
  t.deepEqual(name, { name: 'Name', type: 'string', format: 'name', description: descriptions.objectMeta.name, priority: 0 });
  t.is(age?.format, '');
  t.true(age?.description.startsWith('CreationTimestamp is a timestamp representing the server time'));
  // The event Name column is the wide one, and still the name-formatted one.
  const eventName = columnsOf('', 'Event').definitions.find((d) => d.name === 'Name');
  t.deepEqual([eventName?.format, eventName?.priority], ['name', 1]);
});

test('kinds without a printer (Role, ClusterRole, custom resources) get Name and Created At', (t) => {
  for (const [group, kind] of [
    ['rbac.authorization.k8s.io', 'Role'],
    ['rbac.authorization.k8s.io', 'ClusterRole'],
  ] as const) {
    t.is(columnsOf(group, kind), defaultColumns, `${group}/${kind}`);
    t.deepEqual(header(group, kind), ['Name:string', 'Created At:date']);
  }
  // A custom resource's kind is no built-in one: it gets the default columns.
  t.false(isBuiltinKind('example.com', 'Widget'));
  t.deepEqual(headerOf(defaultColumns), ['Name:string', 'Created At:date']);
  t.deepEqual(defaultColumns.cells({ metadata: { name: 'w', creationTimestamp: '2025-05-01T10:00:00Z' } }, now), ['w', '2025-05-01T10:00:00Z']);
  t.deepEqual(defaultColumns.cells({}, now), ['', '0001-01-01T00:00:00Z']);
});

referenceTest(test, ['swagger.json'])('column descriptions are the 1.35 API field docs (without the OpenAPI enum notes)', (t) => {
  const definitions = (JSON.parse(readReference('swagger.json')) as { definitions: Record<string, { properties?: Record<string, { description?: string }> }> }).definitions;
  const typeNames = Object.keys(definitions);
  let checked = 0;
  for (const [type, fields] of Object.entries(descriptions)) {
    const matches = typeNames.filter((n) => n.endsWith(`.${type[0]?.toUpperCase()}${type.slice(1)}`) && (n.startsWith('io.k8s.api.') || n.startsWith('io.k8s.apimachinery.')));
    for (const [field, text] of Object.entries(fields as Record<string, string>)) {
      const published = matches.map((n) => definitions[n]?.properties?.[field]?.description?.replace(/\n\nPossible enum values:[\s\S]*$/, ''));
      t.true(published.includes(text), `${type}.${field}`);
      checked++;
    }
  }
  t.true(checked > 50);
});

// ---------------------------------------------------------------- Pod

const runningPod = (): JsonObject => ({
  kind: 'Pod',
  metadata: meta('web-1'),
  spec: { nodeName: 'node-1', containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
  status: {
    phase: 'Running',
    podIP: '10.244.1.5',
    podIPs: [{ ip: '10.244.1.5' }, { ip: 'fd00::5' }],
    conditions: [
      { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'True' },
    ],
    containerStatuses: [{ name: 'nginx', ready: true, restartCount: 0, started: true, state: { running: { startedAt: ago('5d') } } }],
  },
});

test('a running pod: 1/1 Running, no restarts, and its IP and node in the wide columns', (t) => {
  t.deepEqual(cells('', 'Pod', runningPod()), ['web-1', '1/1', 'Running', '0', '5d', '10.244.1.5', 'node-1', '<none>', '<none>']);
});

test('CrashLoopBackOff: the waiting reason, and restarts with how long ago the last one ended', (t) => {
  const pod = runningPod();
  (pod.status as JsonObject).containerStatuses = [
    {
      name: 'nginx',
      ready: false,
      restartCount: 4,
      state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
      lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago('3m') } },
    },
  ];
  t.deepEqual(cells('', 'Pod', pod).slice(1, 4), ['0/1', 'CrashLoopBackOff', '4 (3m ago)']);
});

test('the restart time is the latest across containers; restarts without a known time print bare', (t) => {
  const pod = runningPod();
  (pod.spec as JsonObject).containers = [{ name: 'a' }, { name: 'b' }];
  (pod.status as JsonObject).containerStatuses = [
    { name: 'a', ready: true, restartCount: 1, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago('2h') } } },
    { name: 'b', ready: true, restartCount: 2, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago('90s') } } },
  ];
  t.deepEqual(cells('', 'Pod', pod).slice(1, 4), ['2/2', 'Running', '3 (90s ago)']);
  (pod.status as JsonObject).containerStatuses = [{ name: 'a', ready: true, restartCount: 2, state: { running: {} } }];
  t.is(cells('', 'Pod', pod)[3], '2');
});

test('a succeeded pod prints Completed and carries the Completed row condition', (t) => {
  const pod: JsonObject = {
    metadata: meta('job-x'),
    spec: { containers: [{ name: 'main' }] },
    status: { phase: 'Succeeded', containerStatuses: [{ name: 'main', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }] },
  };
  t.deepEqual(cells('', 'Pod', pod).slice(1, 4), ['0/1', 'Completed', '0']);
  t.deepEqual(columnsOf('', 'Pod').conditions?.(pod), [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  const failed = { ...pod, status: { phase: 'Failed', containerStatuses: [{ name: 'main', state: { terminated: { exitCode: 2, reason: 'Error' } } }] } };
  t.is(cells('', 'Pod', failed)[2], 'Error');
  t.deepEqual(columnsOf('', 'Pod').conditions?.(failed), [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }]);
  t.deepEqual(columnsOf('', 'Pod').conditions?.(runningPod()), []);
});

test('a terminated container without a reason prints its signal or exit code', (t) => {
  const pod = runningPod();
  (pod.status as JsonObject).containerStatuses = [{ name: 'nginx', state: { terminated: { exitCode: 137, signal: 9 } } }];
  t.is(cells('', 'Pod', pod)[2], 'Signal:9');
  (pod.status as JsonObject).containerStatuses = [{ name: 'nginx', state: { terminated: { exitCode: 3 } } }];
  t.is(cells('', 'Pod', pod)[2], 'ExitCode:3');
});

test('Completed turns back into Running (or NotReady) while another container still runs', (t) => {
  const pod = runningPod();
  (pod.spec as JsonObject).containers = [{ name: 'app' }, { name: 'job' }];
  (pod.status as JsonObject).containerStatuses = [
    { name: 'app', ready: true, state: { running: {} } },
    { name: 'job', ready: false, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
  ];
  t.deepEqual(cells('', 'Pod', pod).slice(1, 3), ['1/2', 'Running']);
  (pod.status as JsonObject).conditions = [{ type: 'Ready', status: 'False' }];
  t.is(cells('', 'Pod', pod)[2], 'NotReady');
});

const initPod = (initStatus: JsonObject): JsonObject => ({
  metadata: meta('init-pod'),
  spec: { initContainers: [{ name: 'setup' }], containers: [{ name: 'main' }] },
  status: {
    phase: 'Pending',
    initContainerStatuses: [{ name: 'setup', ready: false, restartCount: 0, ...initStatus }],
    containerStatuses: [{ name: 'main', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
  },
});

test('init containers: Init:0/1 while running, Init:<reason> when waiting or failed', (t) => {
  t.deepEqual(cells('', 'Pod', initPod({ state: { running: {} } })).slice(1, 4), ['0/1', 'Init:0/1', '0']);
  t.is(cells('', 'Pod', initPod({ state: { waiting: { reason: 'PodInitializing' } } }))[2], 'Init:0/1');
  t.is(cells('', 'Pod', initPod({ state: { waiting: { reason: 'ImagePullBackOff' } } }))[2], 'Init:ImagePullBackOff');
  t.is(cells('', 'Pod', initPod({ state: { terminated: { exitCode: 1, reason: 'Error' } } }))[2], 'Init:Error');
  t.is(cells('', 'Pod', initPod({ state: { terminated: { exitCode: 1 } } }))[2], 'Init:ExitCode:1');
  t.is(cells('', 'Pod', initPod({ state: { terminated: { exitCode: 1, signal: 15 } } }))[2], 'Init:Signal:15');
  // A crash-looping init container's restarts count while the pod initializes.
  const looping = initPod({ restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, finishedAt: ago('20s') } } });
  t.deepEqual(cells('', 'Pod', looping).slice(2, 4), ['Init:CrashLoopBackOff', '3 (20s ago)']);
  // Once it exits 0 the app containers decide the status.
  t.is(cells('', 'Pod', initPod({ state: { terminated: { exitCode: 0, reason: 'Completed' } } }))[2], 'PodInitializing');
});

test('a sidecar (restartable init container) counts as a container and its restarts stay counted', (t) => {
  const pod: JsonObject = {
    metadata: meta('with-sidecar'),
    spec: { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }], containers: [{ name: 'app' }] },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
      ],
      initContainerStatuses: [
        { name: 'proxy', ready: true, started: true, restartCount: 2, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago('10m') } } },
      ],
      containerStatuses: [{ name: 'app', ready: true, restartCount: 1, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago('30m') } } }],
    },
  };
  t.deepEqual(cells('', 'Pod', pod).slice(1, 4), ['2/2', 'Running', '3 (10m ago)']);
});

test('deleting pods print Terminating, or Unknown when their node was lost; finished ones keep their status', (t) => {
  const deleting = runningPod();
  (deleting.metadata as JsonObject).deletionTimestamp = ago('10s');
  t.is(cells('', 'Pod', deleting)[2], 'Terminating');
  (deleting.status as JsonObject).reason = 'NodeLost';
  t.is(cells('', 'Pod', deleting)[2], 'Unknown');
  const done: JsonObject = {
    metadata: { ...meta('done'), deletionTimestamp: ago('1s') },
    spec: { containers: [{ name: 'c' }] },
    status: { phase: 'Succeeded', containerStatuses: [{ name: 'c', state: { terminated: { exitCode: 0, reason: 'Completed' } } }] },
  };
  t.is(cells('', 'Pod', done)[2], 'Completed');
});

test('pod status falls back to the phase, the pod reason, or SchedulingGated', (t) => {
  t.deepEqual(cells('', 'Pod', { metadata: meta('p'), spec: { containers: [{ name: 'c' }] }, status: { phase: 'Pending' } }).slice(1, 3), ['0/1', 'Pending']);
  t.is(cells('', 'Pod', { metadata: meta('p'), status: { phase: 'Failed', reason: 'Evicted' } })[2], 'Evicted');
  t.is(
    cells('', 'Pod', { metadata: meta('p'), status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } })[2],
    'SchedulingGated',
  );
});

test('pod wide columns: nominated node and readiness gates counted from the pod conditions', (t) => {
  const pod = runningPod();
  (pod.spec as JsonObject).readinessGates = [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }];
  (pod.status as JsonObject).conditions = [
    { type: 'Ready', status: 'False' },
    { type: 'example.com/lb', status: 'True' },
    { type: 'example.com/dns', status: 'False' },
  ];
  (pod.status as JsonObject).nominatedNodeName = 'node-2';
  t.deepEqual(cells('', 'Pod', pod).slice(5), ['10.244.1.5', 'node-1', 'node-2', '1/2']);
  // Only the legacy podIP field set: the same first IP.
  t.is(cells('', 'Pod', { metadata: meta('p'), status: { podIP: '10.0.0.9' } })[5], '10.0.0.9');
});

// ---------------------------------------------------------------- Node

test('node status, SchedulingDisabled, roles from labels, version, and the wide node info', (t) => {
  const node: JsonObject = {
    metadata: meta('cp-1', {
      namespace: undefined,
      labels: {
        'node-role.kubernetes.io/control-plane': '',
        'node-role.kubernetes.io/worker': '',
        'kubernetes.io/role': 'master',
        'node-role.kubernetes.io/': 'x',
        'kubernetes.io/hostname': 'cp-1',
      },
    }),
    spec: { unschedulable: true },
    status: {
      conditions: [
        { type: 'MemoryPressure', status: 'False' },
        { type: 'Ready', status: 'True' },
      ],
      addresses: [
        { type: 'Hostname', address: 'cp-1' },
        { type: 'InternalIP', address: '192.168.1.10' },
        { type: 'InternalIP', address: '192.168.1.11' },
      ],
      nodeInfo: { kubeletVersion: 'v1.35.0', osImage: 'Debian GNU/Linux 12 (bookworm)', kernelVersion: '6.1.0-18-amd64', containerRuntimeVersion: 'containerd://2.0.2' },
    },
  };
  t.deepEqual(cells('', 'Node', node), [
    'cp-1',
    'Ready,SchedulingDisabled',
    'control-plane,master,worker',
    '5d',
    'v1.35.0',
    '192.168.1.10',
    '<none>',
    'Debian GNU/Linux 12 (bookworm)',
    '6.1.0-18-amd64',
    'containerd://2.0.2',
  ]);
});

test('a node without conditions or labels: Unknown, <none> roles, <unknown> node info', (t) => {
  t.deepEqual(cells('', 'Node', { metadata: { name: 'n' } }), ['n', 'Unknown', '<none>', '<unknown>', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
  t.is(cells('', 'Node', { metadata: { name: 'n' }, status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } })[1], 'NotReady');
});

// ---------------------------------------------------------------- Service

test('service ports print as port[:nodePort]/protocol, joined by commas', (t) => {
  const service: JsonObject = {
    metadata: meta('web'),
    spec: {
      type: 'NodePort',
      clusterIP: '10.96.12.34',
      clusterIPs: ['10.96.12.34'],
      selector: { tier: 'front', app: 'web' },
      ports: [
        { name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 },
        { name: 'https', port: 443, nodePort: 30443, protocol: 'TCP' },
        { name: 'dns', port: 53, protocol: 'UDP', nodePort: 31053 },
      ],
    },
  };
  t.deepEqual(cells('', 'Service', service), ['web', 'NodePort', '10.96.12.34', '<none>', '80/TCP,443:30443/TCP,53:31053/UDP', '5d', 'app=web,tier=front']);
});

test('service external IPs by type: <none>, <pending>, load-balancer ingress, ExternalName', (t) => {
  const base = (spec: JsonObject, status: JsonObject = {}): JsonObject => ({ metadata: meta('s'), spec, status });
  t.deepEqual(cells('', 'Service', base({ clusterIP: 'None', ports: [] })).slice(1, 5), ['ClusterIP', 'None', '<none>', '<none>']);
  t.is(cells('', 'Service', base({ type: 'ClusterIP', externalIPs: ['1.2.3.4', '5.6.7.8'] }))[3], '1.2.3.4,5.6.7.8');
  t.is(cells('', 'Service', base({ type: 'LoadBalancer' }))[3], '<pending>');
  const lb = base(
    { type: 'LoadBalancer', externalIPs: ['9.9.9.9'] },
    { loadBalancer: { ingress: [{ hostname: 'lb.example.com' }, { ip: '203.0.113.7' }, { ip: '203.0.113.7' }] } },
  );
  t.is(cells('', 'Service', lb)[3], '203.0.113.7,lb.example.com,9.9.9.9');
  t.deepEqual(cells('', 'Service', base({ type: 'ExternalName', externalName: 'db.example.com' })).slice(1, 5), ['ExternalName', '<none>', 'db.example.com', '<none>']);
  t.is(cells('', 'Service', base({ type: 'Mystery' }))[3], '<unknown>');
});

// ---------------------------------------------------------------- workloads

const template = {
  metadata: { labels: { app: 'web' } },
  spec: {
    containers: [
      { name: 'nginx', image: 'nginx:1.27' },
      { name: 'log', image: 'busybox' },
    ],
  },
};

test('deployment: ready/desired, up-to-date, available, and the wide containers, images and selector', (t) => {
  const deployment: JsonObject = {
    metadata: meta('web'),
    spec: {
      replicas: 3,
      selector: {
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['front', 'back'] },
          { key: 'canary', operator: 'DoesNotExist' },
        ],
      },
      template,
    },
    status: { replicas: 3, readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
  };
  t.deepEqual(cells('apps', 'Deployment', deployment), ['web', '2/3', 3, 2, '5d', 'nginx,log', 'nginx:1.27,busybox', 'app=web,!canary,tier in (back,front)']);
  // A fresh deployment without status, replicas left to the default of 1.
  t.deepEqual(cells('apps', 'Deployment', { metadata: meta('new'), spec: { template } }).slice(1, 4), ['0/1', 0, 0]);
  t.is(cells('apps', 'Deployment', { metadata: meta('x'), spec: { selector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } } })[7], '<invalid>');
});

test('replica set: desired, current, ready counts and the wide selector', (t) => {
  const replicaSet: JsonObject = {
    metadata: meta('web-7d4b9c'),
    spec: { replicas: 3, selector: { matchLabels: { app: 'web', 'pod-template-hash': '7d4b9c' } }, template },
    status: { replicas: 3, readyReplicas: 2, availableReplicas: 2 },
  };
  t.deepEqual(cells('apps', 'ReplicaSet', replicaSet), ['web-7d4b9c', 3, 3, 2, '5d', 'nginx,log', 'nginx:1.27,busybox', 'app=web,pod-template-hash=7d4b9c']);
  t.deepEqual(cells('apps', 'ReplicaSet', { metadata: meta('old'), spec: { replicas: 0, selector: {} } }).slice(1, 4), [0, 0, 0]);
  t.is(cells('apps', 'ReplicaSet', { metadata: meta('old'), spec: { selector: {} } })[7], '<none>');
});

test('stateful set, daemon set, replication controller and controller revision cells', (t) => {
  t.deepEqual(cells('apps', 'StatefulSet', { metadata: meta('db'), spec: { replicas: 3, template }, status: { readyReplicas: 1 } }), [
    'db',
    '1/3',
    '5d',
    'nginx,log',
    'nginx:1.27,busybox',
  ]);
  const daemonSet: JsonObject = {
    metadata: meta('agent'),
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'agent', image: 'agent:2' }] } } },
    status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2 },
  };
  t.deepEqual(cells('apps', 'DaemonSet', daemonSet), ['agent', 3, 3, 2, 3, 2, 'kubernetes.io/os=linux', '5d', 'agent', 'agent:2', 'app=agent']);
  t.deepEqual(cells('', 'ReplicationController', { metadata: meta('rc'), spec: { replicas: 2, template }, status: { replicas: 2, readyReplicas: 2 } }), [
    'rc',
    2,
    2,
    2,
    '5d',
    'nginx,log',
    'nginx:1.27,busybox',
    'app=web',
  ]);
  const revision: JsonObject = {
    metadata: meta('agent-5d8f', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u', controller: true }] }),
    revision: 2,
  };
  t.deepEqual(cells('apps', 'ControllerRevision', revision), ['agent-5d8f', 'daemonset.apps/agent', 2, '5d']);
  t.is(cells('apps', 'ControllerRevision', { metadata: meta('orphan') })[1], '<none>');
});

test('job status, completions and duration; cron job schedule, suspend, active and last schedule', (t) => {
  const job: JsonObject = {
    metadata: meta('pi'),
    spec: {
      completions: 3,
      parallelism: 2,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'abc' } },
      template: { spec: { containers: [{ name: 'pi', image: 'perl:5' }] } },
    },
    status: {
      succeeded: 3,
      startTime: ago('2h'),
      completionTime: ago('1h'),
      conditions: [
        { type: 'SuccessCriteriaMet', status: 'True' },
        { type: 'Complete', status: 'True' },
      ],
    },
  };
  t.deepEqual(cells('batch', 'Job', job), ['pi', 'Complete', '3/3', '60m', '5d', 'pi', 'perl:5', 'batch.kubernetes.io/controller-uid=abc']);
  const running = { metadata: meta('queue'), spec: { parallelism: 4 }, status: { succeeded: 1, startTime: ago('5m') } };
  t.deepEqual(cells('batch', 'Job', running).slice(1, 4), ['Running', '1/1 of 4', '5m']);
  t.deepEqual(cells('batch', 'Job', { metadata: meta('new') }).slice(1, 4), ['Running', '0/1', '']);
  t.is(cells('batch', 'Job', { metadata: meta('x'), status: { conditions: [{ type: 'Failed', status: 'True' }] } })[1], 'Failed');
  t.is(cells('batch', 'Job', { metadata: { ...meta('x'), deletionTimestamp: ago('1s') } })[1], 'Terminating');
  t.is(cells('batch', 'Job', { metadata: meta('x'), status: { conditions: [{ type: 'Suspended', status: 'True' }] } })[1], 'Suspended');

  const cronJob: JsonObject = {
    metadata: meta('nightly'),
    spec: {
      schedule: '0 2 * * *',
      timeZone: 'Europe/Paris',
      suspend: false,
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'backup', image: 'backup:1' }] } } } },
    },
    status: { active: [{ name: 'nightly-1' }], lastScheduleTime: ago('10h') },
  };
  t.deepEqual(cells('batch', 'CronJob', cronJob), ['nightly', '0 2 * * *', 'Europe/Paris', 'False', 1, '10h', '5d', 'backup', 'backup:1', '<none>']);
  t.deepEqual(cells('batch', 'CronJob', { metadata: meta('c'), spec: { schedule: '@hourly', suspend: true } }).slice(2, 6), ['<none>', 'True', 0, '<none>']);
});

// ---------------------------------------------------------------- events

test('core event: last seen, type, reason, lower-cased object, message, and the wide source, count, name', (t) => {
  const event: JsonObject = {
    metadata: meta('web-1.17f0a'),
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1', fieldPath: 'spec.containers{nginx}' },
    reason: 'BackOff',
    message: 'Back-off restarting failed container\n',
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: ago('2h'),
    lastTimestamp: ago('45s'),
    count: 12,
    type: 'Warning',
  };
  t.deepEqual(cells('', 'Event', event), [
    '45s',
    'Warning',
    'BackOff',
    'pod/web-1',
    'spec.containers{nginx}',
    'kubelet, node-1',
    'Back-off restarting failed container',
    '120m',
    12,
    'web-1.17f0a',
  ]);
});

test('events of the new API: event time, series, reporting controller, count 1 for singletons', (t) => {
  const single: JsonObject = {
    metadata: meta('ns.1'),
    regarding: { kind: 'Namespace', name: 'team-a' },
    reason: 'Created',
    note: 'namespace created',
    eventTime: '2025-06-01T11:59:30.123456Z',
    reportingController: 'capstan/controller',
    reportingInstance: 'capstan-0',
    type: 'Normal',
  };
  t.deepEqual(cells('events.k8s.io', 'Event', single), [
    '29s',
    'Normal',
    'Created',
    'namespace/team-a',
    '',
    'capstan/controller, capstan-0',
    'namespace created',
    '29s',
    1,
    'ns.1',
  ]);
  const series = { ...single, series: { count: 7, lastObservedTime: '2025-06-01T11:59:55.000000Z' }, deprecatedSource: { component: 'kubelet' } };
  t.deepEqual(cells('events.k8s.io', 'Event', series).slice(0, 9), ['5s', 'Normal', 'Created', 'namespace/team-a', '', 'kubelet, capstan-0', 'namespace created', '29s', 7]);
  // An event about a whole kind, with nothing set at all.
  t.deepEqual(cells('', 'Event', { involvedObject: { kind: 'Node' } }), ['<unknown>', '', '', 'node', '', '', '', '<unknown>', 1, '']);
});

// ---------------------------------------------------------------- the rest

test('lease holder, or empty while unheld', (t) => {
  t.deepEqual(cells('coordination.k8s.io', 'Lease', { metadata: meta('kube-scheduler'), spec: { holderIdentity: 'cp-1_1a2b', leaseDurationSeconds: 15 } }), [
    'kube-scheduler',
    'cp-1_1a2b',
    '5d',
  ]);
  t.deepEqual(cells('coordination.k8s.io', 'Lease', { metadata: meta('free'), spec: {} }), ['free', '', '5d']);
});

test('endpoints and endpoint slices show three addresses, then how many more', (t) => {
  const endpoints: JsonObject = {
    metadata: meta('web'),
    subsets: [
      { addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] },
      { addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] },
    ],
  };
  t.deepEqual(cells('', 'Endpoints', endpoints), ['web', '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 2 more...', '5d']);
  t.is(cells('', 'Endpoints', { metadata: meta('v6'), subsets: [{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] }] })[1], '[fd00::1]:80');
  t.is(cells('', 'Endpoints', { metadata: meta('headless'), subsets: [{ addresses: [{ ip: '10.0.0.7' }] }] })[1], '10.0.0.7');
  t.is(cells('', 'Endpoints', { metadata: meta('empty') })[1], '<none>');
  const slice: JsonObject = {
    metadata: meta('web-abcde'),
    addressType: 'IPv4',
    ports: [{ name: 'http', port: 80 }, { name: 'named' }, {}],
    endpoints: [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2'] }, { addresses: ['10.0.0.3'] }, { addresses: ['10.0.0.4'] }],
  };
  t.deepEqual(cells('discovery.k8s.io', 'EndpointSlice', slice), ['web-abcde', 'IPv4', '80,named,*', '10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...', '5d']);
  t.deepEqual(cells('discovery.k8s.io', 'EndpointSlice', { metadata: meta('e'), addressType: 'IPv6' }).slice(2, 4), ['<unset>', '<unset>']);
});

test('ingress class, hosts, address and ports', (t) => {
  const ingress: JsonObject = {
    metadata: meta('site'),
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: ['a.example.com'] }],
      rules: [{ host: 'a.example.com' }, {}, { host: 'b.example.com' }, { host: 'c.example.com' }, { host: 'd.example.com' }],
    },
    status: { loadBalancer: { ingress: [{ ip: '203.0.113.9' }] } },
  };
  t.deepEqual(cells('networking.k8s.io', 'Ingress', ingress), ['site', 'nginx', 'a.example.com,b.example.com,c.example.com + 2 more...', '203.0.113.9', '80, 443', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'Ingress', { metadata: meta('any'), spec: { rules: [{}] } }), ['any', '<none>', '*', '', '80', '5d']);
});

test('persistent volumes and claims: capacity, access modes, claim, class, defaults for unset fields', (t) => {
  const volume: JsonObject = {
    metadata: meta('pv-1', { namespace: undefined }),
    spec: {
      capacity: { storage: '10Gi' },
      accessModes: ['ReadWriteMany', 'ReadWriteOnce'],
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'fast',
      claimRef: { namespace: 'default', name: 'data' },
      volumeMode: 'Block',
    },
    status: { phase: 'Bound' },
  };
  t.deepEqual(cells('', 'PersistentVolume', volume), ['pv-1', '10Gi', 'RWO,RWX', 'Delete', 'Bound', 'default/data', 'fast', '<unset>', '', '5d', 'Block']);
  t.deepEqual(cells('', 'PersistentVolume', { metadata: { ...meta('pv-2'), deletionTimestamp: ago('1s') } }), [
    'pv-2',
    '0',
    '',
    'Retain',
    'Terminating',
    '',
    '',
    '<unset>',
    '',
    '5d',
    'Filesystem',
  ]);
  const claim: JsonObject = {
    metadata: meta('data', { annotations: { 'volume.beta.kubernetes.io/storage-class': 'legacy' } }),
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } }, storageClassName: 'fast', volumeName: 'pv-1' },
    status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } },
  };
  t.deepEqual(cells('', 'PersistentVolumeClaim', claim), ['data', 'Bound', 'pv-1', '10Gi', 'RWO', 'legacy', '<unset>', '5d', 'Filesystem']);
  t.deepEqual(cells('', 'PersistentVolumeClaim', { metadata: meta('pending'), spec: { resources: { requests: { storage: '1Gi' } } } }).slice(1, 6), ['Pending', '', '', '', '']);
});

test('storage class default marker and defaults; role bindings; priority class; config kinds', (t) => {
  const storageClass: JsonObject = {
    metadata: meta('standard', { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }),
    provisioner: 'rancher.io/local-path',
    volumeBindingMode: 'WaitForFirstConsumer',
  };
  t.deepEqual(cells('storage.k8s.io', 'StorageClass', storageClass), ['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', false, '5d']);

  const binding: JsonObject = {
    metadata: meta('admins'),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' },
    subjects: [
      { kind: 'User', name: 'alice' },
      { kind: 'Group', name: 'ops' },
      { kind: 'ServiceAccount', name: 'ci', namespace: 'tools' },
      { kind: 'User', name: 'bob' },
    ],
  };
  t.deepEqual(cells('rbac.authorization.k8s.io', 'RoleBinding', binding), ['admins', 'ClusterRole/admin', '5d', 'alice, bob', 'ops', 'tools/ci']);
  t.deepEqual(cells('rbac.authorization.k8s.io', 'ClusterRoleBinding', { metadata: meta('none') }), ['none', '/', '5d', '', '', '']);

  t.deepEqual(cells('scheduling.k8s.io', 'PriorityClass', { metadata: meta('high'), value: 1000000, globalDefault: false, preemptionPolicy: 'Never' }), [
    'high',
    1000000,
    false,
    '5d',
    'Never',
  ]);
  t.deepEqual(cells('', 'ConfigMap', { metadata: meta('cfg'), data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } }), ['cfg', 3, '5d']);
  t.deepEqual(cells('', 'Secret', { metadata: meta('s'), type: 'kubernetes.io/tls', data: { 'tls.crt': 'x', 'tls.key': 'y' } }), ['s', 'kubernetes.io/tls', 2, '5d']);
  t.deepEqual(cells('', 'Secret', { metadata: meta('s'), stringData: { a: 'x' }, data: { a: 'eA==' } }), ['s', 'Opaque', 1, '5d']);
  t.deepEqual(cells('', 'ServiceAccount', { metadata: meta('default'), secrets: [{ name: 'default-token' }] }), ['default', 1, '5d']);
  t.deepEqual(cells('', 'Namespace', { metadata: meta('kube-system'), status: { phase: 'Active' } }), ['kube-system', 'Active', '5d']);
});

// ---------------------------------------------------------------- robustness and the Table rows

const kinds: readonly [string, string][] = [
  ['', 'Pod'],
  ['', 'Node'],
  ['', 'Namespace'],
  ['', 'Service'],
  ['', 'Endpoints'],
  ['', 'Event'],
  ['', 'ConfigMap'],
  ['', 'Secret'],
  ['', 'ServiceAccount'],
  ['', 'PersistentVolume'],
  ['', 'PersistentVolumeClaim'],
  ['', 'ReplicationController'],
  ['apps', 'Deployment'],
  ['apps', 'ReplicaSet'],
  ['apps', 'StatefulSet'],
  ['apps', 'DaemonSet'],
  ['apps', 'ControllerRevision'],
  ['batch', 'Job'],
  ['batch', 'CronJob'],
  ['events.k8s.io', 'Event'],
  ['coordination.k8s.io', 'Lease'],
  ['discovery.k8s.io', 'EndpointSlice'],
  ['networking.k8s.io', 'Ingress'],
  ['rbac.authorization.k8s.io', 'RoleBinding'],
  ['rbac.authorization.k8s.io', 'ClusterRoleBinding'],
  ['storage.k8s.io', 'StorageClass'],
  ['scheduling.k8s.io', 'PriorityClass'],
];

const oddObjects: readonly JsonObject[] = [
  {},
  { metadata: null, spec: null, status: null },
  { metadata: 'x', spec: 7, status: [], subsets: 'x', endpoints: {}, ports: 3, involvedObject: 5, roleRef: [], subjects: {} },
  {
    metadata: { name: 5, labels: [], creationTimestamp: 'not a date', ownerReferences: {} },
    spec: { containers: {}, initContainers: [null, 5], ports: [null, 'x'], selector: { matchExpressions: [null] }, template: [] },
    status: { conditions: [null], containerStatuses: [null, { state: null }], initContainerStatuses: [{ state: { terminated: null } }], podIPs: [5], addresses: 'x' },
  },
];

test('every printer gives one cell per column and never throws, whatever the stored object holds', (t) => {
  for (const [group, kind] of kinds) {
    const columns = columnsOf(group, kind);
    t.not(columns, defaultColumns, `${group}/${kind} has its own printer`);
    for (const object of oddObjects) {
      const row = columns.cells(object, now);
      t.is(row.length, columns.definitions.length, `${group}/${kind}`);
      t.true(
        row.every((cell) => ['string', 'number', 'boolean'].includes(typeof cell)),
        `${group}/${kind} cells are scalars`,
      );
    }
  }
});

test('a pod with nothing at all prints what kube prints for zero values', (t) => {
  t.deepEqual(cells('', 'Pod', {}), ['', '0/0', '', '0', '<unknown>', '<none>', '<none>', '<none>', '<none>']);
});

test('Table rows carry the Completed condition for finished pods only, before the object', (t) => {
  const succeeded: JsonObject = { metadata: { name: 'done' }, status: { phase: 'Succeeded' } };
  const table = toTable(columnsOf('', 'Pod'), [runningPod(), succeeded], 'None', {});
  const rows = table.rows as JsonObject[];
  t.false('conditions' in (rows[0] ?? {}));
  t.deepEqual(rows[1]?.conditions, [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  const withObject = toTable(columnsOf('', 'Pod'), [succeeded], 'Metadata', {}).rows as JsonObject[];
  t.deepEqual(Object.keys(withObject[0] ?? {}), ['cells', 'conditions', 'object']);
  // Kinds without row conditions never get the key.
  const configMaps = toTable(columnsOf('', 'ConfigMap'), [{ metadata: { name: 'c' } }], 'None', {}).rows as JsonObject[];
  t.deepEqual(Object.keys(configMaps[0] ?? {}), ['cells']);
});

test('human durations follow apimachinery: truncation toward zero tolerates slight clock skew', (t) => {
  t.is(humanDuration(-1999), '0s');
  t.is(humanDuration(-2000), '<invalid>');
  t.is(humanDuration(119_999), '119s');
  t.is(humanDuration(185_000), '3m5s');
  t.is(humanDuration(3 * 3_600_000 + 15 * 60_000), '3h15m');
  t.is(humanDuration(50 * 3_600_000), '2d2h');
  t.is(humanDuration(800 * 86_400_000), '2y70d');
});
