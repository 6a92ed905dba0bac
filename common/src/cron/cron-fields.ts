// The five fields of a standard cron schedule as robfig/cron v3 (kube's parser) bounds them, with
// the names it takes for months and days of the week, and its @-macros with the schedules they
// stand for. Shared by the API server's CronJob validation and the CronJob controller.

export interface CronFieldBounds {
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const monthNames = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const dayNames = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** Minute, hour, day of month, month, day of week. */
export const cronScheduleFields: readonly CronFieldBounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: monthNames },
  { min: 0, max: 6, names: dayNames },
];

/** robfig's descriptors (besides "@every <duration>") and the schedules they mean. */
export const cronMacros: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
