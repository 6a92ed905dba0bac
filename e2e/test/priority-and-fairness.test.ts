// API priority and fairness on a real `capstan apiserver`, as kube-apiserver 1.35 does it: every
// answer names its FlowSchema and priority level by UID; a FlowSchema and PriorityLevelConfiguration
// created by a test route a user's requests there (the conformance test "should ensure that
// requests can be classified by adding FlowSchema and PriorityLevelConfiguration"); a flood at a
// small level gets 429 with Retry-After while other users are served, and client-go's retries
// get through; with --enable-priority-and-fairness=false kube's max-in-flight limit answers 429.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:https';
import { promisify } from 'node:util';
import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');

const tokens = ['admintoken,admin,uid-admin,"system:masters"', 'alicetoken,alice,uid-alice,"devs"', 'floodtoken,flooder,uid-flooder,"devs"'];

/** A server with our users: the token file is made first, in a directory of the test's own. */
async function serverWithUsers(t: { teardown(fn: () => unknown): void }, args: readonly string[]): Promise<ApiServerChild> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-apf-tokens-'));
  const file = join(dir, 'tokens.csv');
  writeFileSync(file, `${tokens.join('\n')}\n`);
  const server = await startApiServerChild({ args: [`--token-auth-file=${file}`, ...args], prefix: 'capstan-apf-' });
  t.teardown(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return server;
}

const as = (token: string, headers: Record<string, string> = {}): RequestInit => ({
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
});

async function post(server: ApiServerChild, path: string, body: unknown): Promise<Record<string, any>> {
  const answer = await fetch(`${server.url}${path}`, { ...as('admintoken'), method: 'POST', body: JSON.stringify(body) });
  const parsed = (await answer.json()) as Record<string, any>;
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

async function get(server: ApiServerChild, path: string, token = 'admintoken'): Promise<Record<string, any>> {
  return (await (await fetch(`${server.url}${path}`, as(token))).json()) as Record<string, any>;
}

const flowcontrol = '/apis/flowcontrol.apiserver.k8s.io/v1';

/** Waits (on the server's own state, polled) until the FlowSchema's Dangling condition is False. */
async function waitForSteadyState(server: ApiServerChild, flowSchema: string): Promise<void> {
  for (;;) {
    const object = await get(server, `${flowcontrol}/flowschemas/${flowSchema}`);
    const dangling = (object.status?.conditions ?? []).find((c: Record<string, string>) => c.type === 'Dangling');
    if (dangling?.status === 'False') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A create whose body is sent only in part: it holds its seat (its slot) while the server waits
 * for the rest, until release() sends it; release answers the create's status.
 */
function heldWrite(server: ApiServerChild, token: string): { release(): Promise<number> } {
  const body = Buffer.from(JSON.stringify({ metadata: { generateName: 'held-' }, data: { a: 'b' } }));
  const url = new URL(`${server.url}/api/v1/namespaces/default/configmaps`);
  const sent = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length } });
  const status = new Promise<number>((resolve, reject) => {
    sent.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    sent.once('error', reject);
  });
  sent.write(body.subarray(0, 10));
  return {
    release: () => {
      sent.end(body.subarray(10));
      return status;
    },
  };
}

/** Resolves once the dump shows a request of `level` executing. */
async function waitExecuting(server: ApiServerChild, level: string): Promise<void> {
  for (;;) {
    const dump = await (await fetch(`${server.url}/debug/api_priority_and_fairness/dump_priority_levels`, as('admintoken'))).text();
    if (new RegExp(`\\n${level}, +\\d+, +\\w+, +\\w+, +\\d+, +[1-9]`).test(dump)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** 40 ConfigMaps of 12 kB: a list of them is estimated at 5 seats (objects times their size, 100 kB a seat). */
async function fillConfigMaps(server: ApiServerChild): Promise<void> {
  const data = { blob: 'x'.repeat(12_000) };
  for (let i = 0; i < 40; i++) await post(server, '/api/v1/namespaces/default/configmaps', { metadata: { name: `cm-${i}` }, data });
}

test('answers carry the UIDs of their FlowSchema and priority level; a FlowSchema and level made by a test route a user there', async (t) => {
  const server = await serverWithUsers(t, []);
  const exempt = await fetch(`${server.url}/version`, as('admintoken'));
  const exemptSchema = await get(server, `${flowcontrol}/flowschemas/exempt`);
  t.is(exempt.headers.get('x-kubernetes-pf-flowschema-uid'), exemptSchema.metadata.uid);
  t.is(exempt.headers.get('x-kubernetes-pf-prioritylevel-uid'), (await get(server, `${flowcontrol}/prioritylevelconfigurations/exempt`)).metadata.uid);
  const alice = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, as('alicetoken'));
  t.is(alice.status, 200);
  t.is(alice.headers.get('x-kubernetes-pf-flowschema-uid'), (await get(server, `${flowcontrol}/flowschemas/global-default`)).metadata.uid);
  // A watch is classified too (it holds its seats only until it starts answering).
  const watch = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1`, as('alicetoken'));
  t.is(watch.status, 200);
  t.is(watch.headers.get('x-kubernetes-pf-flowschema-uid'), alice.headers.get('x-kubernetes-pf-flowschema-uid'));
  await watch.arrayBuffer();

  // As the conformance test: a level of one share, a schema for user "noxu" at precedence 1000.
  const level = await post(server, `${flowcontrol}/prioritylevelconfigurations`, {
    metadata: { name: 'e2e-testing-prioritylevel' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Reject' } } },
  });
  const schema = await post(server, `${flowcontrol}/flowschemas`, {
    metadata: { name: 'e2e-testing-flowschema' },
    spec: {
      matchingPrecedence: 1000,
      priorityLevelConfiguration: { name: 'e2e-testing-prioritylevel' },
      distinguisherMethod: { type: 'ByUser' },
      rules: [{ subjects: [{ kind: 'User', user: { name: 'noxu' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }],
    },
  });
  await waitForSteadyState(server, 'e2e-testing-flowschema');
  const noxu = await fetch(`${server.url}/version`, as('admintoken', { 'impersonate-user': 'noxu' }));
  t.is(noxu.status, 200);
  t.is(noxu.headers.get('x-kubernetes-pf-prioritylevel-uid'), level.metadata.uid);
  t.is(noxu.headers.get('x-kubernetes-pf-flowschema-uid'), schema.metadata.uid);
  const foo = await fetch(`${server.url}/version`, as('admintoken', { 'impersonate-user': 'foo' }));
  t.not(foo.headers.get('x-kubernetes-pf-flowschema-uid') ?? '', '');
  t.not(foo.headers.get('x-kubernetes-pf-flowschema-uid'), schema.metadata.uid);

  // The bootstrap objects are there, annotated, and the debug dumps list the levels.
  const levels = (await get(server, `${flowcontrol}/prioritylevelconfigurations`)).items.map((item: Record<string, any>) => item.metadata.name).sort();
  t.deepEqual(levels, ['catch-all', 'e2e-testing-prioritylevel', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
  const dump = await (await fetch(`${server.url}/debug/api_priority_and_fairness/dump_priority_levels`, as('admintoken'))).text();
  t.regex(
    dump,
    /^PriorityLevelName, +ActiveQueues, +IsIdle, +IsQuiescing, +WaitingRequests, +ExecutingRequests, +DispatchedRequests, +RejectedRequests, +TimedoutRequests, +CancelledRequests\n/,
  );
  t.regex(dump, /\ne2e-testing-prioritylevel, +0, +true, +false, +0, +0, +1, +0, +0, +0\n/);
});

test('a flood at a small priority level gets 429 with Retry-After while another user is served; client-go retries through it', async (t) => {
  const server = await serverWithUsers(t, []);
  await post(server, `${flowcontrol}/prioritylevelconfigurations`, {
    metadata: { name: 'tiny' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, lendablePercent: 0, borrowingLimitPercent: 0, limitResponse: { type: 'Reject' } } },
  });
  await post(server, `${flowcontrol}/flowschemas`, {
    metadata: { name: 'flooder' },
    spec: {
      matchingPrecedence: 500,
      priorityLevelConfiguration: { name: 'tiny' },
      rules: [
        { subjects: [{ kind: 'User', user: { name: 'flooder' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }] },
      ],
    },
  });
  await waitForSteadyState(server, 'flooder');
  await fillConfigMaps(server);
  const list = (token: string) => fetch(`${server.url}/api/v1/namespaces/default/configmaps`, as(token));
  // A create held open takes one of the level's 3 seats: the flood's lists (5 seats each, wider than
  // the level) may only run alone, and find it busy.
  const holder = heldWrite(server, 'floodtoken');
  await waitExecuting(server, 'tiny');
  const answers = await Promise.all(Array.from({ length: 30 }, () => list('floodtoken')));
  const served = await list('alicetoken');
  t.is(served.status, 200);
  await served.arrayBuffer();
  const rejected = answers.filter((answer) => answer.status === 429);
  t.is(rejected.length, 30, `statuses: ${answers.map((a) => a.status).join(',')}`);
  t.is(await holder.release(), 201);
  t.is((await list('floodtoken')).status, 200);
  const first = rejected[0] as Response;
  t.regex(first.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
  t.is(first.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(await first.text(), 'Too many requests, please try again later.\n');
  t.not(first.headers.get('x-kubernetes-pf-prioritylevel-uid') ?? '', '');
  for (const answer of answers) if (!answer.bodyUsed) await answer.arrayBuffer();
  const dump = await (await fetch(`${server.url}/debug/api_priority_and_fairness/dump_priority_levels`, as('admintoken'))).text();
  const tiny = /\ntiny, +\d+, +\w+, +\w+, +\d+, +\d+, +(\d+), +(\d+),/.exec(dump);
  t.is(Number(tiny?.[2]), rejected.length);

  if (!hasGo) {
    t.log('client-go part skipped: no Go toolchain');
    return;
  }
  const caFile = join(server.dir, 'ca.crt');
  writeFileSync(caFile, server.certificateAuthority);
  // client-go's 20 lists are each refused at least once while a create holds the level, then the
  // create ends and they get through on client-go's retries after Retry-After.
  const holding = heldWrite(server, 'floodtoken');
  await waitExecuting(server, 'tiny');
  const rejectedCount = async (): Promise<number> => {
    const text = await (await fetch(`${server.url}/debug/api_priority_and_fairness/dump_priority_levels`, as('admintoken'))).text();
    return Number(/\ntiny, +\d+, +\w+, +\w+, +\d+, +\d+, +\d+, +(\d+),/.exec(text)?.[1]);
  };
  const before = await rejectedCount();
  const flood = run(clientGoBinary('apf-flood'), [server.url, caFile, 'floodtoken', '20']);
  while ((await rejectedCount()) < before + 20) await new Promise((resolve) => setTimeout(resolve, 50));
  t.is(await holding.release(), 201);
  const result = await flood;
  t.is(result.stdout.split('\n')[0], 'ok=20 failed=0', result.stdout);
});

test('with --enable-priority-and-fairness=false the max-in-flight limit answers 429 with Retry-After: 1, but never to system:masters', async (t) => {
  const server = await serverWithUsers(t, ['--enable-priority-and-fairness=false', '--max-requests-inflight=1', '--max-mutating-requests-inflight=1']);
  const create = (token: string) =>
    fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { ...as(token), method: 'POST', body: JSON.stringify({ metadata: { generateName: 'w-' } }) });
  // A create held open takes the one write slot (no dumps here: its effect says when it arrived).
  const holder = heldWrite(server, 'alicetoken');
  for (;;) {
    const probe = await create('alicetoken');
    await probe.arrayBuffer();
    if (probe.status === 429) break;
  }
  const answers = await Promise.all(Array.from({ length: 20 }, () => create('alicetoken')));
  const rejected = answers.filter((answer) => answer.status === 429);
  t.is(rejected.length, 20, `statuses: ${answers.map((a) => a.status).join(',')}`);
  const first = rejected[0] as Response;
  t.is(first.headers.get('retry-after'), '1');
  t.is(await first.text(), 'Too many requests, please try again later.\n');
  t.is(first.headers.get('x-kubernetes-pf-flowschema-uid'), null);
  for (const answer of answers) if (!answer.bodyUsed) await answer.arrayBuffer();
  // Reads have a slot of their own; system:masters is served past the limit.
  const read = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, as('alicetoken'));
  t.is(read.status, 200);
  await read.arrayBuffer();
  const admin = await Promise.all(Array.from({ length: 10 }, () => create('admintoken')));
  t.deepEqual(
    admin.map((answer) => answer.status),
    admin.map(() => 201),
  );
  for (const answer of admin) await answer.arrayBuffer();
  t.is(await holder.release(), 201);
  t.is((await create('alicetoken')).status, 201);
  // No dumps are served; the bootstrap objects are made all the same (the flowcontrol API's own hook, as kube's).
  t.is((await fetch(`${server.url}/debug/api_priority_and_fairness/dump_priority_levels`, as('admintoken'))).status, 404);
  t.is((await fetch(`${server.url}${flowcontrol}/flowschemas/global-default`, as('admintoken'))).status, 200);
});
