// The CronJob controller's clock: what time it is, and how long to really wait until the clock
// reads a later time. kube's controller takes a clock for its tests; a test here runs one that
// goes faster than real time so that a minute's schedule fires every second.

export interface ControllerClock {
  now(): number;
  /** Real milliseconds until the clock has advanced by `ms`. */
  realDelay(ms: number): number;
}

export const realClock: ControllerClock = { now: Date.now, realDelay: (ms) => ms };

/** A clock `factor` times faster than real time, reading the real time when made. */
export function acceleratedClock(factor: number): ControllerClock {
  const start = Date.now();
  return { now: () => start + (Date.now() - start) * factor, realDelay: (ms) => ms / factor };
}
