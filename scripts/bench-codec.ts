// The codec benchmark's set-up: how large a list and how long each measurement runs.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { codecBench } from '../apiserver/bench/codec.bench.ts';
import { storedProtobufBench } from '../apiserver/bench/stored-protobuf.bench.ts';

export async function runCodecBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return [
    ...codecBench({ listSize: quick ? 1000 : 10_000, phaseMs: quick ? 300 : 2000 }, log),
    ...(await storedProtobufBench({ listSizes: [10, 50, 100, 200, 1000, 5000], runs: quick ? 11 : 51 }, log)),
  ];
}
