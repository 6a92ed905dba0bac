// Kubernetes resource quantities ("500m", "1.5Gi", "2e3", "100"): their value as a number, for
// comparing and adding them. Decimal suffixes n u m k M G T P E, binary Ki Mi Gi Ti Pi Ei.

const suffixes: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const pattern = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(n|u|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei))?$/;

/** The value of a quantity, or undefined when the text is not one. A JSON number is its own value. */
export function quantityValue(quantity: unknown): number | undefined {
  if (typeof quantity === 'number') return Number.isFinite(quantity) ? quantity : undefined;
  if (typeof quantity !== 'string') return undefined;
  const match = pattern.exec(quantity.trim());
  if (match === null) return undefined;
  const [, number, exponent, suffix] = match;
  const base = Number(number);
  if (exponent !== undefined) return base * 10 ** Number(exponent.slice(1));
  return base * (suffixes[suffix ?? ''] as number);
}
