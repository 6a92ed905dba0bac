// The physical references of a storage benchmark run: what this machine's disk and JSON codec can
// do at all, so that the store's numbers can be read as a share of them.

import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { medianMs } from './measure.ts';

/** Appends of 4 KiB, each followed by fdatasync, for about `durationMs`: durable writes per second. */
export function fdatasyncRate(dir: string, durationMs: number): number {
  const path = join(dir, 'fdatasync-probe');
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(4096, 7);
  let count = 0;
  const start = performance.now();
  try {
    while (performance.now() - start < durationMs) {
      writeSync(fd, block);
      fdatasyncSync(fd);
      count++;
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  return (count / (performance.now() - start)) * 1000;
}

/** JSON.stringify and JSON.parse throughput over the given objects, in MB/s, and the stringify time. */
export async function jsonRates(objects: readonly unknown[]): Promise<{ stringifyMBps: number; parseMBps: number; stringifyMs: number }> {
  const text = JSON.stringify(objects);
  const megabytes = Buffer.byteLength(text) / 1e6;
  const stringifyMs = await medianMs(7, () => JSON.stringify(objects));
  const parseMs = await medianMs(7, () => JSON.parse(text));
  return { stringifyMBps: megabytes / (stringifyMs / 1000), parseMBps: megabytes / (parseMs / 1000), stringifyMs };
}
