// Part of `npm run bench -- codec`: a Protobuf answer made from stored JSON (a ConfigMap list as the
// store joins it) encoded on the event loop, and handed to a worker thread: the time each answer
// takes, and how long the event loop is held. Sets the size from which the API server hands the
// work to a thread (protobufWorkerThresholdBytes).

import { performance } from 'node:perf_hooks';
import type { BenchRow } from './bench-row.ts';
import { percentile } from './measure.ts';
import { loadProtobufCodec } from '../src/endpoints/protobuf-codec.ts';
import { closeWorkThreads } from '../src/endpoints/work-threads.ts';
import { protobufAnswersOnThreads, storedJsonAsProtobuf } from '../src/endpoints/stored-protobuf.ts';

export interface StoredProtobufBenchOptions {
  /** Items of the lists measured; each ConfigMap is about 1.5 KiB of JSON. */
  readonly listSizes: readonly number[];
  readonly runs: number;
}

const configMapListJson = (items: number): Buffer =>
  Buffer.from(
    JSON.stringify({
      kind: 'ConfigMapList',
      apiVersion: 'v1',
      metadata: { resourceVersion: '42' },
      items: Array.from({ length: items }, (_, i) => ({
        metadata: {
          name: `cm-${i}`,
          namespace: 'bench',
          uid: `0895a72b-3783-407e-bcd0-${String(i).padStart(12, '0')}`,
          resourceVersion: String(1000 + i),
          creationTimestamp: '2026-11-28T04:25:08Z',
          labels: { app: 'bench', i: String(i) },
          managedFields: [
            {
              manager: 'kubectl',
              operation: 'Update',
              apiVersion: 'v1',
              time: '2026-11-28T04:25:08Z',
              fieldsType: 'FieldsV1',
              fieldsV1: { 'f:data': { '.': {}, 'f:payload': {} } },
            },
          ],
        },
        data: { payload: 'x'.repeat(1024) },
      })),
    }),
  );

export async function storedProtobufBench(options: StoredProtobufBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  await loadProtobufCodec();
  const rows: BenchRow[] = [];
  // The thread starts and loads the codec before anything is timed.
  await storedJsonAsProtobuf(configMapListJson(1), 0);
  try {
    for (const items of options.listSizes) {
      const json = configMapListJson(items);
      const size = `${items.toLocaleString('en-US')} ConfigMaps (${Math.round(json.length / 1024)} KiB of JSON)`;
      log(`stored JSON as Protobuf: ${size}`);
      const inline: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        const began = performance.now();
        await storedJsonAsProtobuf(json, Number.POSITIVE_INFINITY);
        inline.push(performance.now() - began);
      }
      // The thread's round trip, and the event loop's longest stall while it runs.
      const threaded: number[] = [];
      const stalls: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        let last = performance.now();
        let longest = 0;
        const ticker = setInterval(() => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
        }, 1);
        const began = performance.now();
        const answers = protobufAnswersOnThreads();
        await storedJsonAsProtobuf(json, 0);
        if (protobufAnswersOnThreads() !== answers + 1) throw new Error('the answer was not encoded on the thread');
        threaded.push(performance.now() - began);
        clearInterval(ticker);
        stalls.push(longest);
      }
      for (const list of [inline, threaded, stalls]) list.sort((a, b) => a - b);
      rows.push(
        {
          subject: 'stored JSON as Protobuf',
          metric: `${size}, on the event loop, p50`,
          value: percentile(inline, 50),
          unit: 'ms',
          note: `the event loop is held all that time; p99 ${percentile(inline, 99).toFixed(1)} ms`,
        },
        {
          subject: 'stored JSON as Protobuf',
          metric: `${size}, on a thread, p50`,
          value: percentile(threaded, 50),
          unit: 'ms',
          note: `round trip; p99 ${percentile(threaded, 99).toFixed(1)} ms; the event loop's longest pause meanwhile p50 ${percentile(stalls, 50).toFixed(1)} ms`,
        },
      );
    }
  } finally {
    await closeWorkThreads();
  }
  return rows;
}
