// HTTP/2 on the secure port, as kube-apiserver serves it: offered by ALPN beside HTTP/1.1 (which
// --disable-http2-serving leaves alone), with --http2-max-streams-per-connection announced in the
// server's settings, requests and watches multiplexed on one connection, repeated headers kept
// apart, kubectl (Go's client, which takes HTTP/2 when offered) served, and a shutdown that sends
// GOAWAY and ends the watches instead of cutting the connection.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect as connectHttp2, constants, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { promisify } from 'node:util';
import { kubeconfigFor } from '@capstan/deploy';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

/** The protocol the server picks when a client offers both. */
function negotiated(server: ApiServerChild): Promise<string | false> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connectTls({ host: hostname, port: Number(port), ca: server.certificateAuthority, servername: 'localhost', ALPNProtocols: ['h2', 'http/1.1'] }, () => {
      resolve(socket.alpnProtocol ?? false);
      socket.end();
    });
    socket.on('error', reject);
  });
}

function session(server: ApiServerChild): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const connected = connectHttp2(server.url, { ca: server.certificateAuthority, servername: 'localhost' });
    connected.once('remoteSettings', () => resolve(connected));
    connected.once('error', reject);
  });
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function requestOn(connection: ClientHttp2Session, method: string, path: string, body?: unknown, headers: Record<string, string | string[]> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = connection.request({
      [constants.HTTP2_HEADER_METHOD]: method,
      [constants.HTTP2_HEADER_PATH]: path,
      authorization: `Bearer ${'capstan-test-admin-token'}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    });
    let answerHeaders: Record<string, string | string[] | undefined> = {};
    let text = '';
    stream.on('response', (received) => (answerHeaders = received));
    stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(answerHeaders[':status']), headers: answerHeaders, body: text }));
    stream.on('error', reject);
    stream.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A watch's events as they arrive, one JSON object per line. */
function watchOn(connection: ClientHttp2Session, path: string): { stream: ClientHttp2Stream; next(): Promise<{ type: string; object: { metadata: { name: string } } }> } {
  const stream = connection.request({ [constants.HTTP2_HEADER_PATH]: path, authorization: 'Bearer capstan-test-admin-token' });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter === undefined) lines.push(line);
      else waiter(line);
    }
  });
  return {
    stream,
    next: async () => JSON.parse(lines.shift() ?? (await new Promise<string>((resolve) => waiting.push(resolve)))),
  };
}

test('the secure port offers HTTP/2 by ALPN with kube-apiserver settings; --disable-http2-serving keeps to HTTP/1.1', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-h2-' });
  t.teardown(() => server.stop());
  t.is(await negotiated(server), 'h2');
  const connection = await session(server);
  t.teardown(() => connection.destroy());
  t.is(connection.remoteSettings.maxConcurrentStreams, 1000);
  // kube's upload buffer and frame size: 256 KiB.
  t.is(connection.remoteSettings.initialWindowSize, 256 * 1024);
  t.is(connection.remoteSettings.maxFrameSize, 256 * 1024);

  const limited = await startApiServerChild({ prefix: 'capstan-h2-', args: ['--http2-max-streams-per-connection=50'] });
  t.teardown(() => limited.stop());
  const limitedConnection = await session(limited);
  t.teardown(() => limitedConnection.destroy());
  t.is(limitedConnection.remoteSettings.maxConcurrentStreams, 50);

  const http1 = await startApiServerChild({ prefix: 'capstan-h2-', args: ['--disable-http2-serving'] });
  t.teardown(() => http1.stop());
  t.is(await negotiated(http1), 'http/1.1');
});

test('one HTTP/2 connection carries a watch, writes and reads at once; repeated Impersonate-Group headers stay two groups', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-h2-' });
  t.teardown(() => server.stop());
  const connection = await session(server);
  t.teardown(() => connection.destroy());
  const watch = watchOn(connection, '/api/v1/namespaces/default/configmaps?watch=true');
  const created = await requestOn(connection, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'over-h2' }, data: { a: 'b' } });
  t.is(created.status, 201, created.body);
  t.is(created.headers['content-type'], 'application/json');
  t.truthy(created.headers['audit-id']);
  t.like(await watch.next(), { type: 'ADDED', object: { metadata: { name: 'over-h2' } } });
  const read = await requestOn(connection, 'GET', '/api/v1/namespaces/default/configmaps/over-h2');
  t.is(read.status, 200);
  t.like(JSON.parse(read.body), { data: { a: 'b' } });
  // Two fields of one name: HTTP/2's request joins them in `headers`, the groups must not be.
  const review = await requestOn(
    connection,
    'POST',
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    { 'impersonate-user': 'jane', 'impersonate-group': ['developers', 'testers'] },
  );
  t.is(review.status, 201, review.body);
  t.deepEqual(JSON.parse(review.body).status.userInfo.groups, ['developers', 'testers', 'system:authenticated']);
  const missing = await requestOn(connection, 'GET', '/api/v1/namespaces/default/configmaps/nowhere');
  t.is(missing.status, 404);
  t.like(JSON.parse(missing.body), { kind: 'Status', reason: 'NotFound', code: 404 });
});

test('kubectl, which takes HTTP/2 when offered, reads, writes and follows a watch', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-h2-' });
  t.teardown(() => server.stop());
  const kubeconfig = join(server.dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: server.token }));
  const kubectl = await kubectlBinary();
  const env = { ...process.env, KUBECONFIG: kubeconfig };
  await run(kubectl, ['create', 'configmap', 'first', '--from-literal=k=v'], { env });
  const { stdout } = await run(kubectl, ['get', 'configmap', 'first', '-o', 'jsonpath={.data.k}'], { env });
  t.is(stdout, 'v');
  const watcher = spawn(kubectl, ['get', 'configmaps', '--watch', '-o', 'name'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => watcher.kill());
  let printed = '';
  const printedLine = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (printed.includes(line)) resolve();
      };
      watcher.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        printed += chunk;
        check();
      });
      watcher.once('exit', () => reject(new Error(`kubectl's watch ended before "${line}":\n${printed}`)));
      check();
    });
  await printedLine('configmap/first');
  await run(kubectl, ['create', 'configmap', 'second'], { env });
  await printedLine('configmap/second');
});

test('a shutdown sends GOAWAY on HTTP/2 connections and ends their watches; the server exits 0', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-h2-' });
  t.teardown(() => server.stop());
  const connection = await session(server);
  t.teardown(() => connection.destroy());
  const goaway = new Promise<number>((resolve) => connection.once('goaway', (code) => resolve(code)));
  const watch = watchOn(connection, '/api/v1/namespaces/default/configmaps?watch=true');
  const ended = new Promise<number>((resolve) => watch.stream.once('close', () => resolve(watch.stream.rstCode ?? -1)));
  // The watch has its head once its first event arrives.
  await requestOn(connection, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'before-shutdown' } });
  t.like(await watch.next(), { type: 'ADDED' });
  const code = server.stop('SIGTERM');
  t.is(await goaway, constants.NGHTTP2_NO_ERROR);
  // The stream ended cleanly: no reset.
  t.is(await ended, constants.NGHTTP2_NO_ERROR);
  t.is(await code, 0);
});
