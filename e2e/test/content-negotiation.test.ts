// Content negotiation against a real `capstan apiserver` over real HTTP and with the real kubectl:
// YAML answers and bodies, gzip past 128 KiB, pretty printing, 406 and 415, Status errors in the
// negotiated media type, watches, PartialObjectMetadata and the headers every answer carries.

import test from 'ava';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };
const yaml = { 'content-type': 'application/yaml' };

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(() => server?.stop());

const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const configMaps = (namespace = 'default') => `${server.url}/api/v1/namespaces/${namespace}/configmaps`;

async function createConfigMap(name: string, data: Record<string, string>, namespace = 'default'): Promise<void> {
  const response = await fetch(configMaps(namespace), { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name }, data }) });
  if (response.status !== 201) throw new Error(`create ${name}: ${response.status} ${await response.text()}`);
}

/** A GET whose bytes come as they are on the wire (fetch would gunzip them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

test('Accept: application/yaml answers YAML with the keys in kube-apiserver order', async (t) => {
  await createConfigMap('yaml-get', { zeta: 'on', alpha: '1' });
  const response = await fetch(`${configMaps()}/yaml-get`, { headers: { accept: 'application/yaml' } });
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/yaml');
  const text = await response.text();
  t.regex(text, /^apiVersion: v1\ndata:\n {2}alpha: "1"\n {2}zeta: "on"\nkind: ConfigMap\nmetadata:\n {2}creationTimestamp: "\d{4}-/);
  const asJson = (await (await fetch(`${configMaps()}/yaml-get`)).json()) as { metadata: { uid: string; resourceVersion: string } };
  t.true(text.includes(`\n  name: yaml-get\n  namespace: default\n  resourceVersion: "${asJson.metadata.resourceVersion}"\n  uid: ${asJson.metadata.uid}\n`));
  t.true(text.endsWith('\n'));
});

test('a YAML body creates and replaces an object', async (t) => {
  const created = await fetch(configMaps(), {
    method: 'POST',
    headers: { ...yaml, accept: 'application/yaml' },
    body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  greeting: hello\n  count: "3"\n',
  });
  t.is(created.status, 201);
  t.is(created.headers.get('content-type'), 'application/yaml');
  const text = await created.text();
  t.regex(text, /^apiVersion: v1\ndata:\n {2}count: "3"\n {2}greeting: hello\nkind: ConfigMap\n/);
  const resourceVersion = /\n {2}resourceVersion: "(\d+)"\n/.exec(text)?.[1];
  t.truthy(resourceVersion);
  const replaced = await fetch(`${configMaps()}/from-yaml`, {
    method: 'PUT',
    headers: yaml,
    body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\n  resourceVersion: "${resourceVersion}"\ndata:\n  greeting: bye\n`,
  });
  t.is(replaced.status, 200);
  t.is(replaced.headers.get('content-type'), 'application/json');
  t.deepEqual(((await replaced.json()) as { data: unknown }).data, { greeting: 'bye' });
});

test('kubectl get -o yaml and kubectl create -f from a YAML file', async (t) => {
  const manifest = join(server.kubeconfig, '..', 'kubectl-yaml.yaml');
  writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kubectl-yaml\ndata:\n  b: two\n  a: one\n');
  t.is((await kubectl('create', '-f', manifest, '--validate=false')).stdout, 'configmap/kubectl-yaml created\n');
  const { stdout } = await kubectl('get', 'cm', 'kubectl-yaml', '-o', 'yaml');
  t.regex(stdout, /^apiVersion: v1\ndata:\n {2}a: one\n {2}b: two\nkind: ConfigMap\nmetadata:\n/);
  t.regex(stdout, /\n {2}name: kubectl-yaml\n {2}namespace: default\n/);
});

test('a list past 128 KiB is gzipped for clients that ask, smaller answers are not, and kubectl reads it', async (t) => {
  t.is((await fetch(`${server.url}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'big' } }) })).status, 201);
  await Promise.all(Array.from({ length: 40 }, (_, i) => createConfigMap(`big-${i}`, { payload: 'x'.repeat(4096) }, 'big')));
  const gzipped = await rawGet(configMaps('big'), { 'accept-encoding': 'gzip' });
  t.is(gzipped.status, 200);
  t.is(gzipped.headers['content-encoding'], 'gzip');
  t.is(gzipped.headers.vary, 'Accept-Encoding');
  t.is(gzipped.headers['content-type'], 'application/json');
  const list = JSON.parse(gunzipSync(gzipped.body).toString('utf8')) as { items: unknown[] };
  t.is(list.items.length, 40);
  t.true(gzipped.body.length < 128 * 1024);

  const plain = await rawGet(configMaps('big'), {});
  t.is(plain.headers['content-encoding'], undefined);
  t.true(plain.body.length > 128 * 1024);
  t.is(plain.headers['content-length'], String(plain.body.length));
  const small = await rawGet(`${configMaps('big')}/big-0`, { 'accept-encoding': 'gzip' });
  t.is(small.headers['content-encoding'], undefined);
  t.is(JSON.parse(small.body.toString('utf8')).metadata.name, 'big-0');
  t.is((await rawGet(configMaps('big'), { 'accept-encoding': 'gzip;q=1' })).headers['content-encoding'], undefined);

  // fetch asks for gzip itself and inflates it.
  const fetched = await fetch(configMaps('big'));
  t.is(fetched.headers.get('content-encoding'), 'gzip');
  t.is(((await fetched.json()) as { items: unknown[] }).items.length, 40);
  // kubectl (Go's transport) asks for gzip and inflates it too.
  const fromKubectl = JSON.parse((await kubectl('get', 'cm', '-n', 'big', '-o', 'json')).stdout) as { items: unknown[] };
  t.is(fromKubectl.items.length, 40);
  t.is((await kubectl('get', 'cm', '-n', 'big', '--no-headers')).stdout.trim().split('\n').length, 40);
});

test('?pretty=true and curl indent JSON as Go does, without the final newline; others get compact JSON and one', async (t) => {
  await createConfigMap('pretty', { a: '1' });
  const compact = await (await fetch(`${configMaps()}/pretty`)).text();
  t.true(compact.endsWith('}\n'));
  t.false(compact.includes('\n  '));
  const object = JSON.parse(compact) as unknown;
  t.is(await (await fetch(`${configMaps()}/pretty?pretty=true`)).text(), JSON.stringify(object, null, 2));
  t.is(await (await fetch(`${configMaps()}/pretty`, { headers: { 'user-agent': 'curl/8.5.0' } })).text(), JSON.stringify(object, null, 2));
  t.is(await (await fetch(`${configMaps()}/pretty?pretty=false`, { headers: { 'user-agent': 'curl/8.5.0' } })).text(), compact);
  t.is(await (await fetch(`${configMaps()}/pretty`, { headers: { accept: 'application/json;pretty=1' } })).text(), JSON.stringify(object, null, 2));
});

test('406 when no served media type fits; a Table of an unknown version falls through to the next clause', async (t) => {
  await createConfigMap('accept', { a: '1' });
  const refused = await fetch(`${configMaps()}/accept`, { headers: { accept: 'text/html' } });
  t.is(refused.status, 406);
  t.is(refused.headers.get('content-type'), 'application/json');
  const text = await refused.text();
  t.true(text.startsWith('{\n  "kind": "Status",'));
  t.deepEqual(JSON.parse(text), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    reason: 'NotAcceptable',
    code: 406,
  });
  t.is((await fetch(configMaps(), { headers: { accept: 'application/json;as=Table;g=meta.k8s.io;v=v2' } })).status, 406);
  const fellThrough = await fetch(configMaps(), { headers: { accept: 'application/json;as=Table;g=meta.k8s.io;v=v2, application/yaml' } });
  t.is(fellThrough.status, 200);
  t.is(fellThrough.headers.get('content-type'), 'application/yaml');
  t.regex(await fellThrough.text(), /^apiVersion: v1\nitems:\n/);
  const table = (await (await fetch(configMaps(), { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' } })).json()) as {
    kind: string;
    apiVersion: string;
  };
  t.like(table, { kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
  // Nothing is created when the answer could not be sent.
  const create = await fetch(configMaps(), { method: 'POST', headers: { ...json, accept: 'text/html' }, body: JSON.stringify({ metadata: { name: 'never' } }) });
  t.is(create.status, 406);
  t.is((await fetch(`${configMaps()}/never`)).status, 404);
});

test('415 for a body in a media type no decoder reads', async (t) => {
  const response = await fetch(configMaps(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
  t.is(response.status, 415);
  t.deepEqual(await response.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    reason: 'UnsupportedMediaType',
    code: 415,
  });
});

test('errors come in the negotiated media type', async (t) => {
  const missing = await fetch(`${configMaps()}/nope`, { headers: { accept: 'application/yaml' } });
  t.is(missing.status, 404);
  t.is(missing.headers.get('content-type'), 'application/yaml');
  t.is(
    await missing.text(),
    'apiVersion: v1\ncode: 404\ndetails:\n  kind: configmaps\n  name: nope\nkind: Status\nmessage: configmaps "nope" not found\nmetadata: {}\nreason: NotFound\nstatus: Failure\n',
  );
  // A Table is never made of a Status: kubectl's Table Accept header gets the Status as JSON.
  const fromKubectl = await fetch(`${configMaps()}/nope`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' } });
  t.like(await fromKubectl.json(), { kind: 'Status', reason: 'NotFound', code: 404 });
  const unknownPath = await fetch(`${server.url}/nothing/here`, { headers: { accept: 'application/yaml' } });
  t.is(unknownPath.status, 404);
  t.regex(await unknownPath.text(), /^apiVersion: v1\ncode: 404\n/);
});

test('a watch streams JSON, also as Tables; asked for YAML it is a 406 in YAML', async (t) => {
  const refused = await fetch(`${configMaps()}?watch=true`, { headers: { accept: 'application/yaml' } });
  t.is(refused.status, 406);
  t.is(refused.headers.get('content-type'), 'application/yaml');
  t.is(
    await refused.text(),
    'apiVersion: v1\ncode: 406\nkind: Status\nmessage: "only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch"\nmetadata: {}\nreason: NotAcceptable\nstatus: Failure\n',
  );
  await createConfigMap('watched', { a: '1' });
  const controller = new AbortController();
  const watch = await fetch(`${configMaps()}?watch=true&fieldSelector=metadata.name%3Dwatched&resourceVersion=0`, {
    headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' },
    signal: controller.signal,
  });
  t.is(watch.status, 200);
  t.is(watch.headers.get('content-type'), 'application/json');
  const reader = (watch.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  const event = JSON.parse(text.slice(0, text.indexOf('\n'))) as { type: string; object: { kind: string; rows: { cells: unknown[] }[] } };
  t.is(event.type, 'ADDED');
  t.is(event.object.kind, 'Table');
  t.is(event.object.rows[0]?.cells[0], 'watched');
});

test('PartialObjectMetadata and PartialObjectMetadataList, as client-go metadata clients ask', async (t) => {
  await createConfigMap('partial', { secret: 'value' });
  const one = (await (
    await fetch(`${configMaps()}/partial`, { headers: { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json' } })
  ).json()) as Record<string, unknown>;
  t.like(one, { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'partial', namespace: 'default' } });
  t.is(one.data, undefined);
  const list = (await (await fetch(configMaps(), { headers: { accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json' } })).json()) as {
    kind: string;
    metadata: { resourceVersion: string };
    items: { kind: string; metadata: { name: string } }[];
  };
  t.is(list.kind, 'PartialObjectMetadataList');
  t.true(Number(list.metadata.resourceVersion) > 0);
  t.true(list.items.some((item) => item.kind === 'PartialObjectMetadata' && item.metadata.name === 'partial'));
  const wrong = await fetch(configMaps(), { headers: { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1' } });
  t.is(wrong.status, 406);
  t.like(await wrong.json(), { reason: 'NotAcceptable', message: 'you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)' });
});

test('every answer carries Cache-Control: no-cache, private and an Audit-Id, echoed when the client sent one', async (t) => {
  const answer = await fetch(`${server.url}/api/v1/namespaces/default`);
  t.is(answer.headers.get('cache-control'), 'no-cache, private');
  t.regex(answer.headers.get('audit-id') ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.not((await fetch(`${server.url}/api/v1/namespaces/default`)).headers.get('audit-id'), answer.headers.get('audit-id'));
  const echoed = await fetch(`${server.url}/api/v1/namespaces/nope`, { headers: { 'audit-id': 'my-request-1' } });
  t.is(echoed.status, 404);
  t.is(echoed.headers.get('audit-id'), 'my-request-1');
  t.is(echoed.headers.get('cache-control'), 'no-cache, private');
  t.is((await fetch(`${server.url}/version`)).headers.get('cache-control'), 'no-cache, private');
});

test('a request body over 3 MiB answers 413 and creates nothing; one just under it passes the size check', async (t) => {
  const body = (size: number, name: string) => JSON.stringify({ metadata: { name }, data: { big: 'x'.repeat(size) } });
  const over = await fetch(configMaps(), { method: 'POST', headers: json, body: body(3 * 1024 * 1024, 'too-big') });
  t.is(over.status, 413);
  t.like(await over.json(), { kind: 'Status', reason: 'RequestEntityTooLarge', code: 413, message: 'Request entity too large: limit is 3145728' });
  t.is((await fetch(`${configMaps()}/too-big`)).status, 404);
  // Whatever else may refuse it (a kind's own size limits), the body's size does not.
  const under = await fetch(configMaps(), { method: 'POST', headers: json, body: body(3 * 1024 * 1024 - 200, 'just-fits') });
  t.not(under.status, 413);
});
