// A resource.Quantity as Go's %#v writes it in field errors. Quantity's String method is on the
// pointer, so kube quotes a Quantity value by its fields: the int64 amount and scale ParseQuantity
// keeps, the string it caches (the text itself when already canonical) and the format.

import { parseQuantity, quantityString } from '@capstan/common';

type GoSyntax = { readonly goSyntax: string };

/**
 * `cached` says which string the Quantity holds when kube prints it: the one parsing left, or the
 * canonical one String() caches when kube formatted the quantity for the message before quoting it.
 */
export function quantityGoSyntax(quantity: unknown, cached: 'parsed' | 'canonical' = 'parsed'): GoSyntax {
  const parsed = parseQuantity(String(quantity).trim());
  // An inf.Dec amount is a pointer, which Go prints as an address: nothing to compare with.
  if (!('quantity' in parsed) || parsed.quantity.amount.kind !== 'int64') return { goSyntax: 'resource.Quantity{...}' };
  const { amount, format, text } = parsed.quantity;
  const s = cached === 'canonical' ? quantityString(parsed.quantity) : (text ?? '');
  return {
    goSyntax: `resource.Quantity{i:resource.int64Amount{value:${amount.value}, scale:${amount.scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${JSON.stringify(s)}, Format:"${format}"}`,
  };
}

/** A core.ResourceList (map of resource name to Quantity) as %#v writes it, keys sorted. */
export function resourceListGoSyntax(list: unknown): GoSyntax {
  if (typeof list !== 'object' || list === null || Array.isArray(list)) return { goSyntax: 'core.ResourceList(nil)' };
  const entries = Object.keys(list)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${quantityGoSyntax((list as Record<string, unknown>)[name]).goSyntax}`);
  return { goSyntax: `core.ResourceList{${entries.join(', ')}}` };
}
