// A quantity as it arrives in a JSON object: a string such as "500m", or a JSON number, which
// Quantity.UnmarshalJSON parses from its text as well. Surrounding spaces are trimmed, as there.

import { parseQuantity, quantityString, type Quantity } from './resource-quantity.ts';

/** The quantity a JSON value holds, or undefined when it holds none. */
export function decodeQuantity(json: unknown): Quantity | undefined {
  let text: string;
  if (typeof json === 'string') text = json.trim();
  else if (typeof json === 'number' && Number.isFinite(json)) text = String(json);
  else return undefined;
  const parsed = parseQuantity(text);
  return 'quantity' in parsed ? parsed.quantity : undefined;
}

/** Quantity.String() of the quantity a JSON value holds; a value that holds none is shown as it is. */
export function quantityText(json: unknown): string {
  const quantity = decodeQuantity(json);
  return quantity === undefined ? String(json).trim() : quantityString(quantity);
}
