// Ranges of sizes and costs as cel-go's static estimator reasons about them: unsigned 64-bit
// bounds that saturate at 2^64 - 1 instead of overflowing, and cost factors applied through doubles
// and rounded up, so that the numbers are Kubernetes' to the unit.

/** A range of sizes (code points, bytes, list items or map entries) or of costs. */
export interface Estimate {
  readonly min: bigint;
  readonly max: bigint;
}

/** The size of a string, bytes, list or map: what size() would answer. */
export type SizeEstimate = Estimate;
/** A range of cost units. */
export type CostEstimate = Estimate;

export const maxUint64 = (1n << 64n) - 1n;
const twoTo63 = 1n << 63n;
const doubleTwoTo64 = 2 ** 64;

export const fixedEstimate = (value: bigint | number): Estimate => {
  const exact = BigInt(value);
  return { min: exact, max: exact };
};

export const zeroEstimate: Estimate = fixedEstimate(0);
export const unknownSize: SizeEstimate = { min: 0n, max: maxUint64 };

export const saturatingAdd = (x: bigint, y: bigint): bigint => (x + y > maxUint64 ? maxUint64 : x + y);
export const saturatingMultiply = (x: bigint, y: bigint): bigint => (x * y > maxUint64 ? maxUint64 : x * y);

/** x (a uint64) times a cost factor, through doubles as Go computes it, rounded up and capped. */
export function multiplyByFactor(x: bigint, factor: number): bigint {
  const xFloat = Number(x);
  if (xFloat > 0 && factor > 0 && xFloat > Number(maxUint64) / factor) return maxUint64;
  const product = Math.ceil(xFloat * factor);
  return product >= doubleTwoTo64 ? maxUint64 : BigInt(product);
}

/** Go's uint64(f) for a non-negative double on amd64, where Kubernetes' servers run: 2^63 once f reaches 2^64. */
export const uint64OfDouble = (f: number): bigint => (f >= doubleTwoTo64 ? twoTo63 : BigInt(Math.trunc(f)));

/** Go's uint64 arithmetic without a guard: the result modulo 2^64. */
export const wrapUint64 = (value: bigint): bigint => BigInt.asUintN(64, value);

export const addEstimates = (a: Estimate, b: Estimate): Estimate => ({ min: saturatingAdd(a.min, b.min), max: saturatingAdd(a.max, b.max) });

export const multiplyEstimates = (a: Estimate, b: Estimate): Estimate => ({ min: saturatingMultiply(a.min, b.min), max: saturatingMultiply(a.max, b.max) });

export const multiplyEstimateByFactor = (a: Estimate, factor: number): Estimate => ({ min: multiplyByFactor(a.min, factor), max: multiplyByFactor(a.max, factor) });

/** The range covering both. */
export const unionEstimates = (a: Estimate, b: Estimate): Estimate => ({ min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max });

export const sumEstimates = (estimates: readonly Estimate[]): Estimate => estimates.reduce(addEstimates, zeroEstimate);
