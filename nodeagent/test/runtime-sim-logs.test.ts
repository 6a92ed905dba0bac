// Container logs of the simulated runtime, in the CRI log format the kubelet reads for kubectl logs.

import { existsSync, readFileSync } from 'node:fs';
import test from 'ava';
import { criLogLines, criTimestamp, maxLogLineLength } from '../src/runtime-sim/container-log.ts';
import { inlineLifecycle, simulatedNode } from './runtime-sim-fixture.ts';

const criLine = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z) (stdout|stderr) ([PF]) (.*)$/;

/** Reads a CRI log as the kubelet does: partial (P) lines join the full (F) line that ends them. */
function readCriLog(path: string): { time: string; stream: string; text: string }[] {
  const entries: { time: string; stream: string; text: string }[] = [];
  let partial = '';
  for (const line of readFileSync(path, 'utf8').split('\n').slice(0, -1)) {
    const match = criLine.exec(line);
    if (match === null) throw new Error(`not a CRI log line: ${JSON.stringify(line)}`);
    const [, time, stream, tag, text] = match as unknown as [string, string, string, string, string];
    if (tag === 'P') {
      partial += text;
      continue;
    }
    entries.push({ time, stream, text: partial + text });
    partial = '';
  }
  return entries;
}

test('timestamps have nine fraction digits and Z, as the kubelet writes RFC3339NanoFixed', (t) => {
  t.is(criTimestamp(Date.UTC(2026, 0, 1)), '2026-01-01T00:00:00.000000000Z');
  t.is(criTimestamp(Date.UTC(2026, 0, 1, 12, 30, 5, 123) + 0.5), '2026-01-01T12:30:05.123500000Z');
  t.is(criLogLines(Date.UTC(2026, 0, 1), 'stdout', 'message'), '2026-01-01T00:00:00.000000000Z stdout F message\n');
  t.is(criLogLines(Date.UTC(2026, 0, 1), 'stderr', 'a\nb\n'), '2026-01-01T00:00:00.000000000Z stderr F a\n2026-01-01T00:00:00.000000000Z stderr F b\n');
});

test('the log file exists once the container started, even before it prints anything', async (t) => {
  const node = simulatedNode(t);
  await node.run('quiet');
  await node.runtime.flushLogs();
  t.is(readFileSync(node.logFile('quiet', 'main'), 'utf8'), '');
  t.is(node.runtime.containerStatus(node.runtime.listContainers()[0]?.id as string).status.logPath, node.logFile('quiet', 'main'));
});

test('lines at start, one per interval until the exit, and at exit, with their streams and times', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run(
    'ticker',
    inlineLifecycle({
      logs: {
        start: ['starting {pod} in {namespace}', { stderr: 'warning: attempt {attempt}' }],
        every: { interval: '1s', lines: ['tick {n}'] },
        exit: [{ stderr: 'bye from {container}' }],
      },
      exit: { after: '3500ms', code: 0 },
    }),
  );
  await node.clock.advance(10_000);
  await node.runtime.flushLogs();
  const started = node.runtime.containerStatus(id).status.startedAt;
  const at = (ms: number) => criTimestamp(Number(started / 1_000_000n) + ms);
  t.deepEqual(readCriLog(node.logFile('ticker', 'main')), [
    { time: at(0), stream: 'stdout', text: 'starting ticker in default' },
    { time: at(0), stream: 'stderr', text: 'warning: attempt 0' },
    { time: at(1000), stream: 'stdout', text: 'tick 3' },
    { time: at(2000), stream: 'stdout', text: 'tick 4' },
    { time: at(3000), stream: 'stdout', text: 'tick 5' },
    { time: at(3500), stream: 'stderr', text: 'bye from main' },
  ]);
});

test('lines printed on SIGTERM are logged, and periodic lines stop with the container', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web', inlineLifecycle({ logs: { every: { interval: '100ms', lines: ['serving'] }, stop: ['shutting down'] }, stop: { delay: '250ms' } }));
  await node.clock.advance(300);
  const stop = node.runtime.stopContainer(id, 30);
  await node.clock.advance(1000);
  await stop;
  await node.runtime.flushLogs();
  const texts = readCriLog(node.logFile('web', 'main')).map((e) => e.text);
  t.deepEqual(texts, ['serving', 'serving', 'serving', 'shutting down', 'serving', 'serving']);
  t.is(node.runtime.containerStatus(id).status.exitCode, 143);
});

test('a line longer than 16 KiB is split into partial lines that the reader joins again', async (t) => {
  const node = simulatedNode(t);
  const long = 'x'.repeat(maxLogLineLength * 2 + 10);
  await node.run('chatty', inlineLifecycle({ logs: { start: [long, 'short'] } }));
  await node.runtime.flushLogs();
  const raw = readFileSync(node.logFile('chatty', 'main'), 'utf8').split('\n');
  t.deepEqual(
    raw.slice(0, -1).map((line) => (criLine.exec(line) ?? [])[3]),
    ['P', 'P', 'F', 'F'],
  );
  t.deepEqual(
    readCriLog(node.logFile('chatty', 'main')).map((e) => e.text),
    [long, 'short'],
  );
});

test('each attempt of a restarted container writes its own log file', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('crashy', { 'runtime-sim.capstan.dev/lifecycle': 'crash-loop' });
  for (const attempt of [0, 1]) {
    const id = await node.create(sandboxId, 'app', { metadata: { name: 'app', attempt } });
    await node.start(id);
    await node.clock.advance(100);
  }
  await node.runtime.flushLogs();
  t.deepEqual(
    readCriLog(node.logFile('crashy', 'app', 0)).map((e) => e.text),
    ['crashing (attempt 0)'],
  );
  t.deepEqual(
    readCriLog(node.logFile('crashy', 'app', 1)).map((e) => e.text),
    ['crashing (attempt 1)'],
  );
});

test('a container without a log path writes no file', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('nolog', inlineLifecycle({ logs: { start: ['hello'] } }));
  const id = await node.create(sandboxId, 'main', { logPath: '' });
  await node.start(id);
  await node.runtime.flushLogs();
  t.false(existsSync(node.logFile('nolog', 'main')));
  t.is(node.runtime.containerStatus(id).status.logPath, '');
});
