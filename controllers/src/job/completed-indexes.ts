// The sets of completion indexes an Indexed Job reports (status.completedIndexes, failedIndexes)
// and its successPolicy names: sorted, merged intervals written as kube writes them, "0-2,4,6,7"
// (a run of two is written as two numbers, longer runs with a dash).

export interface IndexInterval {
  readonly first: number;
  readonly last: number;
}

export type OrderedIntervals = readonly IndexInterval[];

/** Parses "1,3-5,7", dropping indexes at or past `completions` and parts that are not numbers. */
export function parseIndexes(text: string | undefined, completions: number): IndexInterval[] {
  const result: IndexInterval[] = [];
  if (text === undefined || text === '') return result;
  for (const part of text.split(',')) {
    const [low, high] = part.split('-');
    const first = Number.parseInt(low ?? '', 10);
    if (Number.isNaN(first)) continue;
    if (first >= completions) break;
    let last = first;
    if (high !== undefined) {
      last = Number.parseInt(high, 10);
      if (Number.isNaN(last)) continue;
      last = Math.min(last, completions - 1);
    }
    const previous = result.at(-1);
    if (previous !== undefined && previous.last === first - 1) result[result.length - 1] = { first: previous.first, last };
    else result.push({ first, last });
  }
  return result;
}

/** The union of two ordered interval lists, adjacent intervals joined. */
export function mergeIntervals(a: OrderedIntervals, b: OrderedIntervals): IndexInterval[] {
  const all = [...a, ...b].sort((x, y) => x.first - y.first);
  const result: IndexInterval[] = [];
  for (const interval of all) {
    const previous = result.at(-1);
    if (previous === undefined || interval.first > previous.last + 1) result.push(interval);
    else if (interval.last > previous.last) result[result.length - 1] = { first: previous.first, last: interval.last };
  }
  return result;
}

/** The intervals with these indexes added. */
export function withIndexes(intervals: OrderedIntervals, indexes: Iterable<number>): IndexInterval[] {
  return mergeIntervals(
    intervals,
    [...new Set(indexes)].sort((x, y) => x - y).map((index) => ({ first: index, last: index })),
  );
}

export function intervalsTotal(intervals: OrderedIntervals): number {
  return intervals.reduce((sum, interval) => sum + interval.last - interval.first + 1, 0);
}

export function intervalsHave(intervals: OrderedIntervals | undefined, index: number): boolean {
  return (intervals ?? []).some((interval) => interval.first <= index && index <= interval.last);
}

export function formatIntervals(intervals: OrderedIntervals): string {
  return intervals.map(({ first, last }) => (last === first ? `${first}` : last === first + 1 ? `${first},${last}` : `${first}-${last}`)).join(',');
}

/** How many of `required` are in `succeeded`: all of them, or at least `count` when given, meets the rule. */
export function meetsIndexesRule(required: OrderedIntervals, succeeded: OrderedIntervals, count: number | undefined): boolean {
  let contained = 0;
  for (const rule of required) for (const done of succeeded) contained += Math.max(0, Math.min(rule.last, done.last) - Math.max(rule.first, done.first) + 1);
  return contained === intervalsTotal(required) || (count !== undefined && contained >= count);
}
