// GET /containerLogs on the agent's server: the CRI log file read as the kubelet reads it (partial
// lines joined, timestamps, tail, limitBytes, since), followed while the container runs, and the
// kubelet's answers for what it cannot serve.

import test from 'ava';
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { AgentServer } from '../src/server/index.ts';
import { call, criLine, testNode, token, type TestNode } from './server-fixture.ts';

const sample = [
  criLine('2026-01-01T00:00:00.000000001Z', 'stdout', 'F', 'first line'),
  criLine('2026-01-01T00:00:01.5Z', 'stderr', 'F', 'an error'),
  criLine('2026-01-01T00:00:02+02:00', 'stdout', 'P', 'partial-'),
  criLine('2026-01-01T00:00:02.100Z', 'stdout', 'P', 'more-'),
  criLine('2026-01-01T00:00:02.2Z', 'stdout', 'F', 'end'),
].join('');

async function withLog(
  t: Parameters<typeof testNode>[0],
  content = sample,
): Promise<{ node: TestNode; server: AgentServer; logs: (query?: string, pod?: string) => ReturnType<typeof call> }> {
  const node = await testNode(t);
  const pod = node.addPod('default', 'web', ['app', 'sidecar']);
  writeFileSync(pod.containers.get('app')?.logPath as string, content);
  const server = await node.start(['--anonymous-auth=false', `--authentication-token-file=${node.tokenFile}`]);
  return { node, server, logs: (query = '', name = 'web/app') => call(server, `/containerLogs/default/${name}${query}`, { token }) };
}

test('the log is the messages of the file: partial lines joined, both streams, chunked text', async (t) => {
  const { logs } = await withLog(t);
  const answer = await logs();
  t.is(answer.status, 200);
  t.is(answer.body, 'first line\nan error\npartial-more-end\n');
  t.is(answer.headers['content-type'], 'text/plain; charset=utf-8');
  t.is(answer.headers['transfer-encoding'], 'chunked');
});

test('timestamps=true puts the fixed-width time, in its own offset, before each message that starts a line', async (t) => {
  const { logs } = await withLog(t);
  t.is(
    (await logs('?timestamps=true')).body,
    '2026-01-01T00:00:00.000000001Z first line\n2026-01-01T00:00:01.500000000Z an error\n2026-01-01T00:00:02.000000000+02:00 partial-more-end\n',
  );
});

test('tailLines counts the lines of the file, partial ones included; the old tail parameter still works', async (t) => {
  const { logs } = await withLog(t);
  t.is((await logs('?tailLines=1')).body, 'end\n');
  t.is((await logs('?tailLines=2')).body, 'more-end\n');
  t.is((await logs('?tailLines=4')).body, 'an error\npartial-more-end\n');
  t.is((await logs('?tailLines=0')).body, '');
  t.is((await logs('?tailLines=100')).body, 'first line\nan error\npartial-more-end\n');
  t.is((await logs('?tail=1')).body, 'end\n');
  t.is((await logs('?tailLines=1&tail=all')).body, 'first line\nan error\npartial-more-end\n');
});

test('limitBytes cuts the output; sinceTime skips older messages, the file order kept', async (t) => {
  const { logs } = await withLog(t);
  t.is((await logs('?limitBytes=5')).body, 'first');
  t.is((await logs('?limitBytes=14')).body, 'first line\nan ');
  t.is((await logs('?limitBytes=16&timestamps=true')).body, '2026-01-01T00:00');
  // The +02:00 message is an hour and more before; the partial line it began is not timestamped again.
  t.is((await logs('?sinceTime=2026-01-01T00:00:01Z')).body, 'an error\nmore-end\n');
  t.is((await logs('?sinceTime=2026-01-01T00:00:01Z&timestamps=1')).body, '2026-01-01T00:00:01.500000000Z an error\nmore-end\n');
});

test('sinceSeconds counts back from now', async (t) => {
  const now = new Date().toISOString();
  const { logs } = await withLog(t, criLine('2026-01-01T00:00:00Z', 'stdout', 'F', 'long ago') + criLine(now, 'stdout', 'F', 'just now'));
  t.is((await logs('?sinceSeconds=60')).body, 'just now\n');
});

test('previous reads the instance before the current one, when there is one', async (t) => {
  const { node, logs } = await withLog(t);
  const missing = await logs('?previous=true');
  t.is(missing.status, 400);
  t.is(missing.body, 'previous terminated container "app" in pod "web" not found');
  const pod = node.pods.get('default/web');
  const logPath = node.logPath('web', 'app', 1);
  writeFileSync(logPath, criLine('2025-12-31T23:00:00Z', 'stdout', 'F', 'the crashed one'));
  pod?.previous.set('app', { id: 'crashed', name: 'app', logPath, attempt: 0, running: false, state: 'CONTAINER_EXITED' });
  t.is((await logs('?previous=1')).body, 'the crashed one\n');
});

test("unknown pods and containers, containers without a log yet and bad queries get the kubelet's answers", async (t) => {
  const { node, logs } = await withLog(t);
  const pod = await logs('', 'nope/app');
  t.is(pod.status, 404);
  t.is(pod.body, 'pod "nope" does not exist');
  const container = await logs('', 'web/nope');
  t.is(container.status, 404);
  t.is(container.body, 'container "nope" not found in pod "web"');
  node.pods.get('default/web')?.containers.delete('sidecar');
  const waiting = await logs('', 'web/sidecar');
  t.is(waiting.status, 400);
  t.is(waiting.body, 'container "sidecar" in pod "web" is waiting to start - no logs yet');
  const invalid = await logs('?tailLines=-1');
  t.is(invalid.status, 422);
  t.is(invalid.body, '{"message": "Invalid request."}');
  t.is((await logs('?sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z')).status, 422);
  t.is((await logs('?stream=Stdout&tailLines=1')).status, 422);
  const malformed = await logs('?tailLines=ten');
  t.is(malformed.status, 400);
  t.is(malformed.body, '{"message": "Unable to decode query."}');
  t.is((await logs('?sinceTime=yesterday')).body, '{"message": "Unable to decode query."}');
  const stream = await logs('?stream=Stdout');
  t.is(stream.status, 400);
  t.is(stream.body, 'unable to return the given log stream: "Stdout". Please enable PodLogsQuerySplitStreams feature gate in kubelet');
  t.is((await logs('?stream=All')).body, 'first line\nan error\npartial-more-end\n');
});

test('a file that is no CRI log, or no file, ends the answer already begun with the reason', async (t) => {
  const { node, logs } = await withLog(t, 'garbage\n');
  const garbage = await logs();
  t.is(garbage.status, 200);
  t.is(garbage.body, 'failed to get parse function: unsupported log format: "garbage\\n"');
  const container = node.pods.get('default/web')?.containers.get('app');
  const path = `${node.dir}/logs/gone.log`;
  node.pods.get('default/web')?.containers.set('app', { ...(container as NonNullable<typeof container>), logPath: path });
  t.is((await logs()).body, `failed to try resolving symlinks in path "${path}": lstat ${path}: no such file or directory`);
});

/** A following request: what has arrived so far, and its end. */
function follow(server: AgentServer, path: string): { received: () => string; until: (text: string) => Promise<void>; ended: Promise<void>; abort: () => void } {
  let body = '';
  const waiters: (() => void)[] = [];
  const outgoing = request({ host: '127.0.0.1', port: server.port, path, rejectUnauthorized: false, agent: false, headers: { authorization: `Bearer ${token}` } });
  const ended = new Promise<void>((resolve, reject) => {
    outgoing.once('response', (answer) => {
      answer.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      answer.once('end', () => resolve());
      answer.once('error', () => resolve());
    });
    outgoing.once('error', reject);
  });
  outgoing.end();
  return {
    received: () => body,
    async until(text) {
      while (!body.includes(text)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    ended,
    abort: () => outgoing.destroy(),
  };
}

test('follow streams what the container writes until it stops, then the answer ends', async (t) => {
  const { node, server } = await withLog(t);
  const app = node.pods.get('default/web')?.containers.get('app');
  const logPath = app?.logPath as string;
  const stream = follow(server, '/containerLogs/default/web/app?follow=true&tailLines=1');
  await stream.until('end\n');
  t.is(stream.received(), 'end\n');
  // inotify wakes the reader at once; the one-second check alone would make most of these waits longer.
  const latencies: number[] = [];
  for (const n of [1, 2, 3]) {
    const started = Date.now();
    appendFileSync(logPath, criLine(`2026-01-01T00:00:0${n}Z`, 'stdout', 'F', `written later ${n}`));
    await stream.until(`written later ${n}\n`);
    latencies.push(Date.now() - started);
  }
  t.true(
    latencies.every((ms) => ms < 400),
    latencies.join(', '),
  );
  appendFileSync(logPath, '2026-01-01T00:00:04Z stdout F half a li');
  await new Promise((resolve) => setTimeout(resolve, 100));
  appendFileSync(logPath, 'ne\n');
  await stream.until('half a line\n');
  (app as NonNullable<typeof app>).state = 'CONTAINER_EXITED';
  appendFileSync(logPath, criLine('2026-01-01T00:00:05Z', 'stderr', 'F', 'last words'));
  await stream.ended;
  t.is(stream.received(), 'end\nwritten later 1\nwritten later 2\nwritten later 3\nhalf a line\nlast words\n');
});

test('follow keeps reading a file the runtime recreates, and stops asking the runtime when the client leaves', async (t) => {
  const { node, server } = await withLog(t, criLine('2026-01-01T00:00:00Z', 'stdout', 'F', 'before rotation'));
  const logPath = node.pods.get('default/web')?.containers.get('app')?.logPath as string;
  const stream = follow(server, '/containerLogs/default/web/app?follow=1');
  await stream.until('before rotation\n');
  renameSync(logPath, `${logPath}.20260101-000001`);
  writeFileSync(logPath, criLine('2026-01-01T00:00:02Z', 'stdout', 'F', 'after rotation'));
  await stream.until('after rotation\n');
  t.is(stream.received(), 'before rotation\nafter rotation\n');
  stream.abort();
  await stream.ended;
  // While following, the reader asks the runtime whether the container runs at least every second; no more once the client left.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const asked = node.statusCalls();
  t.true(asked > 0);
  await new Promise((resolve) => setTimeout(resolve, 1300));
  t.is(node.statusCalls(), asked);
  t.is((await call(server, '/containerLogs/default/web/app', { token })).body, 'after rotation\n');
});
