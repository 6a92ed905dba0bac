// The timer wheel under the simulated containers: tasks fire in time order, at their time, and the
// wheel keeps a single clock timer however many tasks wait.

import test from 'ava';
import type { Clock } from '../src/runtime-sim/clock.ts';
import { ManualClock } from '../src/runtime-sim/manual-clock.ts';
import { TimerWheel } from '../src/runtime-sim/timer-wheel.ts';

/** A manual clock that counts the timers armed on it and not yet fired or cancelled. */
function countingClock(): { clock: Clock & { advance(ms: number): Promise<void> }; live: () => number; maxLive: () => number } {
  const manual = new ManualClock();
  let live = 0;
  let maxLive = 0;
  const clock = {
    now: () => manual.now(),
    advance: (ms: number) => manual.advance(ms),
    setTimer(callback: () => void, delayMs: number) {
      live++;
      maxLive = Math.max(maxLive, live);
      let settled = false;
      const timer = manual.setTimer(() => {
        settled = true;
        live--;
        callback();
      }, delayMs);
      return {
        cancel() {
          if (!settled) live--;
          settled = true;
          timer.cancel();
        },
      };
    },
  };
  return { clock, live: () => live, maxLive: () => maxLive };
}

test('tasks fire in time order at their time, with one clock timer for all of them', async (t) => {
  const { clock, live, maxLive } = countingClock();
  const wheel = new TimerWheel(clock);
  const fired: string[] = [];
  const start = clock.now();
  for (const [name, delay] of [
    ['c', 300],
    ['a', 100],
    ['b', 200],
    ['a2', 100],
    ['d', 5000],
  ] as const) {
    wheel.after(delay, { fire: (now) => fired.push(`${name}@${now - start}`) });
  }
  t.is(wheel.pending, 5);
  await clock.advance(99);
  t.deepEqual(fired, []);
  await clock.advance(1);
  t.deepEqual(fired, ['a@100', 'a2@100']);
  await clock.advance(5000);
  t.deepEqual(fired, ['a@100', 'a2@100', 'b@200', 'c@300', 'd@5000']);
  t.is(maxLive(), 1);
  t.is(live(), 0, 'no timer stays armed when nothing waits');
  t.is(wheel.pending, 0);
});

test('a task may schedule another; one that throws does not stop the others of its slot', async (t) => {
  const { clock } = countingClock();
  const errors: unknown[] = [];
  const wheel = new TimerWheel(clock, { onTaskError: (error) => errors.push(error) });
  const fired: number[] = [];
  wheel.after(10, {
    fire: () => {
      fired.push(1);
      wheel.after(10, { fire: () => fired.push(3) });
    },
  });
  wheel.after(10, {
    fire: () => {
      throw new Error('boom');
    },
  });
  wheel.after(10, { fire: () => fired.push(2) });
  await clock.advance(20);
  t.deepEqual(fired, [1, 2, 3]);
  t.is((errors[0] as Error | undefined)?.message, 'boom');
});

test('sleep resolves after its delay; close drops what waits', async (t) => {
  const { clock, live } = countingClock();
  const wheel = new TimerWheel(clock);
  let woke = false;
  void wheel.sleep(50).then(() => (woke = true));
  await clock.advance(49);
  t.false(woke);
  await clock.advance(1);
  t.true(woke);
  let late = false;
  wheel.after(10, { fire: () => (late = true) });
  wheel.close();
  await clock.advance(100);
  t.false(late);
  t.is(live(), 0);
});

test('on the real clock, a 20 ms task fires after at least 20 ms', async (t) => {
  const wheel = new TimerWheel();
  const start = performance.now();
  await wheel.sleep(20);
  t.true(performance.now() - start >= 19.5);
});
