// Quantity.ScaledValue, Value and MilliValue: a quantity as a whole number of 10^scale units,
// rounded away from zero ("1n" is 1 milli, "-1.5" is -2), as kube-scheduler, the kubelet and
// validation count cpu, memory and storage. Exact: where kube's int64 would wrap or give 0 (a
// MilliValue past 9.2e15, "1E" of cpu), Capstan answers the true value.

import { digitCount, powerOfTen } from './decimal.ts';
import { quantityDecimal, type Quantity } from './resource-quantity.ts';

/** The quantity in units of 10^scale, rounded away from zero. */
export function quantityScaledValue(quantity: Quantity, scale: number): bigint {
  const { coefficient, exponent } = quantityDecimal(quantity);
  const shift = exponent - scale;
  if (shift >= 0) return coefficient * powerOfTen(shift);
  const sign = coefficient < 0n ? -1n : 1n;
  // Smaller than one unit (and not zero): one unit, without writing out a huge power of ten.
  if (-shift > digitCount(coefficient)) return coefficient === 0n ? 0n : sign;
  const divisor = 10n ** BigInt(-shift);
  const quotient = coefficient / divisor;
  return coefficient % divisor === 0n ? quotient : quotient + sign;
}

/** Quantity.Value(): whole units, rounded away from zero. */
export const quantityValue = (quantity: Quantity): bigint => quantityScaledValue(quantity, 0);

/** Quantity.MilliValue(): thousandths, rounded away from zero. */
export const quantityMilliValue = (quantity: Quantity): bigint => quantityScaledValue(quantity, -3);
