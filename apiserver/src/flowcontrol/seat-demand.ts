// The seat demand of a priority level over time (kube's fairqueuing Integrator): its time-weighted
// average, deviation and high watermark since the last reset, which the periodic borrowing
// adjustment reads every ten seconds.

export interface SeatDemandObservation {
  readonly durationMs: number;
  readonly average: number;
  readonly deviation: number;
  readonly max: number;
}

export class SeatDemandIntegrator {
  readonly #now: () => number;
  #value = 0;
  #since: number;
  #start: number;
  #integral = 0;
  #integralOfSquares = 0;
  #max = 0;

  constructor(now: () => number) {
    this.#now = now;
    this.#since = now();
    this.#start = this.#since;
  }

  set(value: number): void {
    this.#accumulate();
    this.#value = value;
    this.#max = Math.max(this.#max, value);
  }

  #accumulate(): void {
    const now = this.#now();
    const elapsed = now - this.#since;
    this.#integral += this.#value * elapsed;
    this.#integralOfSquares += this.#value * this.#value * elapsed;
    this.#since = now;
  }

  /** What was seen since the last reset; the next period starts at the current value. */
  reset(): SeatDemandObservation {
    this.#accumulate();
    const durationMs = this.#since - this.#start;
    const average = durationMs > 0 ? this.#integral / durationMs : this.#value;
    const variance = durationMs > 0 ? this.#integralOfSquares / durationMs - average * average : 0;
    const observation = { durationMs, average, deviation: Math.sqrt(Math.max(0, variance)), max: this.#max };
    this.#start = this.#since;
    this.#integral = 0;
    this.#integralOfSquares = 0;
    this.#max = this.#value;
    return observation;
  }
}
