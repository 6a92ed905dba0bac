// intstr.GetScaledValueFromIntOrPercent: an IntOrString (3, or "25%") as a count out of `total`,
// a percentage rounded up or down as the caller says (maxSurge rounds up, maxUnavailable down).

import type { IntOrString } from '@capstan/common/api-types/util-intstr';

export function scaledValueFromIntOrPercent(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return value;
  const match = /^(-?\d+)%$/.exec(value);
  if (match === null) throw new Error(`invalid value for IntOrString: invalid value "${value}"`);
  const scaled = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}
