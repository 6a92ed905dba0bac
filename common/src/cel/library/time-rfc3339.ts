// Timestamps as RFC 3339 text, read as Go's time.Parse(time.RFC3339, ...) reads it (which is what
// timestamp(string) uses in Kubernetes' cel-go) and written as time.RFC3339Nano writes it (string()).
// Go's reading is a little wider than the RFC: a one-digit hour, a ',' before the fraction, more than
// nine fraction digits (the rest ignored), offsets up to 24:60; it refuses a lower-case 't' or 'z'
// and a leap second.

import { CelError, type CelTimestamp } from '../values/values.ts';
import { daysFromDate, daysInMonth, wallClock } from './time-calendar.ts';
import { makeTimestamp, timestampOffset } from './time-values.ts';

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const conversionError = (): CelError => new CelError("type conversion error from 'string' to 'google.protobuf.Timestamp'");

/** timestamp(string): the instant, keeping a non-zero offset; an error for bad text or a year outside 1 to 9999. */
export function parseTimestamp(text: string): CelTimestamp | CelError {
  const match = rfc3339.exec(text);
  if (match === null) return conversionError();
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction, sign, offsetHourText, offsetMinuteText] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return conversionError();
  let offset = 0;
  if (sign !== undefined) {
    const offsetHours = Number(offsetHourText);
    const offsetMinutes = Number(offsetMinuteText);
    if (offsetHours > 24 || offsetMinutes > 60) return conversionError();
    offset = (sign === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  const nanos = fraction === undefined ? 0 : Number(fraction.slice(0, 9).padEnd(9, '0'));
  const seconds = BigInt(daysFromDate(year, month, day)) * 86_400n + BigInt(hour * 3600 + minute * 60 + second - offset);
  return makeTimestamp(seconds, nanos, offset);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** string(timestamp): RFC 3339 at the timestamp's own offset ('Z' at UTC), with as many fraction digits as it needs. */
export function formatTimestamp(timestamp: CelTimestamp): string {
  const offset = timestampOffset(timestamp);
  const clock = wallClock(timestamp.seconds, timestamp.nanos, offset);
  const date = `${pad(clock.year, 4)}-${pad(clock.month, 2)}-${pad(clock.day, 2)}`;
  const time = `${pad(clock.hour, 2)}:${pad(clock.minute, 2)}:${pad(clock.second, 2)}`;
  const fraction = timestamp.nanos === 0 ? '' : `.${pad(timestamp.nanos, 9).replace(/0+$/, '')}`;
  return `${date}T${time}${fraction}${formatOffset(offset)}`;
}

function formatOffset(offsetSeconds: number): string {
  if (offsetSeconds === 0) return 'Z';
  const minutes = Math.trunc(Math.abs(offsetSeconds) / 60);
  return `${offsetSeconds < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}
