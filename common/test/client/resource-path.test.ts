import test from 'ava';
import { resourcePath } from '../../src/client/index.ts';
import { deleteOptionsBody, listQuery, patchQuery, watchQuery, writeQuery } from '../../src/client/request-options.ts';

test('the core group lives under /api/v1, every other group under /apis/<group>/<version>', (t) => {
  t.is(resourcePath({ group: '', version: 'v1', resource: 'pods' }), '/api/v1/pods');
  t.is(resourcePath({ group: '', version: 'v1', resource: 'pods', namespace: 'kube-system' }), '/api/v1/namespaces/kube-system/pods');
  t.is(resourcePath({ group: '', version: 'v1', resource: 'pods', namespace: 'a', name: 'p', subresource: 'log' }), '/api/v1/namespaces/a/pods/p/log');
  t.is(
    resourcePath({ group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-node-lease', name: 'n1' }),
    '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1',
  );
  t.is(resourcePath({ group: '', version: 'v1', resource: 'nodes', name: 'n1', subresource: 'status' }), '/api/v1/nodes/n1/status');
  t.is(resourcePath({ group: '', version: 'v1', resource: 'namespaces', name: 'default' }), '/api/v1/namespaces/default');
});

test('names that are not path segments are refused before any request', (t) => {
  t.throws(() => resourcePath({ group: '', version: 'v1', resource: 'pods', namespace: 'a', name: '' }), { message: 'name may not be empty' });
  t.throws(() => resourcePath({ group: '', version: 'v1', resource: 'pods', name: '..' }), { message: 'name may not be ".."' });
  t.throws(() => resourcePath({ group: '', version: 'v1', resource: 'pods', name: 'a/b' }), { message: `name "a/b" may not contain '/' or '%'` });
  t.throws(() => resourcePath({ group: '', version: 'v1', resource: 'pods', subresource: 'status' }), { message: 'subresource "status" needs a resource name' });
  t.is(resourcePath({ group: '', version: 'v1', resource: 'configmaps', namespace: 'a', name: 'x:y' }), '/api/v1/namespaces/a/configmaps/x%3Ay');
});

test("list, watch, write and patch options become kube-apiserver's query parameters", (t) => {
  t.deepEqual(listQuery({ labelSelector: 'a=b', fieldSelector: 'spec.nodeName=n1', limit: 5, continue: 'tok', resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' }), {
    labelSelector: 'a=b',
    fieldSelector: 'spec.nodeName=n1',
    limit: '5',
    continue: 'tok',
    resourceVersion: '0',
    resourceVersionMatch: 'NotOlderThan',
  });
  t.deepEqual(listQuery({ resourceVersion: '', limit: 0 }), {});
  t.deepEqual(watchQuery({ resourceVersion: '42', allowWatchBookmarks: true, timeoutSeconds: 300 }), {
    resourceVersion: '42',
    watch: '1',
    allowWatchBookmarks: 'true',
    timeoutSeconds: '300',
  });
  t.deepEqual(writeQuery({ dryRun: true, fieldManager: 'm', fieldValidation: 'Strict' }), { dryRun: 'All', fieldManager: 'm', fieldValidation: 'Strict' });
  t.deepEqual(patchQuery({ type: 'apply', fieldManager: 'kubelet', force: true }), { fieldManager: 'kubelet', force: 'true' });
  t.throws(() => patchQuery({ type: 'apply' }), { message: 'a server-side apply patch needs a fieldManager' });
  t.throws(() => patchQuery({ type: 'merge', force: true }), { message: 'force applies to server-side apply patches only' });
});

test('delete options travel as a meta/v1 DeleteOptions body, and none is sent when nothing is set', (t) => {
  t.is(deleteOptionsBody({}), undefined);
  t.deepEqual(deleteOptionsBody({ gracePeriodSeconds: 0, preconditions: { uid: 'u', resourceVersion: '7' }, propagationPolicy: 'Foreground', dryRun: true }), {
    kind: 'DeleteOptions',
    apiVersion: 'v1',
    gracePeriodSeconds: 0,
    preconditions: { uid: 'u', resourceVersion: '7' },
    propagationPolicy: 'Foreground',
    dryRun: ['All'],
  });
});
