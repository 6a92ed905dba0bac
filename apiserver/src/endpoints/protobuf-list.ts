// A list answered in Protobuf from stored objects. Each item's message is kept beside the stored
// key-value it was made from, for as long as that key-value lives (the watch cache holds the
// current ones; a changed object's old key-value and its message go together), so that the next
// list of the same objects joins messages as the JSON path joins stored bytes, instead of parsing
// and encoding every item again. The cost: the watch cache holds, beside each object's JSON, its
// message once it was listed in Protobuf (about as large). Items without one yet are encoded here,
// or on the encoding thread when there are many of them.

import type { ServerResponse } from 'node:http';
import { arrayAt, parseJson } from '@capstan/common';
import { isObject } from '../registry/defaulting/json-fields.ts';
import type { KeyValue } from '../storage/storage.ts';
import { storedListJson, storedListJsonInSteps } from '../registry/stored-object.ts';
import { writeResponse } from './compress-response.ts';
import { listItemsPerTurn, nextTurn } from './yield-between-stages.ts';
import { protobufCodec } from './protobuf-codec.ts';
import { encodeItemsOnThread, protobufWorkerThresholdBytes } from './stored-protobuf.ts';

const itemMessages = new WeakMap<KeyValue, Uint8Array>();

export interface ProtobufListPage {
  readonly apiVersion: string;
  /** The items' kind; the list is `${kind}List`. */
  readonly kind: string;
  readonly metadata: Record<string, unknown>;
  readonly items: readonly KeyValue[];
}

/**
 * Whether the page can be answered so: the codec is loaded and declares the kind and its list.
 * Callers fall back to encoding the whole list otherwise.
 */
export function answersAsProtobufList(apiVersion: string, kind: string): boolean {
  const codec = protobufCodec();
  return codec !== undefined && codec.hasProtobufMessage(apiVersion, kind) && codec.hasProtobufMessage(apiVersion, `${kind}List`);
}

export async function sendProtobufList(response: ServerResponse, mediaType: string, page: ProtobufListPage): Promise<void> {
  const codec = protobufCodec();
  if (codec === undefined) throw new Error('the Protobuf codec is not loaded');
  const cached = page.items.map((kv) => itemMessages.get(kv));
  const missing = page.items.filter((_, i) => cached[i] === undefined);
  let encoded: readonly Uint8Array[] = [];
  if (missing.length > 0) {
    // The items as a JSON array, each with its resourceVersion, without kind and apiVersion.
    const json = missing.length > listItemsPerTurn ? await storedListJsonInSteps('[', missing, ']', listItemsPerTurn, nextTurn) : storedListJson('[', missing, ']');
    encoded =
      json.length >= protobufWorkerThresholdBytes
        ? await encodeItemsOnThread(page.apiVersion, page.kind, json)
        : arrayAt(parseJson(json.toString('utf8')))
            .filter(isObject)
            .map((item) => codec.encodeItemMessage(page.apiVersion, page.kind, item));
  }
  let next = 0;
  const messages = page.items.map((kv, i) => {
    const known = cached[i];
    if (known !== undefined) return known;
    const message = encoded[next++];
    if (message === undefined) throw new Error(`no Protobuf message for item ${i} of a ${page.kind} list`);
    itemMessages.set(kv, message);
    return message;
  });
  const listKind = `${page.kind}List`;
  // Joining thousands of messages takes milliseconds: a large list is joined a part per turn.
  const list =
    messages.length > listItemsPerTurn
      ? await codec.encodeListOfItemMessagesInSteps(page.apiVersion, listKind, page.metadata, messages, listItemsPerTurn, nextTurn)
      : codec.encodeListOfItemMessages(page.apiVersion, listKind, page.metadata, messages);
  writeResponse(response, 200, mediaType, list);
}
