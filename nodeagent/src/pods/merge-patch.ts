// The JSON merge patch (RFC 7386) that turns one JSON value into another: changed members set,
// members that are gone set to null, arrays and scalars replaced whole. undefined when equal (a
// member set to null counts as absent, as it is once a merge patch is applied).

type JsonValue = unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    // A member set to null is an absent one, as a merge patch leaves it.
    const keys = Object.keys(a).filter((key) => a[key] != null);
    const otherKeys = Object.keys(b).filter((key) => b[key] != null);
    return keys.length === otherKeys.length && keys.every((key) => jsonEqual(a[key], b[key]));
  }
  return false;
}

export function createMergePatch(from: JsonValue, to: JsonValue): JsonValue | undefined {
  if (jsonEqual(from, to)) return undefined;
  if (!isPlainObject(from) || !isPlainObject(to)) return to;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(to)) {
    if (value === undefined || (value === null && from[key] == null)) continue;
    const change = createMergePatch(from[key], value);
    if (change !== undefined) patch[key] = change;
  }
  for (const key of Object.keys(from)) if (from[key] != null && to[key] === undefined) patch[key] = null;
  return patch;
}
