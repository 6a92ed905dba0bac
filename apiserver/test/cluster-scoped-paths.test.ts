// A cluster-scoped resource is served only at its cluster paths: kube-apiserver 1.35's mux has no
// route for /namespaces/<ns>/nodes (nor its CRD handler for a cluster-scoped custom resource under
// a namespace), so such a path is a 404, while the Namespace object's own paths are served.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { namespaceInPath, parseRequestInfo } from '../src/request-info/request-info.ts';

test('the namespace is a path prefix for what is in it, not for the Namespace object itself', (t) => {
  const cases: [string, string, boolean][] = [
    ['GET', '/api/v1/namespaces/default', false],
    ['GET', '/api/v1/namespaces/default/', false],
    ['PUT', '/api/v1/namespaces/default/status', false],
    ['PUT', '/api/v1/namespaces/default/finalize', false],
    ['GET', '/api/v1/watch/namespaces/default', false],
    ['GET', '/api/v1/namespaces', false],
    ['GET', '/api/v1/nodes/n1', false],
    ['GET', '/api/v1/namespaces/default/pods', true],
    ['GET', '/api/v1/namespaces/default/nodes/n1', true],
    ['GET', '/api/v1/namespaces/default/namespaces', true],
    ['GET', '/api/v1/namespaces/default/namespaces/default', true],
    ['GET', '/api/v1/watch/namespaces/default/nodes', true],
    ['PATCH', '/apis/example.com/v1/namespaces/ns1/gadgets/g1/status', true],
    // A namespace may be named like a resource.
    ['GET', '/api/v1/namespaces/nodes', false],
    ['GET', '/api/v1/namespaces/namespaces/nodes', true],
  ];
  for (const [method, path, want] of cases) t.is(namespaceInPath(parseRequestInfo(method, path)), want, `${method} ${path}`);
});

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-cluster-paths-' });
});
test.after.always(() => server?.stop());
const url = (path: string): string => `${(server as ApiServerChild).url}${path}`;

test('a cluster-scoped resource under a namespace is a 404 for every verb, at its own paths it is served', async (t) => {
  const json = { 'content-type': 'application/json' };
  const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] };
  const notFound = { kind: 'Status', status: 'Failure', reason: 'NotFound', message: 'the server could not find the requested resource', code: 404 };
  const namespaced = '/apis/rbac.authorization.k8s.io/v1/namespaces/default/clusterroles';
  for (const [method, path, body] of [
    ['POST', namespaced, role],
    ['GET', namespaced, undefined],
    ['GET', `${namespaced}?watch=1`, undefined],
    ['DELETE', namespaced, undefined],
    ['GET', '/api/v1/namespaces/default/namespaces/default', undefined],
    ['GET', '/api/v1/namespaces/kube-system/nodes', undefined],
  ] as const) {
    const response = await fetch(url(path), { method, headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    t.is(response.status, 404, `${method} ${path}`);
    t.like(await response.json(), notFound, `${method} ${path}`);
  }
  const cluster = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
  t.is((await fetch(url(cluster), { method: 'POST', headers: json, body: JSON.stringify(role) })).status, 201);
  t.is((await fetch(url(`${namespaced}/reader`))).status, 404);
  t.is((await fetch(url(`${namespaced}/reader`), { method: 'DELETE' })).status, 404);
  t.is((await fetch(url(`${cluster}/reader`))).status, 200);
  t.is((await fetch(url('/api/v1/namespaces/default'))).status, 200);
  t.is((await fetch(url('/api/v1/namespaces/default/status'))).status, 200);
});
