// The Table columns kube-apiserver 1.35 prints for PodTemplate, ResourceQuota, PodDisruptionBudget,
// IngressClass, NetworkPolicy, ServiceCIDR, IPAddress and RuntimeClass (LimitRange has no printer),
// and the cells its printers compute for realistic and odd objects.

import test from 'ava';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import {
  ingressClassColumns,
  ipAddressColumns,
  networkPolicyColumns,
  podDisruptionBudgetColumns,
  podTemplateColumns,
  resourceQuotaColumns,
  runtimeClassColumns,
  serviceCIDRColumns,
} from '../src/table/columns/policy-network-columns.ts';
import { defaultColumns, type TableColumns } from '../src/table/table-columns.ts';
import { toTable } from '../src/table/to-table.ts';
import { builtinDefinition } from './builtin-definition.ts';

const now = Date.parse('2025-06-01T12:00:00Z');
const fiveDaysAgo = '2025-05-27T12:00:00Z';
const meta = (name: string, extra: JsonObject = {}): JsonObject => ({ name, namespace: 'default', uid: 'u-1', creationTimestamp: fiveDaysAgo, ...extra });

/** The columns the kind's declaration names. */
const columnsOf = (group: string, kind: string): TableColumns => builtinDefinition(group, kind).behaviour.table;
const cells = (group: string, kind: string, object: JsonObject): unknown[] => columnsOf(group, kind).cells(object, now);
const header = (group: string, kind: string): string[] => columnsOf(group, kind).definitions.map((d) => `${d.name}${d.priority === 1 ? '*' : ''}:${d.type}`);

/** [group/Kind, columns] of each kind policy-network-columns.ts prints. */
const printers: ReadonlyArray<readonly [string, TableColumns]> = [
  ['/PodTemplate', podTemplateColumns],
  ['/ResourceQuota', resourceQuotaColumns],
  ['policy/PodDisruptionBudget', podDisruptionBudgetColumns],
  ['networking.k8s.io/IngressClass', ingressClassColumns],
  ['networking.k8s.io/NetworkPolicy', networkPolicyColumns],
  ['networking.k8s.io/ServiceCIDR', serviceCIDRColumns],
  ['networking.k8s.io/IPAddress', ipAddressColumns],
  ['node.k8s.io/RuntimeClass', runtimeClassColumns],
];
const printerColumns: ReadonlySet<TableColumns> = new Set(printers.map(([, columns]) => columns));

// ---------------------------------------------------------------- definitions

test('column definitions per kind: names, types and priorities as kube declares them', (t) => {
  t.deepEqual(header('', 'PodTemplate'), ['Name:string', 'Containers:string', 'Images:string', 'Pod Labels:string']);
  t.deepEqual(header('', 'ResourceQuota'), ['Name:string', 'Request:string', 'Limit:string', 'Age:string']);
  t.deepEqual(header('policy', 'PodDisruptionBudget'), ['Name:string', 'Min Available:string', 'Max Unavailable:string', 'Allowed Disruptions:integer', 'Age:string']);
  t.deepEqual(header('networking.k8s.io', 'IngressClass'), ['Name:string', 'Controller:string', 'Parameters:string', 'Age:string']);
  t.deepEqual(header('networking.k8s.io', 'NetworkPolicy'), ['Name:string', 'Pod-Selector:string', 'Age:string']);
  t.deepEqual(header('networking.k8s.io', 'ServiceCIDR'), ['Name:string', 'CIDRs:string', 'Age:string']);
  t.deepEqual(header('networking.k8s.io', 'IPAddress'), ['Name:string', 'ParentRef:string']);
  t.deepEqual(header('node.k8s.io', 'RuntimeClass'), ['Name:string', 'Handler:string', 'Age:string']);
});

test('every column has a description; Name is name-formatted; only Name and Age share the common definitions', (t) => {
  for (const [key, columns] of printers) {
    const [group = '', kind = ''] = key.split('/');
    t.is(columnsOf(group, kind), columns, key);
    for (const definition of columns.definitions) t.true(definition.description.length > 0, `${key} ${definition.name}`);
    t.deepEqual(columns.definitions[0]?.format, 'name', key);
    t.true(
      columns.definitions.slice(1).every((d) => d.format === ''),
      key,
    );
  }
  t.is(builtinResources.filter((definition) => printerColumns.has(definition.behaviour.table)).length, 8);
});

test('LimitRange has no printer in kube: it keeps Name and Created At', (t) => {
  t.deepEqual(header('', 'LimitRange'), ['Name:string', 'Created At:date']);
  t.deepEqual(cells('', 'LimitRange', { metadata: meta('limits') }), ['limits', '2025-05-27T12:00:00Z']);
  t.is(columnsOf('', 'LimitRange'), defaultColumns);
  t.false(printerColumns.has(columnsOf('', 'LimitRange')));
});

// ---------------------------------------------------------------- PodTemplate

test('PodTemplate: containers and images joined by commas, the template labels sorted, no Age', (t) => {
  const template: JsonObject = {
    metadata: meta('web-template'),
    template: {
      metadata: { labels: { tier: 'frontend', app: 'web' } },
      spec: {
        containers: [
          { name: 'nginx', image: 'nginx:1.27' },
          { name: 'sidecar', image: 'busybox' },
        ],
      },
    },
  };
  t.deepEqual(cells('', 'PodTemplate', template), ['web-template', 'nginx,sidecar', 'nginx:1.27,busybox', 'app=web,tier=frontend']);
  t.deepEqual(cells('', 'PodTemplate', { metadata: meta('bare') }), ['bare', '', '', '<none>']);
});

// ---------------------------------------------------------------- ResourceQuota

test('ResourceQuota: used/hard per resource, sorted, limits.* in the Limit cell, quantities canonical', (t) => {
  const quota: JsonObject = {
    metadata: meta('compute'),
    spec: { hard: { 'requests.cpu': '1', pods: '10' } },
    status: {
      hard: { pods: '10', 'requests.cpu': '1000m', 'requests.memory': '1024Mi', 'limits.cpu': '2', 'limits.memory': '2Gi', 'count/configmaps': 5 },
      used: { pods: '3', 'requests.cpu': '250m', 'requests.memory': '512Mi', 'limits.cpu': '500m' },
    },
  };
  t.deepEqual(cells('', 'ResourceQuota', quota), [
    'compute',
    'count/configmaps: 0/5, pods: 3/10, requests.cpu: 250m/1, requests.memory: 512Mi/1Gi',
    'limits.cpu: 500m/2, limits.memory: 0/2Gi',
    '5d',
  ]);
});

test('ResourceQuota: nothing enforced yet prints empty cells; a lone "limits" is a request resource', (t) => {
  t.deepEqual(cells('', 'ResourceQuota', { metadata: meta('new'), spec: { hard: { pods: '4' } } }), ['new', '', '', '5d']);
  t.deepEqual(cells('', 'ResourceQuota', { metadata: meta('odd'), status: { hard: { limits: '1', 'limits.': '2' }, used: { limits: '1' } } }), [
    'odd',
    'limits: 1/1',
    'limits.: 0/2',
    '5d',
  ]);
});

// ---------------------------------------------------------------- PodDisruptionBudget

test('PodDisruptionBudget: int or percent bounds, N/A when unset, disruptions as an integer', (t) => {
  const byCount: JsonObject = { metadata: meta('web-pdb'), spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: 1 } };
  t.deepEqual(cells('policy', 'PodDisruptionBudget', byCount), ['web-pdb', '2', 'N/A', 1, '5d']);
  const byPercent: JsonObject = { metadata: meta('db-pdb'), spec: { maxUnavailable: '25%' }, status: {} };
  t.deepEqual(cells('policy', 'PodDisruptionBudget', byPercent), ['db-pdb', 'N/A', '25%', 0, '5d']);
  t.deepEqual(cells('policy', 'PodDisruptionBudget', { metadata: meta('zero'), spec: { maxUnavailable: 0 } }), ['zero', 'N/A', '0', 0, '5d']);
});

// ---------------------------------------------------------------- IngressClass

test('IngressClass: controller and Kind.apiGroup/name parameters; no (default) marker in 1.35', (t) => {
  const nginx: JsonObject = {
    metadata: meta('nginx', { annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }),
    spec: { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'nginx-config', scope: 'Cluster' } },
  };
  t.deepEqual(cells('networking.k8s.io', 'IngressClass', nginx), ['nginx', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/nginx-config', '5d']);
  const coreParameters: JsonObject = {
    metadata: meta('core'),
    spec: { controller: 'example.com/lb', parameters: { kind: 'ConfigMap', name: 'lb-config', namespace: 'ops', scope: 'Namespace' } },
  };
  t.deepEqual(cells('networking.k8s.io', 'IngressClass', coreParameters), ['core', 'example.com/lb', 'ConfigMap/lb-config', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'IngressClass', { metadata: meta('plain'), spec: { controller: 'example.com/lb' } }), ['plain', 'example.com/lb', '<none>', '5d']);
  // An apiGroup that is set but empty still adds the dot, as kube's non-nil pointer does.
  const emptyGroup: JsonObject = { metadata: meta('dot'), spec: { parameters: { apiGroup: '', kind: 'ConfigMap', name: 'c' } } };
  t.deepEqual(cells('networking.k8s.io', 'IngressClass', emptyGroup), ['dot', '', 'ConfigMap./c', '5d']);
});

// ---------------------------------------------------------------- NetworkPolicy

test('NetworkPolicy: the pod selector as a label selector string, <none> for all pods', (t) => {
  const policy: JsonObject = {
    metadata: meta('allow-web'),
    spec: { podSelector: { matchLabels: { role: 'db', app: 'web' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }] }, policyTypes: ['Ingress'] },
  };
  t.deepEqual(cells('networking.k8s.io', 'NetworkPolicy', policy), ['allow-web', 'app=web,env in (dev,prod),role=db', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'NetworkPolicy', { metadata: meta('deny-all'), spec: { podSelector: {} } }), ['deny-all', '<none>', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'NetworkPolicy', { metadata: meta('exists'), spec: { podSelector: { matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] } } }), [
    'exists',
    '!team',
    '5d',
  ]);
  t.deepEqual(cells('networking.k8s.io', 'NetworkPolicy', { metadata: meta('bad'), spec: { podSelector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } } }), [
    'bad',
    '<error>',
    '5d',
  ]);
});

// ---------------------------------------------------------------- ServiceCIDR and IPAddress

test('ServiceCIDR: the CIDRs joined by commas', (t) => {
  const dual: JsonObject = { metadata: { name: 'kubernetes', creationTimestamp: fiveDaysAgo }, spec: { cidrs: ['10.96.0.0/16', 'fd00:10:96::/112'] } };
  t.deepEqual(cells('networking.k8s.io', 'ServiceCIDR', dual), ['kubernetes', '10.96.0.0/16,fd00:10:96::/112', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'ServiceCIDR', { metadata: { name: 'empty' } }), ['empty', '', '<unknown>']);
});

test('IPAddress: resource[.group][/namespace]/name of the parent, lower-cased, and the age as an undeclared third cell', (t) => {
  const serviceIP: JsonObject = {
    metadata: { name: '10.96.0.1', creationTimestamp: fiveDaysAgo },
    spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'kubernetes' } },
  };
  t.deepEqual(cells('networking.k8s.io', 'IPAddress', serviceIP), ['10.96.0.1', 'services/default/kubernetes', '5d']);
  const gatewayIP: JsonObject = {
    metadata: { name: '192.168.1.10', creationTimestamp: fiveDaysAgo },
    spec: { parentRef: { group: 'Gateway.Networking.K8s.io', resource: 'Gateways', name: 'Edge' } },
  };
  t.deepEqual(cells('networking.k8s.io', 'IPAddress', gatewayIP), ['192.168.1.10', 'gateways.gateway.networking.k8s.io/Edge', '5d']);
  t.deepEqual(cells('networking.k8s.io', 'IPAddress', { metadata: { name: '2001:db8::1' } }), ['2001:db8::1', '<none>', '<unknown>']);
});

// ---------------------------------------------------------------- RuntimeClass

test('RuntimeClass: the handler', (t) => {
  t.deepEqual(cells('node.k8s.io', 'RuntimeClass', { metadata: { name: 'gvisor', creationTimestamp: fiveDaysAgo }, handler: 'runsc' }), ['gvisor', 'runsc', '5d']);
  t.deepEqual(cells('node.k8s.io', 'RuntimeClass', { metadata: { name: 'none' } }), ['none', '', '<unknown>']);
});

// ---------------------------------------------------------------- robustness

const oddObjects: readonly JsonObject[] = [
  {},
  { metadata: null, spec: null, status: null, template: null, handler: null },
  { metadata: 'x', spec: 7, status: [], template: 'x', handler: 5 },
  {
    metadata: { name: 5, creationTimestamp: 'not a date' },
    template: { metadata: { labels: [] }, spec: { containers: {} } },
    spec: { minAvailable: null, maxUnavailable: {}, parameters: 'x', podSelector: { matchExpressions: [null] }, cidrs: [5, null, '10.0.0.0/8'], parentRef: [] },
    status: { hard: { pods: null, cpu: {} }, used: 'x', disruptionsAllowed: 'many' },
  },
];

test('every printer gives scalar cells (one per column, IPAddress one more) and never throws, whatever the object holds', (t) => {
  for (const [key, columns] of printers) {
    const expected = columns.definitions.length + (key === 'networking.k8s.io/IPAddress' ? 1 : 0);
    for (const object of oddObjects) {
      const row = columns.cells(object, now);
      t.is(row.length, expected, key);
      t.true(
        row.every((cell) => ['string', 'number', 'boolean'].includes(typeof cell)),
        `${key} cells are scalars`,
      );
    }
  }
});

test('odd objects read as Go zero values', (t) => {
  const odd = oddObjects[3] ?? {};
  t.deepEqual(cells('', 'ResourceQuota', odd), ['', 'cpu: 0/0, pods: 0/0', '', '<unknown>']);
  t.deepEqual(cells('policy', 'PodDisruptionBudget', odd), ['', 'N/A', 'N/A', 0, '<unknown>']);
  t.deepEqual(cells('networking.k8s.io', 'ServiceCIDR', odd), ['', ',,10.0.0.0/8', '<unknown>']);
  t.deepEqual(cells('networking.k8s.io', 'IPAddress', odd), ['', '/', '<unknown>']);
  t.deepEqual(cells('networking.k8s.io', 'IngressClass', odd), ['', '', '/', '<unknown>']);
  t.deepEqual(cells('', 'PodTemplate', odd), ['', '', '', '<none>']);
});

test('a Table of IPAddresses carries the two declared columns and three cells a row, as kube-apiserver sends it', (t) => {
  const table = toTable(columnsOf('networking.k8s.io', 'IPAddress'), [{ metadata: { name: '10.96.0.10', creationTimestamp: fiveDaysAgo } }], 'None', {});
  t.is((table.columnDefinitions as unknown[]).length, 2);
  const rowCells = (table.rows as JsonObject[])[0]?.cells as unknown[];
  t.deepEqual(rowCells.slice(0, 2), ['10.96.0.10', '<none>']);
  t.regex(String(rowCells[2]), /^\d+[dy]/);
});
