// Table of requests and the RequestInfo kube-apiserver 1.35's RequestInfoFactory gives each;
// every case compares the whole RequestInfo.

import test from 'ava';
import { parseRequestInfo, RequestInfoError, type RequestInfo } from '../src/request-info/request-info.ts';

const nonResource = (verb: string, path: string): RequestInfo => ({
  isResourceRequest: false,
  path,
  verb,
  apiPrefix: '',
  apiGroup: '',
  apiVersion: '',
  namespace: '',
  resource: '',
  subresource: '',
  name: '',
  parts: [],
  fieldSelector: '',
  labelSelector: '',
});

type ResourceFields = Partial<RequestInfo> & Pick<RequestInfo, 'path' | 'verb' | 'parts'>;

const core = (fields: ResourceFields): RequestInfo => ({
  ...nonResource('', ''),
  isResourceRequest: true,
  apiPrefix: 'api',
  apiVersion: 'v1',
  resource: fields.parts[0] ?? '',
  name: fields.parts[1] ?? '',
  subresource: fields.parts[2] ?? '',
  ...fields,
});

const apps = (fields: ResourceFields): RequestInfo => ({
  ...core(fields),
  apiPrefix: 'apis',
  apiGroup: 'apps',
  ...fields,
});

interface Case {
  readonly title: string;
  readonly method: string;
  readonly url: string;
  readonly want: RequestInfo;
}

const cases: readonly Case[] = [
  // Non-resource requests: the verb is the lower-cased method.
  { title: 'healthz', method: 'GET', url: '/healthz', want: nonResource('get', '/healthz') },
  { title: 'livez check', method: 'GET', url: '/livez/ping', want: nonResource('get', '/livez/ping') },
  { title: 'version', method: 'GET', url: '/version?timeout=32s', want: nonResource('get', '/version') },
  { title: 'openapi v3', method: 'GET', url: '/openapi/v3', want: nonResource('get', '/openapi/v3') },
  { title: 'root', method: 'GET', url: '/', want: nonResource('get', '/') },
  { title: 'POST to a non-api path', method: 'POST', url: '/foo/bar/baz', want: nonResource('post', '/foo/bar/baz') },
  { title: 'unknown prefix with many segments', method: 'GET', url: '/apiz/v1/pods', want: nonResource('get', '/apiz/v1/pods') },
  { title: 'discovery /api', method: 'GET', url: '/api', want: nonResource('get', '/api') },
  { title: 'discovery /api/v1', method: 'GET', url: '/api/v1', want: nonResource('get', '/api/v1') },
  { title: 'discovery /api/v1/ (trailing slash)', method: 'GET', url: '/api/v1/', want: nonResource('get', '/api/v1/') },
  { title: 'discovery /apis', method: 'GET', url: '/apis', want: nonResource('get', '/apis') },
  { title: 'discovery /apis/<group>', method: 'GET', url: '/apis/apps', want: nonResource('get', '/apis/apps') },
  { title: 'discovery /apis/<group>/<version>', method: 'GET', url: '/apis/apps/v1', want: nonResource('get', '/apis/apps/v1') },
  { title: 'HEAD on discovery', method: 'HEAD', url: '/apis/apps/v1', want: nonResource('head', '/apis/apps/v1') },

  // Collections and objects.
  { title: 'list cluster-wide', method: 'GET', url: '/api/v1/pods', want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'] }) },
  {
    title: 'list in a namespace',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods',
    want: core({ path: '/api/v1/namespaces/default/pods', verb: 'list', namespace: 'default', parts: ['pods'] }),
  },
  {
    title: 'HEAD on a collection is list',
    method: 'HEAD',
    url: '/api/v1/namespaces/default/pods',
    want: core({ path: '/api/v1/namespaces/default/pods', verb: 'list', namespace: 'default', parts: ['pods'] }),
  },
  {
    title: 'get by name',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods/web-0',
    want: core({ path: '/api/v1/namespaces/default/pods/web-0', verb: 'get', namespace: 'default', parts: ['pods', 'web-0'] }),
  },
  {
    title: 'HEAD by name is get',
    method: 'HEAD',
    url: '/api/v1/namespaces/default/pods/web-0',
    want: core({ path: '/api/v1/namespaces/default/pods/web-0', verb: 'get', namespace: 'default', parts: ['pods', 'web-0'] }),
  },
  {
    title: 'create',
    method: 'POST',
    url: '/apis/apps/v1/namespaces/ns1/deployments',
    want: apps({ path: '/apis/apps/v1/namespaces/ns1/deployments', verb: 'create', namespace: 'ns1', parts: ['deployments'] }),
  },
  {
    title: 'update',
    method: 'PUT',
    url: '/apis/apps/v1/namespaces/ns1/deployments/web',
    want: apps({ path: '/apis/apps/v1/namespaces/ns1/deployments/web', verb: 'update', namespace: 'ns1', parts: ['deployments', 'web'] }),
  },
  {
    title: 'patch',
    method: 'PATCH',
    url: '/apis/apps/v1/namespaces/ns1/deployments/web',
    want: apps({ path: '/apis/apps/v1/namespaces/ns1/deployments/web', verb: 'patch', namespace: 'ns1', parts: ['deployments', 'web'] }),
  },
  {
    title: 'delete',
    method: 'DELETE',
    url: '/apis/apps/v1/namespaces/ns1/deployments/web',
    want: apps({ path: '/apis/apps/v1/namespaces/ns1/deployments/web', verb: 'delete', namespace: 'ns1', parts: ['deployments', 'web'] }),
  },
  {
    title: 'deletecollection keeps the selectors and takes no name from them',
    method: 'DELETE',
    url: '/apis/apps/v1/namespaces/ns1/deployments?labelSelector=app%3Dweb&fieldSelector=metadata.name%3Dweb',
    want: apps({
      path: '/apis/apps/v1/namespaces/ns1/deployments',
      verb: 'deletecollection',
      namespace: 'ns1',
      parts: ['deployments'],
      fieldSelector: 'metadata.name=web',
      labelSelector: 'app=web',
    }),
  },
  {
    title: 'cluster-scoped object in a named group',
    method: 'GET',
    url: '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin',
    want: {
      ...core({ path: '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin', verb: 'get', parts: ['clusterroles', 'admin'] }),
      apiPrefix: 'apis',
      apiGroup: 'rbac.authorization.k8s.io',
    },
  },
  {
    title: 'an unknown method has no verb on a resource',
    method: 'OPTIONS',
    url: '/api/v1/pods',
    want: core({ path: '/api/v1/pods', verb: '', parts: ['pods'] }),
  },
  {
    title: 'methods are case-sensitive on resources, as in Go',
    method: 'get',
    url: '/api/v1/pods',
    want: core({ path: '/api/v1/pods', verb: '', parts: ['pods'] }),
  },

  // Watch through the query.
  {
    title: 'watch=true',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods?watch=true&labelSelector=app%3Dweb',
    want: core({ path: '/api/v1/namespaces/default/pods', verb: 'watch', namespace: 'default', parts: ['pods'], labelSelector: 'app=web' }),
  },
  {
    title: 'watch=1',
    method: 'GET',
    url: '/api/v1/pods?watch=1',
    want: core({ path: '/api/v1/pods', verb: 'watch', parts: ['pods'] }),
  },
  {
    title: 'bare ?watch is true',
    method: 'GET',
    url: '/api/v1/pods?watch',
    want: core({ path: '/api/v1/pods', verb: 'watch', parts: ['pods'] }),
  },
  {
    title: 'watch=FALSE is a list',
    method: 'GET',
    url: '/api/v1/pods?watch=FALSE',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'] }),
  },
  {
    title: 'watch=0 is a list; only the first value counts',
    method: 'GET',
    url: '/api/v1/pods?watch=0&watch=1',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'] }),
  },
  {
    title: 'watch on a named object stays get',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods/web-0?watch=true',
    want: core({ path: '/api/v1/namespaces/default/pods/web-0', verb: 'get', namespace: 'default', parts: ['pods', 'web-0'] }),
  },

  // Name from fieldSelector=metadata.name=...
  {
    title: 'watch of one object by field selector',
    method: 'GET',
    url: '/api/v1/namespaces/default/configmaps?watch=true&fieldSelector=metadata.name%3Dcfg',
    want: core({
      path: '/api/v1/namespaces/default/configmaps',
      verb: 'watch',
      namespace: 'default',
      parts: ['configmaps'],
      name: 'cfg',
      fieldSelector: 'metadata.name=cfg',
    }),
  },
  {
    title: 'list of one object by field selector with == among other terms',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=spec.nodeName%3Dn1,metadata.name%3D%3Dweb-0',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], name: 'web-0', fieldSelector: 'spec.nodeName=n1,metadata.name==web-0' }),
  },
  {
    title: 'first metadata.name term in sorted order wins',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=metadata.name%3Db,metadata.name%3Da',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], name: 'a', fieldSelector: 'metadata.name=b,metadata.name=a' }),
  },
  {
    title: 'escaped comma in the selector value is unescaped into the name',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=metadata.name%3Da%5C%2Cb',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], name: 'a,b', fieldSelector: 'metadata.name=a\\,b' }),
  },
  {
    title: 'metadata.name!= gives no name',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=metadata.name!%3Dweb',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], fieldSelector: 'metadata.name!=web' }),
  },
  {
    title: 'a name that is not a valid path segment is ignored',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=metadata.name%3D..',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], fieldSelector: 'metadata.name=..' }),
  },
  {
    title: 'an invalid field selector gives no name',
    method: 'GET',
    url: '/api/v1/pods?watch=true&fieldSelector=metadata.name%3Da%3Db',
    want: core({ path: '/api/v1/pods', verb: 'watch', parts: ['pods'], fieldSelector: 'metadata.name=a=b' }),
  },
  {
    title: 'a trailing backslash makes the field selector invalid',
    method: 'GET',
    url: '/api/v1/pods?fieldSelector=metadata.name%3Dweb%5C',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], fieldSelector: 'metadata.name=web\\' }),
  },
  {
    title: 'a query pair holding a semicolon is dropped, as Go does',
    method: 'GET',
    url: '/api/v1/pods?watch=1;x=2',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'] }),
  },
  {
    title: 'an undecodable limit discards the field selector name',
    method: 'GET',
    url: '/api/v1/pods?limit=ten&fieldSelector=metadata.name%3Dweb',
    want: core({ path: '/api/v1/pods', verb: 'list', parts: ['pods'], fieldSelector: 'metadata.name=web' }),
  },
  {
    title: 'an undecodable timeoutSeconds falls back to the loose watch rule',
    method: 'GET',
    url: '/api/v1/pods?timeoutSeconds=x&watch=yes&fieldSelector=metadata.name%3Dweb',
    want: core({ path: '/api/v1/pods', verb: 'watch', parts: ['pods'], fieldSelector: 'metadata.name=web' }),
  },

  // Deprecated verb-in-path forms.
  {
    title: 'legacy watch path, cluster-wide',
    method: 'GET',
    url: '/api/v1/watch/pods',
    want: core({ path: '/api/v1/watch/pods', verb: 'watch', parts: ['pods'] }),
  },
  {
    title: 'legacy watch path, one object in a named group; no selectors from the query',
    method: 'GET',
    url: '/apis/apps/v1/watch/namespaces/ns1/deployments/web?fieldSelector=metadata.name%3Dweb',
    want: apps({ path: '/apis/apps/v1/watch/namespaces/ns1/deployments/web', verb: 'watch', namespace: 'ns1', parts: ['deployments', 'web'] }),
  },
  {
    title: 'legacy watch path wins over the DELETE method',
    method: 'DELETE',
    url: '/api/v1/watch/namespaces/default/pods',
    want: core({ path: '/api/v1/watch/namespaces/default/pods', verb: 'watch', namespace: 'default', parts: ['pods'] }),
  },
  {
    title: 'legacy proxy path never has a subresource',
    method: 'GET',
    url: '/api/v1/proxy/namespaces/default/pods/web-0/healthz',
    want: core({
      path: '/api/v1/proxy/namespaces/default/pods/web-0/healthz',
      verb: 'proxy',
      namespace: 'default',
      parts: ['pods', 'web-0', 'healthz'],
      subresource: '',
    }),
  },

  // Namespaces themselves.
  {
    title: 'list namespaces',
    method: 'GET',
    url: '/api/v1/namespaces',
    want: core({ path: '/api/v1/namespaces', verb: 'list', parts: ['namespaces'] }),
  },
  {
    title: 'get a namespace sets its namespace too',
    method: 'GET',
    url: '/api/v1/namespaces/kube-system',
    want: core({ path: '/api/v1/namespaces/kube-system', verb: 'get', namespace: 'kube-system', parts: ['namespaces', 'kube-system'] }),
  },
  {
    title: 'delete a namespace',
    method: 'DELETE',
    url: '/api/v1/namespaces/ns1',
    want: core({ path: '/api/v1/namespaces/ns1', verb: 'delete', namespace: 'ns1', parts: ['namespaces', 'ns1'] }),
  },
  {
    title: 'namespace status',
    method: 'PUT',
    url: '/api/v1/namespaces/ns1/status',
    want: core({ path: '/api/v1/namespaces/ns1/status', verb: 'update', namespace: 'ns1', parts: ['namespaces', 'ns1', 'status'] }),
  },
  {
    title: 'namespace finalize',
    method: 'PUT',
    url: '/api/v1/namespaces/ns1/finalize',
    want: core({ path: '/api/v1/namespaces/ns1/finalize', verb: 'update', namespace: 'ns1', parts: ['namespaces', 'ns1', 'finalize'] }),
  },

  // Subresources and parts beyond them.
  {
    title: 'pod log',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods/web-0/log?container=app&follow=true',
    want: core({ path: '/api/v1/namespaces/default/pods/web-0/log', verb: 'get', namespace: 'default', parts: ['pods', 'web-0', 'log'] }),
  },
  {
    title: 'pod exec',
    method: 'POST',
    url: '/api/v1/namespaces/default/pods/web-0/exec?command=ls&stdout=true',
    want: core({ path: '/api/v1/namespaces/default/pods/web-0/exec', verb: 'create', namespace: 'default', parts: ['pods', 'web-0', 'exec'] }),
  },
  {
    title: 'deployment scale',
    method: 'PATCH',
    url: '/apis/apps/v1/namespaces/ns1/deployments/web/scale',
    want: apps({ path: '/apis/apps/v1/namespaces/ns1/deployments/web/scale', verb: 'patch', namespace: 'ns1', parts: ['deployments', 'web', 'scale'] }),
  },
  {
    title: 'parts beyond the subresource are kept',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods/web-0/proxy/metrics/v2',
    want: core({
      path: '/api/v1/namespaces/default/pods/web-0/proxy/metrics/v2',
      verb: 'get',
      namespace: 'default',
      parts: ['pods', 'web-0', 'proxy', 'metrics', 'v2'],
    }),
  },
  {
    title: 'cluster-scoped subresource',
    method: 'PUT',
    url: '/api/v1/nodes/node-1/status',
    want: core({ path: '/api/v1/nodes/node-1/status', verb: 'update', parts: ['nodes', 'node-1', 'status'] }),
  },
  {
    title: 'an empty segment is a segment (double slash)',
    method: 'GET',
    url: '/api/v1/namespaces/default/pods//log',
    want: core({ path: '/api/v1/namespaces/default/pods//log', verb: 'list', namespace: 'default', parts: ['pods', '', 'log'] }),
  },
  {
    title: 'an escaped slash splits the path, as Go decodes URL.Path',
    method: 'GET',
    url: '/api/v1/namespaces/a%2Fb/pods',
    want: core({ path: '/api/v1/namespaces/a/b/pods', verb: 'get', namespace: 'a', parts: ['b', 'pods'] }),
  },
];

for (const { title, method, url, want } of cases) {
  test(`${method} ${url} — ${title}`, (t) => {
    t.deepEqual(parseRequestInfo(method, url), want);
  });
}

test('a URL object parses like its path and query string', (t) => {
  const url = new URL('https://capstan.local:6443/apis/apps/v1/namespaces/ns1/deployments?watch=1&fieldSelector=metadata.name%3Dweb');
  t.deepEqual(
    parseRequestInfo('GET', url),
    apps({ path: '/apis/apps/v1/namespaces/ns1/deployments', verb: 'watch', namespace: 'ns1', parts: ['deployments'], name: 'web', fieldSelector: 'metadata.name=web' }),
  );
});

for (const url of ['/api/v1/watch', '/apis/apps/v1/proxy?x=1']) {
  test(`GET ${url} — a verb segment with nothing after it fails like kube`, (t) => {
    const error = t.throws(() => parseRequestInfo('GET', url), { instanceOf: RequestInfoError });
    t.is(error?.message, `unable to determine kind and namespace from url, ${url}`);
    const group = url.startsWith('/apis') ? 'apps' : '';
    t.deepEqual(error?.partial, {
      ...nonResource('get', url.split('?')[0] ?? ''),
      isResourceRequest: true,
      apiPrefix: group === '' ? 'api' : 'apis',
      apiGroup: group,
      apiVersion: 'v1',
    });
  });
}
