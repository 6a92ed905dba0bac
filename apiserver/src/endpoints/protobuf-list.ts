// A list answered in Protobuf from stored objects. Each item's message is kept beside the stored
// key-value it was made from, so that the next list of the same objects joins messages as the JSON
// path joins stored bytes, instead of parsing and encoding every item again; the messages kept are
// bounded in bytes, the least recently listed going first. Items not kept yet are encoded here, or
// on the encoding thread when there are many of them.

import type { ServerResponse } from 'node:http';
import { parseJson } from '@capstan/common';
import type { KeyValue } from '../storage/storage.ts';
import { storedListJson } from '../registry/stored-object.ts';
import { writeResponse } from './compress-response.ts';
import { protobufCodec } from './protobuf-codec.ts';
import { encodeItemsOnThread, protobufWorkerThresholdBytes } from './stored-protobuf.ts';

/** How many bytes of item messages are kept at most (about a third of the objects' JSON size). */
export const itemMessageBudgetBytes = 64 * 1024 * 1024;

const itemMessages = new Map<KeyValue, Uint8Array>();
let keptBytes = 0;

function keptMessage(kv: KeyValue): Uint8Array | undefined {
  const message = itemMessages.get(kv);
  if (message !== undefined) {
    // Most recently listed last: eviction takes from the front.
    itemMessages.delete(kv);
    itemMessages.set(kv, message);
  }
  return message;
}

function keep(kv: KeyValue, message: Uint8Array): void {
  if (message.length > itemMessageBudgetBytes) return;
  itemMessages.set(kv, message);
  keptBytes += message.length;
  for (const [oldest, bytes] of itemMessages) {
    if (keptBytes <= itemMessageBudgetBytes) break;
    itemMessages.delete(oldest);
    keptBytes -= bytes.length;
  }
}

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
  const messages: (Uint8Array | undefined)[] = page.items.map(keptMessage);
  const missing = page.items.filter((_, i) => messages[i] === undefined);
  if (missing.length > 0) {
    // The items as a JSON array, each with its resourceVersion, without kind and apiVersion.
    const json = storedListJson('[', missing, ']');
    const encoded =
      json.length >= protobufWorkerThresholdBytes
        ? await encodeItemsOnThread(page.apiVersion, page.kind, json)
        : (parseJson(json.toString('utf8')) as Record<string, unknown>[]).map((item) => codec.encodeItemMessage(page.apiVersion, page.kind, item));
    let next = 0;
    for (let i = 0; i < messages.length; i++) {
      if (messages[i] !== undefined) continue;
      const message = encoded[next++] as Uint8Array;
      messages[i] = message;
      keep(page.items[i] as KeyValue, message);
    }
  }
  writeResponse(response, 200, mediaType, codec.encodeListOfItemMessages(page.apiVersion, `${page.kind}List`, page.metadata, messages as Uint8Array[]));
}

/** What is kept now (for tests and metrics). */
export const keptItemMessages = (): { readonly count: number; readonly bytes: number } => ({ count: itemMessages.size, bytes: keptBytes });
