// The kubelet's checkpoint checksum (checkpointmanager/checksum): FNV-32a of the text that go-spew
// prints for a Go value with `%#v` under the hashing configuration (sorted map keys, no methods,
// no pointer addresses). To compute the same number, a checkpoint is described here as the Go
// value it is on the kubelet's side: its type names as reflect prints them ("state.Checksum"),
// its struct fields in declaration order, nil apart from empty.

/** A Go value as go-spew sees it. */
export type GoValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'int'; readonly value: number | bigint }
  /** A slice or a map; null is Go's nil. */
  | { readonly kind: 'slice'; readonly items: readonly GoValue[] | null }
  | { readonly kind: 'map'; readonly entries: readonly (readonly [GoValue, GoValue])[] | null }
  | { readonly kind: 'struct'; readonly fields: readonly GoField[] };

/** A struct field: its name, its type as reflect prints it, its value. */
export interface GoField {
  readonly name: string;
  readonly type: string;
  readonly value: GoValue;
}

export const goString = (value: string): GoValue => ({ kind: 'string', value });
export const goInt = (value: number | bigint): GoValue => ({ kind: 'int', value });
export const goSlice = (items: readonly GoValue[] | null): GoValue => ({ kind: 'slice', items });
export const goMap = (entries: readonly (readonly [GoValue, GoValue])[] | null): GoValue => ({ kind: 'map', entries });
export const goStruct = (fields: readonly GoField[]): GoValue => ({ kind: 'struct', fields });
/** A []byte: go-spew prints its bytes as a list of numbers. */
export const goBytes = (bytes: Uint8Array | null): GoValue => goSlice(bytes === null ? null : [...bytes].map(goInt));

/** `%#v` of a value of type `type` ("*state.CPUManagerCheckpoint" for a pointer to one). */
export function spewForHash(type: string, value: GoValue): string {
  return `(${type})${body(value)}`;
}

function body(value: GoValue): string {
  switch (value.kind) {
    case 'string':
      return value.value;
    case 'int':
      return String(value.value);
    case 'slice':
      return value.items === null ? '<nil>' : `[${value.items.map(body).join(' ')}]`;
    case 'map': {
      if (value.entries === null) return '<nil>';
      const sorted = [...value.entries].sort(([a], [b]) => compareKeys(a, b));
      return `map[${sorted.map(([key, item]) => `${body(key)}:${body(item)}`).join(' ')}]`;
    }
    case 'struct':
      return `{${value.fields.map((field) => `${field.name}:(${field.type})${body(field.value)}`).join(' ')}}`;
  }
}

/** go-spew's SortKeys: numbers by value, strings bytewise. */
function compareKeys(a: GoValue, b: GoValue): number {
  if (a.kind === 'int' && b.kind === 'int') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  const left = Buffer.from(body(a));
  const right = Buffer.from(body(b));
  return Buffer.compare(left, right);
}

/** FNV-1a, 32 bits, of the UTF-8 bytes of `text`. */
export function fnv32a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** checksum.New(value): the number the kubelet stores beside a checkpoint's data. */
export const kubeletChecksum = (type: string, value: GoValue): number => fnv32a(spewForHash(type, value));
