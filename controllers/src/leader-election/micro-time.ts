// metav1.MicroTime as a Lease carries it: RFC 3339 in UTC with microseconds.

export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
