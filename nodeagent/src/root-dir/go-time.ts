// Times as Go's time.Time marshals them in JSON (RFC 3339 with the fraction's trailing zeros cut),
// in UTC; Go's zero time is "0001-01-01T00:00:00Z".

export const goZeroTime = '0001-01-01T00:00:00Z';

export function goTime(date: Date | undefined): string {
  if (date === undefined) return goZeroTime;
  return date.toISOString().replace(/\.(\d*?)0*Z$/, (_match, digits: string) => (digits === '' ? 'Z' : `.${digits}Z`));
}
