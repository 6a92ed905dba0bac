// The filters every request passes (src/filters/filter-chain.ts), against a real server, with the
// answers kube-apiserver 1.35 gives: the request deadline and its 504, the `timeout` parameter's
// 400, the plain-text 500 of a path no RequestInfo can be made of, and the 403 wording of the
// authorization filter.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { anonymousUser } from '../src/authentication/authenticator.ts';
import { forbidden } from '../src/filters/authorization.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-filters-' });
});
test.after.always(() => server?.stop());
const url = (path: string): string => `${(server as ApiServerChild).url}${path}`;
const configMaps = '/api/v1/namespaces/default/configmaps';

test('a timeout parameter that is no Go duration answers 400 in kube’s words', async (t) => {
  for (const [value, why] of [
    ['abc', 'time: invalid duration "abc"'],
    ['5', 'time: missing unit in duration "5"'],
  ]) {
    const answer = await fetch(url(`${configMaps}?timeout=${value}`));
    t.is(answer.status, 400);
    t.like(await answer.json(), { reason: 'BadRequest', message: `invalid timeout specified in the request URL - ${why}` });
  }
  t.is((await fetch(url(`${configMaps}?timeout=30s`))).status, 200);
});

test('a request past its deadline answers kube’s 504 at once; the server goes on serving', async (t) => {
  const list = (await (await fetch(url(configMaps))).json()) as { metadata: { resourceVersion: string } };
  // A list from a revision the store has not reached waits for it (3 s, then its own 504).
  const future = `${configMaps}?resourceVersion=${Number(list.metadata.resourceVersion) + 1000}&resourceVersionMatch=NotOlderThan`;
  const timedOut = await fetch(url(`${future}&timeout=200ms`));
  t.is(timedOut.status, 504);
  // kube writes this Status with a bare JSON encoder: text/plain, no kind or apiVersion.
  t.is(timedOut.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(
    await timedOut.text(),
    '{"metadata":{},"status":"Failure","message":"Timeout: request did not complete within the allotted timeout","reason":"Timeout","details":{},"code":504}\n',
  );
  // Without a timeout the same list waits for the store and answers its own 504: the timeout cut it short.
  const waited = await fetch(url(future));
  t.is(waited.status, 504);
  t.like(await waited.json(), { reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } });
  // The first list's endpoint finished after its 504 was sent: nothing broke.
  t.is((await fetch(url('/readyz'))).status, 200);
  t.is((await fetch(url(configMaps))).status, 200);
});

test('watches and log streams have no deadline: a watch outlives a timeout parameter', async (t) => {
  const answer = await fetch(url(`${configMaps}?watch=1&timeout=1ms&timeoutSeconds=1`));
  t.is(answer.status, 200);
  // The watch runs its timeoutSeconds and ends cleanly, not with a 504.
  t.is(await answer.text(), '');
});

test('a path no RequestInfo can be made of answers kube’s plain-text 500', async (t) => {
  const answer = await fetch(url('/apis/apps/v1/watch'));
  t.is(answer.status, 500);
  t.is(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(await answer.text(), 'Internal Server Error: "/apis/apps/v1/watch": failed to create RequestInfo: unable to determine kind and namespace from url, /apis/apps/v1/watch\n');
});

test('a denial is kube’s 403, worded by scope, subresource and path', (t) => {
  const user = { ...anonymousUser, username: 'jane' };
  const resource = { user, isResourceRequest: true as const, path: '', group: 'apps', version: 'v1', subresource: '', name: '' };
  t.like(forbidden({ ...resource, verb: 'list', resource: 'deployments', namespace: 'web' }, '').status, {
    code: 403,
    reason: 'Forbidden',
    message: 'deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" in the namespace "web"',
    details: { group: 'apps', kind: 'deployments' },
  });
  t.is(
    forbidden({ ...resource, group: '', verb: 'get', resource: 'pods', subresource: 'log', namespace: 'web', name: 'p<1>' }, 'RBAC: no role').message,
    'pods "p<1>" is forbidden: User "jane" cannot get resource "pods/log" in API group "" in the namespace "web": RBAC: no role',
  );
  t.is(
    forbidden({ ...resource, group: '', verb: 'delete', resource: 'nodes', namespace: '', name: 'n1' }, '').message,
    'nodes "n1" is forbidden: User "jane" cannot delete resource "nodes" in API group "" at the cluster scope',
  );
  t.is(forbidden({ user, isResourceRequest: false, path: '/metrics<x>', verb: 'get' }, '').message, 'forbidden: User "jane" cannot get path "/metrics&lt;x&gt;"');
});
