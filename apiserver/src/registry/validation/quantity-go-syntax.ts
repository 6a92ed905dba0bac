// A resource.Quantity as Go's %#v writes it in field errors. Quantity's String method is on the
// pointer, so kube quotes a Quantity value by its fields: the int64 amount and scale ParseQuantity
// keeps, the string it caches (the text itself when already canonical) and the format.

import { canonicalQuantity } from '../../table/columns/canonical-quantity.ts';

const decimalExponents: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binaryExponents: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

type GoSyntax = { readonly goSyntax: string };

interface Int64Quantity {
  readonly value: bigint;
  readonly scale: number;
  readonly format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent';
  /** The text ParseQuantity caches: the input when it is already in canonical form, else none. */
  readonly cached: string;
}

/** What ParseQuantity keeps of the quantities that fit an int64 amount; undefined for the others. */
function parseInt64Quantity(text: string): Int64Quantity | undefined {
  // ParseQuantity's shortcut for "0" keeps the text.
  if (text === '0') return { value: 0n, scale: 0, format: 'DecimalSI', cached: text };
  const match = /^([+-]?)0*(\d*)(?:\.(\d*))?([a-zA-Z]*|[eE][+-]?\d+)$/.exec(text);
  if (match === null) return undefined;
  const [, sign = '', num = '', denom = '', suffix = ''] = match;
  const shifted = `${num}${denom}` || '0';
  const negative = sign === '-';
  const binary = binaryExponents[suffix];
  if (binary !== undefined) {
    // Fractional binary quantities go through inf.Dec, whose pointer Go prints as an address.
    if (denom !== '') return undefined;
    const amount = BigInt(shifted);
    const canonical = binary % 10 === 0 && (amount & 7n) !== 0n;
    return { value: (negative ? -amount : amount) << BigInt(binary), scale: 0, format: 'BinarySI', cached: canonical ? text : '' };
  }
  const decimal = decimalExponents[suffix];
  const exponent = decimal ?? (/^[eE]/.test(suffix) ? Number(suffix.slice(1)) : undefined);
  if (exponent === undefined || shifted.length > 18) return undefined;
  const scale = exponent - denom.length;
  if (scale < -9) return undefined;
  const amount = BigInt(shifted);
  const canonical = scale % 3 === 0 && !shifted.endsWith('000') && !shifted.startsWith('0');
  return { value: negative ? -amount : amount, scale, format: decimal === undefined ? 'DecimalExponent' : 'DecimalSI', cached: canonical ? text : '' };
}

/**
 * `cached` says which string the Quantity holds when kube prints it: the one parsing left, or the
 * canonical one String() caches when kube formatted the quantity for the message before quoting it.
 */
export function quantityGoSyntax(quantity: unknown, cached: 'parsed' | 'canonical' = 'parsed'): GoSyntax {
  const text = String(quantity).trim();
  const parsed = parseInt64Quantity(text);
  if (parsed === undefined) return { goSyntax: 'resource.Quantity{...}' };
  const s = cached === 'canonical' ? canonicalQuantity(text) : parsed.cached;
  return {
    goSyntax: `resource.Quantity{i:resource.int64Amount{value:${parsed.value}, scale:${parsed.scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${JSON.stringify(s)}, Format:"${parsed.format}"}`,
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
