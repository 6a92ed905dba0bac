// A watcher that stops reading is closed once what waits for it passes a bound, as kube's cacher
// closes a watcher whose channel stays full: its stream just ends (the client watches again from
// its last resourceVersion), and server memory does not grow with what it will never read.

import test from 'ava';
import { connect, type TLSSocket } from 'node:tls';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import type { WatchEvent } from '../src/storage/storage.ts';
import { WatchChannel } from '../src/storage/watch-channel.ts';

const change = (revision: number, bytes: number): WatchEvent => ({
  type: 'MODIFIED',
  revision,
  kv: { key: '/k', value: new Uint8Array(bytes), createRevision: 1, modRevision: revision },
  prev: { key: '/k', value: new Uint8Array(0), createRevision: 1, modRevision: revision - 1 },
});

test('events wait for a full listener up to a bound in bytes; past it the watch ends with TooSlow', (t) => {
  const delivered: WatchEvent[] = [];
  let full = false;
  const channel = new WatchChannel((event) => (delivered.push(event), !full), { maxPendingBytes: 1_000 });
  channel.release();
  return Promise.resolve().then(() => {
    full = true;
    channel.push(change(2, 10)); // delivered, and the listener is full from now on
    for (let revision = 3; revision < 12; revision++) channel.push(change(revision, 100)); // 900 bytes wait
    t.is(delivered.length, 1);
    t.false(channel.closed);
    full = false;
    channel.resume();
    t.is(delivered.length, 10);
    full = true;
    channel.push(change(12, 10));
    for (let revision = 13; revision < 23; revision++) channel.push(change(revision, 100)); // the 11th would pass 1,000
    t.false(channel.closed);
    channel.push(change(23, 100));
    t.true(channel.closed);
    const last = delivered.at(-1);
    t.is(last?.type === 'ERROR' ? last.error.code : last?.type, 'TooSlow');
  });
});

test('a watch whose client never reads is ended once 16 MiB wait for it, without an ERROR event; a connection that cannot take even that is closed', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-slow-watch-' });
  t.teardown(() => server.stop());
  const base = `${server.url}/api/v1/namespaces/default/configmaps`;
  const json = { 'content-type': 'application/json' };
  t.is((await fetch(base, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'big' } }) })).status, 201);
  const url = new URL(server.url);
  const socket: TLSSocket = connect(Number(url.port), url.hostname);
  t.teardown(() => socket.destroy());
  socket.write(`GET /api/v1/namespaces/default/configmaps?watch=1&resourceVersion=0 HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  // Read the headers and the first event, then nothing more.
  const head = await new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1');
      if (text.includes('"ADDED"')) {
        socket.off('data', onData);
        socket.pause();
        resolve(text);
      }
    };
    socket.on('data', onData);
  });
  t.regex(head, /^HTTP\/1\.1 200/);
  // 48 changes of 1 MB: more than the socket buffers and the 16 MiB bound hold together.
  const value = 'x'.repeat(1_000_000);
  for (let i = 0; i < 48; i++) {
    const response = await fetch(`${base}/big`, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'big' }, data: { value, i: String(i) } }) });
    t.is(response.status, 200);
    await response.arrayBuffer();
  }
  // Reading again, the client gets what was buffered, then the end of the stream, or the end of
  // the connection when it could not even take the end of the stream for 5 s.
  // No clock here: a watch that is never ended fails the test at ava's timeout.
  const rest = await new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    let tail = '';
    const done = (): void => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // The last chunk of the stream: ended in time for the client to read it (kept alive after).
      // The terminator may arrive split over two reads, so the tail is checked, not the read.
      tail = (tail + chunk.toString('latin1')).slice(-16);
      if (tail.endsWith('\r\n0\r\n\r\n')) done();
    });
    // A connection cut off may end in a reset rather than a clean close.
    socket.on('error', done);
    socket.on('close', done);
    socket.resume();
  });
  const modified = rest.split('"type":"MODIFIED"').length - 1;
  t.true(modified < 48, `${modified} of 48 changes were delivered`);
  t.false(rest.includes('"type":"ERROR"'));
});
