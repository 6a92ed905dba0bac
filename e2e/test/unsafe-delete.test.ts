// DeleteOptions as kube-apiserver 1.35 reads them (body and query, with kubectl's flags), and the
// objects whose stored value does not decode: what a get, a list, a watch and a delete of them
// answer, with AllowUnsafeMalformedObjectDeletion off and on, and their unsafe deletion with
// ignoreStoreReadErrorWithClusterBreakingPotential. Objects are corrupted the way an operator
// would: `capstan storage put` on the store of a stopped server, one byte cut off their JSON.

import test from 'ava';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
// e2e has no etcd of its own: the storage tests' private one serves here too.
import { startEtcd } from '../../apiserver/test/storage/etcd-server.ts';

const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const configMaps = '/api/v1/namespaces/default/configmaps';
const unsafeGate = '--feature-gates=AllowUnsafeMalformedObjectDeletion=true';
const truncatedJson = "couldn't get version/kind; json parse error: unexpected end of JSON input";

type Body = Record<string, unknown> & { message?: string; reason?: string; code?: number; metadata?: Record<string, unknown> };

/** The store as the corrupting step left it, copied once per server that reads it. */
let dataDir: string;
/** The revision at which each corrupt value was written. */
const corruptedAt = new Map<string, number>();
let gateOff: ApiServerProcess;
let gateOn: ApiServerProcess;

const storage = (dir: string, ...args: string[]) => run(process.execPath, [capstan, 'storage', ...args, `--data-dir=${dir}`], { encoding: 'utf8' });

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'capstan-unsafe-delete-'));
  const original = join(dataDir, 'original');
  const setup = await startApiServer([`--data-dir=${original}`]);
  try {
    await call(setup, 'POST', configMaps, { metadata: { name: 'broken', finalizers: ['example.com/hold'] }, data: { a: '1' } });
    await call(setup, 'POST', configMaps, { metadata: { name: 'broken-too' } });
    await call(setup, 'POST', configMaps, { metadata: { name: 'healthy' } });
  } finally {
    await setup.stop();
  }
  for (const name of ['broken', 'broken-too']) {
    const key = `/registry/configmaps/default/${name}`;
    const { stdout } = await storage(original, 'get', key);
    const value = stdout.slice(stdout.indexOf('\n') + 1).replace(/\n$/, '');
    const put = await storage(original, 'put', key, value.slice(0, -1));
    corruptedAt.set(name, Number(/at revision (\d+)/.exec(put.stdout)?.[1]));
  }
  const off = join(dataDir, 'gate-off');
  const on = join(dataDir, 'gate-on');
  cpSync(original, off, { recursive: true });
  cpSync(original, on, { recursive: true });
  [gateOff, gateOn] = await Promise.all([startApiServer([`--data-dir=${off}`]), startApiServer([`--data-dir=${on}`, unsafeGate])]);
});

test.after.always(async () => {
  await Promise.all([gateOff?.stop(), gateOn?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(server: ApiServerProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const init: RequestInit = {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  };
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Body };
}

const kubectl = (server: ApiServerProcess, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 20_000 });

const failure = (code: number, message: string, reason?: string, details?: unknown) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  ...(reason === undefined ? {} : { reason }),
  ...(details === undefined ? {} : { details }),
  code,
});

const invalidDeleteOptions = (...causes: [field: string, message: string][]) =>
  failure(
    422,
    `DeleteOptions.meta.k8s.io "" is invalid: ${causes.length === 1 ? causes.map(([f, m]) => `${f}: ${m}`)[0] : `[${causes.map(([f, m]) => `${f}: ${m}`).join(', ')}]`}`,
    'Invalid',
    {
      group: 'meta.k8s.io',
      kind: 'DeleteOptions',
      causes: causes.map(([field, message]) => ({ reason: /^Unsupported/.test(message) ? 'FieldValueNotSupported' : 'FieldValueInvalid', message, field })),
    },
  );

/** kube names the key below /registry/ when it reads one object, and the whole key in a list's causes. */
const storageErrorText = (name: string, revision = corruptedAt.get(name), key = `/configmaps/default/${name}`) =>
  `StorageError: corrupt object, Code: 7, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: object not decodable revision=${revision}: ${truncatedJson}`;

// DeleteOptions, body and query.

test('a value of the wrong type in a DeleteOptions body is a 400 in Go’s words, the innermost struct first', async (t) => {
  const cases: [unknown, string][] = [
    [{ gracePeriodSeconds: '5' }, 'json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64'],
    [{ gracePeriodSeconds: 1.5 }, 'json: cannot unmarshal number 1.5 into Go struct field DeleteOptions.gracePeriodSeconds of type int64'],
    [{ dryRun: 'All' }, 'json: cannot unmarshal string into Go struct field DeleteOptions.dryRun of type []string'],
    [{ dryRun: ['All', 1] }, 'json: cannot unmarshal number into Go struct field DeleteOptions.dryRun of type string'],
    [{ orphanDependents: 'true' }, 'json: cannot unmarshal string into Go struct field DeleteOptions.orphanDependents of type bool'],
    [{ propagationPolicy: true }, 'json: cannot unmarshal bool into Go struct field DeleteOptions.propagationPolicy of type v1.DeletionPropagation'],
    [{ preconditions: 'x' }, 'json: cannot unmarshal string into Go struct field DeleteOptions.preconditions of type v1.Preconditions'],
    [{ preconditions: { uid: 5 } }, 'json: cannot unmarshal number into Go struct field Preconditions.preconditions.uid of type types.UID'],
    [
      { ignoreStoreReadErrorWithClusterBreakingPotential: 'yes' },
      'json: cannot unmarshal string into Go struct field DeleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential of type bool',
    ],
  ];
  for (const [body, message] of cases) {
    const answer = await call(gateOff, 'DELETE', `${configMaps}/healthy`, body);
    t.deepEqual(answer, { status: 400, body: failure(400, message, 'BadRequest') }, JSON.stringify(body));
  }
  t.is((await call(gateOff, 'GET', `${configMaps}/healthy`)).status, 200);
});

test('query parameters are read as kube’s parameter codec reads them: an empty value counts, and a bad integer is a 400', async (t) => {
  t.deepEqual((await call(gateOff, 'DELETE', `${configMaps}/healthy?gracePeriodSeconds=abc`)).body, failure(400, 'strconv.ParseInt: parsing "abc": invalid syntax', 'BadRequest'));
  t.deepEqual((await call(gateOff, 'DELETE', `${configMaps}/healthy?gracePeriodSeconds=`)).body, failure(400, 'strconv.ParseInt: parsing "": invalid syntax', 'BadRequest'));
  t.deepEqual(
    (await call(gateOff, 'DELETE', `${configMaps}/healthy?gracePeriodSeconds=9223372036854775808`)).body,
    failure(400, 'strconv.ParseInt: parsing "9223372036854775808": value out of range', 'BadRequest'),
  );
  t.deepEqual(
    (await call(gateOff, 'DELETE', `${configMaps}/healthy?propagationPolicy=`)).body,
    invalidDeleteOptions(['propagationPolicy', 'Unsupported value: "": supported values: "Foreground", "Background", "Orphan", "nil"']),
  );
  t.deepEqual(
    (await call(gateOff, 'DELETE', `${configMaps}/healthy?dryRun=All&dryRun=Maybe`)).body,
    invalidDeleteOptions(['dryRun', 'Unsupported value: ["All","Maybe"]: supported values: "All"']),
  );
  // Any value but "false" and "0" is true: with a propagationPolicy, both are set.
  t.deepEqual(
    (await call(gateOff, 'DELETE', `${configMaps}/healthy?orphanDependents=&propagationPolicy=Orphan`)).body,
    invalidDeleteOptions(['propagationPolicy', 'Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set']),
  );
  t.is((await call(gateOff, 'GET', `${configMaps}/healthy`)).status, 200);
});

test('the deprecated orphanDependents conflicts with propagationPolicy in the body too, and kube reports the unsupported policy after it', async (t) => {
  const answer = await call(gateOff, 'DELETE', `${configMaps}/healthy`, { orphanDependents: false, propagationPolicy: 'Sideways' });
  t.deepEqual(
    answer.body,
    invalidDeleteOptions(
      ['propagationPolicy', 'Invalid value: "Sideways": orphanDependents and deletionPropagation cannot be both set'],
      ['propagationPolicy', 'Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"'],
    ),
  );
});

test('with a body, the query is not read; dryRun=All given twice is still a dry run', async (t) => {
  await call(gateOff, 'POST', configMaps, { metadata: { name: 'options-body' } });
  const twice = await call(gateOff, 'DELETE', `${configMaps}/options-body?dryRun=All&dryRun=All`);
  t.is(twice.status, 200);
  t.is((await call(gateOff, 'GET', `${configMaps}/options-body`)).status, 200);
  const bodyWins = await call(gateOff, 'DELETE', `${configMaps}/options-body?dryRun=All`, {});
  t.is(bodyWins.status, 200);
  t.is((await call(gateOff, 'GET', `${configMaps}/options-body`)).status, 404);
});

test('orphanDependents=false on an object that stays answers 202, orphanDependents=true adds the orphan finalizer', async (t) => {
  await call(gateOff, 'POST', configMaps, { metadata: { name: 'cascading', finalizers: ['example.com/hold'] } });
  const cascading = await call(gateOff, 'DELETE', `${configMaps}/cascading?orphanDependents=false`);
  t.is(cascading.status, 202);
  t.deepEqual(cascading.body.metadata?.finalizers, ['example.com/hold']);
  const orphaning = await call(gateOff, 'DELETE', `${configMaps}/cascading`, { orphanDependents: true });
  t.is(orphaning.status, 200);
  t.deepEqual(orphaning.body.metadata?.finalizers, ['example.com/hold', 'orphan']);
});

test('kubectl delete sends --dry-run=server, --cascade and --grace-period as DeleteOptions', async (t) => {
  await call(gateOff, 'POST', configMaps, { metadata: { name: 'kubectl-options', finalizers: ['example.com/hold'] } });
  t.is(
    (await kubectl(gateOff, 'delete', 'configmap', 'kubectl-options', '--dry-run=server')).stdout,
    'configmap "kubectl-options" deleted from default namespace (server dry run)\n',
  );
  t.is((await call(gateOff, 'GET', `${configMaps}/kubectl-options`)).body.metadata?.deletionTimestamp, undefined);
  await kubectl(gateOff, 'delete', 'configmap', 'kubectl-options', '--cascade=orphan', '--wait=false');
  t.deepEqual((await call(gateOff, 'GET', `${configMaps}/kubectl-options`)).body.metadata?.finalizers, ['example.com/hold', 'orphan']);
  await kubectl(gateOff, 'delete', 'configmap', 'kubectl-options', '--cascade=foreground', '--wait=false');
  t.deepEqual((await call(gateOff, 'GET', `${configMaps}/kubectl-options`)).body.metadata?.finalizers, ['example.com/hold', 'foregroundDeletion']);

  await call(gateOff, 'POST', '/api/v1/namespaces/default/pods', { metadata: { name: 'graceful' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox' }] } });
  await kubectl(gateOff, 'delete', 'pod', 'graceful', '--grace-period=7', '--wait=false');
  t.is((await call(gateOff, 'GET', '/api/v1/namespaces/default/pods/graceful')).body.metadata?.deletionGracePeriodSeconds, 7);
});

test('preconditions in the body answer kube’s 409s', async (t) => {
  const created = await call(gateOff, 'POST', configMaps, { metadata: { name: 'guarded' } });
  const { uid, resourceVersion } = created.body.metadata as { uid: string; resourceVersion: string };
  const wrongUid = await call(gateOff, 'DELETE', `${configMaps}/guarded`, { preconditions: { uid: 'other' } });
  t.deepEqual(
    wrongUid.body,
    failure(
      409,
      `Operation cannot be fulfilled on ConfigMap "guarded": the UID in the precondition (other) does not match the UID in record (${uid}). The object might have been deleted and then recreated`,
      'Conflict',
      { name: 'guarded', kind: 'ConfigMap' },
    ),
  );
  const wrongVersion = await call(gateOff, 'DELETE', `${configMaps}/guarded`, { preconditions: { resourceVersion: '1' } });
  t.is(
    wrongVersion.body.message,
    `Operation cannot be fulfilled on ConfigMap "guarded": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${resourceVersion}). The object might have been modified`,
  );
  t.is((await call(gateOff, 'DELETE', `${configMaps}/guarded`, { preconditions: { uid, resourceVersion } })).status, 200);
});

// Corrupt objects with AllowUnsafeMalformedObjectDeletion off (kube's default).

test('gate off: a get, a list and a delete of a corrupt object answer the bare decode error as a 500 without a reason', async (t) => {
  t.deepEqual(await call(gateOff, 'GET', `${configMaps}/broken`), { status: 500, body: failure(500, truncatedJson) });
  t.deepEqual(await call(gateOff, 'GET', configMaps), { status: 500, body: failure(500, truncatedJson) });
  t.deepEqual(await call(gateOff, 'DELETE', `${configMaps}/broken`), { status: 500, body: failure(500, truncatedJson) });
  t.is((await call(gateOff, 'GET', `${configMaps}/healthy`)).status, 200);
});

test('gate off: a PUT over a corrupt object answers its 500, whether its body is small or large (prepared on a work thread)', async (t) => {
  const small = { metadata: { name: 'broken' }, data: { a: '2' } };
  // 300 KiB: past the size from which a PUT's work goes to a thread.
  const large = { ...small, data: { a: '2', padding: 'p'.repeat(300 * 1024) } };
  for (const body of [small, large]) t.deepEqual(await call(gateOff, 'PUT', `${configMaps}/broken`, body), { status: 500, body: failure(500, truncatedJson) });
  // A body the kind cannot decode is refused first, as kube decodes before it reads the object.
  const typed = await call(gateOff, 'PUT', `${configMaps}/broken`, { ...large, data: { ...large.data, a: 2 } });
  t.is(typed.status, 400);
});

test('gate off: ignoreStoreReadErrorWithClusterBreakingPotential is dropped before validation, so the delete is a normal one', async (t) => {
  const combined = await call(gateOff, 'DELETE', `${configMaps}/broken`, { ignoreStoreReadErrorWithClusterBreakingPotential: true, dryRun: ['All'] });
  t.deepEqual(combined, { status: 500, body: failure(500, truncatedJson) });
  const query = await call(gateOff, 'DELETE', `${configMaps}/broken?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
  t.deepEqual(query, { status: 500, body: failure(500, truncatedJson) });
  const collection = await call(gateOff, 'DELETE', `${configMaps}?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
  t.deepEqual(collection, { status: 500, body: failure(500, truncatedJson) });
});

// Corrupt objects with AllowUnsafeMalformedObjectDeletion on: serial, in this order, as the last one deletes them.

test.serial('gate on: a get of a corrupt object is kube’s 500 InternalError naming the key and the decode error', async (t) => {
  const text = storageErrorText('broken');
  t.deepEqual(await call(gateOn, 'GET', `${configMaps}/broken`), {
    status: 500,
    body: failure(500, `Internal error occurred: ${text}`, 'InternalError', { causes: [{ message: text }] }),
  });
  t.deepEqual(await call(gateOn, 'DELETE', `${configMaps}/broken`), {
    status: 500,
    body: failure(500, `Internal error occurred: ${text}`, 'InternalError', { causes: [{ message: text }] }),
  });
  // An update reads it without the corrupt-object store around it: the bare decode error, small body or large.
  const undecodable = `object not decodable revision=${corruptedAt.get('broken')}: ${truncatedJson}`;
  const small = { metadata: { name: 'broken' }, data: { a: '2' } };
  const large = { ...small, data: { a: '2', padding: 'p'.repeat(300 * 1024) } };
  for (const body of [small, large]) t.deepEqual(await call(gateOn, 'PUT', `${configMaps}/broken`, body), { status: 500, body: failure(500, undecodable) });
});

test.serial('gate on: a list that meets corrupt objects is a StoreReadError listing each corrupt key', async (t) => {
  const expected = failure(500, 'failed to read one or more configmaps from the storage', 'StoreReadError', {
    name: 'list',
    kind: 'configmaps',
    causes: ['broken', 'broken-too'].map((name) => ({
      reason: 'UnexpectedServerResponse',
      message: storageErrorText(name, corruptedAt.get(name), `/registry/configmaps/default/${name}`),
      field: `/registry/configmaps/default/${name}`,
    })),
  });
  t.deepEqual(await call(gateOn, 'GET', configMaps), { status: 500, body: expected });
  t.deepEqual((await call(gateOn, 'GET', '/api/v1/configmaps?labelSelector=none')).body, expected);
  // The one-object list of a field selector reads that object only.
  const healthy = await call(gateOn, 'GET', `${configMaps}?fieldSelector=metadata.name%3Dhealthy`);
  t.is(healthy.status, 200);
  const error = await kubectl(gateOn, 'get', 'configmaps').catch((failed: { stderr: string }) => failed);
  t.regex((error as { stderr: string }).stderr, /failed to read one or more configmaps from the storage/);
});

test.serial('gate on: the unsafe deletion refuses readable and missing objects, other options and DELETECOLLECTION', async (t) => {
  const exclusive = (name: string) =>
    failure(
      422,
      `configmaps "${name}" is invalid: ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: is exclusively used to delete corrupt object(s), try again by removing this option`,
      'Invalid',
      {
        name,
        kind: 'configmaps',
        causes: [
          {
            reason: 'FieldValueInvalid',
            message: 'Invalid value: true: is exclusively used to delete corrupt object(s), try again by removing this option',
            field: 'ignoreStoreReadErrorWithClusterBreakingPotential',
          },
        ],
      },
    );
  t.deepEqual((await call(gateOn, 'DELETE', `${configMaps}/healthy?ignoreStoreReadErrorWithClusterBreakingPotential=true`)).body, exclusive('healthy'));
  t.deepEqual((await call(gateOn, 'DELETE', `${configMaps}/missing`, { ignoreStoreReadErrorWithClusterBreakingPotential: true })).body, exclusive('missing'));
  const mixed = await call(gateOn, 'DELETE', `${configMaps}/broken`, {
    ignoreStoreReadErrorWithClusterBreakingPotential: true,
    dryRun: ['All'],
    propagationPolicy: 'Background',
    gracePeriodSeconds: 0,
    preconditions: {},
  });
  const together = (what: string): [string, string] => ['ignoreStoreReadErrorWithClusterBreakingPotential', `Invalid value: true: cannot be set together with .${what}`];
  t.deepEqual(mixed.body, invalidDeleteOptions(together('dryRun'), together('propagationPolicy'), together('gracePeriodSeconds'), together('preconditions')));
  t.deepEqual(
    (await call(gateOn, 'DELETE', `${configMaps}/broken?ignoreStoreReadErrorWithClusterBreakingPotential=1&orphanDependents=false`)).body,
    invalidDeleteOptions(together('orphanDependents')),
  );
  t.deepEqual(
    (await call(gateOn, 'DELETE', `${configMaps}?ignoreStoreReadErrorWithClusterBreakingPotential=true`)).body,
    invalidDeleteOptions(['ignoreStoreReadErrorWithClusterBreakingPotential', 'Invalid value: true: is not allowed with DELETECOLLECTION, try again after removing the option']),
  );
  // "false" is no unsafe deletion at all: the normal one fails on the corrupt object.
  t.is((await call(gateOn, 'DELETE', `${configMaps}/broken?ignoreStoreReadErrorWithClusterBreakingPotential=false`)).status, 500);
  t.is((await call(gateOn, 'GET', `${configMaps}/healthy`)).status, 200);
});

test.serial('gate on: kubectl delete --raw removes a corrupt object despite its finalizer; its watchers get kube’s StoreReadError and the list works again', async (t) => {
  // A watch from now: the one-object list of the healthy one reads the current revision.
  const { resourceVersion } = (await call(gateOn, 'GET', `${configMaps}?fieldSelector=metadata.name%3Dhealthy`)).body.metadata as { resourceVersion: string };
  const watch = await fetch(`${gateOn.url}${configMaps}?watch=1&resourceVersion=${resourceVersion}`);
  const events = readLines(watch);

  const deleted = await kubectl(gateOn, 'delete', '--raw', `${configMaps}/broken?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
  t.deepEqual(JSON.parse(deleted.stdout), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'broken', kind: 'ConfigMap' }, code: 200 });
  t.is((await call(gateOn, 'GET', `${configMaps}/broken`)).status, 404);

  const [event, ...rest] = await events;
  t.deepEqual(rest, [], 'the ERROR event ends the watch');
  const { type, object } = event as { type: string; object: Body };
  t.is(type, 'ERROR');
  t.like(object, { kind: 'Status', status: 'Failure', reason: 'StoreReadError', code: 500 });
  const revision = Number(/revision=(\d+):/.exec(object.message ?? '')?.[1]);
  t.is(object.message, `saw a DELETED event, but object data is corrupt - object not decodable revision=${revision}: ${truncatedJson}`);
  t.true(revision > (corruptedAt.get('broken-too') as number), 'the revision of the deletion');

  const unsafeBody = await call(gateOn, 'DELETE', `${configMaps}/broken-too`, { kind: 'DeleteOptions', apiVersion: 'v1', ignoreStoreReadErrorWithClusterBreakingPotential: true });
  t.deepEqual(unsafeBody, {
    status: 200,
    body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'broken-too', kind: 'ConfigMap' }, code: 200 },
  });
  const listed = await call(gateOn, 'GET', configMaps);
  t.is(listed.status, 200);
  t.deepEqual(
    (listed.body.items as { metadata: { name: string } }[]).map((item) => item.metadata.name),
    ['healthy'],
  );
});

test('on etcd, a value corrupted while the server runs reaches watchers as an ERROR, fails reads, and goes with the unsafe deletion', async (t) => {
  const etcd = await startEtcd('unsafe-delete');
  t.teardown(() => etcd.stop());
  const backend = ['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`];
  const server = await startApiServer([...backend, unsafeGate]);
  t.teardown(() => server.stop());
  const created = await call(server, 'POST', configMaps, { metadata: { name: 'live' }, data: { a: '1' } });
  const watch = await fetch(`${server.url}${configMaps}?watch=1&resourceVersion=${(created.body.metadata as { resourceVersion: string }).resourceVersion}`);
  const events = readLines(watch);

  const put = await run(process.execPath, [capstan, 'storage', 'put', '/registry/configmaps/default/live', 'not json', ...backend], { encoding: 'utf8' });
  const revision = Number(/at revision (\d+)/.exec(put.stdout)?.[1]);
  const reason = "couldn't get version/kind; json parse error: invalid character 'o' in literal null (expecting 'u')";
  t.deepEqual(await events, [
    {
      type: 'ERROR',
      object: failure(500, `Internal error occurred: object not decodable revision=${revision}: ${reason}`, 'InternalError', {
        causes: [{ message: `object not decodable revision=${revision}: ${reason}` }],
      }),
    },
  ]);
  const text = `StorageError: corrupt object, Code: 7, Key: /configmaps/default/live, ResourceVersion: 0, AdditionalErrorMsg: object not decodable revision=${revision}: ${reason}`;
  t.deepEqual((await call(server, 'GET', `${configMaps}/live`)).body, failure(500, `Internal error occurred: ${text}`, 'InternalError', { causes: [{ message: text }] }));
  t.like((await call(server, 'GET', configMaps)).body, { reason: 'StoreReadError', details: { causes: [{ field: '/registry/configmaps/default/live' }] } });

  t.like((await call(server, 'DELETE', `${configMaps}/live?ignoreStoreReadErrorWithClusterBreakingPotential=true`)).body, { status: 'Success', code: 200 });
  t.is((await call(server, 'GET', `${configMaps}/live`)).status, 404);
  t.is((await call(server, 'GET', configMaps)).status, 200);
});

/** The JSON lines of a watch until it ends. */
async function readLines(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}
