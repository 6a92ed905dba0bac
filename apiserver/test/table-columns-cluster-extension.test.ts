// The Table columns kube-apiserver 1.35 prints for CertificateSigningRequest, FlowSchema,
// PriorityLevelConfiguration, the storage.k8s.io CSI and volume kinds, admission webhooks and
// policies, and (from the kube-aggregator) APIService: definitions, then exact cells.

import test from 'ava';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { mutatingAdmissionPolicyResource } from '../src/resources/admissionregistration/mutatingadmissionpolicies.ts';
import { mutatingAdmissionPolicyBindingResource } from '../src/resources/admissionregistration/mutatingadmissionpolicybindings.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import {
  apiServiceColumns,
  certificateSigningRequestColumns,
  csiDriverColumns,
  csiNodeColumns,
  csiStorageCapacityColumns,
  flowSchemaColumns,
  priorityLevelConfigurationColumns,
  admissionPolicyBindingColumns,
  validatingAdmissionPolicyColumns,
  volumeAttachmentColumns,
  volumeAttributesClassColumns,
  webhookConfigurationColumns,
} from '../src/table/columns/cluster-extension-columns.ts';
import { defaultColumns, type TableColumns } from '../src/table/table-columns.ts';
import { toTable } from '../src/table/to-table.ts';
import { builtinDefinition, isBuiltinKind } from './builtin-definition.ts';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number): string => new Date(now - seconds * 1000).toISOString().replace('.000Z', 'Z');
const day = 86_400;
const meta = (name: string, extra: JsonObject = {}): JsonObject => ({ name, uid: 'u-1', creationTimestamp: ago(5 * day), ...extra });

/** The columns the kind's declaration names. */
const columnsOf = (group: string, kind: string): TableColumns => builtinDefinition(group, kind).behaviour.table;
const cells = (group: string, kind: string, object: JsonObject): unknown[] => columnsOf(group, kind).cells(object, now);
const headerOf = (columns: TableColumns): string[] => columns.definitions.map((d) => `${d.name}${d.priority === 1 ? '*' : ''}:${d.type}${d.format === '' ? '' : `(${d.format})`}`);
const header = (group: string, kind: string): string[] => headerOf(columnsOf(group, kind));

/** [group, kind, columns] of each kind cluster-extension-columns.ts prints. */
const printers: ReadonlyArray<readonly [string, string, TableColumns]> = [
  ['certificates.k8s.io', 'CertificateSigningRequest', certificateSigningRequestColumns],
  ['flowcontrol.apiserver.k8s.io', 'FlowSchema', flowSchemaColumns],
  ['flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', priorityLevelConfigurationColumns],
  ['storage.k8s.io', 'CSINode', csiNodeColumns],
  ['storage.k8s.io', 'CSIDriver', csiDriverColumns],
  ['storage.k8s.io', 'VolumeAttachment', volumeAttachmentColumns],
  ['storage.k8s.io', 'VolumeAttributesClass', volumeAttributesClassColumns],
  ['storage.k8s.io', 'CSIStorageCapacity', csiStorageCapacityColumns],
  ['admissionregistration.k8s.io', 'MutatingWebhookConfiguration', webhookConfigurationColumns],
  ['admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', webhookConfigurationColumns],
  ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', validatingAdmissionPolicyColumns],
  ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', admissionPolicyBindingColumns],
  ['apiregistration.k8s.io', 'APIService', apiServiceColumns],
];

// ---------------------------------------------------------------- definitions

test('column definitions per kind, as kube declares them', (t) => {
  t.deepEqual(header('certificates.k8s.io', 'CertificateSigningRequest'), [
    'Name:string(name)',
    'Age:string',
    'SignerName:string',
    'Requestor:string',
    'RequestedDuration:string',
    'Condition:string',
  ]);
  t.deepEqual(header('flowcontrol.apiserver.k8s.io', 'FlowSchema'), [
    'Name:string(name)',
    'PriorityLevel:string',
    'MatchingPrecedence:string',
    'DistinguisherMethod:string',
    'Age:string',
    'MissingPL:string',
  ]);
  t.deepEqual(header('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration'), [
    'Name:string(name)',
    'Type:string',
    'NominalConcurrencyShares:string',
    'Queues:string',
    'HandSize:string',
    'QueueLengthLimit:string',
    'Age:string',
  ]);
  t.deepEqual(header('storage.k8s.io', 'CSINode'), ['Name:string(name)', 'Drivers:integer', 'Age:string']);
  t.deepEqual(header('storage.k8s.io', 'CSIDriver'), [
    'Name:string(name)',
    'AttachRequired:boolean',
    'PodInfoOnMount:boolean',
    'StorageCapacity:boolean',
    'TokenRequests:string',
    'RequiresRepublish:boolean',
    'Modes:string',
    'Age:string',
  ]);
  // kube gives the Attacher column the "name" format too.
  t.deepEqual(header('storage.k8s.io', 'VolumeAttachment'), ['Name:string(name)', 'Attacher:string(name)', 'PV:string', 'Node:string', 'Attached:boolean', 'Age:string']);
  t.deepEqual(header('storage.k8s.io', 'VolumeAttributesClass'), ['Name:string(name)', 'DriverName:string', 'Age:string']);
  // No Age column for CSIStorageCapacity.
  t.deepEqual(header('storage.k8s.io', 'CSIStorageCapacity'), ['Name:string(name)', 'StorageClassName:string', 'Capacity:string']);
  for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
    t.deepEqual(header('admissionregistration.k8s.io', kind), ['Name:string(name)', 'Webhooks:integer', 'Age:string']);
  }
  t.deepEqual(header('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy'), ['Name:string(name)', 'Validations:integer', 'ParamKind:string', 'Age:string']);
  t.deepEqual(header('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding'), ['Name:string(name)', 'PolicyName:string', 'ParamRef:string', 'Age:string']);
  t.deepEqual(header('apiregistration.k8s.io', 'APIService'), ['Name:string(name)', 'Service:string', 'Available:string', 'Age:string']);
});

test('every kind is registered, every column has a one-sentence description, and no cell row is short', (t) => {
  t.is(printers.length, 13);
  const printerColumns: ReadonlySet<TableColumns> = new Set(printers.map(([, , columns]) => columns));
  t.is(builtinResources.filter((definition) => printerColumns.has(definition.behaviour.table)).length, 13);
  for (const [group, kind, columns] of printers) {
    const key = `${group}/${kind}`;
    t.is(columnsOf(group, kind), columns, key);
    for (const definition of columns.definitions) t.true(definition.description.length > 0, `${key} ${definition.name}`);
    t.is(columns.cells({}, now).length, columns.definitions.length, key);
  }
  // MutatingAdmissionPolicy (beta, off by default) is not among these kinds.
  // Not built in, it would print the default Name and Created At.
  t.false(isBuiltinKind('admissionregistration.k8s.io', 'MutatingAdmissionPolicy'));
  t.deepEqual(headerOf(defaultColumns), ['Name:string(name)', 'Created At:date']);
});

// ---------------------------------------------------------------- CertificateSigningRequest

const csr = (spec: JsonObject, status: JsonObject = {}): JsonObject => ({ metadata: meta('csr-abc12'), spec, status });

test('CSR: an approved and issued kubelet serving request', (t) => {
  const request = csr(
    { signerName: 'kubernetes.io/kubelet-serving', username: 'system:node:node-1', expirationSeconds: 86_400, request: 'LS0t' },
    { conditions: [{ type: 'Approved', status: 'True', reason: 'AutoApproved' }], certificate: 'LS0tLS1CRUdJTg==' },
  );
  t.deepEqual(cells('certificates.k8s.io', 'CertificateSigningRequest', request), [
    'csr-abc12',
    '5d',
    'kubernetes.io/kubelet-serving',
    'system:node:node-1',
    '24h',
    'Approved,Issued',
  ]);
});

test('CSR: pending without a signer or a requested duration; denial outranks approval; failures show', (t) => {
  t.deepEqual(cells('certificates.k8s.io', 'CertificateSigningRequest', csr({ username: 'alice' })), ['csr-abc12', '5d', '<none>', 'alice', '<none>', 'Pending']);
  const both = csr(
    { signerName: 'example.com/signer', expirationSeconds: 600 },
    {
      conditions: [
        { type: 'Approved', status: 'True' },
        { type: 'Denied', status: 'True' },
      ],
    },
  );
  t.deepEqual(cells('certificates.k8s.io', 'CertificateSigningRequest', both).slice(4), ['10m', 'Denied']);
  const failed = csr(
    { expirationSeconds: 3 * day + 3600 },
    {
      conditions: [
        { type: 'Approved', status: 'True' },
        { type: 'Failed', status: 'True' },
      ],
    },
  );
  t.deepEqual(cells('certificates.k8s.io', 'CertificateSigningRequest', failed).slice(4), ['3d1h', 'Approved,Failed']);
  const pendingIssued = csr({}, { certificate: 'Zm9v' });
  t.is(cells('certificates.k8s.io', 'CertificateSigningRequest', pendingIssued)[5], 'Pending,Issued');
});

// ---------------------------------------------------------------- FlowSchema

const flowSchema = (name: string, spec: JsonObject, status: JsonObject = {}): JsonObject => ({ metadata: meta(name), spec, status });

test('FlowSchema: priority level, precedence, distinguisher and the Dangling condition', (t) => {
  const schema = flowSchema(
    'system-nodes',
    { priorityLevelConfiguration: { name: 'system' }, matchingPrecedence: 500, distinguisherMethod: { type: 'ByUser' }, rules: [] },
    { conditions: [{ type: 'Dangling', status: 'False', reason: 'Found' }] },
  );
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'FlowSchema', schema), ['system-nodes', 'system', 500, 'ByUser', '5d', 'False']);
});

test('FlowSchema: precedence defaults to 1000, no distinguisher prints <none>, an unjudged reference ?', (t) => {
  const schema = flowSchema('catch-all', { priorityLevelConfiguration: { name: 'catch-all' } });
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'FlowSchema', schema), ['catch-all', 'catch-all', 1000, '<none>', '5d', '?']);
  const dangling = flowSchema('broken', { priorityLevelConfiguration: { name: 'gone' }, matchingPrecedence: 0 }, { conditions: [{ type: 'Dangling', status: 'True' }] });
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'FlowSchema', dangling).slice(2), [1000, '<none>', '5d', 'True']);
});

test('FlowSchema Tables print rows by matching precedence, then name', (t) => {
  const list = [
    flowSchema('global-default', { matchingPrecedence: 9900 }),
    flowSchema('catch-all', { matchingPrecedence: 10000 }),
    flowSchema('workload-leader-election', {}),
    flowSchema('exempt', { matchingPrecedence: 1 }),
    flowSchema('endpoint-controller', { matchingPrecedence: 1000 }),
  ];
  const table = toTable(columnsOf('flowcontrol.apiserver.k8s.io', 'FlowSchema'), list, 'None', {});
  t.deepEqual(
    (table.rows as { cells: unknown[] }[]).map((row) => row.cells[0]),
    ['exempt', 'endpoint-controller', 'workload-leader-election', 'global-default', 'catch-all'],
  );
});

// ---------------------------------------------------------------- PriorityLevelConfiguration

const level = (name: string, spec: JsonObject): JsonObject => ({ metadata: meta(name), spec });

test('PriorityLevelConfiguration: a queuing limited level', (t) => {
  const workload = level('workload-low', {
    type: 'Limited',
    limited: { nominalConcurrencyShares: 100, lendablePercent: 90, limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 } } },
  });
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', workload), ['workload-low', 'Limited', 100, 128, 6, 50, '5d']);
});

test('PriorityLevelConfiguration: exempt levels print <none>; rejecting levels have no queues; defaults fill the rest', (t) => {
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', level('exempt', { type: 'Exempt', exempt: {} })), [
    'exempt',
    'Exempt',
    '<none>',
    '<none>',
    '<none>',
    '<none>',
    '5d',
  ]);
  const reject = level('catch-all', { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } });
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', reject).slice(1, 6), ['Limited', 5, '<none>', '<none>', '<none>']);
  const defaulted = level('bare', { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } });
  t.deepEqual(cells('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', defaulted).slice(2, 6), [30, 64, 8, 50]);
  // v1 keeps an explicit zero share (a pointer field).
  const zero = level('zero', { type: 'Limited', limited: { nominalConcurrencyShares: 0, limitResponse: { type: 'Reject' } } });
  t.is(cells('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', zero)[2], 0);
});

// ---------------------------------------------------------------- storage.k8s.io

test('CSINode: the number of registered drivers', (t) => {
  const node: JsonObject = {
    metadata: meta('node-1'),
    spec: {
      drivers: [
        { name: 'ebs.csi.aws.com', nodeID: 'i-0abc' },
        { name: 'efs.csi.aws.com', nodeID: 'i-0abc' },
      ],
    },
  };
  t.deepEqual(cells('storage.k8s.io', 'CSINode', node), ['node-1', 2, '5d']);
  t.deepEqual(cells('storage.k8s.io', 'CSINode', { metadata: meta('node-2'), spec: {} }), ['node-2', 0, '5d']);
});

test('CSIDriver: set fields as given', (t) => {
  const driver: JsonObject = {
    metadata: meta('secrets-store.csi.k8s.io'),
    spec: {
      attachRequired: false,
      podInfoOnMount: true,
      storageCapacity: true,
      tokenRequests: [{ audience: 'api://AzureADTokenExchange' }, { audience: 'sts.amazonaws.com', expirationSeconds: 3600 }],
      requiresRepublish: true,
      volumeLifecycleModes: ['Persistent', 'Ephemeral'],
    },
  };
  t.deepEqual(cells('storage.k8s.io', 'CSIDriver', driver), [
    'secrets-store.csi.k8s.io',
    false,
    true,
    true,
    'api://AzureADTokenExchange,sts.amazonaws.com',
    true,
    'Persistent,Ephemeral',
    '5d',
  ]);
});

test('CSIDriver: unset fields read as their create-time defaults; no token requests print <unset>', (t) => {
  t.deepEqual(cells('storage.k8s.io', 'CSIDriver', { metadata: meta('ebs.csi.aws.com'), spec: {} }), ['ebs.csi.aws.com', true, false, false, '<unset>', false, 'Persistent', '5d']);
  // An empty list does not survive storage: it reads as unset.
  t.is(cells('storage.k8s.io', 'CSIDriver', { metadata: meta('x'), spec: { tokenRequests: [] } })[4], '<unset>');
  t.is(cells('storage.k8s.io', 'CSIDriver', { metadata: meta('x'), spec: { tokenRequests: [{}] } })[4], '');
});

test('VolumeAttachment: attacher, PV, node and whether it is attached', (t) => {
  const attachment: JsonObject = {
    metadata: meta('csi-0123abcd'),
    spec: { attacher: 'ebs.csi.aws.com', nodeName: 'node-1', source: { persistentVolumeName: 'pvc-42' } },
    status: { attached: true, attachmentMetadata: { devicePath: '/dev/xvdaa' } },
  };
  t.deepEqual(cells('storage.k8s.io', 'VolumeAttachment', attachment), ['csi-0123abcd', 'ebs.csi.aws.com', 'pvc-42', 'node-1', true, '5d']);
  // An inline (migrated) volume has no PV name; no status yet means not attached.
  const inline: JsonObject = { metadata: meta('csi-inline'), spec: { attacher: 'pd.csi.storage.gke.io', nodeName: 'node-2', source: { inlineVolumeSpec: {} } } };
  t.deepEqual(cells('storage.k8s.io', 'VolumeAttachment', inline), ['csi-inline', 'pd.csi.storage.gke.io', '', 'node-2', false, '5d']);
});

test('VolumeAttributesClass: driver name, and (default) for the annotated default class', (t) => {
  const gold: JsonObject = { metadata: meta('gold'), driverName: 'pd.csi.storage.gke.io', parameters: { iops: '4000' } };
  t.deepEqual(cells('storage.k8s.io', 'VolumeAttributesClass', gold), ['gold', 'pd.csi.storage.gke.io', '5d']);
  const silver: JsonObject = { metadata: meta('silver', { annotations: { 'volumeattributesclass.alpha.kubernetes.io/is-default-class': 'true' } }), driverName: 'd' };
  t.is(cells('storage.k8s.io', 'VolumeAttributesClass', silver)[0], 'silver (default)');
  // The StorageClass default annotation does not count for this kind.
  const other: JsonObject = { metadata: meta('bronze', { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }), driverName: 'd' };
  t.is(cells('storage.k8s.io', 'VolumeAttributesClass', other)[0], 'bronze');
});

test('CSIStorageCapacity: storage class and the capacity in canonical form, or <unset>', (t) => {
  const capacity: JsonObject = { metadata: { ...meta('csisc-abcde'), namespace: 'kube-system' }, storageClassName: 'fast', capacity: '100Gi', nodeTopology: {} };
  t.deepEqual(cells('storage.k8s.io', 'CSIStorageCapacity', capacity), ['csisc-abcde', 'fast', '100Gi']);
  t.deepEqual(cells('storage.k8s.io', 'CSIStorageCapacity', { ...capacity, capacity: '1024Mi' }), ['csisc-abcde', 'fast', '1Gi']);
  t.deepEqual(cells('storage.k8s.io', 'CSIStorageCapacity', { metadata: meta('empty'), storageClassName: 'fast' }), ['empty', 'fast', '<unset>']);
});

// ---------------------------------------------------------------- admissionregistration.k8s.io

test('webhook configurations: the number of webhooks', (t) => {
  const mutating: JsonObject = { metadata: meta('istio-sidecar-injector'), webhooks: [{ name: 'a.sidecar-injector.istio.io' }, { name: 'b.sidecar-injector.istio.io' }] };
  t.deepEqual(cells('admissionregistration.k8s.io', 'MutatingWebhookConfiguration', mutating), ['istio-sidecar-injector', 2, '5d']);
  t.deepEqual(cells('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', { metadata: meta('empty') }), ['empty', 0, '5d']);
});

test('ValidatingAdmissionPolicy: validation count and the param kind, or <unset>', (t) => {
  const policy: JsonObject = {
    metadata: meta('demo-policy.example.com'),
    spec: {
      failurePolicy: 'Fail',
      paramKind: { apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit' },
      validations: [{ expression: 'object.spec.replicas <= params.maxReplicas' }, { expression: 'true' }],
    },
  };
  t.deepEqual(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', policy), ['demo-policy.example.com', 2, 'rules.example.com/v1/ReplicaLimit', '5d']);
  t.deepEqual(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', { metadata: meta('no-params'), spec: {} }), ['no-params', 0, '<unset>', '5d']);
  t.is(
    cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', { metadata: meta('p'), spec: { paramKind: { kind: 'ConfigMap', apiVersion: 'v1' } } })[2],
    'v1/ConfigMap',
  );
});

test('MutatingAdmissionPolicy (v1beta1, served when enabled): mutation count and the param kind; its binding prints as a validating one', (t) => {
  // kube-apiserver 1.35.4 with MutatingAdmissionPolicy on: `kubectl get` of these objects.
  const columns = mutatingAdmissionPolicyResource.behaviour.table;
  t.deepEqual(headerOf(columns), ['Name:string(name)', 'Mutations:integer', 'ParamKind:string', 'Age:string']);
  const jsonPatch = { patchType: 'JSONPatch', jsonPatch: { expression: '[]' } };
  const withParams = { metadata: meta('add-label'), spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, mutations: [jsonPatch, jsonPatch] } };
  t.deepEqual(columns.cells(withParams, now), ['add-label', 2, 'v1/ConfigMap', '5d']);
  t.deepEqual(columns.cells({ metadata: meta('plain'), spec: { mutations: [jsonPatch] } }, now), ['plain', 1, '<unset>', '5d']);
  const bindingColumns = mutatingAdmissionPolicyBindingResource.behaviour.table;
  t.is(bindingColumns, admissionPolicyBindingColumns);
  const bound = (name: string, paramRef?: JsonObject): JsonObject => ({ metadata: meta(name), spec: { policyName: 'add-label', ...(paramRef === undefined ? {} : { paramRef }) } });
  t.deepEqual(bindingColumns.cells(bound('by-name', { name: 'cfg', namespace: 'default', parameterNotFoundAction: 'Deny' }), now), ['by-name', 'add-label', 'default/cfg', '5d']);
  t.deepEqual(bindingColumns.cells(bound('by-selector', { selector: { matchLabels: { app: 'web' } }, parameterNotFoundAction: 'Allow' }), now), [
    'by-selector',
    'add-label',
    '&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}',
    '5d',
  ]);
  t.deepEqual(bindingColumns.cells(bound('none'), now), ['none', 'add-label', '<unset>', '5d']);
});

const binding = (paramRef?: JsonObject): JsonObject => ({
  metadata: meta('demo-binding'),
  spec: { policyName: 'demo-policy.example.com', validationActions: ['Deny'], ...(paramRef === undefined ? {} : { paramRef }) },
});

test('ValidatingAdmissionPolicyBinding: a named param, with or without a namespace, or none', (t) => {
  t.deepEqual(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', binding({ name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' })), [
    'demo-binding',
    'demo-policy.example.com',
    'default/limits',
    '5d',
  ]);
  t.is(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', binding({ name: 'limits' }))[2], '*/limits');
  t.is(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', binding())[2], '<unset>');
  t.is(cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', binding({ parameterNotFoundAction: 'Allow' }))[2], '<unset>');
});

test('ValidatingAdmissionPolicyBinding: a param selector prints as the Go struct string', (t) => {
  const selected = binding({
    selector: {
      matchLabels: { tier: 'gold', app: 'web' },
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod', 'staging'] },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    },
  });
  t.is(
    cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', selected)[2],
    '&LabelSelector{MatchLabels:map[string]string{app: web,tier: gold,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[prod staging],},LabelSelectorRequirement{Key:legacy,Operator:DoesNotExist,Values:[],},},}',
  );
  t.is(
    cells('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', binding({ selector: {} }))[2],
    '&LabelSelector{MatchLabels:map[string]string{},MatchExpressions:[]LabelSelectorRequirement{},}',
  );
});

// ---------------------------------------------------------------- APIService

const apiService = (name: string, spec: JsonObject, conditions?: JsonObject[]): JsonObject => ({
  metadata: meta(name),
  spec,
  ...(conditions === undefined ? {} : { status: { conditions } }),
});

test('APIService: Local or namespace/name, and the Available condition', (t) => {
  t.deepEqual(
    cells(
      'apiregistration.k8s.io',
      'APIService',
      apiService('v1.apps', { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 }, [{ type: 'Available', status: 'True', reason: 'Local' }]),
    ),
    ['v1.apps', 'Local', 'True', '5d'],
  );
  const metrics = apiService('v1beta1.metrics.k8s.io', { service: { namespace: 'kube-system', name: 'metrics-server', port: 443 }, group: 'metrics.k8s.io', version: 'v1beta1' }, [
    { type: 'Available', status: 'False', reason: 'FailedDiscoveryCheck', message: 'failing or missing response' },
  ]);
  t.deepEqual(cells('apiregistration.k8s.io', 'APIService', metrics), ['v1beta1.metrics.k8s.io', 'kube-system/metrics-server', 'False (FailedDiscoveryCheck)', '5d']);
});

test('APIService: Unknown before any condition; a reasonless False prints bare', (t) => {
  t.is(cells('apiregistration.k8s.io', 'APIService', apiService('v1.example.com', { service: { namespace: 'ns', name: 'svc' } }))[2], 'Unknown');
  t.is(cells('apiregistration.k8s.io', 'APIService', apiService('v1.example.com', {}, [{ type: 'Other', status: 'True' }]))[2], 'Unknown');
  t.is(cells('apiregistration.k8s.io', 'APIService', apiService('v1.example.com', {}, [{ type: 'Available', status: 'False' }]))[2], 'False');
  t.is(
    cells('apiregistration.k8s.io', 'APIService', apiService('v1.example.com', {}, [{ type: 'Available', status: 'Unknown', reason: 'ServiceNotFound' }]))[2],
    'Unknown (ServiceNotFound)',
  );
});

test('ages: "<unknown>" without a creation time', (t) => {
  t.deepEqual(cells('storage.k8s.io', 'CSINode', { metadata: { name: 'n' } }), ['n', 0, '<unknown>']);
});
