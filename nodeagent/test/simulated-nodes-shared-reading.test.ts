// One reading of the machine and the runtime for many simulated nodes: callers at the same time
// share one read, later callers within the age limit get it again, and a failed read is not kept.

import test from 'ava';
import { sharedReading } from '../src/simulated-nodes/index.ts';

function counter(): { read: () => Promise<number>; readonly reads: number } {
  let reads = 0;
  return {
    read: async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    },
    get reads() {
      return reads;
    },
  };
}

test('callers at the same time share one read', async (t) => {
  const source = counter();
  const read = sharedReading(source.read, 1000);
  const values = await Promise.all(Array.from({ length: 100 }, () => read()));
  t.is(source.reads, 1);
  t.true(values.every((value) => value === 1));
});

test('a reading is given again until it is older than the age limit, then read anew', async (t) => {
  let now = 0;
  const source = counter();
  const read = sharedReading(source.read, 5000, () => now);
  t.is(await read(), 1);
  now = 5000;
  t.is(await read(), 1);
  now = 5001;
  t.is(await read(), 2);
  t.is(source.reads, 2);
});

test('a failed read is not kept: the next caller reads again', async (t) => {
  let fail = true;
  let reads = 0;
  const read = sharedReading(async () => {
    reads += 1;
    if (fail) throw new Error('runtime down');
    return 'ready';
  }, 60_000);
  await t.throwsAsync(read(), { message: 'runtime down' });
  fail = false;
  t.is(await read(), 'ready');
  t.is(await read(), 'ready');
  t.is(reads, 2);
});
