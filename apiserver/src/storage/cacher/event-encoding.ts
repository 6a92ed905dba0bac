// Encode each watch event once per wire format, however many watchers receive it: the cache
// hands the same event object to every watcher, and the encoded bytes are kept beside it.

import type { WatchEvent } from '../storage.ts';

const encodings = new WeakMap<WatchEvent, Map<string, Uint8Array>>();

export function encodeOnce(event: WatchEvent, format: string, encode: (event: WatchEvent) => Uint8Array): Uint8Array {
  let byFormat = encodings.get(event);
  if (byFormat === undefined) {
    byFormat = new Map();
    encodings.set(event, byFormat);
  }
  let bytes = byFormat.get(format);
  if (bytes === undefined) {
    bytes = encode(event);
    byFormat.set(format, bytes);
  }
  return bytes;
}
