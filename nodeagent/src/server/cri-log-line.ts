// One line of a container's CRI log file, as the kubelet's log reader parses it:
// "<RFC 3339 time, nanoseconds optional> <stdout|stderr> <tag>[:<more tags>] <content>", where the
// tag P marks a partial line (its newline is not the container's and is dropped) and anything
// else (F) a full one whose newline stays part of the content.

export type LogStream = 'stdout' | 'stderr';

export interface LogTimestamp {
  /** Nanoseconds since the epoch. */
  readonly nanos: bigint;
  /** The time as the kubelet writes it for `timestamps=true`: nine fraction digits, in the line's own offset. */
  readonly text: string;
}

export interface CriLogMessage {
  readonly timestamp: LogTimestamp;
  readonly stream: LogStream;
  readonly content: Buffer;
}

const space = 0x20;
const newline = 0x0a;

/** The message of one line (with its newline), or why it is not a CRI log line. */
export function parseCriLogLine(line: Buffer): CriLogMessage | { readonly error: string } {
  const timeEnd = line.indexOf(space);
  if (timeEnd < 0) return { error: 'timestamp is not found' };
  const timestamp = parseLogTimestamp(line.toString('latin1', 0, timeEnd));
  if (timestamp === undefined) return { error: `unexpected timestamp format "2006-01-02T15:04:05.999999999Z07:00"` };
  const streamEnd = line.indexOf(space, timeEnd + 1);
  if (streamEnd < 0) return { error: 'stream type is not found' };
  const stream = line.toString('latin1', timeEnd + 1, streamEnd);
  if (stream !== 'stdout' && stream !== 'stderr') return { error: `unexpected stream type ${JSON.stringify(stream)}` };
  const tagEnd = line.indexOf(space, streamEnd + 1);
  if (tagEnd < 0) return { error: 'log tag is not found' };
  const tags = line.toString('latin1', streamEnd + 1, tagEnd);
  const partial = tags.split(':')[0] === 'P';
  const end = partial && line[line.length - 1] === newline ? line.length - 1 : line.length;
  return { timestamp, stream, content: line.subarray(Math.min(tagEnd + 1, end), end) };
}

const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** Go's time.Parse with the layout "2006-01-02T15:04:05.999999999Z07:00"; undefined when it fails. */
export function parseLogTimestamp(text: string): LogTimestamp | undefined {
  const match = timestampPattern.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  const offsetMinutes = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d);
  utc.setUTCHours(h, mi, s, 0);
  const nanos9 = fraction.slice(0, 9).padEnd(9, '0');
  const nanos = BigInt(utc.getTime()) * 1_000_000n + BigInt(nanos9) - BigInt(offsetMinutes) * 60_000_000_000n;
  return { nanos, text: `${text.slice(0, 19)}.${nanos9}${offsetMinutes === 0 ? 'Z' : zone}` };
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
