// The agent's server: its serving certificate (the kubelet's self-signed pair in --cert-dir, kept
// across restarts), who may call it (client certificates of --client-ca-file, the static token,
// anonymous requests) and the answers of its router.

import test from 'ava';
import { X509Certificate } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { call, testNode, token } from './server-fixture.ts';

const locked = ['--anonymous-auth=false'];

test('without TLS files the server writes a self-signed pair to --cert-dir as the kubelet does, and keeps it on restart', async (t) => {
  const node = await testNode(t);
  const first = await node.start(locked);
  t.is(first.certFile, join(node.certDir, 'kubelet.crt'));
  t.is(first.keyFile, join(node.certDir, 'kubelet.key'));
  t.is(statSync(first.certFile).mode & 0o777, 0o644);
  t.is(statSync(first.keyFile).mode & 0o777, 0o600);
  const pem = readFileSync(first.certFile, 'utf8');
  const [leaf, authority] = (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g) ?? []).map((block) => new X509Certificate(block)) as [
    X509Certificate,
    X509Certificate,
  ];
  t.regex(leaf.subject, /^CN=node-a@\d+$/);
  t.regex(authority.subject, /^CN=node-a-ca@\d+$/);
  t.is(leaf.subjectAltName, 'DNS:node-a');
  t.true(leaf.verify(authority.publicKey));
  t.true(readFileSync(first.keyFile, 'utf8').startsWith('-----BEGIN RSA PRIVATE KEY-----'));

  // A client that trusts the authority and asks for the node's name completes the handshake with the served chain.
  const served = await new Promise<{ authorized: boolean; subject: string }>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: first.port, servername: 'node-a', ca: authority.toString() }, () => {
      resolve({ authorized: socket.authorized, subject: `CN=${String(socket.getPeerCertificate().subject.CN)}` });
      socket.end();
    });
    socket.on('error', reject);
  });
  t.deepEqual(served, { authorized: true, subject: leaf.subject });

  await first.close();
  const second = await node.start(locked);
  t.is(readFileSync(second.certFile, 'utf8'), pem);
});

test("a certificate without its key stops the server with the kubelet's words; given files are used as they are", async (t) => {
  const node = await testNode(t);
  const first = await node.start(locked);
  const pem = readFileSync(first.certFile, 'utf8');
  const key = readFileSync(first.keyFile, 'utf8');
  await first.close();
  rmSync(first.keyFile);
  await t.throwsAsync(node.start(locked), { message: `error reading ${first.keyFile}, certificate and key must be supplied as a pair` });
  writeFileSync(join(node.dir, 'serving.crt'), pem);
  writeFileSync(join(node.dir, 'serving.key'), key);
  const given = await node.start([...locked, `--tls-cert-file=${join(node.dir, 'serving.crt')}`, `--tls-private-key-file=${join(node.dir, 'serving.key')}`]);
  t.is(given.certFile, join(node.dir, 'serving.crt'));
  t.is((await call(given, '/healthz', { token: 'none' })).status, 401);
});

test('without credentials the answer is 401 Unauthorized when anonymous requests are off', async (t) => {
  const node = await testNode(t);
  const server = await node.start(locked);
  const answer = await call(server, '/healthz');
  t.is(answer.status, 401);
  t.is(answer.body, 'Unauthorized');
  t.is(answer.headers['content-type'], 'text/plain; charset=utf-8');
  t.is((await call(server, '/pods')).status, 401);
  t.is((await call(server, '/containerLogs/default/web/app')).status, 401);
  t.is((await call(server, '/checkpoint/default/web/app', { method: 'POST' })).status, 401);
});

test('the static token of --authentication-token-file authenticates; any other token is refused, even with anonymous requests on', async (t) => {
  const node = await testNode(t);
  const server = await node.start([...locked, `--authentication-token-file=${node.tokenFile}`]);
  const ok = await call(server, '/healthz', { token });
  t.is(ok.status, 200);
  t.is(ok.body, 'ok');
  t.is((await call(server, '/healthz', { token: `${token}x` })).status, 401);
  t.is((await call(server, '/healthz', { headers: { authorization: `Basic ${token}` } })).status, 401);
  const open = await node.start([`--authentication-token-file=${node.tokenFile}`]);
  t.is((await call(open, '/healthz')).status, 200);
  const wrong = await call(open, '/healthz', { token: 'guess' });
  t.is(wrong.status, 401);
  t.is(wrong.body, 'Unauthorized');
});

test('a client certificate signed by --client-ca-file authenticates; one from another authority is refused', async (t) => {
  const node = await testNode(t);
  const server = await node.start([...locked, `--client-ca-file=${node.clientCAFile}`]);
  const apiserver = await node.clientAuthority.client('kube-apiserver-kubelet-client', ['kubeadm:cluster-admins']);
  const ok = await call(server, '/healthz?verbose', apiserver);
  t.is(ok.status, 200);
  t.is(ok.body, '[+]ping ok\n[+]log ok\n[+]syncloop ok\nhealthz check passed\n');
  const rogue = await call(server, '/healthz', await node.rogueAuthority.client('kube-apiserver-kubelet-client'));
  t.is(rogue.status, 401);
  t.is((await call(server, '/healthz')).status, 401);
  // A certificate that fails is not made up for by anonymous access.
  const open = await node.start([`--client-ca-file=${node.clientCAFile}`]);
  t.is((await call(open, '/healthz', await node.rogueAuthority.client('someone'))).status, 401);
  t.is((await call(open, '/healthz')).status, 200);
});

test("authorization mode Webhook allows authenticated users and refuses system:anonymous with the kubelet's 403", async (t) => {
  const node = await testNode(t);
  const server = await node.start(['--authorization-mode=Webhook', `--authentication-token-file=${node.tokenFile}`]);
  const anonymous = await call(server, '/pods');
  t.is(anonymous.status, 403);
  t.is(anonymous.body, 'Forbidden (user=system:anonymous, verb=get, resource=nodes, subresource(s)=[pods proxy])\n');
  const checkpoint = await call(server, '/checkpoint/default/web/app', { method: 'POST' });
  t.is(checkpoint.body, 'Forbidden (user=system:anonymous, verb=create, resource=nodes, subresource(s)=[checkpoint])\n');
  t.is((await call(server, '/pods', { token })).status, 200);
});

test('paths the kubelet does not serve are 404 before authentication; a served root answers 404 and 405 after it', async (t) => {
  const node = await testNode(t);
  const server = await node.start([...locked, `--authentication-token-file=${node.tokenFile}`]);
  const unknown = await call(server, '/stats/summary');
  t.is(unknown.status, 404);
  t.is(unknown.body, '404 page not found\n');
  t.is(unknown.headers['x-content-type-options'], 'nosniff');
  const short = await call(server, '/containerLogs/default/web', { token });
  t.is(short.status, 404);
  t.is(short.body, '404: Page Not Found');
  const post = await call(server, '/containerLogs/default/web/app', { method: 'POST', token });
  t.is(post.status, 405);
  t.is(post.body, '405: Method Not Allowed');
  t.is(post.headers.allow, 'GET');
  const getCheckpoint = await call(server, '/checkpoint/default/web/app', { token });
  t.is(getCheckpoint.status, 405);
  t.is(getCheckpoint.headers.allow, 'POST');
});

test('GET /pods answers the pods of the directory as a v1 PodList', async (t) => {
  const node = await testNode(t);
  const server = await node.start([`--authentication-token-file=${node.tokenFile}`]);
  const empty = await call(server, '/pods', { token });
  t.is(empty.status, 200);
  t.is(empty.headers['content-type'], 'application/json');
  t.is(empty.body, '{"kind":"PodList","apiVersion":"v1","metadata":{},"items":null}');
  node.addPod('default', 'web', ['app']);
  const list = JSON.parse((await call(server, '/pods', { token })).body) as { items: { metadata: { name: string } }[] };
  t.deepEqual(
    list.items.map((pod) => pod.metadata.name),
    ['web'],
  );
});
