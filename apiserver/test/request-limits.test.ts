// kube-apiserver's request limits against a real server: bodies nested past 10,000 levels answer
// its 400 at once (no 500, no stalled event loop), request headers are read up to 1 MiB.

import test from 'ava';
import { request as httpsRequest } from 'node:https';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-limits-' });
});
test.after.always(() => server?.stop());
const url = (path: string): string => `${(server as ApiServerChild).url}${path}`;
const configMaps = '/api/v1/namespaces/default/configmaps';

type Status = { code: number; reason: string; message: string };

async function post(contentType: string, body: string): Promise<{ status: number; answer: Status }> {
  const response = await fetch(url(configMaps), { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: response.status, answer: (await response.json()) as Status };
}

test('a JSON body nested 100,000 deep answers 400 in kube’s words, before anything recurses', async (t) => {
  const { status, answer } = await post('application/json', `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  t.is(status, 400);
  t.is(answer.reason, 'BadRequest');
  t.is(
    answer.message,
    `the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character '[' exceeded max depth ({"a":[[[[[[[[[[[[[[[[[[[[[[[[[ ...)`,
  );
});

test('a YAML body nested 100,000 deep (586 KB of "[") answers 400 with go-yaml’s "exceeded max depth of 10000"', async (t) => {
  const flow = await post('application/yaml', '['.repeat(600_000));
  t.is(flow.status, 400);
  t.is(flow.answer.message, `the object provided is unrecognized (must be of type ConfigMap): yaml: exceeded max depth of 10000 (${'5b'.repeat(30)} ...)`);
  const block = await post('application/yaml', `metadata:\n  name: deep\ndata: ${'- '.repeat(100_000)}x\n`);
  t.is(block.status, 400);
  t.regex(block.answer.message, /: yaml: line 3: exceeded max depth of 10000 \(6d657461/);
  // The server went on serving.
  t.is((await fetch(url('/readyz'))).status, 200);
});

test('a body nested too deeply for a status write or a review is a 400 too', async (t) => {
  const deep = `{"status":${'['.repeat(20_000)}}`;
  const status = await fetch(url('/api/v1/namespaces/default/status'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: deep });
  t.is(status.status, 400);
  const review = await fetch(url('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
  t.is(review.status, 400);
  t.regex(((await review.json()) as Status).message, /exceeded max depth/);
});

test('an object whose kept fields nest past 1,000 levels (a ControllerRevision’s raw data) is a clear 400, not a 500 from wherever the stack ran out', async (t) => {
  const data = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;
  const response = await fetch(url('/apis/apps/v1/namespaces/default/controllerrevisions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"metadata":{"name":"deep"},"revision":1,"data":${data}}`,
  });
  t.is(response.status, 400);
  t.like(await response.json(), { reason: 'BadRequest', message: 'the object provided nests objects and arrays more than 1000 levels deep, deeper than this server processes' });
  const shallow = await fetch(url('/apis/apps/v1/namespaces/default/controllerrevisions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"metadata":{"name":"shallow"},"revision":1,"data":${'{"a":'.repeat(900)}1${'}'.repeat(900)}}`,
  });
  t.is(shallow.status, 201);
});

test('a patch nested 9,000 deep, of any patch type, is a clear 400 before it is applied (it ran out of stack: 500)', async (t) => {
  t.is((await fetch(url(configMaps), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"patched"}}' })).status, 201);
  const deep = `${'{"a":'.repeat(9_000)}1${'}'.repeat(9_000)}`;
  const patches: [string, string][] = [
    ['application/merge-patch+json', `{"metadata":{"annotations":${deep}}}`],
    ['application/strategic-merge-patch+json', `{"metadata":{"annotations":${deep}}}`],
    ['application/json-patch+json', `[{"op":"add","path":"/metadata/annotations","value":${deep}}]`],
  ];
  for (const [type, body] of patches) {
    const response = await fetch(url(`${configMaps}/patched`), { method: 'PATCH', headers: { 'content-type': type }, body });
    t.is(response.status, 400, type);
    t.like(await response.json(), { message: 'the patch provided nests objects and arrays more than 1000 levels deep, deeper than this server processes' }, type);
  }
});

test('a JSON body nested 9,000 deep in a field the kind drops is no 500: nothing after the parse recurses on the JS stack', async (t) => {
  const body = `{"metadata":{"name":"deep-unknown"},"extra":${'['.repeat(9_000)}${']'.repeat(9_000)}}`;
  for (const validation of ['Warn', 'Ignore']) {
    const response = await fetch(url(`${configMaps}?fieldValidation=${validation}&dryRun=All`), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    t.is(response.status, 201, validation);
  }
});

test('a 10,000-term labelSelector and a 100 KB URL are read (kube reads 1 MiB of request line and headers); past 1 MiB answers 431', async (t) => {
  const selector = Array.from({ length: 10_000 }, (_, index) => `k${index}=v`).join(',');
  const listed = await fetch(url(`${configMaps}?labelSelector=${encodeURIComponent(selector)}`));
  t.is(listed.status, 200);
  t.deepEqual(((await listed.json()) as { items: unknown[] }).items, []);
  const longName = await fetch(url(`${configMaps}/${'x'.repeat(100_000)}`));
  t.is(longName.status, 404);
  t.is(await rawStatus({ 'x-padding': 'p'.repeat(1_100_000) }), 431);
});

/** The status code of a GET with the headers, through node:https (fetch refuses such headers itself). */
function rawStatus(headers: Record<string, string>): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpsRequest(url('/readyz'), { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}
