import test from 'ava';
import { watchTimeoutMs } from '../src/endpoints/watch.ts';

test('a watch lasts its timeoutSeconds, or between --min-request-timeout and twice that; never past a timer’s range', (t) => {
  t.is(watchTimeoutMs(30, 1_800_000), 30_000);
  t.is(watchTimeoutMs(-5, 1_800_000), 0);
  for (let i = 0; i < 100; i++) {
    const chosen = watchTimeoutMs(undefined, 1_000);
    t.true(chosen >= 1_000 && chosen < 2_000);
    const zero = watchTimeoutMs(0, 1_000);
    t.true(zero >= 1_000 && zero < 2_000);
  }
  t.is(watchTimeoutMs(10 ** 9, 1_000), 2 ** 31 - 1);
});
