// CBOR behind the CBORServingAndStorage feature gate: off (the default) the server neither reads
// nor answers it; on, it reads application/cbor bodies, answers in self-described CBOR, streams
// watches as application/cbor-seq, and kubectl with client-go's CBOR client gates works against it.

import test from 'ava';
import { decodeCborObject, decodeCborSequence } from '@capstan/common/cbor';
import { Encoder } from 'cbor-x';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type ApiServerProcess, startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
// Text keys and strings, raw bytes: not what client-go writes (see clientgo-cbor.test.ts) but CBOR kube reads all the same.
const encoder = new Encoder({ useRecords: false, mapsAsObjects: true, tagUint8Array: false });
const selfDescribed = Buffer.from([0xd9, 0xd9, 0xf7]);
const cbor = (value: unknown): Buffer => Buffer.concat([selfDescribed, encoder.encode(value)]);
const secrets = '/api/v1/namespaces/default/secrets';

let gated: ApiServerProcess;
let plain: ApiServerProcess;

test.before(async () => {
  [gated, plain] = await Promise.all([startApiServer(['--feature-gates=CBORServingAndStorage=true']), startApiServer()]);
});
test.after.always(async () => {
  await Promise.all([gated?.stop(), plain?.stop()]);
});

test('with the gate off (the default) CBOR is neither accepted nor served', async (t) => {
  const asked = await fetch(`${plain.url}${secrets}`, { headers: { accept: 'application/cbor' } });
  t.is(asked.status, 406);
  t.is(
    ((await asked.json()) as { message: string }).message,
    'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );
  const sent = await fetch(`${plain.url}${secrets}`, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body: cbor({ metadata: { name: 'x' } }) });
  t.is(sent.status, 415);
  t.regex(((await sent.json()) as { message: string }).message, /accepted media types include: application\/json, application\/yaml, application\/vnd\.kubernetes\.protobuf$/);
});

test('with the gate on a Secret sent in CBOR is created, and answers come back self-described with its data as tag 22 byte strings', async (t) => {
  // An untagged byte string in a []byte field holds base64 text, as in JSON (kube's ByteStringExpectedBase64).
  const body = cbor({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'binary', labels: { app: 'cbor' } }, data: { key: Buffer.from('AAEC/w==') } });
  const created = await fetch(`${gated.url}${secrets}`, { method: 'POST', headers: { 'content-type': 'application/cbor', accept: 'application/cbor' }, body });
  t.is(created.status, 201);
  t.is(created.headers.get('content-type'), 'application/cbor');
  const bytes = Buffer.from(await created.arrayBuffer());
  t.deepEqual([...bytes.subarray(0, 3)], [0xd9, 0xd9, 0xf7]);
  // The bytes themselves under tag 22 (expected later base64 encoding), as kube writes []byte.
  t.true(bytes.includes(Buffer.from('43 6b6579 d6 44 000102ff'.replaceAll(' ', ''), 'hex')));
  const answer = decodeCborObject(bytes) as { kind: string; metadata: { name: string; uid: string }; data: { key: string }; type: string };
  t.is(answer.kind, 'Secret');
  t.is(answer.type, 'Opaque');
  t.is(answer.data.key, 'AAEC/w==');
  // The same object read in JSON carries the bytes in base64.
  const json = (await (await fetch(`${gated.url}${secrets}/binary`)).json()) as { data: { key: string }; metadata: { uid: string } };
  t.is(json.data.key, Buffer.from([0, 1, 2, 255]).toString('base64'));
  t.is(json.metadata.uid, answer.metadata.uid);

  const list = await fetch(`${gated.url}${secrets}?labelSelector=app%3Dcbor`, { headers: { accept: 'application/cbor' } });
  const listBytes = Buffer.from(await list.arrayBuffer());
  t.true(listBytes.includes(Buffer.from('d644000102ff', 'hex')));
  const items = decodeCborObject(listBytes) as { kind: string; items: { data: { key: string } }[] };
  t.is(items.kind, 'SecretList');
  t.is(items.items[0]?.data.key, 'AAEC/w==');
});

test('with the gate on errors are CBOR Status objects, and unreadable CBOR is a 400', async (t) => {
  const missing = await fetch(`${gated.url}${secrets}/nowhere`, { headers: { accept: 'application/cbor' } });
  t.is(missing.status, 404);
  t.like(decodeCborObject(Buffer.from(await missing.arrayBuffer())), { kind: 'Status', reason: 'NotFound', code: 404, message: 'secrets "nowhere" not found' });
  const broken = await fetch(`${gated.url}${secrets}`, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body: Buffer.from([0xd9, 0xd9, 0xf7, 0xbf, 0x61]) });
  t.is(broken.status, 400);
  t.regex(((await broken.json()) as { message: string }).message, /^the body of the request could not be decoded as CBOR: /);
  const none = await fetch(`${gated.url}${secrets}`, { headers: { accept: 'text/html' } });
  t.is(
    ((await none.json()) as { message: string }).message,
    'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
  );
});

test('with the gate on a watch in CBOR streams application/cbor-seq: one self-described {type, object} item per event', async (t) => {
  await fetch(`${gated.url}${secrets}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'watched' }, stringData: { a: 'b' } }),
  });
  const controller = new AbortController();
  t.teardown(() => controller.abort());
  const watch = await fetch(`${gated.url}${secrets}?watch=1&fieldSelector=metadata.name%3Dwatched&resourceVersion=0`, {
    headers: { accept: 'application/cbor' },
    signal: controller.signal,
  });
  t.is(watch.headers.get('content-type'), 'application/cbor-seq');
  const reader = (watch.body as ReadableStream<Uint8Array>).getReader();
  const { value } = await reader.read();
  const events = decodeCborSequence(Buffer.from(value as Uint8Array)) as { type: string; object: { kind: string; data: { a: string } } }[];
  t.is(events[0]?.type, 'ADDED');
  t.is(events[0]?.object.kind, 'Secret');
  t.is(Buffer.from(events[0]?.object.data.a ?? '', 'base64').toString(), 'b');
});

test('kubectl wait and delete with client-go preferring CBOR watch and delete through it', async (t) => {
  await fetch(`${gated.url}${secrets}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'waited' }, type: 'Opaque' }),
  });
  const env = { ...process.env, KUBE_FEATURE_ClientsAllowCBOR: 'true', KUBE_FEATURE_ClientsPreferCBOR: 'true' };
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${gated.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 20_000, env });
  const waited = await kubectl('wait', '--for=jsonpath={.type}=Opaque', 'secret/waited', '--timeout=10s', '-v=8');
  t.is(waited.stdout, 'secret/waited condition met\n');
  t.regex(waited.stderr, /Content-Type: application\/cbor-seq/);
  const deleted = await kubectl('delete', 'secret', 'waited', '-v=8');
  t.is(deleted.stdout, 'secret "waited" deleted from default namespace\n');
  t.regex(deleted.stderr, /Content-Type: application\/cbor\n/);
  t.is((await fetch(`${gated.url}${secrets}/waited`)).status, 404);
});

test('with the gate on PartialObjectMetadata lists and watches come in CBOR too', async (t) => {
  await fetch(`${gated.url}${secrets}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'partial', labels: { view: 'meta' } } }),
  });
  const list = await fetch(`${gated.url}${secrets}?labelSelector=view%3Dmeta`, { headers: { accept: 'application/cbor;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1' } });
  t.is(list.headers.get('content-type'), 'application/cbor');
  t.like(decodeCborObject(Buffer.from(await list.arrayBuffer())), {
    kind: 'PartialObjectMetadataList',
    apiVersion: 'meta.k8s.io/v1',
    items: [{ kind: 'PartialObjectMetadata', metadata: { name: 'partial' } }],
  });
  const controller = new AbortController();
  t.teardown(() => controller.abort());
  const watch = await fetch(`${gated.url}${secrets}?watch=1&labelSelector=view%3Dmeta&resourceVersion=0`, {
    headers: { accept: 'application/cbor;as=PartialObjectMetadata;g=meta.k8s.io;v=v1' },
    signal: controller.signal,
  });
  t.is(watch.headers.get('content-type'), 'application/cbor-seq');
  const { value } = await (watch.body as ReadableStream<Uint8Array>).getReader().read();
  const [event] = decodeCborSequence(Buffer.from(value as Uint8Array)) as { type: string; object: Record<string, unknown> }[];
  t.like(event, { type: 'ADDED', object: { kind: 'PartialObjectMetadata', metadata: { name: 'partial' } } });
  t.false('data' in (event?.object ?? {}));
});

test('with the gate on server-side apply reads application/apply-patch+cbor; off, it is a 415', async (t) => {
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cbor-applied' }, data: { a: '1' } };
  const apply = (server: ApiServerProcess) =>
    fetch(`${server.url}/api/v1/namespaces/default/configmaps/cbor-applied?fieldManager=cbor-client`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+cbor' },
      body: cbor(configMap),
    });
  const applied = await apply(gated);
  t.is(applied.status, 201);
  const object = (await applied.json()) as { data: unknown; metadata: { managedFields: { manager: string; operation: string }[] } };
  t.deepEqual(object.data, { a: '1' });
  t.like(object.metadata.managedFields[0], { manager: 'cbor-client', operation: 'Apply' });
  const refused = await apply(plain);
  t.is(refused.status, 415);
  t.regex(((await refused.json()) as { message: string }).message, /accepted media types include: .*application\/apply-patch\+yaml$/);
});

test('with the gate on Tables come in CBOR too, as kube serves them (its meta codecs include CBOR): a list and a watch', async (t) => {
  await fetch(`${gated.url}${secrets}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'tabled', labels: { view: 'table' } } }),
  });
  const accept = 'application/cbor;as=Table;v=v1;g=meta.k8s.io';
  const list = await fetch(`${gated.url}${secrets}?labelSelector=view%3Dtable`, { headers: { accept } });
  t.is(list.status, 200);
  t.is(list.headers.get('content-type'), 'application/cbor');
  const table = decodeCborObject(Buffer.from(await list.arrayBuffer())) as { kind: string; columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[] };
  t.is(table.kind, 'Table');
  t.is(table.columnDefinitions[0]?.name, 'Name');
  t.is(table.rows[0]?.cells[0], 'tabled');
  const controller = new AbortController();
  t.teardown(() => controller.abort());
  const watch = await fetch(`${gated.url}${secrets}?watch=1&labelSelector=view%3Dtable&resourceVersion=0`, { headers: { accept }, signal: controller.signal });
  t.is(watch.headers.get('content-type'), 'application/cbor-seq');
  const { value } = await (watch.body as ReadableStream<Uint8Array>).getReader().read();
  const [event] = decodeCborSequence(Buffer.from(value as Uint8Array)) as { type: string; object: { kind: string; rows: { cells: unknown[] }[] } }[];
  t.like(event, { type: 'ADDED', object: { kind: 'Table' } });
  t.is(event?.object.rows[0]?.cells[0], 'tabled');
});

test("with the gate on CBOR kube refuses is a 400 with kube decoder's words: duplicate keys, NaN, undefined, a text string for []byte, a number for a string, too many items", async (t) => {
  const hex = (text: string): Buffer => Buffer.from(text.replaceAll(' ', ''), 'hex');
  // {"apiVersion":"v1","kind":"Secret","metadata":{"name":"x"}} and one more pair, keys as byte strings.
  const secret = (pair: string): Buffer =>
    hex(
      `d9d9f7 a4 4a ${Buffer.from('apiVersion').toString('hex')} 42 7631 44 6b696e64 46 ${Buffer.from('Secret').toString('hex')} 48 ${Buffer.from('metadata').toString('hex')} a1 44 6e616d65 41 78 ${pair}`,
    );
  const cases: [Buffer, string][] = [
    [secret('44 6b696e64 46 536563726574'), 'cbor: found duplicate map key "kind" at map element index 3'],
    [secret('44 74797065 f9 7e00'), 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    [secret('44 74797065 f7'), 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 23 is not recognized'],
    [secret(`44 64617461 a1 41 6b 68 ${Buffer.from('AAEC/w==').toString('hex')}`), 'cbor: cannot unmarshal UTF-8 text string into Go struct field v1.Secret.data of type []uint8'],
    [secret('44 64617461 a1 41 6b 44 000102ff'), 'cbor: failed to decode base64 from byte string: illegal base64 data at input byte 0'],
    [secret('44 74797065 01'), 'cbor: cannot unmarshal positive integer into Go struct field v1.Secret.type of type v1.SecretType'],
    [
      secret(`44 64617461 b9 0401 ${Array.from({ length: 1025 }, (_, i) => `42 ${i.toString(16).padStart(4, '0')} d6 40`).join(' ')}`),
      'cbor: exceeded max number of key-value pairs 1024 for CBOR map',
    ],
  ];
  for (const [body, message] of cases) {
    const answer = await fetch(`${gated.url}${secrets}`, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body });
    t.is(answer.status, 400, message);
    const status = (await answer.json()) as { reason: string; message: string };
    t.is(status.reason, 'BadRequest');
    t.true(status.message.endsWith(`: ${message}`), status.message);
  }
  // Still serving.
  t.is((await fetch(`${gated.url}${secrets}/x`)).status, 404);
});

test('with the gate on an apply patch in CBOR is read as kube reads it, into unstructured content: []byte fields as any string, errors worded "error decoding YAML"', async (t) => {
  const apply = (name: string, body: Buffer) =>
    fetch(`${gated.url}/api/v1/namespaces/default/configmaps/${name}?fieldManager=cbor-client`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+cbor' },
      body,
    });
  // binaryData as a text string: a typed decoding (POST) refuses it, an apply patch takes it.
  const textBinary = cbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cbor-applied-text' }, binaryData: { b: 'AAEC/w==' } });
  const applied = await apply('cbor-applied-text', textBinary);
  t.is(applied.status, 201);
  t.deepEqual(((await applied.json()) as { binaryData: unknown }).binaryData, { b: 'AAEC/w==' });
  const posted = await fetch(`${gated.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body: textBinary });
  t.is(posted.status, 400);
  // {"a": 1, "a": 2}
  const duplicated = await apply('cbor-applied-dup', Buffer.from('d9d9f7a2616101616102', 'hex'));
  t.is(duplicated.status, 400);
  t.is(((await duplicated.json()) as { message: string }).message, 'error decoding YAML: cbor: found duplicate map key "a" at map element index 1');
});
