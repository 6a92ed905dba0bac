// The two shapes of a runtime.v1 message in TypeScript.
//
// A message read from the wire has every field, as Go's structs do: scalars at their zero value
// when absent ('' / 0 / false / the enum's first name), repeated fields as arrays, maps as objects,
// and an absent message field as null (presence matters: a null runAsUser is not user 0).
//
// A message to be written is a MessageInit: any field may be left out and is then sent as its zero
// value (not at all, as proto3 does).
//
// int64 and uint64 fields are JavaScript numbers. Every value Capstan sends (timeouts in seconds,
// byte limits, user and group ids) is below 2^53 and exact; the runtime's nanosecond timestamps
// (about 1.8e18) and large counters come back within a few hundred nanoseconds, which no consumer
// needs finer. Enums are their value names as strings; bytes are Uint8Array (Buffer when read).

/** A message to send: every field optional, recursively. */
export type MessageInit<T> = { readonly [K in keyof T]?: FieldInit<T[K]> };

type FieldInit<V> = V extends Uint8Array
  ? Uint8Array
  : V extends readonly (infer E)[]
    ? readonly FieldInit<E>[]
    : V extends StringMap
      ? StringMap
      : V extends object
        ? MessageInit<V>
        : V;

/** A `map<string, string>` field. */
export type StringMap = Readonly<Record<string, string>>;
