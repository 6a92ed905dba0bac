// Go's JSON decoding reads an escaped UTF-16 surrogate without its partner ("\ud800") as U+FFFD;
// JSON.parse keeps the lone surrogate, a string no UTF-8 encoder can write back. These make the
// strings and keys of a parsed value well-formed as Go would have them, without recursion.

const surrogateEscape = /\\u[dD][89a-fA-F]/;

/** Whether a JSON text may hold a lone surrogate: only an escape can put one in a parsed string. */
export const mayHoldLoneSurrogates = (text: string): boolean => surrogateEscape.test(text);

/** The value with every lone surrogate of its strings and keys replaced by U+FFFD (containers in place). */
export function replaceLoneSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  const pending: object[] = [];
  if (typeof value === 'object' && value !== null) pending.push(value);
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index++) container[index] = wellFormed(container[index], pending);
      continue;
    }
    const record = container as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.every((key) => key.isWellFormed())) {
      for (const key of keys) record[key] = wellFormed(record[key], pending);
      continue;
    }
    // Keys change: write them again in their order (a key made equal to an earlier one takes its
    // place and the last value, as Go's map does). defineProperty, so "__proto__" stays a key.
    const entries = keys.map((key) => [key.toWellFormed(), wellFormed(record[key], pending)] as const);
    for (const key of keys) delete record[key];
    for (const [key, item] of entries) Object.defineProperty(record, key, { value: item, writable: true, enumerable: true, configurable: true });
  }
  return value;
}

function wellFormed(item: unknown, pending: object[]): unknown {
  if (typeof item === 'string') return item.isWellFormed() ? item : item.toWellFormed();
  if (typeof item === 'object' && item !== null && !Object.isFrozen(item)) pending.push(item);
  return item;
}
