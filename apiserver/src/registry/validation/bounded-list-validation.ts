// The list checks resource.k8s.io makes of its many bounded lists: past the bound only "Too many"
// (kube short-circuits there, so a huge list costs nothing more), else each item's errors and,
// for lists that are sets, a duplicate for each repeated key.

import { fieldDuplicate, fieldTooMany, type FieldError } from '@capstan/common';

/** What `items` holds: the list's entries, or none when it is absent or not a list. */
export const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function boundedListErrors<T>(items: readonly T[], maximum: number, path: string, itemErrors: (item: T, path: string) => FieldError[]): FieldError[] {
  if (items.length > maximum) return [fieldTooMany(path, items.length, maximum)];
  return items.flatMap((item, i) => itemErrors(item, `${path}[${i}]`));
}

/** A bounded list whose items are unique by `key`; the duplicates are reported after all items' own errors. */
export function boundedSetErrors<T>(
  items: readonly T[],
  maximum: number,
  path: string,
  itemErrors: (item: T, path: string) => FieldError[],
  key: (item: T) => string,
): FieldError[] {
  if (items.length > maximum) return [fieldTooMany(path, items.length, maximum)];
  const errors = items.flatMap((item, i) => itemErrors(item, `${path}[${i}]`));
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const itemKey = key(item);
    if (seen.has(itemKey)) errors.push(fieldDuplicate(`${path}[${i}]`, itemKey));
    seen.add(itemKey);
  });
  return errors;
}
