// Protobuf answers made from stored JSON (a list, an object): the JSON the stored bytes join into
// is parsed once and encoded. A large answer is parsed and encoded on a worker thread, so that one
// client's big list does not stall every other client (node heartbeats included) on the event
// loop. The first large answer starts the thread and waits for it to load the codec: only that
// answer waits, not every other client. Once started, the thread stays.

import { parseJson } from '@capstan/common';
import { protobufCodec } from './protobuf-codec.ts';
import { workThreads } from './work-threads.ts';

/**
 * From this size of JSON on, the work goes to a thread. Below it the hand-over costs more than it
 * saves: `npm run bench -- codec` measures both sides (docs/performance.md).
 */
export const protobufWorkerThresholdBytes = 256 * 1024;

let answeredOnThreads = 0;

/** The Protobuf answer of `json` (bytes made from stored objects), or undefined when its kind has no Protobuf message. */
export async function storedJsonAsProtobuf(json: Buffer, workerFromBytes = protobufWorkerThresholdBytes): Promise<Uint8Array | undefined> {
  // Copied to the thread, not moved: the JSON is the answer when the kind has no Protobuf message.
  if (json.length >= workerFromBytes) {
    answeredOnThreads++;
    return (await workThreads().run(json)) as Uint8Array | undefined;
  }
  const codec = protobufCodec();
  const answer = parseJson(json.toString('utf8')) as Record<string, unknown>;
  const { apiVersion, kind } = answer;
  if (codec === undefined || typeof apiVersion !== 'string' || typeof kind !== 'string' || !codec.hasProtobufMessage(apiVersion, kind)) return undefined;
  return codec.encodeProtobufObject(answer);
}

/** List items (a JSON array of objects of `kind`) written as their messages on the encoding thread. */
export async function encodeItemsOnThread(apiVersion: string, kind: string, json: Buffer): Promise<Uint8Array[]> {
  answeredOnThreads++;
  return (await workThreads().run({ apiVersion, kind, json }, { name: 'encodeItems' })) as Uint8Array[];
}

/** How many answers went to a thread so far (for tests and metrics). */
export const protobufAnswersOnThreads = (): number => answeredOnThreads;
