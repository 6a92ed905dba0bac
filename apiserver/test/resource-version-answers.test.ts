// kube-apiserver 1.35's answers to resourceVersions that are malformed or ahead of the store, to
// methods no route serves, to Tables of kinds that have none, and to strings Go would not keep.
// The answers come from reading kube's sources: the watch cache parses a get's or a watch's
// resourceVersion and its error goes out unwrapped (a 500 without a reason); only a list checks it
// first (400); an update's resourceVersion is parsed by the store's versioner, unwrapped too.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-rv-answers-' });
});
test.after.always(() => server?.stop());
const url = (path: string): string => `${(server as ApiServerChild).url}${path}`;
const configMaps = '/api/v1/namespaces/default/configmaps';
const json = { 'content-type': 'application/json' };

type Status = { code: number; reason?: string; message: string; details?: unknown };
type Meta = { metadata: { resourceVersion: string } };

async function created(name: string): Promise<number> {
  const response = await fetch(url(configMaps), { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name }, data: { a: '1' } }) });
  return Number(((await response.json()) as Meta).metadata.resourceVersion);
}

const unwrapped = (text: string, prefix = 'resourceVersion: Invalid value: '): Status => ({
  code: 500,
  message: `${prefix === '' ? '' : `${prefix}"${text}": `}strconv.ParseUint: parsing "${text}": invalid syntax`,
});

test('a get or a watch at a resourceVersion that is no number answers the watch cache’s error unwrapped, 500; a list 400', async (t) => {
  await created('rv-malformed');
  for (const text of ['abc', '-5']) {
    const get = await fetch(url(`${configMaps}/rv-malformed?resourceVersion=${text}`));
    t.is(get.status, 500);
    t.like(await get.json(), { kind: 'Status', status: 'Failure', ...unwrapped(text) });
    t.false('reason' in ((await (await fetch(url(`${configMaps}/rv-malformed?resourceVersion=${text}`))).json()) as object));
    const watch = await fetch(url(`${configMaps}?watch=1&resourceVersion=${text}`));
    t.is(watch.status, 500);
    t.like(await watch.json(), unwrapped(text));
    const list = await fetch(url(`${configMaps}?resourceVersion=${text}`));
    t.is(list.status, 400);
    t.like(await list.json(), { reason: 'BadRequest', message: `invalid resource version: ${unwrapped(text).message}` });
  }
});

test('a get at a resourceVersion ahead of the store waits for it: answered by the write that reaches it, or 504 ResourceVersionTooLarge after 3 s', async (t) => {
  const revision = await created('rv-ahead');
  // "0" and the current revision answer at once.
  t.is((await fetch(url(`${configMaps}/rv-ahead?resourceVersion=0`))).status, 200);
  t.is((await fetch(url(`${configMaps}/rv-ahead?resourceVersion=${revision}`))).status, 200);
  // One ahead: the next write gets it there.
  const waiting = fetch(url(`${configMaps}/rv-ahead?resourceVersion=${revision + 1}`));
  await created('rv-ahead-next');
  t.is((await waiting).status, 200);
  const started = Date.now();
  const ahead = revision + 1000;
  const tooLarge = await fetch(url(`${configMaps}/rv-ahead?resourceVersion=${ahead}`));
  t.true(Date.now() - started >= 2_500, `answered after ${Date.now() - started} ms`);
  t.is(tooLarge.status, 504);
  t.is(tooLarge.headers.get('retry-after'), '1');
  const status = (await tooLarge.json()) as Status;
  t.like(status, { reason: 'Timeout', code: 504, details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 } });
  t.regex(status.message, new RegExp(`^Timeout: Too large resource version: ${ahead}, current: \\d+$`));
});

test('a get of a scale at a resourceVersion ahead of the store waits as the object’s get does; a malformed one is the same 500', async (t) => {
  const deployment = {
    metadata: { name: 'scaled' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  };
  const created = await fetch(url('/apis/apps/v1/namespaces/default/deployments'), { method: 'POST', headers: json, body: JSON.stringify(deployment) });
  const revision = Number(((await created.json()) as Meta).metadata.resourceVersion);
  const scale = '/apis/apps/v1/namespaces/default/deployments/scaled/scale';
  const started = Date.now();
  const tooLarge = await fetch(url(`${scale}?resourceVersion=${revision + 1000}`));
  t.true(Date.now() - started >= 2_500);
  t.is(tooLarge.status, 504);
  t.like(await tooLarge.json(), { reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } });
  const malformed = await fetch(url(`${scale}?resourceVersion=abc`));
  t.is(malformed.status, 500);
  t.like(await malformed.json(), unwrapped('abc'));
});

test('a watch-list at a resourceVersion the cache does not reach is served: its one event is the 504, as kube’s cacher sends it', async (t) => {
  const revision = await created('rv-watch-ahead');
  const response = await fetch(url(`${configMaps}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=${revision + 1000}`));
  t.is(response.status, 200);
  const events = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; object: Status });
  t.is(events.length, 1);
  t.is(events[0]?.type, 'ERROR');
  t.like(events[0]?.object, { kind: 'Status', code: 504, reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }], retryAfterSeconds: 1 } });
});

// Serial: it counts revisions, which the other tests of this file would take.
test.serial('a watch from a resourceVersion ahead of the store is served, as kube’s cacher serves it: the changes after that resourceVersion, no error', async (t) => {
  const revision = await created('rv-watch-future-0');
  const ahead = revision + 3;
  const response = await fetch(url(`${configMaps}?watch=1&resourceVersion=${ahead}&timeoutSeconds=5`));
  t.is(response.status, 200);
  for (let i = 1; i <= 5; i++) await created(`rv-watch-future-${i}`);
  const events = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; object: Meta & { metadata: { name: string } } });
  t.deepEqual(
    events.map((event) => `${event.type} ${event.object.metadata.name} ${event.object.metadata.resourceVersion}`),
    [`ADDED rv-watch-future-4 ${revision + 4}`, `ADDED rv-watch-future-5 ${revision + 5}`],
  );
});

test('an update’s resourceVersion is read as a number: "abc" answers Go’s parse error unwrapped (500), "0" is none, "007" is 7', async (t) => {
  const revision = await created('rv-update');
  const put = (resourceVersion: string) =>
    fetch(url(`${configMaps}/rv-update`), {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ metadata: { name: 'rv-update', resourceVersion }, data: { a: resourceVersion } }),
    });
  const malformed = await put('abc');
  t.is(malformed.status, 500);
  t.deepEqual(await malformed.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', ...unwrapped('abc', '') });
  const unconditional = await put('0');
  t.is(unconditional.status, 200);
  const current = Number(((await unconditional.json()) as Meta).metadata.resourceVersion);
  t.true(current > revision);
  t.is((await put(`00${current}`)).status, 200);
  t.is((await put(String(current))).status, 409);
});

test('a method no route serves answers kube’s bare 405 (OPTIONS, PUT on a collection, POST on an object, a verb the kind lacks); a path with no route 404', async (t) => {
  const bare = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server does not allow this method on the requested resource',
    reason: 'MethodNotAllowed',
    details: {},
    code: 405,
  };
  const asked: [string, string][] = [
    ['OPTIONS', configMaps],
    ['OPTIONS', `${configMaps}/x`],
    ['PUT', configMaps],
    ['PATCH', configMaps],
    ['POST', `${configMaps}/x`],
    ['GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews'],
    ['OPTIONS', '/api/v1/namespaces/default/pods/x/status'],
    ['POST', '/api/v1/namespaces/default/pods/x/status'],
  ];
  for (const [method, path] of asked) {
    const response = await fetch(url(path), {
      method,
      headers: { ...json, 'content-type': 'application/merge-patch+json' },
      body: method === 'OPTIONS' || method === 'GET' ? undefined : '{}',
    });
    t.is(response.status, 405, `${method} ${path}`);
    t.deepEqual(await response.json(), bare, `${method} ${path}`);
  }
  const noRoute = await fetch(url('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews/x'));
  t.is(noRoute.status, 404);
  t.like(await noRoute.json(), { reason: 'NotFound', message: 'the server could not find the requested resource', details: {} });
  t.like(await (await fetch(url('/api/v1/componentstatuses?watch=1'))).json(), { code: 405, message: 'watch is not supported on resources of kind "componentstatuses"' });
  // A list named by its fieldSelector is still a list of the collection.
  t.is((await fetch(url(`${configMaps}?fieldSelector=metadata.name%3Dx&limit=500&resourceVersion=0`))).status, 200);
});

test('a review, a binding or a scale asked for as a Table answers 406 (their storage has no table convertor); with JSON as the next choice, JSON', async (t) => {
  const review = JSON.stringify({ spec: { resourceAttributes: { verb: 'get', resource: 'pods' } } });
  const path = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
  const table = await fetch(url(path), { method: 'POST', headers: { ...json, accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' }, body: review });
  t.is(table.status, 406);
  t.like(await table.json(), { reason: 'NotAcceptable', code: 406 });
  const kubectlAccept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
  const fallback = await fetch(url(path), { method: 'POST', headers: { ...json, accept: kubectlAccept }, body: review });
  t.is(fallback.status, 201);
  t.like(await fallback.json(), { kind: 'SelfSubjectAccessReview', status: { allowed: true } });
  const binding = await fetch(url('/api/v1/namespaces/default/bindings'), {
    method: 'POST',
    headers: { ...json, accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
    body: '{}',
  });
  t.is(binding.status, 406);
  // Nor has a scale subresource; a status has its parent's.
  const deployment = {
    metadata: { name: 'tables' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  };
  t.is((await fetch(url('/apis/apps/v1/namespaces/default/deployments'), { method: 'POST', headers: json, body: JSON.stringify(deployment) })).status, 201);
  const tableOnly = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
  t.is((await fetch(url('/apis/apps/v1/namespaces/default/deployments/tables/scale'), { headers: tableOnly })).status, 406);
  t.is((await fetch(url('/apis/apps/v1/namespaces/default/deployments/tables/scale'), { headers: { accept: kubectlAccept } })).status, 200);
  t.like(await (await fetch(url('/apis/apps/v1/namespaces/default/deployments/tables/status'), { headers: tableOnly })).json(), { kind: 'Table' });
});

test('a lone surrogate escape in a JSON body is stored as U+FFFD, as Go decodes it; in a YAML body it is go-yaml’s 400', async (t) => {
  const response = await fetch(url(configMaps), { method: 'POST', headers: json, body: '{"metadata":{"name":"surrogate"},"data":{"a":"x\\ud800y"}}' });
  t.is(response.status, 201);
  const stored = (await (await fetch(url(`${configMaps}/surrogate`))).json()) as { data: { a: string } };
  t.is(stored.data.a, 'x\ufffdy');
  const yaml = await fetch(url(configMaps), {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: 'metadata:\n  name: surrogate-yaml\ndata:\n  a: "\\ud800"\n',
  });
  t.is(yaml.status, 400);
  t.regex(((await yaml.json()) as Status).message, /line 4: found invalid Unicode character escape code/);
});
