// The decoded JSON of a custom object as the rules' evaluation reads it, and how kube's field
// errors show one of its scalar values (Go's %v of the unstructured value: strings quoted, int64
// and float64 as Go prints them).

import { isRawJSON, type FieldBadValue } from '@capstan/common';

export const isPlainObject = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isRawJSON(value);

/** A scalar value as a field error quotes it (an integer beyond 2^53, kept as raw JSON, as its digits). */
export function scalarBadValue(value: unknown): FieldBadValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'bigint') return { goSyntax: value.toString() };
  if (isRawJSON(value)) return { goSyntax: (value as { readonly rawJSON: string }).rawJSON };
  return { goSyntax: JSON.stringify(value) ?? '' };
}
