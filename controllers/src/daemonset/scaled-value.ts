// intstr.GetScaledValueFromIntOrPercent: an integer as is, or "N%" of a total, rounded up or down.

import type { IntOrString } from '@capstan/common/api-types/util-intstr';

export function scaledValue(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const match = /^(-?\d+)%$/.exec(value);
  if (match === null) {
    if (/^-?\d+$/.test(value)) return Number(value);
    throw new Error(`invalid value for IntOrString: invalid value ${JSON.stringify(value)}`);
  }
  const scaled = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}
