// Wall-clock time in an IANA zone, as Go's time package gives it to robfig/cron: the fields of an
// instant in the zone, the instant of wall-clock fields (normalized like time.Date: month 13 is
// January of the next year, a time in a DST gap moves past it), and RFC 3339 with the zone's offset.

export interface WallTime {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 is Sunday. */
  readonly weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone the process runs in (Go's time.Local). */
export function localZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether Intl knows the zone (Go's time.LoadLocation succeeding; "" is UTC). */
export function isKnownZone(zone: string): boolean {
  if (zone === '' || zone === 'UTC' || zone === 'Local') return true;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

export class Zone {
  readonly name: string;
  readonly #utc: boolean;

  /** "" and "UTC" are UTC; "Local" is the process's zone. */
  constructor(name: string) {
    this.name = name === '' ? 'UTC' : name === 'Local' ? localZone() : name;
    this.#utc = this.name === 'UTC';
  }

  wall(ms: number): WallTime {
    const date = new Date(ms);
    if (this.#utc)
      return {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: date.getUTCHours(),
        minute: date.getUTCMinutes(),
        second: date.getUTCSeconds(),
        weekday: date.getUTCDay(),
      };
    const parts: Record<string, number> = {};
    for (const part of formatterOf(this.name).formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const year = parts.year ?? 0;
    const month = parts.month ?? 1;
    const day = parts.day ?? 1;
    return { year, month, day, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
  }

  /** The zone's offset from UTC at the instant, in ms. */
  offset(ms: number): number {
    if (this.#utc) return 0;
    const wall = this.wall(ms);
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
  }

  /** time.Date in the zone: fields out of range are carried over; in a DST gap, the offset from before it applies. */
  instant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
    const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
    if (this.#utc) return asUtc;
    const guess = asUtc - this.offset(asUtc);
    const offset = this.offset(guess);
    return asUtc - offset;
  }

  /** RFC 3339 in the zone, seconds precision: "2026-11-29T02:47:00Z" in UTC, else with the offset. */
  rfc3339(ms: number): string {
    const wall = this.wall(ms);
    const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
    const text = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
    if (this.#utc) return `${text}Z`;
    const offsetMinutes = Math.round(this.offset(ms) / 60_000);
    const sign = offsetMinutes < 0 ? '-' : '+';
    return `${text}${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  }
}
