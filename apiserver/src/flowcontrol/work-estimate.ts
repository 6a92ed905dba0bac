// How much of a priority level's concurrency a request takes (kube's WorkEstimate): its seats
// while it runs, and the seats it keeps for a while after (a write's watch events to send).

export interface WorkEstimate {
  /** Seats held while the handler runs. */
  readonly initialSeats: number;
  /** Seats held after it, for `additionalLatencyMs` (0: none). */
  readonly finalSeats: number;
  readonly additionalLatencyMs: number;
}

export const oneSeat: WorkEstimate = { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 };

export const maxSeatsOf = (estimate: WorkEstimate): number => Math.max(estimate.initialSeats, estimate.finalSeats);
