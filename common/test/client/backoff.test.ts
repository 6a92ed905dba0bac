import test from 'ava';
import { Backoff } from '../../src/client/index.ts';

test('the delay doubles from the initial one up to the cap, and jitter adds up to the base again', (t) => {
  const none = new Backoff({ initialMs: 800, maxMs: 30_000, jitter: 1 }, () => 0);
  t.deepEqual(
    Array.from({ length: 8 }, (_, i) => none.next(i)),
    [800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000],
  );
  const most = new Backoff({ initialMs: 800, maxMs: 30_000, jitter: 1 }, () => 0.999);
  t.deepEqual(
    Array.from({ length: 8 }, (_, i) => most.next(i)),
    [1599, 3198, 6397, 12_794, 25_587, 51_174, 59_970, 59_970],
  );
  const random = new Backoff({ initialMs: 100, maxMs: 1000 });
  for (let i = 0; i < 100; i++) {
    const delay = random.next(i);
    t.true(delay >= 100 && delay <= 2000, String(delay));
  }
});

test('reset() and a long enough healthy spell start the delays over', (t) => {
  const backoff = new Backoff({ initialMs: 100, maxMs: 10_000, jitter: 0, resetAfterMs: 60_000 });
  t.deepEqual([backoff.next(0), backoff.next(1), backoff.next(2)], [100, 200, 400]);
  backoff.reset();
  t.is(backoff.next(3), 100);
  t.is(backoff.next(4), 200);
  t.is(backoff.next(4 + 60_000), 100);
});
