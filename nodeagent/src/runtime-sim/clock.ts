// Time as the simulated runtime sees it: a clock that tells the time and arms one timer. The real
// clock is the process's; tests and simulations may drive a ManualClock instead.

export interface ClockTimer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch, with sub-millisecond precision where the clock has it. */
  now(): number;
  setTimer(callback: () => void, delayMs: number): ClockTimer;
}

export const realClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(timer) };
  },
};

/** Nanoseconds since the epoch, as CRI's int64 timestamps; 0 stays 0 ("not set"). */
export function toNanos(ms: number): bigint {
  if (ms === 0) return 0n;
  const whole = Math.floor(ms);
  return BigInt(whole) * 1_000_000n + BigInt(Math.round((ms - whole) * 1e6));
}
