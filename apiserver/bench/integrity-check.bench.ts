// The cost of the embedded store's start-up check (--storage-integrity-check): the time to open a
// store of N objects with no check, with SQLite's quick_check (the default) and with the full
// integrity_check, the file warm in the page cache as on a restart.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName } from '../src/storage/sqlite/schema.ts';
import type { IntegrityCheck } from '../src/storage/sqlite/integrity-check.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import type { BenchRow } from './bench-row.ts';
import { medianMs } from './measure.ts';
import { samplePodBytes } from './sample-object.ts';

export async function integrityCheckRows(dataDir: string, objects: number, log: (line: string) => void): Promise<BenchRow[]> {
  log(`sqlite: open with each integrity check, ${objects} objects`);
  const store = new SqliteStore({ dataDir });
  // A thousand creates at a time: group commit makes each thousand one transaction.
  for (let first = 0; first < objects; first += 1000) {
    const batch = Array.from({ length: Math.min(1000, objects - first) }, (_, j) =>
      store.create(`/registry/pods/ns-${(first + j) % 10}/bench-pod-${first + j}`, samplePodBytes(first + j)),
    );
    await Promise.all(batch);
  }
  await store.close();
  const mib = statSync(join(dataDir, databaseFileName)).size / 2 ** 20;
  const checks: readonly IntegrityCheck[] = ['none', 'quick', 'full'];
  const rows: BenchRow[] = [];
  const times = new Map<string, number>();
  for (const check of checks) {
    const ms = await medianMs(3, () => new SqliteStore({ dataDir, integrityCheck: check }).close());
    times.set(check, ms);
  }
  const none = times.get('none') as number;
  for (const check of checks) {
    const ms = times.get(check) as number;
    rows.push({
      metric: `open a store of ${objects} objects (${mib.toFixed(0)} MiB), integrity check ${check}`,
      subject: 'sqlite',
      value: ms,
      unit: 'ms',
      note: check === 'none' ? 'file warm in the page cache; median of 3' : `the check itself: ${Math.round(ms - none)} ms`,
    });
  }
  return rows;
}
