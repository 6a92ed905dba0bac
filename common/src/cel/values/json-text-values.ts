// JSON text read as CEL values, for values given on a command line (`capstan cel eval --input
// x=1.0`): unlike JSON.parse, it keeps CEL's distinction between 1 and 1.0. A number written with
// a fraction or an exponent is a double; an integer is an int, exactly (a bigint beyond 2^53), a
// uint when above int64, and a double only beyond uint64 or below int64. Objects are string-keyed
// maps and arrays lists, as the interpreter reads JSON.

import { CelDouble, CelUint, type CelValue } from './values.ts';

const minInt64 = -(2n ** 63n);
const maxInt64 = 2n ** 63n - 1n;
const maxUint64 = 2n ** 64n - 1n;

type SourceContext = { readonly source?: string } | undefined;

function celNumber(_key: string, value: unknown, context?: SourceContext): unknown {
  if (typeof value !== 'number') return value;
  const source = context?.source ?? String(value);
  if (/[.eE]/.test(source)) return new CelDouble(value);
  // + 0 makes "-0" the int 0.
  if (Number.isSafeInteger(value)) return value + 0;
  const integer = BigInt(source);
  if (integer >= minInt64 && integer <= maxInt64) return integer;
  if (integer > maxInt64 && integer <= maxUint64) return new CelUint(integer);
  return new CelDouble(value);
}

/** The CEL value of a JSON text; throws JSON.parse's SyntaxError when it is not JSON. */
export function celValueOfJsonText(text: string): CelValue {
  return JSON.parse(text, celNumber as (key: string, value: unknown) => unknown) as CelValue;
}
