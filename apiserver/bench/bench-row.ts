// One line of a benchmark's results table.

export interface BenchRow {
  readonly metric: string;
  readonly subject: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
}
