// Encode each watch event once per wire format, however many watchers receive it: the cache
// hands the same event object to every watcher, and the encoded bytes are kept beside it.
// Any object shared that way can be the key (a storage event, a decoded object).

const encodings = new WeakMap<object, Map<string, Uint8Array>>();

export function encodeOnce<T extends object>(event: T, format: string, encode: (event: T) => Uint8Array): Uint8Array {
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
