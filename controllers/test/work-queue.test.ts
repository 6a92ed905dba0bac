import test from 'ava';
import { WorkQueue } from '../src/work-queue.ts';

test('a key added many times is handled once, never by two workers at once, and again if added while handled', async (t) => {
  const queue = new WorkQueue();
  const handled: string[] = [];
  let concurrent = 0;
  let most = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const running = queue.run(
    4,
    async (key) => {
      concurrent++;
      most = Math.max(most, concurrent);
      handled.push(key);
      if (handled.length === 1) await gate;
      concurrent--;
    },
    () => {},
  );
  for (let i = 0; i < 5; i++) queue.add('a');
  await new Promise((resolve) => setImmediate(resolve));
  queue.add('a');
  queue.add('a');
  release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  queue.shutDown();
  await running;
  t.deepEqual(handled, ['a', 'a']);
  t.is(most, 1);
});

test('a failing key comes back after a growing delay, and forget resets it', async (t) => {
  const queue = new WorkQueue({ baseDelayMs: 20 });
  const times: number[] = [];
  const start = Date.now();
  const running = queue.run(
    1,
    async () => {
      times.push(Date.now() - start);
      if (times.length < 3) throw new Error('not yet');
    },
    () => {},
  );
  queue.add('k');
  await new Promise((resolve) => setTimeout(resolve, 200));
  queue.shutDown();
  await running;
  t.is(times.length, 3);
  t.true((times[1] ?? 0) - (times[0] ?? 0) >= 19);
  t.true((times[2] ?? 0) - (times[1] ?? 0) >= 39);
  t.is(queue.failures('k'), 0);
});
