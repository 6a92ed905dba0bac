// The HTTP/2 listener's connection accounting: a session with no stream open for the idle timeout
// is closed (Go's IdleTimeout), a quiet stream keeps it open; closeIdle ends idle HTTP/1.1
// connections at once and busy ones when their request ends.

import test from 'ava';
import { once } from 'node:events';
import { connect, createSecureServer, type Http2SecureServer } from 'node:http2';
import { request as httpsRequest, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSelfSignedCertKey } from '@capstan/common';
import { Http2Connections } from '../src/server/http2-connections.ts';

const idleTimeoutMs = 200;

async function serverWith(
  handler: (path: string, respond: (body: string) => void) => void,
): Promise<{ server: Http2SecureServer; connections: Http2Connections; url: string; ca: string }> {
  const pair = await generateSelfSignedCertKey('localhost');
  const server = createSecureServer({ cert: pair.certificate, key: pair.privateKey, allowHTTP1: true });
  const connections = new Http2Connections(server, idleTimeoutMs);
  server.on('request', (request, response) => handler(request.url, (body) => response.end(body)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, connections, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca: pair.certificate };
}

test('an HTTP/2 session with no stream for the idle timeout is closed; an open stream, however quiet, keeps it', async (t) => {
  const answers: ((body: string) => void)[] = [];
  const { server, url, ca } = await serverWith((_path, respond) => answers.push(respond));
  t.teardown(() => server.close());
  const session = connect(url, { ca, servername: 'localhost' });
  t.teardown(() => session.destroy());
  const closed = once(session, 'close');
  let closedEarly = false;
  void closed.then(() => (closedEarly = true));
  const stream = session.request({ ':path': '/quiet' });
  stream.resume();
  // Longer than the idle timeout, with the stream open and silent.
  await new Promise((resolve) => setTimeout(resolve, idleTimeoutMs * 3));
  t.false(closedEarly);
  t.is(answers.length, 1);
  answers[0]?.('done');
  await once(stream, 'close');
  // Now idle: the server closes the session.
  await closed;
  t.pass();
});

test('closeIdle ends an idle HTTP/1.1 connection at once and a busy one once its request ends', async (t) => {
  const answers: ((body: string) => void)[] = [];
  const { server, connections, url, ca } = await serverWith((path, respond) => (path === '/slow' ? answers.push(respond) : respond('fast')));
  t.teardown(() => server.close());
  const idleAgent = new Agent({ keepAlive: true, ca, servername: 'localhost' });
  const busyAgent = new Agent({ keepAlive: true, ca, servername: 'localhost' });
  t.teardown(() => {
    idleAgent.destroy();
    busyAgent.destroy();
  });
  const get = (agent: Agent, path: string) =>
    new Promise<{ body: string; socketClosed: Promise<unknown> }>((resolve, reject) => {
      let socketClosed: Promise<unknown> = Promise.resolve();
      const outgoing = httpsRequest(`${url}${path}`, { agent }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ body, socketClosed }));
      });
      outgoing.once('socket', (socket) => (socketClosed = once(socket, 'close')));
      outgoing.on('error', reject);
      outgoing.end();
    });
  const idle = await get(idleAgent, '/fast');
  t.is(idle.body, 'fast');
  const busy = get(busyAgent, '/slow');
  while (answers.length === 0) await new Promise((resolve) => setImmediate(resolve));
  connections.closeIdle();
  // The idle keep-alive connection is ended by the server.
  await idle.socketClosed;
  answers[0]?.('slow');
  const answered = await busy;
  t.is(answered.body, 'slow');
  await answered.socketClosed;
});
