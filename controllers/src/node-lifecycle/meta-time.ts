// metav1.Time (RFC 3339 to the second) and metav1.MicroTime (to the microsecond) as numbers and back.

export { metaTime } from '@capstan/common';

/** Milliseconds since the epoch of a metav1.Time, or undefined when absent or unreadable. */
export function timeValue(time: string | null | undefined): number | undefined {
  if (!time) return undefined;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Microseconds since the epoch of a metav1.MicroTime (a Lease's renewTime), or undefined. */
export function microTimeValue(time: string | null | undefined): number | undefined {
  if (!time) return undefined;
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (match === null) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(seconds)) return undefined;
  const fraction = (match[2] ?? '').padEnd(6, '0').slice(0, 6);
  return seconds * 1000 + Number(fraction);
}
