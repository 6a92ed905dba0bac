// intstr.GetScaledValueFromIntOrPercent: a count given as a number or as a percentage ("25%") of a
// total, rounded up or down, with apimachinery's error messages for a value that is neither.

import type { IntOrString } from '@capstan/common/api-types/util-intstr';

export function scaledValueFromIntOrPercent(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (value === undefined || value === null) throw new Error('nil value for IntOrString');
  if (typeof value === 'number') return value;
  if (!value.endsWith('%')) throw new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const digits = value.slice(0, -1);
  if (!/^[+-]?\d+$/.test(digits)) throw new Error(`invalid value for IntOrString: invalid value "${value}": strconv.Atoi: parsing "${digits}": invalid syntax`);
  const scaled = (Number(digits) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}
