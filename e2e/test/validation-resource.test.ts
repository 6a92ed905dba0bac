// resource.k8s.io/v1 (dynamic resource allocation) objects kube-apiserver 1.35 would refuse are
// refused with its 422 and its messages; valid ones still create, and fixed fields stay fixed.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const send = async (method: string, path: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: Record<string, any> }> => {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const post = (path: string, body: unknown) => send('POST', path, body);
const causes = (body: Record<string, any>): string[] => body.details.causes.map((cause: { field: string; message: string }) => `${cause.field}: ${cause.message}`);

const group = '/apis/resource.k8s.io/v1';
const claims = `${group}/namespaces/default/resourceclaims`;
const subdomainMessage =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const emptyCel =
  "compilation failed: ERROR: <input>:1:0: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const unknownRequest = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

test('a DeviceClass with a selector without CEL, an empty expression and broken driver configuration is refused', async (t) => {
  const { status, body } = await post(`${group}/deviceclasses`, {
    metadata: { name: 'broken-class' },
    spec: {
      selectors: [{}, { cel: { expression: '' } }, { cel: { expression: 'device.driver == "gpu.example.com"' } }],
      config: [{ opaque: { driver: '-gpu', parameters: [1] } }, { opaque: { driver: 'gpu.example.com' } }, {}],
    },
  });
  t.is(status, 422);
  t.is(body.reason, 'Invalid');
  t.deepEqual(body.details.causes[0], { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.selectors[0].cel' });
  t.deepEqual(causes(body), [
    'spec.selectors[0].cel: Required value',
    `spec.selectors[1].cel.expression: Invalid value: "": ${emptyCel}`,
    `spec.config[0].opaque.driver: Invalid value: "-gpu": ${subdomainMessage}`,
    'spec.config[0].opaque.parameters: Invalid value: "<value omitted>": must be a valid JSON object',
    'spec.config[1].opaque.parameters: Required value',
    'spec.config[2].opaque: Required value',
  ]);
  t.true(body.message.startsWith('DeviceClass.resource.k8s.io "broken-class" is invalid: [spec.selectors[0].cel: Required value, '));
});

test('a valid DeviceClass creates, and too many selectors or oversized parameters are refused', async (t) => {
  const valid = await post(`${group}/deviceclasses`, {
    metadata: { name: 'gpu.example.com' },
    spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }], config: [{ opaque: { driver: 'gpu.example.com', parameters: { sharing: 'none' } } }] },
  });
  t.is(valid.status, 201);
  const many = await post(`${group}/deviceclasses`, {
    metadata: { name: 'many' },
    spec: {
      selectors: Array.from({ length: 33 }, () => ({ cel: { expression: 'true' } })),
      config: [{ opaque: { driver: 'gpu.example.com', parameters: { blob: 'x'.repeat(10 * 1024) } } }],
    },
  });
  t.is(many.status, 422);
  t.is(
    many.body.message,
    'DeviceClass.resource.k8s.io "many" is invalid: [spec.selectors: Too many: 33: must have at most 32 items, spec.config[0].opaque.parameters: Too long: may not be more than 10240 bytes]',
  );
});

test("a ResourceClaim whose requests, constraints and configuration break kube's rules answers every error", async (t) => {
  const { status, body } = await post(claims, {
    metadata: { name: 'broken-claim' },
    spec: {
      devices: {
        requests: [
          { name: 'gpu', exactly: { deviceClassName: 'Bad_Class', allocationMode: 'All', count: 2 } },
          { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'Some' } },
          { name: 'both', exactly: { deviceClassName: 'gpu.example.com' }, firstAvailable: [{ name: 'a', deviceClassName: 'gpu.example.com' }] },
          { name: 'None' },
          {
            name: 'alts',
            firstAvailable: [
              { name: 'one', deviceClassName: '' },
              { name: 'one', deviceClassName: 'gpu.example.com', count: -1 },
            ],
          },
        ],
        constraints: [{ requests: ['gpu', 'missing', 'alts/one', 'gpu'], matchAttribute: 'model' }, { requests: [] }],
        config: [{ requests: ['a/b/c'], opaque: { driver: 'gpu.example.com', parameters: {} } }],
      },
    },
  });
  t.is(status, 422);
  const request = 'spec.devices.requests';
  t.deepEqual(causes(body), [
    `${request}[0].exactly.deviceClassName: Invalid value: "Bad_Class": ${subdomainMessage}`,
    `${request}[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'`,
    `${request}[1].exactly.allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount"`,
    `${request}[2]: Invalid value: null: exactly one of \`exactly\` or \`firstAvailable\` is required, but multiple fields are set`,
    `${request}[3].name: Invalid value: "None": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    `${request}[3]: Required value: exactly one of \`exactly\` or \`firstAvailable\` is required`,
    `${request}[4].firstAvailable[0].deviceClassName: Required value`,
    `${request}[4].firstAvailable[1].count: Invalid value: -1: must be greater than zero`,
    `${request}[4].firstAvailable[1]: Duplicate value: "one"`,
    `${request}[1]: Duplicate value: "gpu"`,
    `spec.devices.constraints[0].requests[1]: Invalid value: "missing": ${unknownRequest}`,
    'spec.devices.constraints[0].requests[3]: Duplicate value: "gpu"',
    'spec.devices.constraints[0].matchAttribute: Invalid value: "model": a fully qualified name must be a domain and a name separated by a slash',
    'spec.devices.constraints[1].matchAttribute: Required value',
    `spec.devices.config[0].requests[0]: Invalid value: "a/b/c": ${unknownRequest}`,
  ]);
});

test('a valid ResourceClaim creates, keeps its spec fixed and may still be relabelled', async (t) => {
  const created = await post(claims, {
    metadata: { name: 'gpu-claim' },
    spec: {
      devices: {
        requests: [
          {
            name: 'gpu',
            exactly: { deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.capacity["gpu.example.com"].memory.compareTo(quantity("10Gi")) >= 0' } }] },
          },
          {
            name: 'nic',
            firstAvailable: [
              { name: 'fast', deviceClassName: 'nic.example.com', allocationMode: 'All' },
              { name: 'slow', deviceClassName: 'nic.example.com', count: 2 },
            ],
          },
        ],
        constraints: [{ requests: ['gpu', 'nic/fast'], matchAttribute: 'example.com/pcieRoot' }],
        config: [{ requests: ['nic/slow'], opaque: { driver: 'nic.example.com', parameters: { mtu: 9000 } } }],
      },
    },
  });
  t.is(created.status, 201);
  const changed = structuredClone(created.body);
  changed.spec.devices.requests[0].exactly.deviceClassName = 'other.example.com';
  const refused = await send('PUT', `${claims}/gpu-claim`, changed);
  t.is(refused.status, 422);
  t.is(
    refused.body.message,
    'ResourceClaim.resource.k8s.io "gpu-claim" is invalid: spec: Invalid value: {"Devices":{"Requests":[{"Name":"gpu","Exactly":{"DeviceClassName":"other.example.com","Selectors":[{"CEL":{"Expression":"device.capacity[\\"gpu.example.com\\"].memory.compareTo(quantity(\\"10Gi\\")) \\u003e= 0"}}],"AllocationMode":"ExactCount","Count":1,"AdminAccess":null,"Tolerations":null,"Capacity":null},"FirstAvailable":null},{"Name":"nic","Exactly":null,"FirstAvailable":[{"Name":"fast","DeviceClassName":"nic.example.com","Selectors":null,"AllocationMode":"All","Count":0,"Tolerations":null,"Capacity":null},{"Name":"slow","DeviceClassName":"nic.example.com","Selectors":null,"AllocationMode":"ExactCount","Count":2,"Tolerations":null,"Capacity":null}]}],"Constraints":[{"Requests":["gpu","nic/fast"],"MatchAttribute":"example.com/pcieRoot","DistinctAttribute":null}],"Config":[{"Requests":["nic/slow"],"Opaque":{"Driver":"nic.example.com","Parameters":{"mtu":9000}}}]}}: field is immutable',
  );
  const relabelled = await send('PATCH', `${claims}/gpu-claim`, { metadata: { labels: { team: 'ml' } } }, 'application/merge-patch+json');
  t.is(relabelled.status, 200);
  t.is(relabelled.body.metadata.labels.team, 'ml');
});

test("kubectl shows kube's error for a claim whose request names no device class", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-claim-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = {
    apiVersion: 'resource.k8s.io/v1',
    kind: 'ResourceClaim',
    metadata: { name: 'classless', namespace: 'default' },
    spec: { devices: { requests: [{ name: 'gpu', exactly: {} }] } },
  };
  writeFileSync(join(dir, 'claim.json'), JSON.stringify(manifest));
  const refused = (await t.throwsAsync(shared.kubectl('create', '-f', join(dir, 'claim.json')))) as Error & { stderr: string };
  t.is(refused.stderr, 'The ResourceClaim "classless" is invalid: spec.devices.requests[0].exactly.deviceClassName: Required value\n');
});

test('a ResourceClaimTemplate checks its claim metadata and spec, and keeps its spec fixed', async (t) => {
  const templates = `${group}/namespaces/default/resourceclaimtemplates`;
  const refused = await post(templates, {
    metadata: { name: 'broken-template' },
    spec: {
      metadata: { name: 'fixed', uid: 'abc', labels: { 'bad key!': 'x' }, creationTimestamp: null },
      spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', count: -3 } }] } },
    },
  });
  t.is(refused.status, 422);
  t.deepEqual(causes(refused.body), [
    "spec.metadata.labels: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    'spec.metadata.name: Forbidden: cannot be set',
    'spec.metadata.uID: Forbidden: cannot be set',
    'spec.spec.devices.requests[0].exactly.count: Invalid value: -3: must be greater than zero',
  ]);
  const created = await post(templates, {
    metadata: { name: 'gpu-template' },
    spec: { metadata: { labels: { app: 'trainer' } }, spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } } },
  });
  t.is(created.status, 201);
  const changed = structuredClone(created.body);
  changed.spec.spec.devices.requests[0].name = 'tpu';
  const immutable = await send('PUT', `${templates}/gpu-template`, changed);
  t.is(immutable.status, 422);
  t.is(
    immutable.body.message,
    'ResourceClaimTemplate.resource.k8s.io "gpu-template" is invalid: spec: Invalid value: {"labels":{"app":"trainer"},"Spec":{"Devices":{"Requests":[{"Name":"tpu","Exactly":{"DeviceClassName":"gpu.example.com","Selectors":null,"AllocationMode":"ExactCount","Count":1,"AdminAccess":null,"Tolerations":null,"Capacity":null},"FirstAvailable":null}],"Constraints":null,"Config":null}}}: field is immutable',
  );
});

test('a ResourceSlice needs one node selection, a counted pool and well-formed devices', async (t) => {
  const { status, body } = await post(`${group}/resourceslices`, {
    metadata: { name: 'broken-slice' },
    spec: {
      driver: 'gpu.example.com',
      pool: { name: 'node-1/Pool', generation: -1 },
      devices: [
        {
          name: 'gpu-0',
          attributes: { model: { string: 'a100', int: 3 }, 'example.com/driverVersion': { version: '1.2' }, '9lives': { bool: true }, empty: {} },
          capacity: { 'bad-name': { value: '1' } },
        },
        { name: 'gpu-0' },
      ],
    },
  });
  t.is(status, 422);
  const device = 'spec.devices[0]';
  t.deepEqual(causes(body), [
    `spec.pool.name: Invalid value: "Pool": ${subdomainMessage}`,
    'spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero',
    'spec.pool.generation: Invalid value: -1: must be greater than or equal to zero',
    'spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required',
    `${device}.attributes[model]: Invalid value: {"IntValue":3,"BoolValue":null,"StringValue":"a100","VersionValue":null}: exactly one value must be specified`,
    `${device}.attributes[example.com/driverVersion].version: Invalid value: "1.2": must be a string compatible with semver.org spec 2.0.0`,
    `${device}.attributes[9lives]: Invalid value: "9lives": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')`,
    `${device}.attributes[empty]: Invalid value: "": exactly one value must be specified`,
    `${device}.capacity[bad-name]: Invalid value: "bad-name": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')`,
    'spec.devices[1]: Duplicate value: "gpu-0"',
  ]);
  const crowded = await post(`${group}/resourceslices`, {
    metadata: { name: 'crowded' },
    spec: { driver: 'gpu.example.com', pool: { name: 'p', resourceSliceCount: 1 }, nodeName: 'node-1', allNodes: true, nodeSelector: { nodeSelectorTerms: [] } },
  });
  t.is(crowded.status, 422);
  t.deepEqual(causes(crowded.body), [
    'spec.nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term',
    'spec.nodeSelector.nodeSelectorTerms: Invalid value: []: must have exactly one node selector term',
    'spec: Invalid value: "{`nodeName`, `nodeSelector`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set',
  ]);
});

test('a valid ResourceSlice creates, and its driver and node name are fixed', async (t) => {
  const slices = `${group}/resourceslices`;
  const created = await post(slices, {
    metadata: { name: 'node-1-gpu' },
    spec: {
      driver: 'gpu.example.com',
      nodeName: 'node-1',
      pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 },
      devices: [
        { name: 'gpu-0', attributes: { model: { string: 'a100' }, 'gpu.example.com/driverVersion': { version: '1.2.3-rc.1+build.5' } }, capacity: { memory: { value: '40Gi' } } },
      ],
    },
  });
  t.is(created.status, 201);
  const moved = structuredClone(created.body);
  moved.spec.driver = 'tpu.example.com';
  moved.spec.nodeName = 'node-2';
  moved.spec.pool.name = 'node-2';
  const refused = await send('PUT', `${slices}/node-1-gpu`, moved);
  t.is(refused.status, 422);
  t.deepEqual(causes(refused.body), [
    'spec.pool.name: Invalid value: "node-2": field is immutable',
    'spec.driver: Invalid value: "tpu.example.com": field is immutable',
    'spec.nodeName: Invalid value: "node-2": field is immutable',
  ]);
  const grown = structuredClone(created.body);
  grown.spec.pool.generation = 2;
  grown.spec.devices.push({ name: 'gpu-1' });
  t.is((await send('PUT', `${slices}/node-1-gpu`, grown)).status, 200);
});
