// JSON as Go's encoding/json writes it, for files the kubelet would write byte for byte the same:
// struct fields in declaration order (plain objects, in the order built), maps with their keys
// sorted bytewise (Map values: a plain object would put integer-like keys such as "0" first),
// and the characters Go escapes for HTML safety (<, >, &, U+2028, U+2029) as \u00XX sequences.

const goEscapes: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

const goString = (text: string): string => JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (character) => goEscapes[character] as string);

const bytewise = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (value instanceof Map) {
    const keys = [...value.keys()].map(String).sort(bytewise);
    return `{${keys.map((key) => `${goString(key)}:${goJson(value.get(key))}`).join(',')}}`;
  }
  const fields = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
  return `{${fields.map(([key, field]) => `${goString(key)}:${goJson(field)}`).join(',')}}`;
}

/** A Go map from entries: written with sorted keys. */
export const goMapOf = <T>(entries: Iterable<readonly [string, T]>): Map<string, T> => new Map(entries);
