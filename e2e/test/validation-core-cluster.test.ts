// PersistentVolumes, Nodes, Namespaces, LimitRanges, ResourceQuotas, Endpoints, PodTemplates and
// ControllerRevisions kube-apiserver would refuse are refused with its 422 and its messages, on
// create and on update; typical objects still create, through kubectl too.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

type Reply = { status: number; body: Record<string, any> };

const send = async (method: string, path: string, body: unknown): Promise<Reply> => {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const post = (path: string, body: unknown): Promise<Reply> => send('POST', path, body);

/** Reads the object back, changes it and PUTs it. */
async function update(path: string, change: (object: Record<string, any>) => void): Promise<Reply> {
  const current = (await (await fetch(`${shared.server().url}${path}`)).json()) as Record<string, any>;
  change(current);
  return send('PUT', path, current);
}

const causes = (reply: Reply): string[] => reply.body.details.causes.map((cause: { field: string }) => cause.field);

const volume = (name: string, spec: Record<string, unknown>) => ({ metadata: { name }, spec });

test('a PersistentVolume without modes, capacity or source is refused as kube refuses it', async (t) => {
  const reply = await post('/api/v1/persistentvolumes', volume('empty', {}));
  t.is(reply.status, 422);
  t.is(reply.body.reason, 'Invalid');
  t.is(
    reply.body.message,
    'PersistentVolume "empty" is invalid: [spec.accessModes: Required value, spec.capacity: Required value, spec.capacity: Unsupported value: null: supported values: "storage", spec: Required value: must specify a volume type]',
  );
});

test('a PersistentVolume with a bad mode, zero storage, an unknown policy, a backstepping path and two sources lists each problem', async (t) => {
  const reply = await post(
    '/api/v1/persistentvolumes',
    volume('crowded', {
      accessModes: ['ReadWriteOnce', 'Sometimes'],
      capacity: { storage: '0' },
      persistentVolumeReclaimPolicy: 'Keep',
      hostPath: { path: '/data/../etc' },
      nfs: { server: 'nfs.example.com', path: '/exports' },
    }),
  );
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'PersistentVolume "crowded" is invalid: [spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod", ' +
      'spec.capacity[storage]: Invalid value: "0": must be greater than zero, ' +
      'spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain", ' +
      'spec.hostPath.path: Invalid value: "/data/../etc": must not contain \'..\', ' +
      'spec.nfs: Forbidden: may not specify more than 1 volume type]',
  );
  t.deepEqual(causes(reply), ['spec.accessModes', 'spec.capacity[storage]', 'spec.persistentVolumeReclaimPolicy', 'spec.hostPath.path', 'spec.nfs']);
});

test('a local PersistentVolume needs node affinity, whose terms are checked', async (t) => {
  const local = await post('/api/v1/persistentvolumes', volume('local-free', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, local: { path: '/mnt/disk' } }));
  t.is(local.status, 422);
  t.is(local.body.message, 'PersistentVolume "local-free" is invalid: spec.nodeAffinity: Required value: Local volume requires node affinity');
  const affinity = await post(
    '/api/v1/persistentvolumes',
    volume('local-bad', {
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '1Gi' },
      local: { path: '/mnt/disk' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'Near', values: ['n1'] }] }] } },
    }),
  );
  t.is(affinity.status, 422);
  t.is(
    affinity.body.message,
    'PersistentVolume "local-bad" is invalid: spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
  );
});

test('a valid PersistentVolume creates, and its source may not change afterwards', async (t) => {
  const created = await post('/api/v1/persistentvolumes', volume('data', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/srv/data' } }));
  t.is(created.status, 201);
  const moved = await update('/api/v1/persistentvolumes/data', (pv) => {
    pv.spec.hostPath.path = '/srv/other';
  });
  t.is(moved.status, 422);
  t.deepEqual(causes(moved), ['spec.persistentvolumesource']);
  t.true(moved.body.message.startsWith('PersistentVolume "data" is invalid: spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation\n'));
  const modeChanged = await update('/api/v1/persistentvolumes/data', (pv) => {
    pv.spec.volumeMode = 'Block';
  });
  t.is(modeChanged.status, 422);
  t.is(modeChanged.body.message, 'PersistentVolume "data" is invalid: volumeMode: Invalid value: "Block": field is immutable');
  const relabelled = await update('/api/v1/persistentvolumes/data', (pv) => {
    pv.metadata.labels = { tier: 'gold' };
  });
  t.is(relabelled.status, 200);
});

test("kubectl creates a typical PersistentVolume and sees kube's 422 for one that has no capacity", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-pv-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = (name: string, spec: Record<string, unknown>) => JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolume', ...volume(name, spec) });
  writeFileSync(
    join(dir, 'good.json'),
    manifest('nfs-share', { accessModes: ['ReadWriteMany'], capacity: { storage: '5Gi' }, nfs: { server: 'nfs.example.com', path: '/exports' }, storageClassName: 'slow' }),
  );
  writeFileSync(join(dir, 'bad.json'), manifest('sizeless', { accessModes: ['ReadWriteMany'], nfs: { server: 'nfs.example.com', path: 'exports' } }));
  const { stdout } = await shared.kubectl('create', '-f', join(dir, 'good.json'));
  t.regex(stdout, /persistentvolume\/nfs-share created/);
  const refused = (await t.throwsAsync(shared.kubectl('create', '-f', join(dir, 'bad.json')))) as Error & { stderr: string };
  // kubectl lists the causes one a line.
  t.true(
    refused.stderr.includes(
      'The PersistentVolume "sizeless" is invalid: \n* spec.capacity: Required value\n* spec.capacity: Unsupported value: null: supported values: "storage"\n* spec.nfs.path: Invalid value: "exports": must be an absolute path\n',
    ),
  );
});

test('Node taints are checked under metadata.taints, and pod CIDRs one per family', async (t) => {
  const reply = await post('/api/v1/nodes', {
    metadata: { name: 'tainted' },
    spec: {
      podCIDR: '10.0.0.0/24',
      podCIDRs: ['10.0.0.0/24', '10.1.0.0/24'],
      taints: [{ key: 'dedicated', effect: 'NoSchedule' }, { key: 'dedicated', effect: 'NoSchedule' }, { key: 'gpu', value: 'yes please', effect: 'Sometimes' }, { key: 'zone' }],
    },
  });
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'Node "tainted" is invalid: [metadata.taints[1]: Duplicate value: {"Key":"dedicated","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair, ' +
      "metadata.taints[2].value: Invalid value: \"yes please\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), " +
      'metadata.taints[2].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute", ' +
      'metadata.taints[3].effect: Required value, ' +
      'spec.podCIDRs: Invalid value: ["10.0.0.0/24","10.1.0.0/24"]: may specify no more than one CIDR for each IP family]',
  );
});

test("a Node's pod CIDR and provider ID may be set once and not changed", async (t) => {
  const created = await post('/api/v1/nodes', { metadata: { name: 'worker' }, spec: { podCIDR: '10.2.0.0/24', podCIDRs: ['10.2.0.0/24'], providerID: 'kind://worker' } });
  t.is(created.status, 201);
  const moved = await update('/api/v1/nodes/worker', (node) => {
    node.spec.podCIDR = '10.3.0.0/24';
    node.spec.podCIDRs = ['10.3.0.0/24'];
    node.spec.providerID = 'kind://elsewhere';
  });
  t.is(moved.status, 422);
  t.is(
    moved.body.message,
    'Node "worker" is invalid: [spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid, spec.providerID: Forbidden: node updates may not change providerID except from "" to valid]',
  );
  const cordoned = await update('/api/v1/nodes/worker', (node) => {
    node.spec.unschedulable = true;
    node.spec.taints = [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }];
  });
  t.is(cordoned.status, 200);
});

test('a Namespace finalizer must be standard or qualified', async (t) => {
  const reply = await post('/api/v1/namespaces', { metadata: { name: 'finalized' }, spec: { finalizers: ['custom', 'example.com/cleanup'] } });
  t.is(reply.status, 422);
  t.is(reply.body.message, 'Namespace "finalized" is invalid: spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified');
  const fine = await post('/api/v1/namespaces', { metadata: { name: 'finalized' }, spec: { finalizers: ['example.com/cleanup'] } });
  t.is(fine.status, 201);
});

test("a LimitRange whose min exceeds its max, repeats a type or gives a Pod defaults is refused with kube's messages", async (t) => {
  const reply = await post('/api/v1/namespaces/default/limitranges', {
    metadata: { name: 'inverted' },
    spec: { limits: [{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }, { type: 'Container' }, { type: 'Pod', default: { cpu: '1' } }, { type: 'Widget' }] },
  });
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'LimitRange "inverted" is invalid: [' +
      `spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1, ` +
      `spec.limits[0].defaultRequest[cpu]: Invalid value: "1": min value 2 is greater than default request value 1, ` +
      `spec.limits[0].default[cpu]: Invalid value: "2": min value 2 is greater than default value 1, ` +
      'spec.limits[1].type: Duplicate value: "Container", ' +
      "spec.limits[2].default: Forbidden: may not be specified when `type` is 'Pod', " +
      'spec.limits[3].type: Invalid value: "Widget": must be a standard limit type or fully qualified]',
  );
});

test('a LimitRange for claims needs a storage bound, and a typical one creates', async (t) => {
  const claims = await post('/api/v1/namespaces/default/limitranges', { metadata: { name: 'claims' }, spec: { limits: [{ type: 'PersistentVolumeClaim', max: { cpu: '1' } }] } });
  t.is(claims.status, 422);
  t.is(claims.body.message, 'LimitRange "claims" is invalid: spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided');
  const typical = await post('/api/v1/namespaces/default/limitranges', {
    metadata: { name: 'defaults' },
    spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '512Mi' }, defaultRequest: { cpu: '250m', memory: '256Mi' }, max: { cpu: '2' } }] },
  });
  t.is(typical.status, 201);
});

test('a ResourceQuota with unknown or fractional resources and conflicting scopes is refused', async (t) => {
  const reply = await post('/api/v1/namespaces/default/resourcequotas', {
    metadata: { name: 'muddled' },
    spec: { hard: { pods: '1.5', widgets: '1', 'requests.cpu': '-1' }, scopes: ['BestEffort', 'NotBestEffort'] },
  });
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'ResourceQuota "muddled" is invalid: [' +
      `spec.hard[pods]: Invalid value: "1500m": must be an integer, ` +
      'spec.hard[requests.cpu]: Invalid value: "-1": must be greater than or equal to 0, ' +
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified, ' +
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota, ' +
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort"]: unsupported scope applied to resource, ' +
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort"]: conflicting scopes]',
  );
});

test('a ResourceQuota scope selector is checked, and the scopes of a quota are fixed', async (t) => {
  const selector = await post('/api/v1/namespaces/default/resourcequotas', {
    metadata: { name: 'selected' },
    spec: { hard: { pods: '5' }, scopeSelector: { matchExpressions: [{ scopeName: 'Terminating', operator: 'In', values: ['x'] }] } },
  });
  t.is(selector.status, 422);
  t.is(
    selector.body.message,
    'ResourceQuota "selected" is invalid: spec.scopeSelector.matchExpressions.operator: Invalid value: "In": must be \'Exists\' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity',
  );
  const scoped = await post('/api/v1/namespaces/default/resourcequotas', { metadata: { name: 'scoped' }, spec: { hard: { pods: '5' }, scopes: ['Terminating'] } });
  t.is(scoped.status, 201);
  const rescoped = await update('/api/v1/namespaces/default/resourcequotas/scoped', (quota) => {
    quota.spec.scopes = ['NotTerminating'];
  });
  t.is(rescoped.status, 422);
  t.is(rescoped.body.message, 'ResourceQuota "scoped" is invalid: spec.scopes: Invalid value: ["NotTerminating"]: field is immutable');
});

test("kubectl create quota works for standard resources and shows kube's 422 for others", async (t) => {
  await shared.kubectl('create', 'quota', 'compute', '--hard=pods=10,requests.cpu=4,requests.memory=8Gi');
  const refused = (await t.throwsAsync(shared.kubectl('create', 'quota', 'odd', '--hard=widgets=1'))) as Error & { stderr: string };
  t.regex(
    refused.stderr,
    /ResourceQuota "odd" is invalid: \[spec\.hard\[widgets\]: Invalid value: "widgets": must be a standard resource type or fully qualified, spec\.hard\[widgets\]: Invalid value: "widgets": must be a standard resource for quota\]/,
  );
});

test('Endpoints addresses must be usable IPs and several ports must be named', async (t) => {
  const reply = await post('/api/v1/namespaces/default/endpoints', {
    metadata: { name: 'broken' },
    subsets: [{ addresses: [{ ip: '127.0.0.1' }, { ip: 'nope' }], ports: [{ port: 80 }, { name: 'b', port: 70000, protocol: 'HTTP' }] }, { ports: [{ name: 'c', port: 81 }] }],
  });
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'Endpoints "broken" is invalid: [subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128), ' +
      'subsets[0].addresses[1].ip: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), ' +
      'subsets[0].addresses[1].ip: Invalid value: "nope": must be a valid IP address, ' +
      'subsets[0].ports[0].name: Required value, ' +
      'subsets[0].ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive, ' +
      'subsets[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP", ' +
      'subsets[1]: Required value: must specify `addresses` or `notReadyAddresses`]',
  );
  const fine = await post('/api/v1/namespaces/default/endpoints', { metadata: { name: 'fine' }, subsets: [{ addresses: [{ ip: '10.0.0.5' }], ports: [{ port: 80 }] }] });
  t.is(fine.status, 201);
});

test("a PodTemplate's labels and pod spec are checked at kube's paths", async (t) => {
  const reply = await post('/api/v1/namespaces/default/podtemplates', {
    metadata: { name: 'shaky' },
    template: { metadata: { labels: { app: 'not ok!' } }, spec: { containers: [{ name: 'app' }] } },
  });
  t.is(reply.status, 422);
  t.deepEqual(causes(reply), ['template.labels', 'template.spec.containers[0].image']);
  t.regex(reply.body.message, /^PodTemplate "shaky" is invalid: \[template\.labels: Invalid value: "not ok!": a valid label must be an empty string/);
  t.regex(reply.body.message, /template\.spec\.containers\[0\]\.image: Required value\]$/);
  const fine = await post('/api/v1/namespaces/default/podtemplates', {
    metadata: { name: 'steady' },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
  });
  t.is(fine.status, 201);
});

test('a ControllerRevision needs data and a revision not below zero, and its data is fixed', async (t) => {
  const path = '/apis/apps/v1/namespaces/default/controllerrevisions';
  const reply = await post(path, { metadata: { name: 'empty' }, revision: -1 });
  t.is(reply.status, 422);
  t.is(
    reply.body.message,
    'ControllerRevision.apps "empty" is invalid: [data: Required value: data is mandatory, revision: Invalid value: -1: must be greater than or equal to 0]',
  );
  const created = await post(path, { metadata: { name: 'web-1' }, revision: 1, data: { spec: { template: { metadata: { labels: { app: 'web' } } } } } });
  t.is(created.status, 201);
  const rewritten = await update(`${path}/web-1`, (revision) => {
    revision.data = { spec: {} };
  });
  t.is(rewritten.status, 422);
  t.deepEqual(causes(rewritten), ['data']);
  t.regex(rewritten.body.message, /^ControllerRevision\.apps "web-1" is invalid: data: Invalid value: .*: field is immutable$/);
});
