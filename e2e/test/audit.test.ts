// Auditing as kube-apiserver 1.35 does it, seen from outside: a server started with
// --audit-policy-file writes audit.k8s.io/v1 events of kubectl's requests to --audit-log-path at
// the stages and levels the policy gives, shaped as the oracle's own audit log (same fields, in the
// same order); the webhook backend POSTs EventLists, and what it buffers is sent at shutdown; the
// log file rotates by size with lumberjack's backup names.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateSelfSignedCertKey } from '@capstan/common';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

const policy = `apiVersion: audit.k8s.io/v1
kind: Policy
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/readyz*", "/livez*"]
- level: RequestResponse
  resources: [{group: "", resources: ["configmaps"]}]
- level: Request
  resources: [{group: "", resources: ["secrets"]}]
- level: Metadata
`;

interface AuditEvent {
  readonly level: string;
  readonly auditID: string;
  readonly stage: string;
  readonly requestURI: string;
  readonly verb: string;
  readonly user: { readonly username?: string; readonly groups?: readonly string[] };
  readonly objectRef?: Record<string, string>;
  readonly responseStatus?: { readonly code: number; readonly status?: string; readonly reason?: string; readonly message?: string };
  readonly requestObject?: Record<string, unknown>;
  readonly responseObject?: Record<string, unknown>;
  readonly requestReceivedTimestamp: string;
  readonly stageTimestamp: string;
  readonly annotations?: Record<string, string>;
}

/** A directory with the policy and a token file: admin (system:masters) and alice. */
function auditDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-audit-'));
  writeFileSync(join(dir, 'policy.yaml'), policy);
  writeFileSync(join(dir, 'tokens.csv'), 'admintoken,admin,admin-uid,system:masters\n');
  return dir;
}

async function startAudited(
  dir: string,
  args: readonly string[],
): Promise<ApiServerChild & { kubectl: (...args: string[]) => Promise<{ stdout: string }>; kubectlArgs: string[] }> {
  const server = await startApiServerChild({ args: [`--token-auth-file=${join(dir, 'tokens.csv')}`, `--audit-policy-file=${join(dir, 'policy.yaml')}`, ...args] });
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, adminKubeconfig(server.url));
  const kubectlArgs = [`--kubeconfig=${kubeconfig}`, `--cache-dir=${join(dir, 'cache')}`];
  return { ...server, kubectlArgs, kubectl: (...args: string[]) => run(kubectlBinary(), [...kubectlArgs, ...args]) };
}

/** kubectl as admin, by its bearer token (sent over TLS only; the server's certificate is not what these tests check). */
function adminKubeconfig(url: string): string {
  return `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "${url}", insecure-skip-tls-verify: true}}]
users: [{name: admin, user: {token: admintoken}}]
contexts: [{name: c, context: {cluster: c, user: admin, namespace: default}}]
current-context: c
`;
}

function eventsIn(path: string): AuditEvent[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AuditEvent);
}

/** Polls until `found` finds what it looks for among what `events` reads (the test's timeout bounds it). */
async function eventually<T>(events: () => AuditEvent[], found: (events: AuditEvent[]) => T | undefined): Promise<T> {
  for (;;) {
    const answer = found(events());
    if (answer !== undefined) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The events of one request, once its last stage is there. */
function eventsOfRequest(all: AuditEvent[], matches: (event: AuditEvent) => boolean, last = 'ResponseComplete'): AuditEvent[] | undefined {
  const first = all.find(matches);
  if (first === undefined) return undefined;
  const mine = all.filter((event) => event.auditID === first.auditID);
  return mine.some((event) => event.stage === last) ? mine : undefined;
}

const microTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

test('kubectl create, get and watch are audited at the policy’s levels, shaped as kube-apiserver’s events', async (t) => {
  const dir = auditDir();
  const log = join(dir, 'logs', 'audit.log');
  const server = await startAudited(dir, [`--audit-log-path=${log}`]);
  t.teardown(() => server.stop());
  const events = () => eventsIn(log);

  await server.kubectl('create', 'configmap', 'cm1', '--from-literal=a=b');
  const created = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'create' && e.objectRef?.resource === 'configmaps'));
  t.deepEqual(
    created.map((e) => [e.stage, e.level]),
    [
      ['RequestReceived', 'RequestResponse'],
      ['ResponseComplete', 'RequestResponse'],
    ],
  );
  const [received, complete] = created as [AuditEvent, AuditEvent];
  // The oracle's fields, in its order (kube-apiserver 1.35.4, the same policy and command).
  t.deepEqual(Object.keys(received), [
    'kind',
    'apiVersion',
    'level',
    'auditID',
    'stage',
    'requestURI',
    'verb',
    'user',
    'sourceIPs',
    'userAgent',
    'objectRef',
    'requestReceivedTimestamp',
    'stageTimestamp',
  ]);
  t.deepEqual(Object.keys(complete), [
    'kind',
    'apiVersion',
    'level',
    'auditID',
    'stage',
    'requestURI',
    'verb',
    'user',
    'sourceIPs',
    'userAgent',
    'objectRef',
    'responseStatus',
    'requestObject',
    'responseObject',
    'requestReceivedTimestamp',
    'stageTimestamp',
    'annotations',
  ]);
  t.is(received.requestURI, '/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create&fieldValidation=Strict');
  // kubectl sends its token only over TLS: on plain HTTP it is anonymous (the /version request below checks a token's user).
  t.is(typeof received.user.username, 'string');
  t.deepEqual(received.objectRef, { resource: 'configmaps', namespace: 'default', apiVersion: 'v1' });
  // The name comes from the object sent, once it is read.
  t.deepEqual(complete.objectRef, { resource: 'configmaps', namespace: 'default', name: 'cm1', apiVersion: 'v1' });
  t.deepEqual(complete.responseStatus, { metadata: {}, code: 201 } as never);
  t.deepEqual(complete.requestObject, { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cm1' }, data: { a: 'b' } });
  t.like(complete.responseObject, { kind: 'ConfigMap', metadata: { name: 'cm1', namespace: 'default' }, data: { a: 'b' } });
  t.deepEqual(complete.annotations, { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' });
  t.is(received.stageTimestamp, received.requestReceivedTimestamp);
  t.regex(complete.stageTimestamp, microTime);
  t.true(complete.stageTimestamp >= complete.requestReceivedTimestamp);
  // Go's encoder escapes & in the written line.
  t.true(readFileSync(log, 'utf8').includes('"requestURI":"/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create\\u0026fieldValidation=Strict"'));

  // Request level: the object sent, not the one answered.
  await server.kubectl('create', 'secret', 'generic', 's1', '--from-literal=a=b');
  const secret = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'create' && e.objectRef?.resource === 'secrets'));
  const secretComplete = secret.at(-1) as AuditEvent;
  t.is(secretComplete.level, 'Request');
  t.like(secretComplete.requestObject, { kind: 'Secret', metadata: { name: 's1' }, data: { a: 'Yg==' } });
  t.false('responseObject' in secretComplete);

  // A failure: its Status in responseStatus and as the response object.
  await t.throwsAsync(server.kubectl('get', 'configmap', 'nope'));
  const missing = await eventually(events, (all) => eventsOfRequest(all, (e) => e.objectRef?.name === 'nope'));
  t.deepEqual((missing.at(-1) as AuditEvent).responseStatus, {
    metadata: {},
    status: 'Failure',
    message: 'configmaps "nope" not found',
    reason: 'NotFound',
    details: { name: 'nope', kind: 'configmaps' },
    code: 404,
  } as never);
  t.like((missing.at(-1) as AuditEvent).responseObject, { kind: 'Status', code: 404 });

  // A watch: RequestReceived, ResponseStarted once its answer begins, ResponseComplete once it ends.
  const watcher = spawn(kubectlBinary(), [...server.kubectlArgs, 'get', 'configmaps', '--watch']);
  await new Promise<void>((resolve) => watcher.stdout.once('data', () => resolve()));
  const started = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'watch', 'ResponseStarted'));
  t.deepEqual(
    started.map((e) => e.stage),
    ['RequestReceived', 'ResponseStarted'],
  );
  t.deepEqual((started[1] as AuditEvent).responseStatus, { metadata: {}, code: 200 } as never);
  watcher.kill();
  const watched = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'watch'));
  t.deepEqual(
    watched.map((e) => [e.stage, e.level, e.responseStatus?.code]),
    [
      ['RequestReceived', 'RequestResponse', undefined],
      ['ResponseStarted', 'RequestResponse', 200],
      ['ResponseComplete', 'RequestResponse', 200],
    ],
  );
  t.false(watched.some((e) => 'responseObject' in e));

  // A watch refused before it starts: its Status is its start and its end.
  const refusedWatch = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=true&labelSelector=a%20in%20(`, { headers: { authorization: 'Bearer admintoken' } });
  t.is(refusedWatch.status, 400);
  const refusedWatchId = refusedWatch.headers.get('audit-id') ?? '';
  const refusedWatchEvents = await eventually(events, (all) => eventsOfRequest(all, (e) => e.auditID === refusedWatchId));
  t.deepEqual(
    refusedWatchEvents.map((e) => [e.stage, e.responseStatus?.code]),
    [
      ['RequestReceived', undefined],
      ['ResponseStarted', 400],
      ['ResponseComplete', 400],
    ],
  );

  // Metadata level for a non-resource URL; the Audit-Id header names the event.
  const version = await fetch(`${server.url}/version`, { headers: { authorization: 'Bearer admintoken', 'x-forwarded-for': '1.2.3.4, 5.6.7.8' } });
  const auditId = version.headers.get('audit-id') ?? '';
  const versionEvents = await eventually(events, (all) => eventsOfRequest(all, (e) => e.auditID === auditId));
  t.deepEqual(
    versionEvents.map((e) => [e.stage, e.level]),
    [
      ['RequestReceived', 'Metadata'],
      ['ResponseComplete', 'Metadata'],
    ],
  );
  t.deepEqual((versionEvents[1] as unknown as { sourceIPs: string[] }).sourceIPs, ['1.2.3.4', '5.6.7.8', '127.0.0.1']);
  t.deepEqual((versionEvents[1] as AuditEvent).user, { username: 'admin', uid: 'admin-uid', groups: ['system:masters', 'system:authenticated'] });
  t.false('objectRef' in (versionEvents[1] as AuditEvent));

  // Refused credentials: one ResponseStarted event, without a user, as kube's failed-authentication audit.
  const refused = await fetch(`${server.url}/api/v1/namespaces`, { headers: { authorization: 'Bearer wrong' } });
  t.is(refused.status, 401);
  const refusedId = refused.headers.get('audit-id') ?? '';
  const unauthorized = await eventually(events, (all) => {
    const mine = all.filter((e) => e.auditID === refusedId);
    return mine.length > 0 ? mine : undefined;
  });
  t.deepEqual(
    unauthorized.map((e) => [e.stage, e.level]),
    [['ResponseStarted', 'Metadata']],
  );
  t.deepEqual((unauthorized[0] as AuditEvent).user, {});
  t.deepEqual((unauthorized[0] as AuditEvent).responseStatus, { metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 } as never);
  // The None rule: health checks are not audited.
  t.false(events().some((e) => e.requestURI.startsWith('/readyz') || e.requestURI.startsWith('/healthz')));
});

type EventList = { kind: string; apiVersion: string; items: AuditEvent[] };

/** An HTTPS webhook server (its own certificate) that keeps the EventLists POSTed to it, and a kubeconfig naming it. */
async function webhookReceiver(dir: string): Promise<{ server: Server; lists: EventList[]; kubeconfig: string }> {
  const lists: EventList[] = [];
  const { certificate, privateKey } = await generateSelfSignedCertKey('127.0.0.1');
  const server = createHttpsServer({ cert: certificate, key: privateKey }, (request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.headers['content-type'] === 'application/json') lists.push(JSON.parse(body) as EventList);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/audit`;
  const kubeconfig = join(dir, 'webhook.yaml');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1
kind: Config
clusters: [{name: audit, cluster: {server: "${url}", certificate-authority-data: ${Buffer.from(certificate).toString('base64')}}}]
users: [{name: audit, user: {}}]
contexts: [{name: audit, context: {cluster: audit, user: audit}}]
current-context: audit
`,
  );
  return { server, lists, kubeconfig };
}

test('the webhook backend POSTs EventLists over TLS to the kubeconfig’s server, and the events it holds are sent when the server shuts down', async (t) => {
  const dir = auditDir();
  const receiver = await webhookReceiver(dir);
  t.teardown(() => receiver.server.close());
  // Batches wait an hour: only the shutdown sends them.
  const server = await startAudited(dir, [`--audit-webhook-config-file=${receiver.kubeconfig}`, '--audit-webhook-batch-max-wait=1h']);
  t.teardown(() => server.stop());
  await server.kubectl('create', 'configmap', 'hooked', '--from-literal=a=b');
  t.deepEqual(receiver.lists, [], 'nothing sent before the batch is full or its wait over');
  t.is(await server.stop(), 0);
  const items = receiver.lists.flatMap((list) => list.items);
  t.true(receiver.lists.every((list) => list.kind === 'EventList' && list.apiVersion === 'audit.k8s.io/v1'));
  const hooked = items.filter((event) => event.objectRef?.resource === 'configmaps' && event.verb === 'create');
  t.deepEqual(
    hooked.map((e) => e.stage),
    ['RequestReceived', 'ResponseComplete'],
  );
  t.like(hooked[1]?.requestObject, { metadata: { name: 'hooked' } });
});

test('a small batch wait sends EventLists as requests come', async (t) => {
  const dir = auditDir();
  const receiver = await webhookReceiver(dir);
  t.teardown(() => receiver.server.close());
  const server = await startAudited(dir, [`--audit-webhook-config-file=${receiver.kubeconfig}`, '--audit-webhook-batch-max-wait=50ms']);
  t.teardown(() => server.stop());
  await server.kubectl('create', 'configmap', 'soon', '--from-literal=a=b');
  const events = () => receiver.lists.flatMap((list) => list.items);
  const soon = await eventually(events, (all) => eventsOfRequest(all, (e) => e.objectRef?.resource === 'configmaps' && e.verb === 'create'));
  t.deepEqual(
    soon.map((e) => [e.stage, e.level]),
    [
      ['RequestReceived', 'RequestResponse'],
      ['ResponseComplete', 'RequestResponse'],
    ],
  );
});

test('the audit log rotates past --audit-log-maxsize into lumberjack’s backup names, keeping --audit-log-maxbackup of them', async (t) => {
  const dir = auditDir();
  const log = join(dir, 'audit.log');
  const server = await startAudited(dir, [`--audit-log-path=${log}`, '--audit-log-maxsize=1', '--audit-log-maxbackup=1']);
  t.teardown(() => server.stop());
  // Each create logs its 300 KB twice (the object sent and the one answered).
  const big = 'x'.repeat(300 * 1024);
  for (const name of ['big-1', 'big-2', 'big-3', 'big-4']) {
    const answer = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { authorization: 'Bearer admintoken', 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name }, data: { big } }),
    });
    t.is(answer.status, 201);
  }
  const backupName = /^audit-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}\.log$/;
  const backups = () => readdirSync(dir).filter((name) => backupName.test(name));
  // Rotated at least once, and the older backups removed.
  await eventually(
    () => [],
    () => (backups().length === 1 && eventsIn(log).some((e) => e.objectRef?.name === 'big-4' && e.stage === 'ResponseComplete') ? true : undefined),
  );
  for (const file of ['audit.log', ...backups()]) {
    t.true(statSync(join(dir, file)).size <= 1024 * 1024, `${file} is within 1 MiB`);
    t.true(eventsIn(join(dir, file)).length > 0, `${file} holds whole events`);
  }
});

test('--audit-log-path=- writes the events to standard output, in the legacy format when asked', async (t) => {
  const dir = auditDir();
  const server = await startAudited(dir, ['--audit-log-path=-', '--audit-log-format=legacy']);
  t.teardown(() => server.stop());
  let stdout = '';
  server.child.stdout?.on('data', (chunk: string) => (stdout += chunk));
  const answer = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { authorization: 'Bearer admintoken', 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'legacy' } }),
  });
  t.is(answer.status, 201);
  const id = answer.headers.get('audit-id') ?? '';
  const lines = await eventually(
    () => [],
    () => {
      const mine = stdout.split('\n').filter((line) => line.includes(`id="${id}"`));
      return mine.length === 2 ? mine : undefined;
    },
  );
  t.regex(
    lines[0] as string,
    /^\d{4}-\d\d-\d\dT[\d:.]+Z AUDIT: id="[^"]+" stage="RequestReceived" ip="127\.0\.0\.1" method="create" user="admin" groups="\\"system:masters\\",\\"system:authenticated\\"" as="<self>" asgroups="<lookup>" user-agent="[^"]*" namespace="default" uri="\/api\/v1\/namespaces\/default\/configmaps" response="<deferred>"$/,
  );
  t.regex(lines[1] as string, / stage="ResponseComplete" .* response="201"$/);
});

test('a request to a deprecated API version is annotated k8s.io/deprecated, as kube-apiserver annotates it', async (t) => {
  const dir = auditDir();
  const log = join(dir, 'logs', 'audit.log');
  const server = await startAudited(dir, [`--audit-log-path=${log}`]);
  t.teardown(() => server.stop());
  await server.kubectl('get', 'endpoints');
  await server.kubectl('get', 'endpointslices');
  const events = () => eventsIn(log);
  const endpoints = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'list' && e.objectRef?.resource === 'endpoints'));
  t.like(endpoints.at(-1)?.annotations, { 'k8s.io/deprecated': 'true' });
  // No removal is planned for v1 Endpoints: no k8s.io/removed-release.
  t.is(endpoints.at(-1)?.annotations?.['k8s.io/removed-release'], undefined);
  const slices = await eventually(events, (all) => eventsOfRequest(all, (e) => e.verb === 'list' && e.objectRef?.resource === 'endpointslices'));
  t.is(slices.at(-1)?.annotations?.['k8s.io/deprecated'], undefined);
});
