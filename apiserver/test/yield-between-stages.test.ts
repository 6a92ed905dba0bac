// Large writes break between their stages: one stage of one large write per turn of the event loop,
// with other clients' I/O in between; small writes do not break.

import { request as httpRequest, type IncomingMessage } from 'node:http';
import test from 'ava';
import { largeWriteBytes, nextTurn, stageBreakFor } from '../src/endpoints/yield-between-stages.ts';

const requestWith = (headers: Record<string, string>): IncomingMessage => ({ headers }) as IncomingMessage;

test('a write breaks between stages from 256 KiB on, or when its length is unknown', (t) => {
  t.is(stageBreakFor(requestWith({ 'content-length': String(largeWriteBytes - 1) }))(), undefined);
  t.true(stageBreakFor(requestWith({ 'content-length': String(largeWriteBytes) }))() instanceof Promise);
  t.true(stageBreakFor(requestWith({ 'transfer-encoding': 'chunked' }))() instanceof Promise);
  t.true(stageBreakFor(requestWith({ 'content-length': 'nonsense' }))() instanceof Promise);
});

test('concurrent large writes run one stage per turn, and other work runs between any two stages', async (t) => {
  const log: string[] = [];
  // Another client: something that asks for a turn of the event loop, again and again.
  let turns = 0;
  let other = true;
  const tick = (): void => {
    log.push(`turn ${++turns}`);
    if (other) setImmediate(tick);
  };
  setImmediate(tick);
  const write = async (name: string): Promise<void> => {
    for (let stage = 1; stage <= 3; stage++) {
      await nextTurn();
      log.push(`${name} stage ${stage}`);
    }
  };
  await Promise.all([write('a'), write('b'), write('c')]);
  other = false;
  const stages = log.map((entry, i) => [entry, i] as const).filter(([entry]) => entry.includes('stage'));
  t.is(stages.length, 9);
  // First come, first served, stage after stage.
  t.deepEqual(
    stages.map(([entry]) => entry.slice(0, 9)),
    ['a stage 1', 'b stage 1', 'c stage 1', 'a stage 2', 'b stage 2', 'c stage 2', 'a stage 3', 'b stage 3', 'c stage 3'],
  );
  for (let i = 1; i < stages.length; i++)
    t.true(
      log.slice(stages[i - 1]![1], stages[i]![1]).some((entry) => entry.startsWith('turn')),
      `no other turn between ${stages[i - 1]![0]} and ${stages[i]![0]}`,
    );
});

test('a socket read gets its turn between the stages of a large write', async (t) => {
  // A real HTTP exchange on loopback, answered while a large write is between its stages.
  const { createServer } = await import('node:http');
  const server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    let answered = false;
    const answer = new Promise<void>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/' }, (response) => {
        response.resume();
        response.on('end', () => {
          answered = true;
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
    // A write whose stages keep going until the exchange is done: it must not hold the loop.
    let stages = 0;
    while (!answered && stages < 100_000) {
      await nextTurn();
      stages++;
    }
    const answeredBetweenStages = answered;
    await answer;
    t.true(answeredBetweenStages, `the answer waited for ${stages} stages`);
  } finally {
    server.close();
  }
});
