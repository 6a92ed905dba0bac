// The infrastructure kinds are checked as kube-apiserver 1.35 checks them, on create and on update:
// Leases, EndpointSlices, IngressClasses, IPAddresses, ServiceCIDRs, RuntimeClasses and the CSI
// storage kinds. Invalid objects get kube's 422 message and causes; valid ones still create.

import test from 'ava';
import { assertInvalid, type Answer } from '../src/invalid-answer.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

async function send(method: string, path: string, body: unknown, contentType = 'application/json'): Promise<Answer> {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const post = (path: string, body: unknown): Promise<Answer> => send('POST', path, body);
const mergePatch = (path: string, body: unknown): Promise<Answer> => send('PATCH', path, body, 'application/merge-patch+json');

const leases = '/apis/coordination.k8s.io/v1/namespaces/default/leases';
const slices = '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices';
const ingressClasses = '/apis/networking.k8s.io/v1/ingressclasses';
const ipAddresses = '/apis/networking.k8s.io/v1/ipaddresses';
const serviceCidrs = '/apis/networking.k8s.io/v1/servicecidrs';
const runtimeClasses = '/apis/node.k8s.io/v1/runtimeclasses';
const csiDrivers = '/apis/storage.k8s.io/v1/csidrivers';
const csiNodes = '/apis/storage.k8s.io/v1/csinodes';
const attachments = '/apis/storage.k8s.io/v1/volumeattachments';
const attributesClasses = '/apis/storage.k8s.io/v1/volumeattributesclasses';
const capacities = '/apis/storage.k8s.io/v1/namespaces/default/csistoragecapacities';

test('a Lease needs a positive duration and a non-negative transition count', async (t) => {
  assertInvalid(
    t,
    await post(leases, { metadata: { name: 'negative' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 0, leaseTransitions: -1 } }),
    'Lease.coordination.k8s.io "negative" is invalid: [spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0, spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0]',
    ['spec.leaseDurationSeconds', 'spec.leaseTransitions'],
  );
  t.is((await post(leases, { metadata: { name: 'held' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0 } })).status, 201);
  assertInvalid(
    t,
    await mergePatch(`${leases}/held`, { spec: { leaseDurationSeconds: -5 } }),
    'Lease.coordination.k8s.io "held" is invalid: spec.leaseDurationSeconds: Invalid value: -5: must be greater than 0',
    ['spec.leaseDurationSeconds'],
  );
});

test('an IPv4 EndpointSlice refuses addresses of the other family and loopback, a bad node name and repeated ports', async (t) => {
  const answer = await post(slices, {
    metadata: { name: 'mixed' },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['10.1.2.3', '2001:db8::1', '127.0.0.1'], nodeName: 'Node_1' }, { addresses: [] }],
    ports: [
      { name: 'http', port: 80 },
      { name: 'http', port: 81, protocol: 'HTTP' },
    ],
  });
  assertInvalid(
    t,
    answer,
    'EndpointSlice.discovery.k8s.io "mixed" is invalid: [' +
      'endpoints[0].addresses: Invalid value: "2001:db8::1": must be an IPv4 address, ' +
      'endpoints[0].addresses[2]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128), ' +
      `endpoints[0].nodeName: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), ` +
      'endpoints[1].addresses: Required value: must contain at least 1 address, ' +
      'ports[1].name: Duplicate value: "http", ' +
      'ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"]',
    ['endpoints[0].addresses', 'endpoints[0].addresses[2]', 'endpoints[0].nodeName', 'endpoints[1].addresses', 'ports[1].name', 'ports[1].protocol'],
  );
});

test('an EndpointSlice has a known address type, FQDN addresses are domains, and the type never changes', async (t) => {
  assertInvalid(
    t,
    await post(slices, { metadata: { name: 'typeless' }, addressType: 'IP', endpoints: [] }),
    'EndpointSlice.discovery.k8s.io "typeless" is invalid: addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"',
    ['addressType'],
  );
  assertInvalid(
    t,
    await post(slices, { metadata: { name: 'names' }, addressType: 'FQDN', endpoints: [{ addresses: ['example.com.', 'localhost', ''] }] }),
    'EndpointSlice.discovery.k8s.io "names" is invalid: [endpoints[0].addresses[1]: Invalid value: "localhost": should be a domain with at least two segments separated by dots, endpoints[0].addresses[2]: Required value]',
    ['endpoints[0].addresses[1]', 'endpoints[0].addresses[2]'],
  );
  const valid = await post(slices, {
    metadata: { name: 'web' },
    addressType: 'IPv6',
    endpoints: [{ addresses: ['2001:db8::10'], hints: { forZones: [{ name: 'zone-a' }] } }],
    ports: [{ name: 'http', port: 8080 }],
  });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  t.is(valid.body.ports[0].protocol, 'TCP');
  const error = (await t.throwsAsync(
    shared.kubectl('patch', 'endpointslice', 'web', '--type=merge', '-p', '{"addressType":"IPv4","endpoints":[{"addresses":["10.0.0.9"]}]}'),
  )) as Error & {
    stderr: string;
  };
  t.is(error.stderr, 'The EndpointSlice "web" is invalid: addressType: Invalid value: "IPv4": field is immutable\n');
});

test('an IngressClass names its controller by a domain-prefixed path, fixed once set, and scopes its parameters', async (t) => {
  assertInvalid(
    t,
    await post(ingressClasses, {
      metadata: { name: 'bad' },
      spec: { controller: 'example.com', parameters: { apiGroup: 'k8s.example.com', kind: 'Params', name: 'p', scope: 'Namespace' } },
    }),
    'IngressClass.networking.k8s.io "bad" is invalid: [spec.controller: Invalid value: "example.com": must be a domain-prefixed path (such as "acme.io/foo"), spec.parameters.namespace: Required value: `parameters.scope` is set to \'Namespace\']',
    ['spec.controller', 'spec.parameters.namespace'],
  );
  assertInvalid(
    t,
    await post(ingressClasses, { metadata: { name: 'empty' }, spec: { parameters: { kind: 'a/b', name: 'p', scope: 'Cluster', namespace: 'x' } } }),
    'IngressClass.networking.k8s.io "empty" is invalid: [spec.controller: Required value, spec.parameters.kind: Invalid value: "a/b": may not contain \'/\', spec.parameters.namespace: Forbidden: `parameters.scope` is set to \'Cluster\']',
    ['spec.controller', 'spec.parameters.kind', 'spec.parameters.namespace'],
  );
  const valid = await post(ingressClasses, { metadata: { name: 'nginx' }, spec: { controller: 'k8s.io/ingress-nginx', parameters: { kind: 'Params', name: 'p' } } });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${ingressClasses}/nginx`, { spec: { controller: 'example.com/other' } }),
    'IngressClass.networking.k8s.io "nginx" is invalid: spec.controller: Invalid value: "example.com/other": field is immutable',
    ['spec.controller'],
  );
});

test('an IPAddress is named by a canonical IP and keeps the parent it was made for', async (t) => {
  assertInvalid(
    t,
    await post(ipAddresses, { metadata: { name: '192.168.77.7' }, spec: {} }),
    'IPAddress.networking.k8s.io "192.168.77.7" is invalid: spec.parentRef: Required value',
    ['spec.parentRef'],
  );
  assertInvalid(
    t,
    await post(ipAddresses, { metadata: { name: '2001:DB8::7' }, spec: { parentRef: { resource: 'services', name: 'web' } } }),
    'IPAddress.networking.k8s.io "2001:DB8::7" is invalid: metadata.name: Invalid value: "2001:DB8::7": must be in canonical form ("2001:db8::7")',
    ['metadata.name'],
  );
  const valid = await post(ipAddresses, { metadata: { name: '192.168.77.7' }, spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'web' } } });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${ipAddresses}/192.168.77.7`, { spec: { parentRef: { name: 'api' } } }),
    'IPAddress.networking.k8s.io "192.168.77.7" is invalid: spec.parentRef: Invalid value: {"Group":"","Resource":"services","Namespace":"default","Name":"api"}: field is immutable',
    ['spec.parentRef'],
  );
});

test('a ServiceCIDR holds one canonical CIDR of each family, and may only grow to dual-stack', async (t) => {
  assertInvalid(
    t,
    await post(serviceCidrs, { metadata: { name: 'crowded' }, spec: { cidrs: ['10.1.0.0/16', '10.2.0.0/16', 'fd00::/108'] } }),
    'ServiceCIDR.networking.k8s.io "crowded" is invalid: spec.cidrs: Invalid value: {"CIDRs":["10.1.0.0/16","10.2.0.0/16","fd00::/108"]}: may only hold up to 2 values',
    ['spec.cidrs'],
  );
  assertInvalid(
    t,
    await post(serviceCidrs, { metadata: { name: 'sloppy' }, spec: { cidrs: ['10.1.0.0/016', '10.2.0.0/16'] } }),
    'ServiceCIDR.networking.k8s.io "sloppy" is invalid: [spec.cidrs[0]: Invalid value: "10.1.0.0/016": must not have leading 0s in IP or prefix length, spec.cidrs: Invalid value: ["10.1.0.0/016","10.2.0.0/16"]: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64]',
    ['spec.cidrs[0]', 'spec.cidrs'],
  );
  // IsValidCIDR refuses host bits before it asks for the canonical form.
  assertInvalid(
    t,
    await post(serviceCidrs, { metadata: { name: 'hostbits' }, spec: { cidrs: ['10.1.0.1/16', 'FD00::/108'] } }),
    'ServiceCIDR.networking.k8s.io "hostbits" is invalid: [spec.cidrs[0]: Invalid value: "10.1.0.1/16": must not have bits set beyond the prefix length, spec.cidrs[1]: Invalid value: "FD00::/108": must be in canonical form ("fd00::/108")]',
    ['spec.cidrs[0]', 'spec.cidrs[1]'],
  );
  assertInvalid(
    t,
    await post(serviceCidrs, { metadata: { name: 'none' }, spec: { cidrs: [] } }),
    'ServiceCIDR.networking.k8s.io "none" is invalid: spec.cidrs: Required value: at least one CIDR required',
    ['spec.cidrs'],
  );
  const valid = await post(serviceCidrs, { metadata: { name: 'extra' }, spec: { cidrs: ['10.96.128.0/24'] } });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${serviceCidrs}/extra`, { spec: { cidrs: ['10.96.129.0/24'] } }),
    'ServiceCIDR.networking.k8s.io "extra" is invalid: spec.cidrs[0]: Invalid value: "10.96.129.0/24": field is immutable',
    ['spec.cidrs[0]'],
  );
  const dualStack = await mergePatch(`${serviceCidrs}/extra`, { spec: { cidrs: ['10.96.128.0/24', 'fd00:10::/112'] } });
  t.is(dualStack.status, 200, JSON.stringify(dualStack.body));
});

test('a RuntimeClass has a DNS-label handler that never changes, a non-negative overhead and valid tolerations', async (t) => {
  assertInvalid(
    t,
    await post(runtimeClasses, {
      metadata: { name: 'odd' },
      handler: 'run.sc',
      overhead: { podFixed: { cpu: '-100m' } },
      scheduling: {
        nodeSelector: { 'runtime/ok': 'yes' },
        tolerations: [
          { operator: 'Equal', value: 'x' },
          { key: 'k', operator: 'Exists', value: 'v' },
          { key: 'k', tolerationSeconds: 5, effect: 'NoSchedule' },
        ],
      },
    }),
    'RuntimeClass.node.k8s.io "odd" is invalid: [handler: Invalid value: "run.sc": must not contain dots, ' +
      'overhead.limits[cpu]: Invalid value: "-100m": must be greater than or equal to 0, ' +
      'scheduling.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys", ' +
      'scheduling.tolerations[1].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\', ' +
      'scheduling.tolerations[2].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set]',
    ['handler', 'overhead.limits[cpu]', 'scheduling.tolerations[0].operator', 'scheduling.tolerations[1].operator', 'scheduling.tolerations[2].effect'],
  );
  assertInvalid(
    t,
    await post(runtimeClasses, { metadata: { name: 'gpu' }, handler: 'runc', overhead: { podFixed: { gpu: '1' } } }),
    'RuntimeClass.node.k8s.io "gpu" is invalid: [overhead.limits[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified, overhead.limits[gpu]: Invalid value: "gpu": must be a standard resource for containers]',
    ['overhead.limits[gpu]', 'overhead.limits[gpu]'],
  );
  const valid = await post(runtimeClasses, {
    metadata: { name: 'gvisor' },
    handler: 'runsc',
    overhead: { podFixed: { cpu: '250m', memory: '64Mi' } },
    scheduling: { nodeSelector: { sandbox: 'true' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  const error = (await t.throwsAsync(shared.kubectl('patch', 'runtimeclass', 'gvisor', '--type=merge', '-p', '{"handler":"kata"}'))) as Error & { stderr: string };
  t.is(error.stderr, 'The RuntimeClass "gvisor" is invalid: handler: Invalid value: "kata": field is immutable\n');
});

test('a CSIDriver has a known fsGroupPolicy, unique token audiences and lifecycle modes kube knows; attachRequired is fixed', async (t) => {
  assertInvalid(
    t,
    await post(csiDrivers, {
      metadata: { name: 'bad.csi.example.com' },
      spec: {
        fsGroupPolicy: 'Always',
        volumeLifecycleModes: ['Persistent', 'Forever'],
        tokenRequests: [{ audience: 'vault', expirationSeconds: 60 }, { audience: 'vault' }],
      },
    }),
    'CSIDriver.storage.k8s.io "bad.csi.example.com" is invalid: [spec.fsGroupPolicy: Unsupported value: "Always": supported values: "File", "None", "ReadWriteOnceWithFSType", ' +
      'spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes, ' +
      'spec.tokenRequests[1].audience: Duplicate value: "vault", ' +
      'spec.volumeLifecycleModes: Unsupported value: "Forever": supported values: "Persistent", "Ephemeral"]',
    ['spec.fsGroupPolicy', 'spec.tokenRequests[0].expirationSeconds', 'spec.tokenRequests[1].audience', 'spec.volumeLifecycleModes'],
  );
  const valid = await post(csiDrivers, {
    metadata: { name: 'disk.csi.example.com' },
    spec: { attachRequired: true, tokenRequests: [{ audience: 'vault', expirationSeconds: 3600 }] },
  });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${csiDrivers}/disk.csi.example.com`, { spec: { attachRequired: false, volumeLifecycleModes: ['Ephemeral'] } }),
    'CSIDriver.storage.k8s.io "disk.csi.example.com" is invalid: [spec.attachedRequired: Invalid value: false: field is immutable, spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable]',
    ['spec.attachedRequired', 'spec.volumeLifecycleModes'],
  );
});

test('a CSINode lists each driver once with a node ID and a non-negative count; only the count may change', async (t) => {
  assertInvalid(
    t,
    await post(csiNodes, {
      metadata: { name: 'node-bad' },
      spec: {
        drivers: [
          { name: 'disk.csi.example.com', nodeID: 'n1', allocatable: { count: -1 } },
          { name: 'disk.csi.example.com', nodeID: '', topologyKeys: ['zone', 'zone'] },
        ],
      },
    }),
    'CSINode.storage.k8s.io "node-bad" is invalid: [spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0, ' +
      'spec.drivers[1].nodeID: Required value, spec.drivers[1].name: Duplicate value: "disk.csi.example.com", spec.drivers[1]: Duplicate value: "zone"]',
    ['spec.drivers[0].allocatable.count', 'spec.drivers[1].nodeID', 'spec.drivers[1].name', 'spec.drivers[1]'],
  );
  const valid = await post(csiNodes, {
    metadata: { name: 'node-1' },
    spec: { drivers: [{ name: 'disk.csi.example.com', nodeID: 'n1', topologyKeys: ['zone'], allocatable: { count: 8 } }] },
  });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  const counted = await mergePatch(`${csiNodes}/node-1`, {
    spec: { drivers: [{ name: 'disk.csi.example.com', nodeID: 'n1', topologyKeys: ['zone'], allocatable: { count: 16 } }] },
  });
  t.is(counted.status, 200, JSON.stringify(counted.body));
  assertInvalid(
    t,
    await mergePatch(`${csiNodes}/node-1`, { spec: { drivers: [{ name: 'disk.csi.example.com', nodeID: 'n2', topologyKeys: ['zone'], allocatable: { count: 16 } }] } }),
    'CSINode.storage.k8s.io "node-1" is invalid: spec.drivers: Invalid value: {"Name":"disk.csi.example.com","NodeID":"n2","TopologyKeys":["zone"],"Allocatable":null}: field is immutable',
    ['spec.drivers'],
  );
});

test('a VolumeAttachment has one source, a CSI attacher and a node; its spec never changes', async (t) => {
  assertInvalid(
    t,
    await post(attachments, { metadata: { name: 'nowhere' }, spec: { attacher: 'Disk_CSI', source: {}, nodeName: '' } }),
    'VolumeAttachment.storage.k8s.io "nowhere" is invalid: [spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName, ' +
      `spec.nodeName: Invalid value: "": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), ` +
      `spec.attacher: Invalid value: "Disk_CSI": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]`,
    ['spec.source', 'spec.nodeName', 'spec.attacher'],
  );
  assertInvalid(
    t,
    await post(attachments, {
      metadata: { name: 'both' },
      spec: { attacher: 'disk.csi.example.com', source: { persistentVolumeName: 'pv-1', inlineVolumeSpec: {} }, nodeName: 'node-1' },
    }),
    'VolumeAttachment.storage.k8s.io "both" is invalid: spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
    ['spec.source'],
  );
  const valid = await post(attachments, {
    metadata: { name: 'attached' },
    spec: { attacher: 'disk.csi.example.com', source: { persistentVolumeName: 'pv-1' }, nodeName: 'node-1' },
  });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${attachments}/attached`, { spec: { nodeName: 'node-2' } }),
    'VolumeAttachment.storage.k8s.io "attached" is invalid: spec: Invalid value: {"Attacher":"disk.csi.example.com","Source":{"PersistentVolumeName":"pv-1","InlineVolumeSpec":null},"NodeName":"node-2"}: field is immutable',
    ['spec'],
  );
});

test('a VolumeAttributesClass needs a driver and parameters, and may change neither', async (t) => {
  assertInvalid(
    t,
    await post(attributesClasses, { metadata: { name: 'bare' }, driverName: '' }),
    'VolumeAttributesClass.storage.k8s.io "bare" is invalid: [driverName: Required value, parameters: Required value: must contain at least one key/value pair]',
    ['driverName', 'parameters'],
  );
  const valid = await post(attributesClasses, { metadata: { name: 'gold' }, driverName: 'disk.csi.example.com', parameters: { iops: '3000' } });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${attributesClasses}/gold`, { driverName: 'other.csi.example.com', parameters: { iops: '6000' } }),
    'VolumeAttributesClass.storage.k8s.io "gold" is invalid: [driverName: Forbidden: updates to driverName are forbidden., parameters: Forbidden: updates to parameters are forbidden.]',
    ['driverName', 'parameters'],
  );
});

test('a CSIStorageCapacity names a valid class and a non-negative capacity; its topology and class are fixed', async (t) => {
  assertInvalid(
    t,
    await post(capacities, { metadata: { name: 'negative' }, storageClassName: 'Fast', capacity: '-1024Mi' }),
    'CSIStorageCapacity.storage.k8s.io "negative" is invalid: [' +
      `storageClassName: Invalid value: "Fast": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), ` +
      'capacity: Invalid value: "-1Gi": must be greater than or equal to 0]',
    ['storageClassName', 'capacity'],
  );
  const valid = await post(capacities, { metadata: { name: 'zone-a' }, storageClassName: 'fast', capacity: '100Gi', nodeTopology: { matchLabels: { zone: 'a' } } });
  t.is(valid.status, 201, JSON.stringify(valid.body));
  assertInvalid(
    t,
    await mergePatch(`${capacities}/zone-a`, { storageClassName: 'slow', capacity: '50Gi' }),
    'CSIStorageCapacity.storage.k8s.io "zone-a" is invalid: storageClassName: Invalid value: "slow": field is immutable',
    ['storageClassName'],
  );
});
