import test from 'ava';
import { jitter, sleep } from '../src/index.ts';

test('jitter stretches a period by up to maxFactor of itself, and a factor of 0 or less counts as 1 (wait.Jitter)', (t) => {
  t.is(
    jitter(1000, 0.5, () => 0),
    1000,
  );
  t.is(
    jitter(1000, 0.5, () => 0.5),
    1250,
  );
  t.is(
    jitter(1000, 1.2, () => 1),
    2200,
  );
  t.is(
    jitter(1000, 0, () => 0.5),
    1500,
  );
  t.is(
    jitter(1000, -1, () => 0.5),
    1500,
  );
});

test('sleep resolves after its delay, at once when the signal aborts, and at once for an aborted signal', async (t) => {
  let start = performance.now();
  await sleep(30);
  t.true(performance.now() - start >= 25);
  const controller = new AbortController();
  start = performance.now();
  setTimeout(() => controller.abort(), 10);
  await sleep(10_000, controller.signal);
  t.true(performance.now() - start < 5000);
  start = performance.now();
  await sleep(10_000, controller.signal);
  t.true(performance.now() - start < 1000);
});
