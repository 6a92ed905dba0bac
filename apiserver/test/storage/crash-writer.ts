// Test support, run as a child process: writes to a SQLite store as fast as it can, with many
// writes in flight, and prints the number of every write once the store has acknowledged it.
// The crash-safety test kills it with SIGKILL mid-storm.

import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: crash-writer.ts DATA_DIR');
const store = new SqliteStore({ dataDir });
const payload = 'x'.repeat(2000);
let next = 0;

export function crashValue(n: number): string {
  const body = `${n}:${payload}`;
  return `${body}:${createHash('sha256').update(body).digest('hex')}`;
}

async function writer(): Promise<never> {
  for (;;) {
    const n = next++;
    const kv = await store.create(`/registry/crash/k${n}`, new TextEncoder().encode(crashValue(n)));
    // A synchronous write, so that a line on the pipe always means an acknowledged write.
    writeSync(1, `${n} ${kv.modRevision}\n`);
  }
}

for (let i = 0; i < 32; i++) void writer();
