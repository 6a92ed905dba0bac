// A deep copy of a JSON value. Unlike structuredClone it accepts the JSON.rawJSON values parseJson
// makes for long integers (immutable, so they are shared, not copied).

export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = cloneJson(item);
  return copy as T;
}
