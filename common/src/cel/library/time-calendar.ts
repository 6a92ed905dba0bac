// The proleptic Gregorian calendar, as Go's time package counts it: dates to and from days since
// 1970-01-01, and the wall-clock fields of an instant seen at a UTC offset.

const secondsPerDay = 86_400n;
/** Days in a 400-year cycle, which repeats exactly. */
const daysPerEra = 146_097;
/** Days from 0000-03-01 to 1970-01-01: counting from March puts the leap day last. */
const epochShift = 719_468;
const daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;

export interface WallClock {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  /** 1 to 31. */
  readonly day: number;
  /** 1 to 366. */
  readonly dayOfYear: number;
  /** 0 (Sunday) to 6. */
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly nanos: number;
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a date (month 1 to 12). */
export function daysFromDate(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfMarchYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfMarchYear;
  return era * daysPerEra + dayOfEra - epochShift;
}

/** The date of a count of days since 1970-01-01. */
export function dateFromDays(days: number): { year: number; month: number; day: number } {
  const shifted = days + epochShift;
  const era = Math.floor(shifted / daysPerEra);
  const dayOfEra = shifted - era * daysPerEra;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfMarchYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfMarchYear + 2) / 153);
  const day = dayOfMarchYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The wall clock at an instant (Unix seconds and nanos) seen at an offset of seconds east of UTC. */
export function wallClock(seconds: bigint, nanos: number, offsetSeconds: number): WallClock {
  const local = seconds + BigInt(offsetSeconds);
  let days = local / secondsPerDay;
  let secondOfDay = Number(local % secondsPerDay);
  if (secondOfDay < 0) {
    days -= 1n;
    secondOfDay += 86_400;
  }
  const dayNumber = Number(days);
  const { year, month, day } = dateFromDays(dayNumber);
  return {
    year,
    month,
    day,
    dayOfYear: (daysBeforeMonth[month - 1] as number) + day + (month > 2 && isLeapYear(year) ? 1 : 0),
    // 1970-01-01 was a Thursday.
    weekday: (((dayNumber + 4) % 7) + 7) % 7,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
    nanos,
  };
}
