import test from 'ava';
import protobuf from 'protobufjs/minimal.js';
import { decodeMessage, decodeProtobufObject, decodeUnknownEnvelope, encodeProtobufObject, encodeUnknownEnvelope, ProtobufEnvelopeError } from '../src/codec/protobuf/index.ts';
import { builtinTypes } from '../src/schema/builtin-types.ts';

// The messages are written field by field with protobufjs' Writer, as Go's generated marshalers
// write them: every non-pointer field, zero or not.
const message = (write: (writer: protobuf.Writer) => void): Uint8Array => {
  const writer = protobuf.Writer.create();
  write(writer);
  return writer.finish();
};
const bytesField = (writer: protobuf.Writer, number: number, bytes: Uint8Array): protobuf.Writer => writer.uint32((number << 3) | 2).bytes(bytes);
const stringField = (writer: protobuf.Writer, number: number, text: string): protobuf.Writer => writer.uint32((number << 3) | 2).string(text);
const varintField = (writer: protobuf.Writer, number: number, value: number): protobuf.Writer => writer.uint32(number << 3).int64(value);

test('a Status in the Kubernetes envelope reads as its JSON, zero scalars of non-pointer fields unset', (t) => {
  const listMeta = message((w) => {
    stringField(w, 1, '');
    stringField(w, 2, '42');
    stringField(w, 3, '');
  });
  const cause = message((w) => {
    stringField(w, 1, 'FieldValueRequired');
    stringField(w, 2, 'Required value');
    stringField(w, 3, 'spec.containers');
  });
  const details = message((w) => {
    stringField(w, 1, 'web');
    stringField(w, 2, '');
    stringField(w, 3, 'pods');
    bytesField(w, 4, cause);
    varintField(w, 5, 0);
    stringField(w, 6, '');
  });
  const status = message((w) => {
    bytesField(w, 1, listMeta);
    stringField(w, 2, 'Failure');
    stringField(w, 3, 'Pod "web" is invalid');
    stringField(w, 4, 'Invalid');
    bytesField(w, 5, details);
    varintField(w, 6, 422);
  });
  const body = encodeUnknownEnvelope('v1', 'Status', status);
  t.deepEqual(decodeProtobufObject(body), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: { resourceVersion: '42' },
    status: 'Failure',
    message: 'Pod "web" is invalid',
    reason: 'Invalid',
    details: { name: 'web', kind: 'pods', causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers' }] },
    code: 422,
  });
});

test('the envelope round-trips, and a body without the "k8s\\0" prefix is refused', (t) => {
  const envelope = decodeUnknownEnvelope(encodeUnknownEnvelope('apps/v1', 'Deployment', Uint8Array.of(1, 2, 3)));
  t.like(envelope, { apiVersion: 'apps/v1', kind: 'Deployment', contentEncoding: '', contentType: '' });
  t.deepEqual([...envelope.raw], [1, 2, 3]);
  t.throws(() => decodeUnknownEnvelope(Buffer.from('{"kind":"Pod"}')), { instanceOf: ProtobufEnvelopeError, message: /expected prefix \[107 56 115 0\]/ });
});

test('a kind nobody declared is refused by name', (t) => {
  t.throws(() => decodeProtobufObject(encodeUnknownEnvelope('example.com/v1', 'Widget', new Uint8Array(0))), {
    message: 'no kind "Widget" is registered for version "example.com/v1"',
  });
});

test('the fields of a Go struct embedded inline (ProbeHandler in Probe) read flat, as JSON has them', (t) => {
  const exec = message((w) => stringField(w, 1, 'true'));
  const handler = message((w) => bytesField(w, 1, exec));
  const probe = message((w) => {
    bytesField(w, 1, handler);
    varintField(w, 2, 0);
    varintField(w, 3, 5);
  });
  t.deepEqual(
    decodeMessage(probe, 'io.k8s.api.core.v1.Probe', (name) => builtinTypes.get(name)),
    { exec: { command: ['true'] }, timeoutSeconds: 5 },
  );
});

test('a Pod written as Protobuf reads back the same: embedded probe handlers, volume sources, quantities, int-or-strings, times, maps and lists', (t) => {
  const pod = {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: {
      name: 'web',
      namespace: 'default',
      labels: { app: 'web' },
      creationTimestamp: '2026-11-23T19:00:00Z',
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'u-1', controller: true }],
    },
    spec: {
      containers: [
        {
          name: 'web',
          image: 'nginx:1.27',
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          resources: { limits: { cpu: '500m', memory: '128Mi' } },
          readinessProbe: { httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' }, periodSeconds: 5 },
          livenessProbe: { tcpSocket: { port: 80 }, failureThreshold: 3 },
          env: [
            { name: 'MODE', value: 'fast' },
            { name: 'KEY', valueFrom: { secretKeyRef: { name: 'keys', key: 'api' } } },
          ],
        },
      ],
      volumes: [
        { name: 'data', emptyDir: { sizeLimit: '1Gi' } },
        { name: 'conf', configMap: { name: 'settings', defaultMode: 420 } },
      ],
      nodeSelector: { disk: 'ssd' },
      terminationGracePeriodSeconds: 30,
    },
    status: { phase: 'Running', startTime: '2026-11-23T19:00:05Z', podIPs: [{ ip: '10.0.0.5' }] },
  };
  t.deepEqual(decodeProtobufObject(encodeProtobufObject(pod)), pod);
});

test("zeros read as Go reads them: kept in a pointer field, unset in a non-pointer one unless Go's JSON shows it", (t) => {
  const lookup = (name: string) => builtinTypes.get(name);
  // DeploymentSpec: replicas (1) is *int32, minReadySeconds (5) is an omitempty int32.
  const spec = message((w) => {
    varintField(w, 1, 0);
    varintField(w, 5, 0);
  });
  t.deepEqual(decodeMessage(spec, 'io.k8s.api.apps.v1.DeploymentSpec', lookup), { replicas: 0 });
  // ContainerPort: containerPort (3) is shown even at 0 (no omitempty); protocol (4) is an omitempty
  // string whose "" means unset, for defaulting to make it TCP; hostIP (5) likewise.
  const port = message((w) => {
    stringField(w, 1, '');
    varintField(w, 2, 0);
    varintField(w, 3, 0);
    stringField(w, 4, '');
    stringField(w, 5, '');
  });
  t.deepEqual(decodeMessage(port, 'io.k8s.api.core.v1.ContainerPort', lookup), { containerPort: 0 });
  // SecurityContext.allowPrivilegeEscalation (7) is *bool: false was sent.
  t.deepEqual(
    decodeMessage(
      message((w) => varintField(w, 7, 0)),
      'io.k8s.api.core.v1.SecurityContext',
      lookup,
    ),
    { allowPrivilegeEscalation: false },
  );
});

test('a CustomResourceDefinition schema reads its unions as Go writes their JSON, and a broken one is refused by name', (t) => {
  const lookup = (name: string) => builtinTypes.get(name);
  const props = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
  const stringSchema = message((w) => stringField(w, 5, 'string'));
  const schema = message((w) => {
    stringField(w, 5, 'object');
    // additionalProperties (30): OrBool {allows = 1, schema = 2}; additionalItems (33) without a schema: the flag.
    bytesField(
      w,
      30,
      message((u) => {
        varintField(u, 1, 1);
        bytesField(u, 2, stringSchema);
      }),
    );
    bytesField(
      w,
      33,
      message((u) => varintField(u, 1, 0)),
    );
    // items (24): OrArray {schema = 1, jSONSchemas = 2}; dependencies (32): map of OrStringArray {schema = 1, property = 2}.
    bytesField(
      w,
      24,
      message((u) => bytesField(u, 1, stringSchema)),
    );
    bytesField(
      w,
      32,
      message((entry) => {
        stringField(entry, 1, 'a');
        bytesField(
          entry,
          2,
          message((u) => stringField(u, 2, 'b')),
        );
      }),
    );
  });
  t.deepEqual(decodeMessage(schema, props, lookup), {
    type: 'object',
    items: { type: 'string' },
    additionalProperties: { type: 'string' },
    dependencies: { a: ['b'] },
    additionalItems: false,
  });
  t.throws(() => decodeMessage(schema.subarray(0, schema.length - 3), props, lookup), {
    message: /^the io\.k8s\.apiextensions-apiserver\.pkg\.apis\.apiextensions\.v1\.JSONSchemaProps message cannot be read: /,
  });
});

test('a map key "__proto__" (a valid ConfigMap key) reads as data, as JSON.parse reads it', (t) => {
  const configMap = JSON.parse('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"odd"},"data":{"__proto__":"x","a":"b"}}') as Record<string, unknown>;
  const decoded = decodeProtobufObject(encodeProtobufObject(configMap));
  t.deepEqual(Object.entries(decoded.data as object), [
    ['__proto__', 'x'],
    ['a', 'b'],
  ]);
  t.is(Object.getPrototypeOf(decoded.data), Object.prototype);
});
