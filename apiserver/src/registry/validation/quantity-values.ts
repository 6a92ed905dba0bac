// A resource.Quantity as a field error prints it: Quantity marshals to its canonical text, so kube
// quotes "1500m" for a quantity written 1.5.

import { decodeQuantity, quantityString } from '@capstan/common';

/** The canonical text of a quantity, as JSON ("1500m"); the text as it came when it does not parse. */
export function quantityBadValue(quantity: unknown): { readonly json: string } {
  const parsed = decodeQuantity(quantity);
  return { json: parsed === undefined ? String(quantity) : quantityString(parsed) };
}

/** A core.ResourceList (map of resource name to Quantity): its JSON, keys sorted; null when absent. */
export function resourceListBadValue(list: unknown): { readonly json: Record<string, string> | null } {
  if (typeof list !== 'object' || list === null || Array.isArray(list)) return { json: null };
  return { json: Object.fromEntries(Object.entries(list).map(([name, quantity]) => [name, quantityBadValue(quantity).json])) };
}
