// Counting one package's tests from ava's TAP output, line by line: each `ok`/`not ok` line is a
// test that ran, so the count holds even when the run ends before its trailing summary.

export interface TapCount {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  /** Whether the run's plan line (`1..N`, written at its very end) was seen: the report is complete. */
  planned: boolean;
  /**
   * The failures of ava's own trailing summary (`# fail N`), when it came: besides the `not ok`
   * lines it counts the tests of a crashed file that never got to run.
   */
  reportedFailed: number;
}

export const emptyCount = (): TapCount => ({ passed: 0, failed: 0, skipped: 0, todo: 0, planned: false, reportedFailed: 0 });

/** The failures to count: every `not ok` line, or ava's own figure (less its todo tests, which fail nothing) when higher. */
export const failures = (count: TapCount): number => Math.max(count.failed, count.reportedFailed - count.todo);

/** Adds one line of TAP to the count. Only top-level lines count: YAML blocks and comments are indented or start with #. */
export function countTapLine(count: TapCount, line: string): void {
  const test = /^(not )?ok \d+\b.*?(?:# (SKIP|TODO)\b.*)?$/.exec(line);
  if (test !== null) {
    if (test[2] === 'SKIP') count.skipped++;
    else if (test[2] === 'TODO') count.todo++;
    else if (test[1] === undefined) count.passed++;
    else count.failed++;
    return;
  }
  if (/^1\.\.\d+$/.test(line)) count.planned = true;
  const summary = /^# fail (\d+)$/.exec(line);
  if (summary !== null) count.reportedFailed = Number(summary[1]);
}
