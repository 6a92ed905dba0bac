// A large create or PUT (a body of 256 KiB or more) is decoded, prepared and encoded on a work
// thread: every answer must be the one the same write gets on the event loop, in kube's order
// (decoding errors, then the namespace's admission or the stored object's absence, then the
// object's refusals, then the write). Each case is sent twice, as it is and padded past 256 KiB
// with extra data, and the answers compared.

import test from 'ava';
import { stringify } from 'yaml';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { largeWriteBytes } from '../src/endpoints/yield-between-stages.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-write-on-thread-' });
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
  if (Buffer.byteLength(text) >= largeWriteBytes !== (size === 'large')) throw new Error(`the ${size} body is ${Buffer.byteLength(text)} bytes`);
  return answerOf(
    await fetch(`${(server as ApiServerChild).url}/api/v1/namespaces/${namespace}/configmaps${query}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(accept === undefined ? {} : { accept }) },
      body: text,
    }),
  );
}

async function answerOf(response: Response): Promise<Answer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') === true;
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    warnings: response.headers.get('warning'),
    body: json ? (JSON.parse(bytes.toString()) as Record<string, unknown>) : { bytes: bytes.length > 0 },
  };
}

/** What two creates of different objects share: the padding, names and the server's own values left out. */
function comparable(answer: Answer): unknown {
  const { body } = answer;
  if (body.kind !== 'ConfigMap') return answer;
  const metadata = body.metadata as Record<string, unknown>;
  const data = Object.fromEntries(Object.entries((body.data as Record<string, string> | undefined) ?? {}).filter(([key]) => !key.startsWith('pad-')));
  const managedFields = ((metadata.managedFields ?? []) as Record<string, unknown>[]).map(({ time: _time, fieldsV1, ...entry }) => {
    const fields = (fieldsV1 as { 'f:data'?: Record<string, unknown> })['f:data'];
    // The padding's owners also own the map itself ("."), which the small object's may not.
    return { ...entry, dataFields: Object.keys(fields ?? {}).filter((key) => !key.startsWith('f:pad-') && key !== '.') };
  });
  const { uid, creationTimestamp, resourceVersion, name, managedFields: _managedFields, deletionTimestamp, ...rest } = metadata;
  return {
    ...answer,
    body: {
      ...body,
      data,
      metadata: {
        ...rest,
        managedFields,
        uid: typeof uid,
        creationTimestamp: typeof creationTimestamp,
        deletionTimestamp: typeof deletionTimestamp,
        resourceVersion: typeof resourceVersion,
        name: typeof name === 'string' ? name.replace(rest.generateName === undefined ? /-(small|large)$/ : /[a-z0-9]{5}$/, '') : name,
      },
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
  'a value of the wrong type comes before a missing namespace (400)': [
    400,
    (size) => ({ body: { metadata: { name: `typed-${size}` }, data: { a: 1 } }, namespace: 'thread-missing' }),
  ],
  'a missing namespace (404)': [404, (size) => ({ body: { metadata: { name: `missing-${size}` } }, namespace: 'thread-missing' })],
  'a missing namespace comes before an invalid label (404)': [
    404,
    (size) => ({ body: { metadata: { name: `missing-${size}`, labels: { a: '-' } } }, namespace: 'thread-missing' }),
  ],
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

const padded = (size: 'small' | 'large', body: Record<string, unknown>): Record<string, unknown> =>
  size === 'small' ? body : { ...body, data: { ...(body.data as object | undefined), ...padding } };

interface PutCase {
  /** The object created first (padded as the PUT is), unless the case is about a missing one. */
  readonly existing?: Record<string, unknown>;
  /** Run between the create and the PUT. */
  readonly before?: (url: string) => Promise<void>;
  /** The PUT's body, from what the create answered. */
  readonly body: (existing: Answer | undefined) => Record<string, unknown>;
  readonly query?: string;
}

async function put(size: 'small' | 'large', name: string, { existing, before, body, query = '' }: PutCase): Promise<{ answer: Answer; existing: Answer | undefined }> {
  const url = (server as ApiServerChild).url;
  const created = existing === undefined ? undefined : await create(size, { body: existing });
  if (created !== undefined && created.status !== 201) throw new Error(`the create answered ${created.status}`);
  await before?.(url);
  const text = JSON.stringify(padded(size, body(created)));
  if (Buffer.byteLength(text) >= largeWriteBytes !== (size === 'large')) throw new Error(`the ${size} body is ${Buffer.byteLength(text)} bytes`);
  const answer = await answerOf(
    await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/${name}${query}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: text }),
  );
  return { answer, existing: created };
}

const resourceVersionOf = (answer: Answer | undefined): unknown => (answer?.body.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;

/** Each case: its expected status, and the PUT of each size to the object of each name. */
const putCases: Record<string, readonly [number, (name: string) => PutCase]> = {
  'a replacement (200)': [200, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, body: () => ({ metadata: { name, labels: { x: 'y' } }, data: { a: 'c' } }) })],
  'the current resourceVersion as a precondition (200)': [
    200,
    (name) => ({
      existing: { metadata: { name }, data: { a: 'b' } },
      body: (existing) => ({ metadata: { name, resourceVersion: resourceVersionOf(existing) }, data: { a: 'c' } }),
    }),
  ],
  'a stale resourceVersion (409)': [
    409,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, body: () => ({ metadata: { name, resourceVersion: '1' }, data: { a: 'c' } }) }),
  ],
  'a resourceVersion that is not a number (500, as kube answers)': [
    500,
    (name) => ({ existing: { metadata: { name } }, body: () => ({ metadata: { name, resourceVersion: 'abc' }, data: { a: 'c' } }) }),
  ],
  'a missing object (404)': [404, (name) => ({ body: () => ({ metadata: { name }, data: { a: 'c' } }) })],
  'a value of the wrong type comes before a missing object (400)': [400, (name) => ({ body: () => ({ metadata: { name }, data: { a: 1 } }) })],
  'another name in the body (400)': [400, (name) => ({ existing: { metadata: { name } }, body: () => ({ metadata: { name: `${name}-other` }, data: { a: 'c' } }) })],
  'another uid (409)': [409, (name) => ({ existing: { metadata: { name } }, body: () => ({ metadata: { name, uid: '6c7f0c5e-0000-4000-8000-000000000000' }, data: { a: 'c' } }) })],
  'a dry run (200)': [200, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, body: () => ({ metadata: { name }, data: { a: 'c' } }), query: '?dryRun=All' })],
  'unknown fields are warned about (200)': [
    200,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, body: () => ({ metadata: { name }, spec: {}, data: { a: 'c' } }) }),
  ],
  'unknown fields are refused under Strict (400)': [
    400,
    (name) => ({ existing: { metadata: { name } }, body: () => ({ metadata: { name }, spec: {}, data: { a: 'c' } }), query: '?fieldValidation=Strict' }),
  ],
  'an invalid label (422)': [422, (name) => ({ existing: { metadata: { name } }, body: () => ({ metadata: { name, labels: { a: '-' } } }) })],
  'removing the last finalizer of a deleted object deletes it (200)': [
    200,
    (name) => ({
      existing: { metadata: { name, finalizers: ['example.com/keep'] } },
      before: async (url) => void (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/${name}`, { method: 'DELETE' })),
      body: () => ({ metadata: { name }, data: { a: 'c' } }),
    }),
  ],
};

/** A PUT's answer, with the names and uids of the two objects made alike and the create's own values left out. */
function comparablePut(answer: Answer, size: 'small' | 'large'): unknown {
  const shown = comparable(answer) as { body: Record<string, unknown> };
  // The objects' own uids, which a uid conflict's message names, differ too.
  const text = JSON.stringify(shown.body)
    .replaceAll(`-${size}`, '')
    .replace(/UID in object meta: [0-9a-f-]{36}/, 'UID in object meta: <uid>');
  return { ...shown, body: JSON.parse(text) as unknown };
}

/**
 * One test a case: the write of the object named for the case and size, small then large; the
 * small one answers the expected status, the large one the same as the small.
 */
function compareSizes<Case>(
  prefix: string,
  what: string,
  cases: Record<string, readonly [number, (name: string) => Case]>,
  send: (size: 'small' | 'large', name: string, write: Case) => Promise<{ answer: Answer }>,
): void {
  for (const [title, [status, make]] of Object.entries(cases)) {
    test.serial(`${what}: ${title}`, async (t) => {
      const base = `${prefix}-${title.replace(/[^a-z]+/g, '-').slice(0, 40)}`.replace(/-$/, '');
      const small = await send('small', `${base}-small`, make(`${base}-small`));
      t.is(small.answer.status, status, JSON.stringify(small.answer.body));
      const large = await send('large', `${base}-large`, make(`${base}-large`));
      t.deepEqual(comparablePut(large.answer, 'large'), comparablePut(small.answer, 'small'));
    });
  }
}

compareSizes('put', 'a large PUT answers as a small one', putCases, put);

test.serial('a large PUT that changes nothing keeps the resourceVersion; a large dry-run PUT stores nothing; a large PUT that ends a deletion removes the object', async (t) => {
  const url = (server as ApiServerChild).url;
  const same = { metadata: { name: 'put-same' }, data: { a: 'b' } };
  const unchanged = await put('large', 'put-same', { existing: same, body: () => same });
  t.is(unchanged.answer.status, 200);
  t.is(resourceVersionOf(unchanged.answer), resourceVersionOf(unchanged.existing));
  const dry = await put('large', 'put-dry', {
    existing: { metadata: { name: 'put-dry' }, data: { a: 'b' } },
    body: () => ({ metadata: { name: 'put-dry' }, data: { a: 'c' } }),
    query: '?dryRun=All',
  });
  t.is((dry.answer.body.data as Record<string, string>).a, 'c');
  const read = (await (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-dry`)).json()) as { data: Record<string, string>; metadata: { resourceVersion: string } };
  t.is(read.data.a, 'b');
  t.is(read.metadata.resourceVersion as unknown, resourceVersionOf(dry.existing));
  const replaced = await put('large', 'put-stored', {
    existing: { metadata: { name: 'put-stored' }, data: { a: 'b' } },
    body: () => ({ metadata: { name: 'put-stored' }, data: { a: 'c' } }),
  });
  t.deepEqual((await (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-stored`)).json()) as unknown, replaced.answer.body);
  t.not(resourceVersionOf(replaced.answer), resourceVersionOf(replaced.existing));
  const ending = await put('large', 'put-ending', {
    existing: { metadata: { name: 'put-ending', finalizers: ['example.com/keep'] } },
    before: async () => void (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-ending`, { method: 'DELETE' })),
    body: () => ({ metadata: { name: 'put-ending' } }),
  });
  t.is(ending.answer.status, 200);
  t.is((await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-ending`)).status, 404);
});

test.serial('concurrent large PUTs without a resourceVersion all succeed, each prepared again from the newer object when another came between', async (t) => {
  const url = (server as ApiServerChild).url;
  t.is((await create('large', { body: { metadata: { name: 'put-race' } } })).status, 201);
  const answers = await Promise.all(
    Array.from({ length: 4 }, async (_, i) =>
      answerOf(
        await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-race`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(padded('large', { metadata: { name: 'put-race', labels: { writer: String(i) } } })),
        }),
      ),
    ),
  );
  t.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200, 200],
  );
  const read = (await (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/put-race`)).json()) as { metadata: { labels: Record<string, string>; resourceVersion: string } };
  t.true(
    answers.some(
      (answer) =>
        resourceVersionOf(answer) === read.metadata.resourceVersion &&
        JSON.stringify((answer.body.metadata as { labels: unknown }).labels) === JSON.stringify(read.metadata.labels),
    ),
  );
});

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

interface PatchCase {
  /** The object created first (padded as the case's size says), unless the case is about a missing one. */
  readonly existing?: Record<string, unknown>;
  readonly before?: (url: string) => Promise<void>;
  readonly contentType: string;
  /** The patch, from what the create answered: it stays small, the object is what is large. */
  readonly patch: (existing: Answer | undefined) => unknown;
  readonly query?: string;
}

async function patchObject(
  size: 'small' | 'large',
  name: string,
  { existing, before, contentType, patch, query = '' }: PatchCase,
): Promise<{ answer: Answer; existing: Answer | undefined }> {
  const url = (server as ApiServerChild).url;
  const created = existing === undefined ? undefined : await create(size, { body: existing });
  if (created !== undefined && created.status !== 201) throw new Error(`the create answered ${created.status}`);
  await before?.(url);
  const answer = await answerOf(
    await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/${name}${query}`, {
      method: 'PATCH',
      headers: { 'content-type': contentType },
      body: JSON.stringify(patch(created)),
    }),
  );
  return { answer, existing: created };
}

const merge = 'application/merge-patch+json';
const strategic = 'application/strategic-merge-patch+json';
const jsonPatchType = 'application/json-patch+json';

/** Each case: its expected status, and the PATCH of the object of each name (small or large). */
const patchCases: Record<string, readonly [number, (name: string) => PatchCase]> = {
  'a merge patch of a label (200)': [
    200,
    (name) => ({ existing: { metadata: { name, labels: { a: 'b' } }, data: { a: 'b' } }, contentType: merge, patch: () => ({ metadata: { labels: { a: 'c' } } }) }),
  ],
  'a strategic merge patch (200)': [200, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, contentType: strategic, patch: () => ({ data: { a: 'c', b: 'd' } }) })],
  'a JSON patch (200)': [
    200,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, contentType: jsonPatchType, patch: () => [{ op: 'replace', path: '/data/a', value: 'c' }] }),
  ],
  'a JSON patch whose test fails (422)': [
    422,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, contentType: jsonPatchType, patch: () => [{ op: 'test', path: '/data/a', value: 'x' }] }),
  ],
  'a value of the wrong type (422, the patch shown)': [422, (name) => ({ existing: { metadata: { name } }, contentType: strategic, patch: () => ({ data: { a: 1 } }) })],
  'unknown fields refused under Strict (422)': [
    422,
    (name) => ({ existing: { metadata: { name } }, contentType: strategic, patch: () => ({ spec: {} }), query: '?fieldValidation=Strict' }),
  ],
  'unknown fields warned about (200)': [
    200,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, contentType: strategic, patch: () => ({ spec: {}, data: { a: 'c' } }) }),
  ],
  'a stale resourceVersion in the patch (409)': [
    409,
    (name) => ({ existing: { metadata: { name } }, contentType: merge, patch: () => ({ metadata: { resourceVersion: '1' }, data: { a: 'c' } }) }),
  ],
  'the current resourceVersion in the patch (200)': [
    200,
    (name) => ({
      existing: { metadata: { name }, data: { a: 'b' } },
      contentType: merge,
      patch: (existing) => ({ metadata: { resourceVersion: resourceVersionOf(existing) }, data: { a: 'c' } }),
    }),
  ],
  'another name (400)': [400, (name) => ({ existing: { metadata: { name } }, contentType: merge, patch: () => ({ metadata: { name: `${name}-other` } }) })],
  'an invalid label (422)': [422, (name) => ({ existing: { metadata: { name } }, contentType: merge, patch: () => ({ metadata: { labels: { a: '-' } } }) })],
  'a dry run (200)': [200, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, contentType: merge, patch: () => ({ data: { a: 'c' } }), query: '?dryRun=All' })],
  'a missing object (404)': [404, () => ({ contentType: merge, patch: () => ({ data: { a: 'c' } }) })],
  'removing the last finalizer of a deleted object deletes it (200)': [
    200,
    (name) => ({
      existing: { metadata: { name, finalizers: ['example.com/keep'] }, data: { a: 'b' } },
      before: async (url) => void (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/${name}`, { method: 'DELETE' })),
      contentType: merge,
      patch: () => ({ metadata: { finalizers: null } }),
    }),
  ],
};

compareSizes('patch', 'a PATCH of a large object answers as one of a small object', patchCases, patchObject);

test.serial('a PATCH of a large object that changes nothing keeps its resourceVersion; concurrent ones all apply, each retried on the newer object', async (t) => {
  const url = (server as ApiServerChild).url;
  const same = await patchObject('large', 'patch-same', {
    existing: { metadata: { name: 'patch-same' }, data: { a: 'b' } },
    contentType: merge,
    patch: () => ({ data: { a: 'b' } }),
  });
  t.is(same.answer.status, 200);
  t.is(resourceVersionOf(same.answer), resourceVersionOf(same.existing));
  t.is((await create('large', { body: { metadata: { name: 'patch-race' } } })).status, 201);
  const answers = await Promise.all(
    Array.from({ length: 4 }, async (_, i) =>
      answerOf(
        await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/patch-race`, {
          method: 'PATCH',
          headers: { 'content-type': merge },
          body: JSON.stringify({ metadata: { labels: { [`writer-${i}`]: 'x' } } }),
        }),
      ),
    ),
  );
  t.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200, 200],
  );
  const read = (await (await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/patch-race`)).json()) as { metadata: { labels: Record<string, string> } };
  // Each patch was applied to the object as the others left it: all four labels are there.
  t.deepEqual(Object.keys(read.metadata.labels).sort(), ['writer-0', 'writer-1', 'writer-2', 'writer-3']);
});

interface ApplyCase {
  /** The object created first (padded as the case's size says), unless the apply creates it. */
  readonly existing?: Record<string, unknown>;
  /** The configuration, padded for the large case; `extraYaml` comes before its YAML text, as it is (where a line number is the same for both). */
  readonly config: Record<string, unknown>;
  readonly extraYaml?: string;
  readonly query?: string;
  readonly namespace?: string;
}

async function applyConfig(
  size: 'small' | 'large',
  { existing, config, extraYaml = '', query = '?fieldManager=thread-apply', namespace = 'thread-a' }: ApplyCase,
): Promise<{ answer: Answer; existing: Answer | undefined }> {
  const url = (server as ApiServerChild).url;
  const created = existing === undefined ? undefined : await create(size, { body: existing });
  if (created !== undefined && created.status !== 201) throw new Error(`the create answered ${created.status}`);
  const text = extraYaml + stringify({ apiVersion: 'v1', kind: 'ConfigMap', ...padded(size, config) });
  if (Buffer.byteLength(text) >= largeWriteBytes !== (size === 'large')) throw new Error(`the ${size} apply is ${Buffer.byteLength(text)} bytes`);
  const name = (config.metadata as { name: string }).name;
  const answer = await answerOf(
    await fetch(`${url}/api/v1/namespaces/${namespace}/configmaps/${name}${query}`, { method: 'PATCH', headers: { 'content-type': 'application/apply-patch+yaml' }, body: text }),
  );
  return { answer, existing: created };
}

/** Each case: its expected status, and the apply of each size to the object of each name. */
const applyCases: Record<string, readonly [number, (name: string) => ApplyCase]> = {
  'an apply that creates the object (201)': [201, (name) => ({ config: { metadata: { name, labels: { a: 'b' } }, data: { a: 'b' } } })],
  'an apply that changes the object (200)': [200, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, config: { metadata: { name }, data: { b: 'c' } } })],
  'an apply that conflicts with another manager (409)': [409, (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, config: { metadata: { name }, data: { a: 'c' } } })],
  'a forced apply takes the field over (200)': [
    200,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, config: { metadata: { name }, data: { a: 'c' } }, query: '?fieldManager=thread-apply&force=true' }),
  ],
  'an apply without a fieldManager (422)': [422, (name) => ({ config: { metadata: { name } }, query: '' })],
  'managedFields in the configuration (400)': [400, (name) => ({ config: { metadata: { name, managedFields: [{ manager: 'x' }] } } })],
  'a field the kind lacks (500, as kube answers)': [500, (name) => ({ config: { metadata: { name }, spec: {} } })],
  'a repeated key under Strict (400)': [
    400,
    (name) => ({ config: { metadata: { name } }, extraYaml: 'kind: ConfigMap\n', query: '?fieldManager=thread-apply&fieldValidation=Strict' }),
  ],
  'a repeated key is warned about (201)': [201, (name) => ({ config: { metadata: { name }, data: { a: 'b' } }, extraYaml: 'kind: ConfigMap\n' })],
  'an apply in a missing namespace (404)': [404, (name) => ({ config: { metadata: { name } }, namespace: 'thread-missing' })],
  'an apply in a namespace being deleted (403)': [403, () => ({ config: { metadata: { name: 'applied-ending' } }, namespace: 'thread-ending' })],
  'an invalid label (422)': [422, (name) => ({ existing: { metadata: { name } }, config: { metadata: { name, labels: { a: '-' } } } })],
  'a dry run that would create (201)': [201, (name) => ({ config: { metadata: { name }, data: { a: 'b' } }, query: '?fieldManager=thread-apply&dryRun=All' })],
  'a dry run that would change (200)': [
    200,
    (name) => ({ existing: { metadata: { name }, data: { a: 'b' } }, config: { metadata: { name }, data: { b: 'c' } }, query: '?fieldManager=thread-apply&dryRun=All' }),
  ],
};

compareSizes('apply', 'a large server-side apply answers as a small one', applyCases, (size, _name, write) => applyConfig(size, write));

test.serial('a large server-side apply that changes nothing keeps the resourceVersion, and a dry run stores nothing', async (t) => {
  const url = (server as ApiServerChild).url;
  const config = { metadata: { name: 'apply-same' }, data: { a: 'b' } };
  const first = await applyConfig('large', { config });
  t.is(first.answer.status, 201);
  const again = await applyConfig('large', { config });
  t.is(again.answer.status, 200);
  t.is(resourceVersionOf(again.answer), resourceVersionOf(first.answer));
  const dry = await applyConfig('large', { config: { metadata: { name: 'apply-dry' } }, query: '?fieldManager=thread-apply&dryRun=All' });
  t.is(dry.answer.status, 201);
  t.is((await fetch(`${url}/api/v1/namespaces/thread-a/configmaps/apply-dry`)).status, 404);
});
