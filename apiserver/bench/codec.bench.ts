// `npm run bench -- codec`: how fast objects turn into bytes and back in each wire format the API
// speaks: JSON (JSON.stringify / JSON.parse), Kubernetes Protobuf (the declaration-driven codec)
// and CBOR (the codec served behind CBORServingAndStorage: byte fields as byte strings), for one 2 KiB Pod and a list of 10,000 Pods.

import { decodeCborObject, encodeCborAnswer } from '@capstan/common/cbor';
import { decodeProtobufObject, encodeProtobufObject } from '@capstan/common/protobuf';
import type { BenchRow } from './bench-row.ts';
import { rate } from './measure.ts';
import { samplePod } from './sample-object.ts';

export interface CodecBenchOptions {
  readonly listSize: number;
  /** How long each measurement runs. */
  readonly phaseMs: number;
}

interface Codec {
  readonly name: string;
  encode(object: Record<string, unknown>): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  /** The most items of a list the decoder takes (kube's CBOR decoder refuses arrays past 1,024). */
  readonly maxListItems?: number;
}

const codecs: readonly Codec[] = [
  {
    name: 'JSON',
    encode: (object) => Buffer.from(JSON.stringify(object)),
    decode: (bytes) => JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')),
  },
  { name: 'Protobuf', encode: (object) => encodeProtobufObject(object), decode: (bytes) => decodeProtobufObject(bytes) },
  { name: 'CBOR', encode: (object) => encodeCborAnswer(object), decode: (bytes) => decodeCborObject(bytes), maxListItems: 1024 },
];

export function codecBench(options: CodecBenchOptions, log: (line: string) => void): BenchRow[] {
  const pod = samplePod(1);
  const list = {
    apiVersion: 'v1',
    kind: 'PodList',
    metadata: { resourceVersion: '12345' },
    items: Array.from({ length: options.listSize }, (_, i) => {
      const { apiVersion: _apiVersion, kind: _kind, ...item } = samplePod(i);
      return item;
    }),
  };
  const rows: BenchRow[] = [];
  for (const codec of codecs) {
    log(`${codec.name}: one Pod, then a list of ${options.listSize.toLocaleString('en-US')}`);
    const podBytes = codec.encode(pod);
    const listBytes = codec.encode(list);
    const encodeOne = rate(options.phaseMs, () => codec.encode(pod));
    const decodeOne = rate(options.phaseMs, () => codec.decode(podBytes));
    const encodeList = rate(options.phaseMs, () => codec.encode(list));
    const listDecodes = codec.maxListItems === undefined || options.listSize <= codec.maxListItems;
    const decodeList = listDecodes ? rate(options.phaseMs, () => codec.decode(listBytes)) : Number.NaN;
    const megabytes = (bytes: number, perSecond: number): string => `${((bytes * perSecond) / 1e6).toFixed(0)} MB/s`;
    rows.push(
      { subject: `${codec.name} pod`, metric: 'size of one Pod', value: podBytes.length, unit: 'B' },
      { subject: `${codec.name} pod`, metric: 'encode one Pod', value: encodeOne, unit: 'objects/s', note: megabytes(podBytes.length, encodeOne) },
      { subject: `${codec.name} pod`, metric: 'decode one Pod', value: decodeOne, unit: 'objects/s', note: megabytes(podBytes.length, decodeOne) },
      { subject: `${codec.name} list`, metric: `size of ${options.listSize.toLocaleString('en-US')} Pods`, value: listBytes.length / 1e6, unit: 'MB' },
      {
        subject: `${codec.name} list`,
        metric: 'encode the list',
        value: 1000 / encodeList,
        unit: 'ms',
        note: `${((options.listSize * encodeList) / 1000).toFixed(0)}k objects/s, ${megabytes(listBytes.length, encodeList)}`,
      },
    );
    if (listDecodes) {
      rows.push({
        subject: `${codec.name} list`,
        metric: 'decode the list',
        value: 1000 / decodeList,
        unit: 'ms',
        note: `${((options.listSize * decodeList) / 1000).toFixed(0)}k objects/s, ${megabytes(listBytes.length, decodeList)}`,
      });
    } else log(`${codec.name}: a list of more than ${codec.maxListItems} items is not decoded (kube's decoder refuses it too)`);
  }
  return rows;
}
