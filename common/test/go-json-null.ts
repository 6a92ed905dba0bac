// Test support: Go's JSON null (a nil pointer, a zero Time, an empty RawExtension) means the same
// as an absent field; objects compared with what kube answers drop their nulls first.

export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, withoutNulls(item)]),
  );
}
