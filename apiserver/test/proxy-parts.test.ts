// The pure parts of the proxy subresources, against what kube's Go gives: SplitSchemeNamePort,
// IsGlobalUnicast, the backend path (JoinPreservingTrailingSlash, EscapedPath) and the rewriting
// of a backend's Location.

import test from 'ava';
import { isGlobalUnicast } from '../src/endpoints/proxy/global-unicast.ts';
import { backendPath, escapePath } from '../src/endpoints/proxy/proxy-path.ts';
import { gunzipSync, gzipSync } from 'node:zlib';
import { rewriteHtml, rewriteHtmlBody } from '../src/endpoints/proxy/rewrite-html.ts';
import { rewriteLocation } from '../src/endpoints/proxy/rewrite-location.ts';
import { splitSchemeNamePort } from '../src/endpoints/proxy/scheme-name-port.ts';

test('a proxy name is [scheme:]name[:port] with the scheme http or https', (t) => {
  t.deepEqual(splitSchemeNamePort('web'), { scheme: '', name: 'web', port: '' });
  t.deepEqual(splitSchemeNamePort('web:8080'), { scheme: '', name: 'web', port: '8080' });
  t.deepEqual(splitSchemeNamePort('https:web:metrics'), { scheme: 'https', name: 'web', port: 'metrics' });
  t.deepEqual(splitSchemeNamePort(':web:'), { scheme: '', name: 'web', port: '' });
  for (const invalid of ['', ':80', 'ftp:web:21', 'a:b:c:d', 'http::80']) t.is(splitSchemeNamePort(invalid), undefined, invalid);
});

test('only global unicast addresses are proxied to', (t) => {
  for (const address of ['10.0.0.1', '192.0.2.2', '8.8.8.8', '240.0.0.1', '2001:db8::1', 'fd00::1', '::ffff:10.1.2.3']) t.true(isGlobalUnicast(address), address);
  for (const address of ['', 'node-a', '0.0.0.0', '127.0.0.1', '127.9.9.9', '169.254.1.1', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1']) {
    t.false(isGlobalUnicast(address), address);
  }
});

test('the backend path is the subpath cleaned, its trailing slash kept, and escaped as Go escapes a path', (t) => {
  t.is(backendPath([], '/api/v1/nodes/n/proxy'), '');
  t.is(backendPath([], '/api/v1/nodes/n/proxy/'), '/');
  t.is(backendPath(['a', '..', 'b'], '/x/proxy/a/../b'), '/b');
  t.is(backendPath(['a', '', 'b', ''], '/x/proxy/a//b/'), '/a/b/');
  t.is(escapePath('/a b/ü/$&+,:;=@/?#%'), '/a%20b/%C3%BC/$&+,:;=@/%3F%23%25');
});

test("a backend's Location on its own host or an absolute path comes back under the proxy path", (t) => {
  const context = { backendHost: '10.0.0.5:8080', requestHost: 'api.example:6443', pathPrepend: '/api/v1/namespaces/a/pods/web/proxy' };
  t.is(rewriteLocation('/login?next=%2F', context), '/api/v1/namespaces/a/pods/web/proxy/login?next=%2F');
  t.is(rewriteLocation('http://10.0.0.5:8080/ui/#top', context), '/api/v1/namespaces/a/pods/web/proxy/ui/#top');
  // On the client's host, scheme and host stay.
  t.is(rewriteLocation('https://api.example:6443/ui', context), 'https://api.example:6443/api/v1/namespaces/a/pods/web/proxy/ui');
  // Already under the proxy path, another host, or relative: as it is.
  t.is(rewriteLocation('/api/v1/namespaces/a/pods/web/proxy/x', context), '/api/v1/namespaces/a/pods/web/proxy/x');
  t.is(rewriteLocation('https://example.com/x', context), 'https://example.com/x');
  t.is(rewriteLocation('next/page', context), 'next/page');
});

test("an HTML page's URL attributes are rewritten, its start tags written again as Go writes them", (t) => {
  const rewrite = (url: string): string => (url.startsWith('/') ? `/p${url}` : url);
  const page = `<!DOCTYPE html><HTML><head><link rel=stylesheet href="/s.css"><!-- <a href="/c"> --></head><body class='x y'>
<A HREF='/x?a=1&amp;b=2' data-href="/kept">x</A><img src="rel.png" alt="a &quot;b&quot;"/><script src="/app.js">var s = "<a href='/no'>";</script><input disabled></body></HTML>`;
  t.is(
    rewriteHtml(page, rewrite),
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/p/s.css"><!-- <a href="/c"> --></head><body class="x y">
<a href="/p/x?a=1&amp;b=2" data-href="/kept">x</A><img src="rel.png" alt="a &#34;b&#34;"/><script src="/p/app.js">var s = "<a href='/no'>";</script><input disabled=""></body></HTML>`,
  );
  const zipped = rewriteHtmlBody(gzipSync('<a href="/z">'), 'gzip', rewrite);
  t.is(gunzipSync(zipped).toString(), '<a href="/p/z">');
});
