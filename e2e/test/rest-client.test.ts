// The REST client of @capstan/common/client against a real API server: CRUD, paging, errors as
// ApiError with the server's Status, watches, keep-alive, and an informer that outlives restarts,
// compaction and outages without piling up requests or leaving sockets open.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StatusError } from '@capstan/common';
import { ApiError, Informer, RestClient, RequestError, isNotFound, type KubeObject, type ResourceTarget, type WatchEvent } from '@capstan/common/client';
import { sharedApiServer } from '../src/shared-api-server.ts';
import { trustServingAuthority } from '../../common/test/api-server-child.ts';

const shared = sharedApiServer();
const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

interface ConfigMap extends KubeObject {
  readonly data?: Record<string, string>;
}

const configMaps = (namespace: string, name?: string): ResourceTarget => ({ group: '', version: 'v1', resource: 'configmaps', namespace, ...(name === undefined ? {} : { name }) });

async function newNamespace(client: RestClient, name: string): Promise<string> {
  await client.create({ group: '', version: 'v1', resource: 'namespaces' }, { metadata: { name } });
  return name;
}

async function rejection(t: { throwsAsync: (p: Promise<unknown>) => Promise<unknown> }, promise: Promise<unknown>): Promise<ApiError> {
  const error = await t.throwsAsync(promise);
  if (!(error instanceof ApiError)) throw new Error(`not an ApiError: ${String(error)}`);
  return error;
}

const until = async (check: () => boolean, what: string, ms = 10_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Counts the connections an agent opens. */
function countConnections(agent: Agent): { readonly count: number } {
  const counter = { count: 0 };
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (...args: Parameters<Agent['createConnection']>) => {
    counter.count += 1;
    return create(...args);
  };
  return counter;
}

function socketsOf(agent: Agent): number {
  return [...Object.values(agent.sockets), ...Object.values(agent.freeSockets)].reduce((sum, list) => sum + (list?.length ?? 0), 0);
}

test('creates, reads, updates, patches in every patch type and deletes ConfigMaps; dry run stores nothing', async (t) => {
  const client = RestClient.fromKubeconfig(shared.server().kubeconfig, { userAgent: 'capstan-e2e/v0.1.0 (linux/amd64) capstan/v0.1.0' });
  t.teardown(() => client.close());
  t.is(client.namespace, 'default');
  const ns = await newNamespace(client, 'rc-crud');
  const created = await client.create<ConfigMap>(configMaps(ns), { metadata: { name: 'one' }, data: { a: '1' } });
  t.is(created.metadata?.namespace, ns);
  t.truthy(created.metadata?.uid);
  const read = await client.get<ConfigMap>(configMaps(ns, 'one'));
  t.is(read.metadata?.uid, created.metadata?.uid);
  t.deepEqual(read.data, { a: '1' });

  const updated = await client.update<ConfigMap>(configMaps(ns), { ...read, data: { a: '2' } });
  t.deepEqual(updated.data, { a: '2' });
  t.true(Number(updated.metadata?.resourceVersion) > Number(read.metadata?.resourceVersion));
  const merged = await client.patch<ConfigMap>(configMaps(ns, 'one'), { data: { b: '1' } }, { type: 'merge' });
  t.deepEqual(merged.data, { a: '2', b: '1' });
  const strategic = await client.patch<ConfigMap>(configMaps(ns, 'one'), { metadata: { labels: { app: 'x' } } }, { type: 'strategic' });
  t.deepEqual(strategic.metadata?.labels, { app: 'x' });
  const jsonPatched = await client.patch<ConfigMap>(configMaps(ns, 'one'), [{ op: 'replace', path: '/data/a', value: '3' }], { type: 'json' });
  t.deepEqual(jsonPatched.data, { a: '3', b: '1' });
  const applied = await client.patch<ConfigMap>(
    configMaps(ns, 'one'),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'one', namespace: ns }, data: { c: '1' } },
    { type: 'apply', fieldManager: 'rc-e2e', force: true },
  );
  t.deepEqual(applied.data, { a: '3', b: '1', c: '1' });
  const managers = (applied.metadata?.managedFields as { manager: string; operation: string }[]).map((m) => `${m.manager}/${m.operation}`);
  t.true(managers.includes('rc-e2e/Apply'), managers.join(' '));
  // kubectl sees what the client wrote.
  t.is((await shared.kubectl('get', 'configmap', 'one', '-n', ns, '-o', 'jsonpath={.data.c}')).stdout, '1');

  const dryRun = await client.create<ConfigMap>(configMaps(ns), { metadata: { name: 'dry' } }, { dryRun: true, fieldManager: 'rc-e2e' });
  t.is(dryRun.metadata?.name, 'dry');
  t.true(isNotFound(await rejection(t, client.get(configMaps(ns, 'dry')))));

  const precondition = await rejection(t, client.delete(configMaps(ns, 'one'), { preconditions: { uid: 'not-the-uid' } }));
  t.is(precondition.code, 409);
  t.is(precondition.reason, 'Conflict');
  const deleted = await client.delete(configMaps(ns, 'one'), { preconditions: { uid: created.metadata?.uid as string }, gracePeriodSeconds: 0, propagationPolicy: 'Background' });
  t.like(deleted, { kind: 'Status', status: 'Success', details: { name: 'one', kind: 'configmaps' } });
  const gone = await rejection(t, client.get(configMaps(ns, 'one')));
  t.is(gone.status.message, 'configmaps "one" not found');
});

test('a 409 and a 404 are ApiErrors that carry the Status the server sent', async (t) => {
  const client = new RestClient({ server: shared.server().url });
  t.teardown(() => client.close());
  const ns = await newNamespace(client, 'rc-errors');
  const first = await client.create<ConfigMap>(configMaps(ns), { metadata: { name: 'taken' } });

  const exists = await rejection(t, client.create(configMaps(ns), { metadata: { name: 'taken' } }));
  t.true(exists instanceof StatusError);
  t.deepEqual(exists.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'configmaps "taken" already exists',
    reason: 'AlreadyExists',
    details: { name: 'taken', kind: 'configmaps' },
    code: 409,
  });
  t.is(exists.request, `POST /api/v1/namespaces/${ns}/configmaps`);

  await client.patch(configMaps(ns, 'taken'), { data: { moved: 'on' } }, { type: 'merge' });
  const stale = await rejection(t, client.update(configMaps(ns, 'taken'), { ...first, data: { stale: 'yes' } }));
  t.is(stale.code, 409);
  t.is(stale.reason, 'Conflict');
  t.is(stale.message, 'Operation cannot be fulfilled on configmaps "taken": the object has been modified; please apply your changes to the latest version and try again');

  const missing = await rejection(t, client.get(configMaps(ns, 'missing')));
  t.like(missing.status, { code: 404, reason: 'NotFound', message: 'configmaps "missing" not found', details: { name: 'missing', kind: 'configmaps' } });
  t.is(missing.request, `GET /api/v1/namespaces/${ns}/configmaps/missing`);

  const invalid = await rejection(t, client.create(configMaps(ns), { metadata: { name: 'Not_A_Name' } }));
  t.is(invalid.code, 422);
  t.deepEqual(
    invalid.status.details?.causes?.map((cause) => cause.field),
    ['metadata.name'],
  );
});

test('lists in pages with limit and continue, by label and field selectors, and listAll gathers every page', async (t) => {
  const client = new RestClient({ server: shared.server().url });
  t.teardown(() => client.close());
  const ns = await newNamespace(client, 'rc-paging');
  for (let i = 0; i < 7; i++) await client.create(configMaps(ns), { metadata: { name: `cm-${i}`, labels: { parity: i % 2 === 0 ? 'even' : 'odd' } } });
  const names = (list: { items: KubeObject[] }): string[] => list.items.map((item) => item.metadata?.name ?? '');

  const page1 = await client.list(configMaps(ns), { limit: 3 });
  t.deepEqual(names(page1), ['cm-0', 'cm-1', 'cm-2']);
  t.is(page1.metadata.remainingItemCount, 4);
  t.truthy(page1.metadata.continue);
  const page2 = await client.list(configMaps(ns), { limit: 3, continue: page1.metadata.continue as string });
  t.deepEqual(names(page2), ['cm-3', 'cm-4', 'cm-5']);
  const page3 = await client.list(configMaps(ns), { limit: 3, continue: page2.metadata.continue as string });
  t.deepEqual(names(page3), ['cm-6']);
  t.is(page3.metadata.continue, undefined);
  t.is(page3.metadata.resourceVersion, page1.metadata.resourceVersion);

  const all = await client.listAll(configMaps(ns), { pageSize: 2 });
  t.deepEqual(names(all), ['cm-0', 'cm-1', 'cm-2', 'cm-3', 'cm-4', 'cm-5', 'cm-6']);
  t.truthy(all.metadata.resourceVersion);
  t.deepEqual(names(await client.list(configMaps(ns), { labelSelector: 'parity=odd' })), ['cm-1', 'cm-3', 'cm-5']);
  t.deepEqual(names(await client.list(configMaps(ns), { fieldSelector: 'metadata.name=cm-4' })), ['cm-4']);
  t.deepEqual(names(await client.listAll(configMaps(ns), { labelSelector: 'parity=even', pageSize: 1 })), ['cm-0', 'cm-2', 'cm-4', 'cm-6']);
  const bad = await rejection(t, client.list(configMaps(ns), { fieldSelector: 'spec.nope=x' }));
  t.is(bad.code, 400);
});

test("a watch from a list's resourceVersion receives ADDED, MODIFIED and DELETED; close() ends it and frees it", async (t) => {
  const client = new RestClient({ server: shared.server().url });
  t.teardown(() => client.close());
  const ns = await newNamespace(client, 'rc-watch');
  const list = await client.list(configMaps(ns));
  const watch = await client.watch<ConfigMap>(configMaps(ns), { resourceVersion: list.metadata.resourceVersion as string, allowWatchBookmarks: true });
  t.is(client.openWatches, 1);
  await client.create(configMaps(ns), { metadata: { name: 'w' }, data: { v: '1' } });
  await client.patch(configMaps(ns, 'w'), { data: { v: '2' } }, { type: 'merge' });
  await client.delete(configMaps(ns, 'w'));
  const events: WatchEvent<ConfigMap>[] = [];
  for await (const event of watch) {
    if (event.type === 'BOOKMARK') continue;
    events.push(event);
    if (events.length === 3) break;
  }
  t.deepEqual(
    events.map((event) => [event.type, (event.object as ConfigMap).metadata?.name, (event.object as ConfigMap).data?.v]),
    [
      ['ADDED', 'w', '1'],
      ['MODIFIED', 'w', '2'],
      ['DELETED', 'w', '2'],
    ],
  );
  t.true(watch.closed);
  t.is(client.openWatches, 0);

  // The server ends a watch at timeoutSeconds; the iterator then simply ends.
  const started = Date.now();
  const short = await client.watch(configMaps(ns), { timeoutSeconds: 1 });
  for await (const event of short) t.fail(`unexpected ${event.type}`);
  t.true(Date.now() - started < 5000);
  t.is(client.openWatches, 0);
});

test('the status subresource writes status only', async (t) => {
  const client = new RestClient({ server: shared.server().url });
  t.teardown(() => client.close());
  const ns = await newNamespace(client, 'rc-status');
  const pods = { group: '', version: 'v1', resource: 'pods', namespace: ns };
  await client.create(pods, { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const patched = await client.patch<KubeObject & { status?: { phase?: string } }>(
    { ...pods, name: 'p', subresource: 'status' },
    { status: { phase: 'Running' } },
    { type: 'merge' },
  );
  t.is(patched.status?.phase, 'Running');
  const status = await client.get<KubeObject & { status?: { phase?: string } }>({ ...pods, name: 'p', subresource: 'status' });
  t.is(status.status?.phase, 'Running');
});

test('requests reuse one keep-alive connection; without keep-alive each request opens its own', async (t) => {
  const target = { group: '', version: 'v1', resource: 'namespaces', name: 'default' };
  const reusing = new RestClient({ server: shared.server().url });
  const closing = new RestClient({ server: shared.server().url, keepAlive: false });
  t.teardown(() => (reusing.close(), closing.close()));
  const reused = countConnections(reusing.agent);
  const opened = countConnections(closing.agent);
  for (let i = 0; i < 50; i++) await reusing.get(target);
  for (let i = 0; i < 50; i++) await closing.get(target);
  t.is(reused.count, 1);
  t.is(opened.count, 50);
});

// --- API server processes of a test's own, to stop and start again on the same port and data.

interface OwnApiServer {
  readonly url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startOwnApiServer(port: number, dataDir: string): Promise<OwnApiServer> {
  const child = spawn(process.execPath, [capstan, 'apiserver', `--secure-port=${port}`, `--data-dir=${dataDir}`, '--logging-format=json', '--authorization-mode=AlwaysAllow'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `https://127.0.0.1:${port}`;
  // Serving, its self-signed certificate is in the data directory (kept across restarts): trusted
  // from then on. No clock: a server that never gets ready fails the test at its timeout.
  const failed = exited.then(() => Promise.reject(new Error(`the API server on ${url} exited before it was ready:\n${output}`)));
  let stdout = '';
  const serving = new Promise<void>((resolve) => child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk).includes('serving on') && resolve()));
  await Promise.race([serving, failed]);
  trustServingAuthority(join(dataDir, 'pki', 'apiserver.crt'));
  while ((await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), failed]);
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const storage = async (...args: string[]): Promise<string> => (await run(process.execPath, [capstan, 'storage', ...args], { encoding: 'utf8' })).stdout.trim();

test('an informer lists, survives API server restarts by resuming its watch, and re-lists after its resourceVersion was compacted', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-rc-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  let server = await startOwnApiServer(port, dataDir);
  t.teardown(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = new RestClient({ server: server.url, timeoutMs: 2000 });
  t.teardown(() => client.close());
  await client.create(configMaps('default'), { metadata: { name: 'kept' } });
  await client.create(configMaps('default'), { metadata: { name: 'removed-while-down' } });

  const seen: string[] = [];
  const errors: unknown[] = [];
  const informer = new Informer<ConfigMap>(client, configMaps('default'), { backoff: { initialMs: 50, maxMs: 400 }, onError: (error) => errors.push(error) });
  informer.addEventHandler({
    onAdd: (cm) => seen.push(`add ${cm.metadata?.name}`),
    onUpdate: (_old, cm) => seen.push(`update ${cm.metadata?.name}`),
    onDelete: (cm, unknown) => seen.push(`delete ${cm.metadata?.name}${unknown ? ' (final state unknown)' : ''}`),
  });
  t.false(informer.hasSynced());
  informer.start();
  t.teardown(() => informer.stop());
  t.true(await informer.waitForSync());
  t.deepEqual(seen, ['add kept', 'add removed-while-down']);
  t.is(informer.store.get('default', 'kept')?.metadata?.name, 'kept');

  // A restart on the same data: the watch resumes from the last resourceVersion, no re-list.
  await server.stop();
  await until(() => errors.some((error) => error instanceof RequestError), 'the informer to notice the outage');
  server = await startOwnApiServer(port, dataDir);
  await client.create(configMaps('default'), { metadata: { name: 'after-restart' } });
  await until(() => seen.includes('add after-restart'), 'the object created after the restart');
  t.is(informer.stats.lists, 1);
  const resourceVersionBefore = informer.lastSyncResourceVersion;

  // While the informer cannot see it, the data changes (through a server on another port) and the
  // history is compacted: its resourceVersion is gone, the watch answers 410, it re-lists.
  await server.stop();
  const elsewhere = await startOwnApiServer(await freePort(), dataDir);
  const other = new RestClient({ server: elsewhere.url });
  await other.delete(configMaps('default', 'removed-while-down'));
  await other.create(configMaps('default'), { metadata: { name: 'created-while-down' } });
  other.close();
  await elsewhere.stop();
  const revision = await storage('revision', `--data-dir=${dataDir}`);
  t.true(Number(revision) > Number(resourceVersionBefore));
  t.is(await storage('compact', revision, `--data-dir=${dataDir}`), `compacted at revision ${revision}`);
  server = await startOwnApiServer(port, dataDir);

  // What the informer meets: a watch from its resourceVersion ends at once with ERROR 410 Expired.
  const probe = await client.watch(configMaps('default'), { resourceVersion: resourceVersionBefore });
  const probed: WatchEvent[] = [];
  for await (const event of probe) probed.push(event);
  t.like(probed, [{ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } }] as unknown as WatchEvent[]);

  await until(() => seen.includes('add created-while-down'), 'the re-list after compaction');
  // As client-go's Replace: what the list holds first, then what it no longer holds.
  t.deepEqual(seen.slice(3), ['add created-while-down', 'delete removed-while-down (final state unknown)']);
  t.is(informer.stats.lists, 2);
  t.true(errors.some((error) => error instanceof ApiError && error.code === 410));
  t.deepEqual(informer.store.keys().sort(), ['default/after-restart', 'default/created-while-down', 'default/kept']);

  // And it goes on watching.
  await client.patch(configMaps('default', 'kept'), { data: { k: 'v' } }, { type: 'merge' });
  await until(() => seen.includes('update kept'), 'the update after the re-list');
  t.deepEqual(informer.store.get('default', 'kept')?.data, { k: 'v' });
});

test('an outage piles up no requests: refused connections are retried with backoff, a server that never answers is timed out, no socket stays open', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-rc-'));
  const port = await freePort();
  let server: OwnApiServer | undefined = await startOwnApiServer(port, join(dir, 'data'));
  t.teardown(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = new RestClient({ server: server.url, timeoutMs: 500 });
  t.teardown(() => client.close());
  const connections = countConnections(client.agent);
  const informer = new Informer<ConfigMap>(client, configMaps('default'), { backoff: { initialMs: 100, maxMs: 400 } });
  informer.start();
  t.teardown(() => informer.stop());
  t.true(await informer.waitForSync());

  const watchOutage = async (ms: number): Promise<{ connections: number; mostInFlight: number; mostSockets: number }> => {
    const before = connections.count;
    let mostInFlight = 0;
    let mostSockets = 0;
    const end = Date.now() + ms;
    while (Date.now() < end) {
      mostInFlight = Math.max(mostInFlight, client.inFlight + client.openWatches);
      mostSockets = Math.max(mostSockets, socketsOf(client.agent));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { connections: connections.count - before, mostInFlight, mostSockets };
  };

  // Nothing listens: each attempt is refused at once, and the next one waits its backoff.
  await server.stop();
  server = undefined;
  const refused = await watchOutage(3000);
  // Pauses of 100, 200, then 400 ms and more (jitter only adds): at most a dozen; without backoff, hundreds.
  t.true(refused.connections >= 2 && refused.connections <= 12, `${refused.connections} connection attempts in 3 s`);
  // A refusal comes at once, so the sampling may miss the one request in flight; never more than one.
  t.true(refused.mostInFlight <= 1, `${refused.mostInFlight} requests in flight`);
  t.true(refused.mostSockets <= 1, `${refused.mostSockets} sockets`);

  // Something accepts and never answers: each attempt ends at the client's timeout.
  let accepted = 0;
  let mostOpen = 0;
  const open = new Set<Socket>();
  const hanging = createServer((socket) => {
    accepted += 1;
    open.add(socket);
    mostOpen = Math.max(mostOpen, open.size);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    // Read (and drop) the request, or the client's close would never be seen.
    socket.resume();
  });
  await new Promise<void>((resolve) => hanging.listen(port, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => hanging.close(() => resolve())));
  const unanswered = await watchOutage(4000);
  // Each attempt waits out its 500 ms timeout, then a pause of 400 to 800 ms.
  t.true(accepted >= 2 && accepted <= 8, `${accepted} connections to the silent server in 4 s`);
  // The client and the silent server share this process: on a loaded machine the server may see
  // the next attempt before it has seen the previous one's socket close. A pile-up would be many.
  t.true(mostOpen <= 2, `${mostOpen} connections open at once`);
  t.is(unanswered.mostInFlight, 1);

  await informer.stop();
  await until(() => open.size === 0, 'the client to close its last connection');
  t.is(socketsOf(client.agent), 0);
  t.is(client.inFlight + client.openWatches, 0);
});
