// How the server's concurrency limit is divided among the priority levels (kube's
// finishQueueSetReconfigsLocked and updateBorrowingLocked): each level's nominal limit comes from
// its share of the nominalConcurrencyShares; every ten seconds the levels' current limits move
// between their lower bound (nominal minus lendable) and upper bound (nominal plus the borrowing
// limit) toward their recent seat demand, with every level getting the same fraction of its
// target (kube's computeConcurrencyAllocation, solved here by bisection on that fraction).

/** The limits one level gets from its spec. */
export interface LevelLimits {
  readonly nominal: number;
  /** Nominal minus what it lends. */
  readonly min: number;
  /** Nominal plus what it may borrow. */
  readonly max: number;
}

export interface LevelShares {
  readonly shares: number;
  readonly lendablePercent: number;
  /** undefined: no limit on borrowing (kube lets it borrow up to the server's whole limit). */
  readonly borrowingLimitPercent: number | undefined;
}

export function levelLimits(serverLimit: number, shareSum: number, level: LevelShares): LevelLimits {
  const nominal = shareSum > 0 ? Math.ceil((serverLimit * level.shares) / shareSum) : 0;
  const lendable = Math.round((nominal * level.lendablePercent) / 100);
  const borrowing = level.borrowingLimitPercent === undefined ? serverLimit : Math.round((nominal * level.borrowingLimitPercent) / 100);
  return { nominal, min: nominal - lendable, max: nominal + borrowing };
}

/** One level's bounds and target in the allocation problem. */
export interface AllocationItem {
  readonly lowerBound: number;
  readonly upperBound: number;
  readonly target: number;
}

const clamp = (value: number, item: AllocationItem): number => Math.min(item.upperBound, Math.max(item.lowerBound, value));

/**
 * Allocations summing to `requiredSum` (as near as the bounds allow), each its target times one
 * common fraction, clamped to its bounds.
 */
export function allocateConcurrency(requiredSum: number, items: readonly AllocationItem[]): number[] {
  if (items.length === 0) return [];
  // A zero target would get nothing at any fraction: kube gives it a small positive one.
  const targets = items.map((item) => ({ ...item, target: Math.max(item.target, 0.001) }));
  const total = (fraction: number): number => targets.reduce((sum, item) => sum + clamp(fraction * item.target, item), 0);
  let low = 0;
  let high = 1;
  while (total(high) < requiredSum && high < 1e12) high *= 2;
  for (let i = 0; i < 100; i++) {
    const middle = (low + high) / 2;
    if (total(middle) < requiredSum) low = middle;
    else high = middle;
  }
  return targets.map((item) => clamp(high * item.target, item));
}

/** kube's seatDemandSmoothingCoefficient. */
const smoothingCoefficient = 0.977;

export interface SeatDemandStats {
  highWatermark: number;
  average: number;
  deviation: number;
  smoothed: number;
}

/** The demand statistics after one period's observation (kube's seatDemandStats.update). */
export function updatedDemand(
  stats: SeatDemandStats,
  observed: { readonly durationMs: number; readonly average: number; readonly deviation: number; readonly max: number },
): SeatDemandStats {
  const highWatermark = Math.round(observed.max);
  if (observed.durationMs <= 0) return { ...stats, highWatermark };
  const envelope = observed.average + observed.deviation;
  return {
    highWatermark,
    average: observed.average,
    deviation: observed.deviation,
    smoothed: Math.max(envelope, smoothingCoefficient * stats.smoothed + (1 - smoothingCoefficient) * envelope),
  };
}
