// The API's two time formats: metav1.Time (RFC 3339 in UTC, to the second: conditions, events,
// timestamps) and metav1.MicroTime (to the microsecond: a Lease's acquireTime and renewTime).

/** metav1.Time of a moment. */
export function metaTime(at: Date | number): string {
  return `${new Date(at).toISOString().slice(0, 19)}Z`;
}

/** metav1.MicroTime of a moment (its microseconds zero: JavaScript clocks count milliseconds). */
export function microTime(at: Date | number): string {
  return new Date(at).toISOString().replace(/Z$/, '000Z');
}
