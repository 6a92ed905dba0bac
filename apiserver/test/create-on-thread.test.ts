// A large create (a body of 256 KiB or more) is decoded, prepared and encoded on a work thread:
// every answer must be the one the same create gets on the event loop, in kube's order (decoding
// errors, then the namespace's admission, then the object's refusals, then the write). Each case
// is sent twice, as it is and padded past 256 KiB with extra data, and the answers compared.

import test from 'ava';
import { stringify } from 'yaml';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { largeWriteBytes } from '../src/endpoints/yield-between-stages.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-create-on-thread-' });
  const url = server.url;
  for (const name of ['thread-a', 'thread-ending']) {
    const created = await fetch(`${url}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name } }) });
    if (created.status !== 201) throw new Error(`namespace ${name}: ${created.status}`);
  }
  // A namespace being deleted stays Terminating: no namespace controller runs here to empty it.
  await fetch(`${url}/api/v1/namespaces/thread-ending`, { method: 'DELETE' });
});
test.after.always(() => server?.stop());

/** 300 entries of 1 KiB: the padding that makes a body large. */
const padding = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`pad-${String(i).padStart(3, '0')}`, 'p'.repeat(1024)]));

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly warnings: string | null;
  readonly body: Record<string, unknown>;
}

interface CreateCase {
  readonly body: Record<string, unknown>;
  readonly namespace?: string;
  readonly query?: string;
  readonly contentType?: 'application/json' | 'application/yaml';
  readonly accept?: string;
}

async function create(size: 'small' | 'large', { body, namespace = 'thread-a', query = '', contentType = 'application/json', accept }: CreateCase): Promise<Answer> {
  const data = size === 'small' ? body.data : { ...(body.data as object | undefined), ...padding };
  const sent = data === undefined ? body : { ...body, data };
  const text = contentType === 'application/json' ? JSON.stringify(sent) : stringify(sent);
  if ((Buffer.byteLength(text) >= largeWriteBytes) !== (size === 'large')) throw new Error(`the ${size} body is ${Buffer.byteLength(text)} bytes`);
  const response = await fetch(`${(server as ApiServerChild).url}/api/v1/namespaces/${namespace}/configmaps${query}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(accept === undefined ? {} : { accept }) },
    body: text,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') === true;
  return { status: response.status, contentType: response.headers.get('content-type'), warnings: response.headers.get('warning'), body: json ? (JSON.parse(bytes.toString()) as Record<string, unknown>) : { bytes: bytes.length > 0 } };
}

/** What two creates of different objects share: the padding, names and the server's own values left out. */
function comparable(answer: Answer): unknown {
  const { body } = answer;
  if (body.kind !== 'ConfigMap') return answer;
  const metadata = body.metadata as Record<string, unknown>;
  const data = Object.fromEntries(Object.entries((body.data as Record<string, string> | undefined) ?? {}).filter(([key]) => !key.startsWith('pad-')));
  const managedFields = ((metadata.managedFields ?? []) as Record<string, unknown>[]).map(({ time: _time, fieldsV1, ...entry }) => {
    const fields = (fieldsV1 as { 'f:data'?: Record<string, unknown> })['f:data'];
    return { ...entry, dataFields: Object.keys(fields ?? {}).filter((key) => !key.startsWith('f:pad-')) };
  });
  const { uid, creationTimestamp, resourceVersion, name, managedFields: _managedFields, ...rest } = metadata;
  return {
    ...answer,
    body: {
      ...body,
      data,
      metadata: { ...rest, managedFields, uid: typeof uid, creationTimestamp: typeof creationTimestamp, resourceVersion: typeof resourceVersion, name: typeof name === 'string' ? name.replace(rest.generateName === undefined ? /-(small|large)$/ : /[a-z0-9]{5}$/, '') : name },
    },
  };
}

/** Each case: its expected status, and the create of each size. */
const cases: Record<string, readonly [number, (size: 'small' | 'large') => CreateCase]> = {
  'a ConfigMap is created (201)': [201, (size) => ({ body: { metadata: { name: `plain-${size}`, labels: { app: 'x' } }, data: { a: 'b' } } })],
  'a YAML body': [201, (size) => ({ body: { metadata: { name: `yaml-${size}` }, data: { a: 'b' } }, contentType: 'application/yaml' })],
  'a generated name': [201, () => ({ body: { metadata: { generateName: 'generated-' }, data: { a: 'b' } } })],
  'the fieldManager asked for': [201, (size) => ({ body: { metadata: { name: `managed-${size}` }, data: { a: 'b' } }, query: '?fieldManager=thread-test' })],
  'a dry run answers without a resourceVersion': [201, (size) => ({ body: { metadata: { name: `dry-${size}` }, data: { a: 'b' } }, query: '?dryRun=All' })],
  'unknown fields are warned about': [201, (size) => ({ body: { metadata: { name: `unknown-${size}`, unknownMeta: 1 }, spec: {}, data: { a: 'b' } } })],
  'unknown fields are refused under Strict (400)': [400, (size) => ({ body: { metadata: { name: `strict-${size}` }, spec: {} }, query: '?fieldValidation=Strict' })],
  'a value of the wrong type (400)': [400, (size) => ({ body: { metadata: { name: `typed-${size}` }, data: { a: 1 } } })],
  'a value of the wrong type comes before a missing namespace (400)': [400, (size) => ({ body: { metadata: { name: `typed-${size}` }, data: { a: 1 } }, namespace: 'thread-missing' })],
  'a missing namespace (404)': [404, (size) => ({ body: { metadata: { name: `missing-${size}` } }, namespace: 'thread-missing' })],
  'a missing namespace comes before an invalid label (404)': [404, (size) => ({ body: { metadata: { name: `missing-${size}`, labels: { a: '-' } } }, namespace: 'thread-missing' })],
  'a namespace being deleted (403, naming the object)': [403, () => ({ body: { metadata: { name: 'ending' } }, namespace: 'thread-ending' })],
  'an invalid label (422)': [422, () => ({ body: { metadata: { name: 'invalid', labels: { a: '-' } } } })],
  'another namespace in the body (400)': [400, (size) => ({ body: { metadata: { name: `elsewhere-${size}`, namespace: 'default' } } })],
  'an answer in Protobuf': [201, (size) => ({ body: { metadata: { name: `protobuf-${size}` } }, accept: 'application/vnd.kubernetes.protobuf' })],
};

for (const [title, [status, make]] of Object.entries(cases)) {
  test.serial(`a large create answers as a small one: ${title}`, async (t) => {
    const small = await create('small', make('small'));
    t.is(small.status, status, JSON.stringify(small.body));
    const large = await create('large', make('large'));
    t.deepEqual(comparable(large), comparable(small));
  });
}

test.serial('a large create that takes a name already taken is refused with 409, and a dry run of it too', async (t) => {
  const body = { metadata: { name: 'taken' } };
  t.is((await create('large', { body })).status, 201);
  const again = await create('large', { body });
  t.is(again.status, 409);
  t.is(again.body.reason, 'AlreadyExists');
  t.is((await create('large', { body, query: '?dryRun=All' })).status, 409);
});

test.serial('a large dry-run create stores nothing, and a large create stores the whole object', async (t) => {
  const url = (server as ApiServerChild).url;
  t.is((await create('large', { body: { metadata: { name: 'dry-only' } }, query: '?dryRun=All' })).status, 201);
  t.is((await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/dry-only`)).status, 404);
  const created = await create('large', { body: { metadata: { name: 'stored-whole' }, data: { a: 'b' } } });
  const read = (await (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/stored-whole`)).json()) as Record<string, unknown>;
  t.deepEqual(read, created.body);
  t.is(Object.keys(read.data as object).length, 301);
});
