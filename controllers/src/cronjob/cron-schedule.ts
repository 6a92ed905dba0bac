// A CronJob's schedule as robfig/cron v3's standard parser reads it (the parser kube uses): five
// fields (minute, hour, day of month, month, day of week; names for months and days; "*", "?",
// ranges, lists and steps), the @yearly ... @hourly macros, "@every <duration>", and an optional
// TZ= or CRON_TZ= prefix. next() is robfig's SpecSchedule.Next: the first matching second after
// the time, searched field by field in the schedule's zone, giving up after five years.
//
// No npm library was taken for this: cron-parser and croner read the day-of-month/day-of-week
// pair and steps of "*" differently from robfig (which ANDs the two days only when one starts
// with an unstepped "*"), add seconds, L, W and # that kube refuses, and handle DST gaps their own
// way; the job names kube derives from scheduled times make those differences visible.

import { type CronFieldBounds, cronMacros, cronScheduleFields, parseGoDuration } from '@capstan/common';
import { isKnownZone, Zone } from './zoned-time.ts';

export interface CronSchedule {
  /** The first activation strictly after `after` (ms), or undefined if there is none within five years. */
  next(after: number): number | undefined;
}

/** The values a field allows; `star` when it began with an unstepped (or step 1) "*" or "?". */
interface Field {
  readonly values: ReadonlySet<number>;
  readonly star: boolean;
}

export class CronScheduleError extends Error {}

function parseNumber(text: string, names: CronFieldBounds['names']): number {
  const named = names?.[text.toLowerCase()];
  if (named !== undefined) return named;
  if (!/^\d+$/.test(text)) throw new CronScheduleError(`failed to parse int from ${text}`);
  return Number(text);
}

function parseField(text: string, field: CronFieldBounds): Field {
  const values = new Set<number>();
  let star = false;
  for (const expression of text.split(',')) {
    const [range = '', stepText, ...extraSteps] = expression.split('/');
    if (extraSteps.length > 0) throw new CronScheduleError(`too many slashes: ${expression}`);
    const [low = '', high, ...extraHyphens] = range.split('-');
    if (extraHyphens.length > 0) throw new CronScheduleError(`too many hyphens: ${expression}`);
    let start: number;
    let end: number;
    let starred = false;
    if (low === '*' || low === '?') {
      start = field.min;
      end = field.max;
      starred = true;
    } else {
      start = parseNumber(low, field.names);
      end = high === undefined ? start : parseNumber(high, field.names);
    }
    let step = 1;
    if (stepText !== undefined) {
      step = parseNumber(stepText, undefined);
      if (high === undefined) end = field.max; // "N/step" runs to the field's maximum
      if (step > 1) starred = false;
    }
    if (start < field.min) throw new CronScheduleError(`beginning of range (${start}) below minimum (${field.min}): ${expression}`);
    if (end > field.max) throw new CronScheduleError(`end of range (${end}) above maximum (${field.max}): ${expression}`);
    if (start > end) throw new CronScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expression}`);
    if (step === 0) throw new CronScheduleError(`step of range should be a positive number: ${expression}`);
    for (let value = start; value <= end; value += step) values.add(value);
    star ||= starred;
  }
  return { values, star };
}

/** robfig's SpecSchedule with the second fixed at 0. */
class SpecSchedule implements CronSchedule {
  readonly #zone: Zone;
  readonly #minute: Field;
  readonly #hour: Field;
  readonly #dom: Field;
  readonly #month: Field;
  readonly #dow: Field;

  constructor(zone: Zone, fields: readonly Field[]) {
    this.#zone = zone;
    [this.#minute, this.#hour, this.#dom, this.#month, this.#dow] = fields as [Field, Field, Field, Field, Field];
  }

  #dayMatches(day: number, weekday: number): boolean {
    const dom = this.#dom.values.has(day);
    const dow = this.#dow.values.has(weekday);
    return this.#dom.star || this.#dow.star ? dom && dow : dom || dow;
  }

  next(after: number): number | undefined {
    const zone = this.#zone;
    // The next whole second.
    let t = Math.floor(after / 1000) * 1000 + 1000;
    let added = false;
    const yearLimit = zone.wall(t).year + 5;
    wrap: for (;;) {
      let wall = zone.wall(t);
      if (wall.year > yearLimit) return undefined;
      while (!this.#month.values.has(wall.month)) {
        if (!added) {
          added = true;
          t = zone.instant(wall.year, wall.month, 1);
          wall = zone.wall(t);
        }
        t = zone.instant(wall.year, wall.month + 1, wall.day, wall.hour, wall.minute, wall.second);
        wall = zone.wall(t);
        if (wall.month === 1) continue wrap;
      }
      while (!this.#dayMatches(wall.day, wall.weekday)) {
        if (!added) {
          added = true;
          t = zone.instant(wall.year, wall.month, wall.day);
          wall = zone.wall(t);
        }
        t = zone.instant(wall.year, wall.month, wall.day + 1, wall.hour, wall.minute, wall.second);
        wall = zone.wall(t);
        // Back to midnight when a DST change moved the hour.
        if (wall.hour !== 0) {
          t += (wall.hour > 12 ? 24 - wall.hour : -wall.hour) * 3_600_000;
          wall = zone.wall(t);
        }
        if (wall.day === 1) continue wrap;
      }
      while (!this.#hour.values.has(wall.hour)) {
        if (!added) {
          added = true;
          t = zone.instant(wall.year, wall.month, wall.day, wall.hour);
        }
        t += 3_600_000;
        wall = zone.wall(t);
        if (wall.hour === 0) continue wrap;
      }
      while (!this.#minute.values.has(wall.minute)) {
        if (!added) {
          added = true;
          t -= t % 60_000;
        }
        t += 60_000;
        wall = zone.wall(t);
        if (wall.minute === 0) continue wrap;
      }
      while (wall.second !== 0) {
        if (!added) {
          added = true;
          t -= t % 1000;
        }
        t += 1000;
        wall = zone.wall(t);
        if (wall.second === 0) continue wrap;
      }
      return t;
    }
  }
}

/** robfig's ConstantDelaySchedule: every `delay` (whole seconds, at least one), on the second. */
class ConstantDelaySchedule implements CronSchedule {
  readonly #delayMs: number;

  constructor(delayMs: number) {
    this.#delayMs = Math.max(1000, delayMs - (delayMs % 1000));
  }

  next(after: number): number {
    return after - (after % 1000) + this.#delayMs;
  }
}

/** Parses a schedule; `defaultZone` applies without a TZ= prefix (the controller manager's zone, or spec.timeZone). */
export function parseCronSchedule(spec: string, defaultZone: string): CronSchedule {
  let text = spec.trim();
  if (text === '') throw new CronScheduleError('empty spec string');
  let zone = defaultZone;
  if (text.startsWith('TZ=') || text.startsWith('CRON_TZ=')) {
    const space = text.indexOf(' ');
    const name = text.slice(text.indexOf('=') + 1, space < 0 ? text.length : space);
    if (!isKnownZone(name)) throw new CronScheduleError(`provided bad location ${name}: unknown time zone ${name}`);
    zone = name;
    text = space < 0 ? '' : text.slice(space).trim();
  }
  if (text.startsWith('@every ')) {
    const delay = parseGoDuration(text.slice('@every '.length));
    if (typeof delay !== 'number') throw new CronScheduleError(`failed to parse duration ${text}: ${delay.error}`);
    return new ConstantDelaySchedule(delay);
  }
  if (text.startsWith('@')) {
    const macro = Object.hasOwn(cronMacros, text) ? cronMacros[text] : undefined;
    if (macro === undefined) throw new CronScheduleError(`unrecognized descriptor: ${text}`);
    text = macro;
  }
  const fields = text.split(/\s+/).filter((field) => field !== '');
  if (fields.length !== 5) throw new CronScheduleError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return new SpecSchedule(
    new Zone(zone),
    fields.map((field, i) => parseField(field, cronScheduleFields[i] as CronFieldBounds)),
  );
}
